// GET /eoi.csv?tab=events|teams|countries|list (ADMIN, COMMITTEE; a manager is refused with 403):
// the EOI Result tab as CSV, every row (the tables' columns; event names in a cell joined with
// "; "). Result by Teams and Countries end with their Total row. No tab is Result by Events; an
// unknown tab is 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { notFound } from "~/lib/params.server";
import { countryResults, eventResults, matrixTotals, teamInterests, teamMatrix } from "~/models/eoi.server";
import {
  countryColumns,
  eoiTabOf,
  eventResultColumns,
  matrixColumns,
  matrixTotalRow,
  teamListColumns,
} from "~/components/EoiTables";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoi");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  const edition = editionOf(request, user);
  const tab = eoiTabOf(new URL(request.url).searchParams.get("tab"));
  switch (tab) {
    case "events":
      return csvResponse("eoi-result-by-events", eventResultColumns, eventResults(edition.id));
    case "teams":
      return csvResponse("eoi-result-by-teams", matrixColumns, [
        ...teamMatrix(edition.id, null),
        matrixTotalRow(matrixTotals(edition.id)),
      ]);
    case "countries": {
      const { rows, total } = countryResults(edition.id);
      return csvResponse("eoi-countries", countryColumns, [
        ...rows,
        { code: "", country: "Total", teams: total },
      ]);
    }
    case "list":
      return csvResponse("eoi-teams", teamListColumns, teamInterests(edition.id, null));
    default:
      notFound();
  }
}
