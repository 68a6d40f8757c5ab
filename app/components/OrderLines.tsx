// An order's lines and total (issue 12), apart from OrderTables.tsx: the checkout dialogs show
// them, and need none of the orders list's columns (ADR 0022).
import { useMessages } from "~/i18n/useMessages";
import { formatRM } from "~/rules/format";
import { lineSubtotal } from "~/rules/orders";

/** An order's lines (item, price, count, subtotal) and total: the View Order dialog and the
 * checkout's draft order. `itemLabel` and `countLabel` rename those two columns where the spec
 * names them (the entries checkout: Event, Number of teams). */
export function OrderLines({
  lines,
  total,
  caption,
  itemLabel,
  countLabel,
}: {
  /** `kind` TICKET: the line is named in the page's language (the stored name is English). */
  lines: { id: number; kind?: string; label: string; price: number; count: number }[];
  total: number;
  caption?: string;
  itemLabel?: string;
  countLabel?: string;
}) {
  const { LABELS } = useMessages();
  const item = itemLabel ?? LABELS.item;
  const count = countLabel ?? LABELS.count;
  return (
    <div className="table-wrap">
      <table className="table order-lines">
        <caption className="visually-hidden">{caption ?? LABELS.orderLines}</caption>
        <thead>
          <tr>
            <th scope="col">{item}</th>
            <th scope="col">{LABELS.price}</th>
            <th scope="col">{count}</th>
            <th scope="col">{LABELS.subtotal}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td data-label={item}>{l.kind === "TICKET" ? LABELS.dinnerTicket : l.label}</td>
              <td data-label={LABELS.price}>{formatRM(l.price)}</td>
              <td data-label={count}>{l.count}</td>
              <td data-label={LABELS.subtotal}>{formatRM(lineSubtotal(l))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {LABELS.total}
            </th>
            <td data-label={LABELS.total}>
              <strong>{formatRM(total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
