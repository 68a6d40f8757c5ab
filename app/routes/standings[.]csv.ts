// GET /standings.csv (public, no guard; issue 29 part 1): the open edition's club table as CSV, the
// columns of /standings plus the provisional points apart, points with at most two decimals. The
// table is read again only when the database may have changed (lib/data-version.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Column } from "~/components/DataTable";
import { csvResponse } from "~/lib/csv.server";
import { messagesFor } from "~/i18n/locale.server";
import { openStandingsUntilChanged } from "~/routes/standings/page.server";
import type { StandingsRow } from "~/models/standings.server";
import { formatPointsNumber } from "~/rules/standings";

export async function loader({ request }: LoaderFunctionArgs) {
  const { LABELS } = messagesFor(request);
  const columns: Column<StandingsRow>[] = [
    { label: LABELS.stRank, cell: (r) => r.rank },
    { label: LABELS.stClub, cell: (r) => r.club },
    { label: LABELS.stPoints, cell: (r) => formatPointsNumber(r.points) },
    { label: LABELS.stProvisionalPoints, cell: (r) => formatPointsNumber(r.provisionalPoints) },
    { label: LABELS.stFirst, cell: (r) => r.first },
    { label: LABELS.stSecond, cell: (r) => r.second },
    { label: LABELS.stThird, cell: (r) => r.third },
    { label: LABELS.stRaces, cell: (r) => r.races },
  ];
  return csvResponse("standings", columns, openStandingsUntilChanged().standings.rows);
}
