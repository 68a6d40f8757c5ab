// GET /race-control.csv (ADMIN, COMMITTEE): the timetable as CSV (Race, Scheduled, Event, Round,
// Lanes, State), the screen's order: numbered races first, then the rounds not scheduled.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/lib/access.server";
import { csvResponse } from "~/lib/csv.server";
import { timetable } from "~/models/race-control.server";
import { csvColumnsOf } from "./_app.race-control/table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "raceControl");
  return csvResponse("race-control", csvColumnsOf(messagesFor(request)), timetable());
}
