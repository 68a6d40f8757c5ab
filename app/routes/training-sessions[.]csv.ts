// GET /training-sessions.csv (ADMIN, COMMITTEE): every training session as CSV, the table's columns
// (#, Start Time, End Time in Malaysia time, Max Boats, Reserved Boats: approved boats), by start
// time.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { listSessions } from "~/models/training.server";
import { sessionColumns } from "~/components/TrainingTables";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  const edition = editionOf(request, user);
  return csvResponse("training-sessions", sessionColumns, listSessions(edition.id, null));
}
