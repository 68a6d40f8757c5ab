// GET /race-control.csv (ADMIN, COMMITTEE): the timetable as CSV (Race, Scheduled, Event, Round,
// Lanes, State), the screen's order: numbered races first, then the rounds not scheduled.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { timetable } from "~/models/race-control.server";
import { csvColumnsOf } from "./_app.race-control/table.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  return csvResponse("race-control", csvColumnsOf(messagesFor(request)), timetable(edition.id));
}
