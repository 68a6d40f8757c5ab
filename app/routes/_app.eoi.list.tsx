// /eoi/list (ADMIN, COMMITTEE): EOI Result, tab Teams: every interested team (by team name, paged
// in SQL) with its manager's name and email, country, ticked events and when it last saved.
import "~/i18n/routes/_app.eoi.list";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, Pager } from "~/components/DataTable";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { interestedTeamCount, teamInterests } from "~/models/eoi.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList } from "~/rules/list-params";
import { EOI_TEAM_LIST, EoiResultScreen, teamListColumnsOf } from "~/components/EoiTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.eoi);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoi");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  const params = parseList(new URL(request.url).searchParams, EOI_TEAM_LIST);
  const edition = editionOf(request, user);
  const total = interestedTeamCount(edition.id);
  const { rows, page, size } = pageOf(params, (p) => ({
    rows: total === 0 ? [] : teamInterests(edition.id, p),
    total,
  }));
  return json({ rows, total, page, size });
}

export default function TeamList() {
  const { rows, total, page, size } = useLoaderData<typeof loader>();
  const t = useMessages();
  const locale = useLocale();
  return (
    <EoiResultScreen tab="list">
      <DataTable
        columns={teamListColumnsOf(t, locale)}
        rows={rows}
        rowKey={(r) => r.id}
        caption={t.LABELS.eoiTabList}
      />
      <Pager page={page} size={size} total={total} sizes={EOI_TEAM_LIST.sizes} />
    </EoiResultScreen>
  );
}
