// The Audit Log's columns and list parameters: the screen (/audit-log) and its CSV download
// (/audit-log.csv) share them.
import type { Column } from "~/components/DataTable";
import type { listAudit } from "~/models/audit.server";
import { formatDateTime } from "~/rules/format";
import { SIZES_DEFAULT } from "~/rules/list-params";

export const AUDIT_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["createdAt", "action", "actor"] as const,
  defaultSort: "createdAt" as const,
  defaultDir: "desc" as const,
  filters: { actor: 100, action: 50, from: 10, to: 10 },
};

export type Row = ReturnType<typeof listAudit>["rows"][number];
export type Shown = Omit<Row, "createdAt"> & { createdAt: string | Date };

export const auditColumns: Column<Shown>[] = [
  { label: "Time", sort: "createdAt", cell: (r) => formatDateTime(new Date(r.createdAt)) },
  { label: "Actor", sort: "actor", cell: (r) => r.actorName },
  { label: "Action", sort: "action", cell: (r) => r.action },
  { label: "Target", cell: (r) => (r.targetId ? `${r.targetType} #${r.targetId}` : r.targetType) },
  { label: "Details", cell: (r) => <code className="cell-wrap">{r.details}</code>, csv: (r) => r.details },
];
