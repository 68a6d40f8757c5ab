// GET /associations.csv (ADMIN, COMMITTEE): the Teams table as CSV, every row the search selects.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { countryName } from "~/lib/countries.server";
import { csvResponse } from "~/lib/csv.server";
import { listTeams } from "~/models/association.server";
import { parseList } from "~/rules/list-params";
import { csvColumns, TEAM_LIST, withCountry } from "./_app.associations/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "associations");
  const p = parseList(new URL(request.url).searchParams, TEAM_LIST);
  const rows = listTeams(editionOf(request, user).id, p.filters, { sort: p.sort, dir: p.dir }, null).rows;
  return csvResponse("teams", csvColumns, withCountry(rows, countryName));
}
