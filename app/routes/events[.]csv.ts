// GET /events.csv (ADMIN, COMMITTEE): the events table as CSV, every live event the search selects
// (managers and competitors, who may open /events for their Assigned Events, are refused: 403).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { listEvents } from "~/models/event.server";
import { parseList } from "~/rules/list-params";
import { EVENT_LIST, eventColumns } from "./_app.events/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  const p = parseList(new URL(request.url).searchParams, EVENT_LIST);
  return csvResponse(
    "events",
    eventColumns,
    listEvents(editionOf(request, user).id, p.filters, { sort: p.sort, dir: p.dir }, null).rows,
  );
}
