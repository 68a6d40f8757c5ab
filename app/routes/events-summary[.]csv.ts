// GET /events-summary.csv (ADMIN, COMMITTEE): the Confirmed Events Summary as CSV. Flat column names
// ("250M Malaysia", ..., "Other", "Total"), every count as a number (0 included), the country as
// its code, and the totals row last.
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Column } from "~/components/DataTable";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { eventsSummary } from "~/models/summary.server";
import { SUMMARY_COLUMNS } from "~/rules/event-categories";

type Line = { name: string; country: string; counts: number[]; total: number };

const columns: Column<Line>[] = [
  { label: "Team", cell: (r) => r.name },
  { label: "Country", cell: (r) => r.country },
  ...SUMMARY_COLUMNS.map((c, i): Column<Line> => ({ label: c.csvLabel, cell: (r) => r.counts[i] })),
  { label: "Total", cell: (r) => r.total },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eventsSummary");
  const summary = eventsSummary(editionOf(request, user).id);
  const totals: Line = { name: "Total", country: "", counts: summary.totals, total: summary.total };
  return csvResponse("events-summary", columns, [...summary.rows, totals]);
}
