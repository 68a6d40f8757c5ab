// GET /audit-log.csv (ADMIN): the audit log as CSV, every entry the filters select (by default the
// edition being looked at, as the screen).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { csvResponse } from "~/lib/csv.server";
import { editionOf } from "~/services/edition.server";
import { listAudit } from "~/models/audit.server";
import { parseList } from "~/rules/list-params";
import { AUDIT_LIST, auditColumns, auditEditionOf } from "./_app.audit-log/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "auditLog");
  const p = parseList(new URL(request.url).searchParams, AUDIT_LIST);
  const { edition, ...filters } = p.filters;
  const editionId = auditEditionOf(edition, editionOf(request, user).id);
  return csvResponse(
    "audit-log",
    auditColumns,
    listAudit({ ...filters, editionId }, { sort: p.sort, dir: p.dir }, null).rows,
  );
}
