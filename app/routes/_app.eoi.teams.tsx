// /eoi/teams (ADMIN, COMMITTEE): EOI Result, tab Result by Teams: a page of interested teams (by
// team name, paged in SQL) against 250M / 400M / Tug / Other, each cell the names of the events
// ticked in that column; the footer counts the teams per column over every page.
import "~/i18n/routes/_app.eoi.teams";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, Pager } from "~/components/DataTable";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { interestedTeamCount, matrixTotals, teamMatrix } from "~/models/eoi.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { formatCount } from "~/rules/format";
import { pageOf, parseList } from "~/rules/list-params";
import { EOI_TEAM_LIST, EoiResultScreen, matrixColumnsOf, totalRow } from "~/components/EoiTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.eoi);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoi");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  const params = parseList(new URL(request.url).searchParams, EOI_TEAM_LIST);
  const edition = editionOf(request, user);
  const total = interestedTeamCount(edition.id);
  const { rows, page, size } = pageOf(params, (p) => ({
    rows: total === 0 ? [] : teamMatrix(edition.id, p),
    total,
  }));
  return json({ rows, totals: matrixTotals(edition.id), total, page, size });
}

export default function ResultByTeams() {
  const { rows, totals, total, page, size } = useLoaderData<typeof loader>();
  const t = useMessages();
  const { MSG, LABELS } = t;
  const matrixColumns = matrixColumnsOf(t);
  return (
    <EoiResultScreen tab="teams">
      <DataTable
        columns={matrixColumns}
        rows={rows}
        rowKey={(r) => r.userId}
        caption={LABELS.eoiTabTeams}
        footer={totalRow(matrixColumns, [MSG.eoiTotalTeams(total), "", ...totals.map(formatCount)])}
      />
      <Pager page={page} size={size} total={total} sizes={EOI_TEAM_LIST.sizes} />
    </EoiResultScreen>
  );
}
