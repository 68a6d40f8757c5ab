// The Payment Logs table's list parameters and columns: the screen (/payments, in the page's
// language) and its CSV download (/payments.csv: English column names and values) share them.
import type { Column } from "~/components/DataTable";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/i18n/en";
import { statusBadgeHtml } from "~/components/StatusBadge";
import type { PaymentRow } from "~/models/order-list.server";
import { formatDateTime } from "~/rules/format";
import { type ListSpec, SIZES_DEFAULT } from "~/rules/list-params";

export const PAYMENT_LIST: ListSpec<"created", "orderId" | "transactionId"> = {
  sizes: SIZES_DEFAULT,
  sorts: ["created"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { orderId: 100, transactionId: 100 },
};

/** The provider's message as the spec shows it: underscores as spaces. */
export const spacedMessage = (msg: string) => msg.replace(/_/g, " ");

/** The columns in the language of `t` (times in `locale`); the provider's message stays as sent. */
export function paymentColumnsOf({ LABELS }: Bundle, locale: Locale = "en"): Column<PaymentRow>[] {
  const verifiedLabel = (r: PaymentRow) => (r.verified ? LABELS.yes : LABELS.noForged);
  return [
    { label: LABELS.timestamp, sort: "created", cell: (r) => formatDateTime(r.createdAt, locale) },
    { label: LABELS.orderId, cell: (r) => r.orderId },
    { label: LABELS.transactionId, cell: (r) => r.transactionId },
    { label: LABELS.statusId, cell: (r) => r.statusId },
    { label: LABELS.message, cell: (r) => spacedMessage(r.msg), className: "cell-wrap" },
    {
      label: LABELS.verified,
      html: (r) => statusBadgeHtml(r.verified, verifiedLabel(r)),
      csv: verifiedLabel,
    },
    {
      label: LABELS.source,
      cell: (r) => (r.source === "callback" ? LABELS.sourceCallback : LABELS.sourceReturn),
    },
  ];
}
export const paymentColumns = /* @__PURE__ */ paymentColumnsOf(EN);
