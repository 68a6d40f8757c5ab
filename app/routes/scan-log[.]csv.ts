// GET /scan-log.csv?event=&round= (ADMIN): a round's scan logs as CSV, every row, oldest or newest
// first as on screen. Without a valid event and round: 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { notFound } from "~/lib/params.server";
import { scanLogSteps } from "~/routes/_app.scan-log/log.server";
import { listScanLogs } from "~/models/scan.server";
import { parseList } from "~/rules/list-params";
import { SCAN_LOG_LIST, scanLogColumns } from "./_app.scan-log/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "scanLog");
  const edition = editionOf(request, user);
  const p = parseList(new URL(request.url).searchParams, SCAN_LOG_LIST);
  const { roundId } = scanLogSteps(edition.id, p);
  if (roundId === null) notFound();
  return csvResponse("scan-logs", scanLogColumns, listScanLogs(edition.id, roundId, p.dir, null).rows);
}
