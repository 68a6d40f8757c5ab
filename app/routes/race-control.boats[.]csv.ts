// GET /race-control/boats.csv (ADMIN, COMMITTEE; issue 28 part 2): the outs and backs of a race day
// (`?day=yyyy-MM-dd`, Malaysia time; today by default), in time order: race, event, round, lane,
// team, out (time, crew member scanned, kiosk), back (the same), and a Mark Back's staff member and
// reason. Times are Malaysia time, "05/12 08:06".
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Column } from "~/components/DataTable";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { now } from "~/lib/clock.server";
import { csvResponse } from "~/lib/csv.server";
import { editionOf } from "~/services/edition.server";
import { type TripRow, tripsOfDay } from "~/models/boat-trips.server";
import { formatRaceTime, malaysiaDay } from "~/rules/timetable";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const raw = new URL(request.url).searchParams.get("day");
  const day =
    raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : malaysiaDay(now());
  const { LABELS } = messagesFor(request);
  const time = (at: number | null) => (at === null ? "" : formatRaceTime(at));
  const columns: Column<TripRow>[] = [
    { label: LABELS.pnColRace, cell: (r) => r.raceNumber ?? "" },
    { label: LABELS.pnColEvent, cell: (r) => r.eventName },
    { label: LABELS.pnColRound, cell: (r) => r.roundName },
    { label: LABELS.pnColLane, cell: (r) => r.lane },
    { label: LABELS.pnColTeam, cell: (r) => r.teamName },
    { label: LABELS.pnColOut, cell: (r) => time(r.outAt) },
    { label: LABELS.pnColOutBy, cell: (r) => r.outName ?? "" },
    { label: LABELS.pnColOutKiosk, cell: (r) => r.outKiosk ?? "" },
    { label: LABELS.pnColBack, cell: (r) => time(r.backAt) },
    { label: LABELS.pnColBackBy, cell: (r) => r.backName ?? "" },
    { label: LABELS.pnColBackKiosk, cell: (r) => r.backKiosk ?? "" },
    { label: LABELS.pnColMarkedBy, cell: (r) => r.backByName ?? "" },
    { label: LABELS.pnColReason, cell: (r) => r.backReason ?? "" },
  ];
  return csvResponse(`boats-${day}`, columns, tripsOfDay(edition.id, day));
}
