// The Payment Logs table's list parameters and columns: the screen (/payments) and its CSV download
// (/payments.csv) share them.
import type { Column } from "~/components/DataTable";
import { StatusBadge } from "~/components/StatusBadge";
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

const verifiedLabel = (r: PaymentRow) => (r.verified ? "Yes" : "No (forged)");

export const paymentColumns: Column<PaymentRow>[] = [
  { label: "Timestamp", sort: "created", cell: (r) => formatDateTime(r.createdAt) },
  { label: "Order Id", cell: (r) => r.orderId },
  { label: "Transaction Id", cell: (r) => r.transactionId },
  { label: "Status Id", cell: (r) => r.statusId },
  { label: "Message", cell: (r) => spacedMessage(r.msg), className: "cell-wrap" },
  {
    label: "Verified",
    cell: (r) => <StatusBadge ok={r.verified}>{verifiedLabel(r)}</StatusBadge>,
    csv: verifiedLabel,
  },
  { label: "Source", cell: (r) => (r.source === "callback" ? "Callback" : "Return") },
];
