// /associations (ADMIN, COMMITTEE; the sidebar's "All Teams"): the sortable Teams table, a name
// search, Download CSV, and per row Copy Referral Link (a dialog child route).
import "~/i18n/routes/_app.associations";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { TEAM_LIST, teamColumnsOf, withCountry } from "./table";
import { FilterSearch } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { countryList } from "~/lib/countries.server";
import { listTeams } from "~/models/association.server";
import { localeOf } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList, SIZES_DEFAULT } from "~/rules/list-params";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.associations);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "associations");
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, TEAM_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listTeams(edition.id, params.filters, order, p));
  return json({
    ...listed,
    rows: withCountry(listed.rows, countryNameIn(localeOf(request))),
    name: params.filters.name ?? "",
  });
}

/** A country's name in the page's language (the CSV keeps the code). */
function countryNameIn(locale: ReturnType<typeof localeOf>) {
  const names = new Map(countryList(locale).map((c) => [c.code, c.name]));
  return (code: string) => names.get(code) ?? code;
}

export default function Teams() {
  const data = useLoaderData<typeof loader>();
  const t = useMessages();
  const admin = useRouteLoaderData<typeof rootLoader>("root")?.user?.role === "ADMIN";
  const { TITLES, LABELS } = t;
  return (
    <Screen title={TITLES.associations} actions={<CsvLink href="/associations.csv" />}>
      <FilterForm submitLabel={LABELS.search}>
        <FilterSearch name="name" label={LABELS.name} value={data.name} />
      </FilterForm>
      <DataTable
        basePath="/associations"
        columns={teamColumnsOf(t, admin)}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.associations}
      />
      <Pager
        basePath="/associations"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={SIZES_DEFAULT}
      />
      <Outlet />
    </Screen>
  );
}
