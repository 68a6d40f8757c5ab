// The Audit Log's columns and list parameters: the screen (/audit-log, in the page's language) and
// its CSV download (/audit-log.csv: English column names and times) share them.
import type { Column } from "~/components/DataTable";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/i18n/en";
import type { listAudit } from "~/models/audit.server";
import { formatDateTime } from "~/rules/format";
import { SIZES_DEFAULT } from "~/rules/list-params";

export const AUDIT_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["createdAt", "action", "actor"] as const,
  defaultSort: "createdAt" as const,
  defaultDir: "desc" as const,
  filters: { actor: 100, action: 50, from: 10, to: 10, edition: 9 },
};

/** The `edition` filter (issue 21): "all" for every edition, an edition's id, or (absent or
 * unreadable) the edition being looked at. As listAudit's `editionId` (undefined: every one). */
export function auditEditionOf(raw: string | undefined, viewed: number): number | undefined {
  if (raw === "all") return undefined;
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : viewed;
}

export type Row = ReturnType<typeof listAudit>["rows"][number];
export type Shown = Omit<Row, "createdAt"> & { createdAt: string | Date };

/** The columns in the language of `t` (times in `locale`). The action, target and details are
 * the audit's own codes and JSON: not translated. */
export const auditColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<Shown>[] => [
  { label: LABELS.time, sort: "createdAt", cell: (r) => formatDateTime(new Date(r.createdAt), locale) },
  { label: LABELS.actor, sort: "actor", cell: (r) => r.actorName },
  { label: LABELS.action, sort: "action", cell: (r) => r.action },
  { label: LABELS.edOrEdition, cell: (r) => r.edition },
  { label: LABELS.target, cell: (r) => (r.targetId ? `${r.targetType} #${r.targetId}` : r.targetType) },
  {
    label: LABELS.details,
    cell: (r) => <code className="cell-wrap">{r.details}</code>,
    csv: (r) => r.details,
  },
];
export const auditColumns = /* @__PURE__ */ auditColumnsOf(EN);
