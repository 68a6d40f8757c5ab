// GET /audit-log.csv (ADMIN): the audit log as CSV, every entry the filters select.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/access.server";
import { csvResponse } from "~/lib/csv.server";
import { listAudit } from "~/models/audit.server";
import { parseList } from "~/rules/list-params";
import { AUDIT_LIST, auditColumns } from "./_app.audit-log/table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "auditLog");
  const p = parseList(new URL(request.url).searchParams, AUDIT_LIST);
  return csvResponse(
    "audit-log",
    auditColumns,
    listAudit(p.filters, { sort: p.sort, dir: p.dir }, null).rows,
  );
}
