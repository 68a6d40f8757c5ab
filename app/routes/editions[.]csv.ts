// GET /editions.csv (ADMIN; issue 21): every edition as CSV, the screen's columns (English),
// newest year first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { csvResponse } from "~/lib/csv.server";
import { listEditions } from "~/models/edition.server";
import { editionColumns } from "./_app.editions/table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "editions");
  return csvResponse("editions", editionColumns, listEditions());
}
