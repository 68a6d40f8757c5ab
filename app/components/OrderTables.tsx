// The Orders table's list parameters and columns: the screen (/orders) and its CSV download
// (/orders.csv, ADMIN) share them. The row actions are the screen's own (routes/_app.orders.tsx).
import type { OrderStatus } from "../../db/enums";
import type { Column } from "~/components/DataTable";
import { StatusBadge, statusBadgeHtml } from "~/components/StatusBadge";
import type { OrderRow } from "~/models/order-list.server";
import { formatDateTime, formatRM } from "~/rules/format";
import { elementHtml, escapeHtml } from "~/rules/html";
import type { Locale } from "~/i18n/locale";
import { type ListSpec, SIZES_DEFAULT } from "~/rules/list-params";
import { useMessages } from "~/i18n/useMessages";
import { type Bundle, EN } from "~/i18n/en";

export const ORDER_LIST: ListSpec<"created" | "id", "status"> = {
  sizes: SIZES_DEFAULT,
  sorts: ["created", "id"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { status: 12 },
};

/** The status filter's choices, in the spec's order ("" is All), in the language of `L`. */
export const statusChoicesOf = (L: Bundle["LABELS"]): [OrderStatus | "", string][] => [
  ["", L.statusAll],
  ["PROCESSING", L.orderStatus.PROCESSING],
  ["PAID", L.orderStatus.PAID],
  ["FAILED", L.orderStatus.FAILED],
  ["CANCELLED", L.orderStatus.CANCELLED],
];

/** An order status as a word of `L` (English by default: the CSV). */
export const statusLabel = (status: string, L: Bundle["LABELS"] = EN.LABELS) =>
  statusChoicesOf(L).find(([value]) => value === status)?.[1] ?? status;

const toneOf = (status: string) => (status === "PAID" ? true : status === "PROCESSING" ? "warn" : false);

export function OrderStatusBadge({ status }: { status: string }) {
  const { LABELS } = useMessages();
  return <StatusBadge ok={toneOf(status)}>{statusLabel(status, LABELS)}</StatusBadge>;
}

/** The replaced note's sentence, or null (see ReplacedNote). */
function replacedText(L: Bundle["LABELS"], status: string, replacedBy: number | null): string | null {
  if (replacedBy === null) return null;
  return status === "PAID"
    ? L.orderPaidAfterReplaced(replacedBy)
    : status === "CANCELLED"
      ? L.orderReplacedBy(replacedBy)
      : null;
}

/** Under an order's status, when the club's later checkout of the same kind replaced it: "Replaced
 * by order #N", or, if a late payment made it PAID after that, "Paid after being replaced by
 * order #N" (docs/decisions/0026-no-hoarding.md). */
export function ReplacedNote({ status, replacedBy }: { status: string; replacedBy: number | null }) {
  const { LABELS } = useMessages();
  const text = replacedText(LABELS, status, replacedBy);
  return text ? (
    <>
      <br />
      <small className="order-replaced">{text}</small>
    </>
  ) : null;
}

/** Sen as plain RM for a spreadsheet: 123450 -> "1234.50". */
export const csvRM = (sen: number) => (sen / 100).toFixed(2);

/** Id, Created (Malaysia time), Status, then Owner and Team for ADMIN (who sees one edition), or
 * the Edition for a MANAGER (who sees their orders of every edition), then Total; the labels in
 * the language of `bundle` (the CSV: English, the spec's column names). */
export function orderColumns(
  admin: boolean,
  { LABELS: L }: Bundle = EN,
  locale: Locale = "en",
): Column<OrderRow>[] {
  return [
    { label: L.colId, sort: "id", cell: (r) => r.id },
    {
      label: L.created,
      sort: "created",
      html: (r) => escapeHtml(formatDateTime(r.createdAt, locale)),
      csv: (r) => formatDateTime(r.createdAt),
    },
    {
      label: L.status,
      html: (r) => {
        const note = replacedText(L, r.status, r.replacedBy);
        const badge = statusBadgeHtml(toneOf(r.status), statusLabel(r.status, L));
        return note ? `${badge}<br/>${elementHtml("small", { class: "order-replaced" }, note)}` : badge;
      },
      csv: (r) => statusLabel(r.status),
    },
    ...(admin
      ? ([
          {
            label: L.owner,
            html: (r) => `${escapeHtml(r.ownerName)}<br/><small>${escapeHtml(r.ownerEmail)}</small>`,
            csv: (r) => (r.ownerName ? `${r.ownerName} <${r.ownerEmail}>` : r.ownerEmail),
          },
          { label: L.team, cell: (r) => r.team ?? "" },
        ] satisfies Column<OrderRow>[])
      : ([{ label: L.edOrEdition, cell: (r) => r.edition }] satisfies Column<OrderRow>[])),
    { label: L.totalRM, cell: (r) => formatRM(r.total), csv: (r) => csvRM(r.total) },
  ];
}
