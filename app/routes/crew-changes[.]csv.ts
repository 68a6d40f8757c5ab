// GET /crew-changes.csv (ADMIN, COMMITTEE): every race-day crew change of the edition, pending
// first then newest, with the columns of /crew-changes.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { csvResponse } from "~/lib/csv.server";
import { editionOf } from "~/services/edition.server";
import { EN } from "~/messages";
import { listChanges } from "~/models/crew-change.server";
import { columnsOf } from "./_app.crew-changes/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "crewChanges");
  const edition = editionOf(request, user);
  return csvResponse("crew-changes", columnsOf(EN), listChanges(edition.id, null).rows);
}
