// GET /training-reservations.csv?tab=approved|pending (ADMIN, COMMITTEE): one tab's reservations as
// CSV (#, Team, Start Time, End Time, Boat(s)), by id; the tab defaults to Pending like the screen.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { listReservations } from "~/models/training.server";
import { reservationColumns, reservationTabOf } from "~/components/TrainingTables";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  const edition = editionOf(request, user);
  const tab = reservationTabOf(new URL(request.url).searchParams.get("tab"));
  return csvResponse(
    `training-reservations-${tab.key}`,
    reservationColumns,
    listReservations(edition.id, tab.status, null),
  );
}
