// /associations (ADMIN, COMMITTEE; the sidebar's "All Teams"): the sortable Teams table, a name
// search, Download CSV, and per row Copy Referral Link (a dialog child route).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { type Column, CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { countryName } from "~/lib/countries.server";
import { csvResponse, wantsCsv } from "~/lib/csv.server";
import { listTeams, TEAM_SORTS, type TeamRow } from "~/models/association.server";
import { TITLES } from "~/messages";
import { clampPage, parseList, SIZES_DEFAULT } from "~/rules/list-params";

export const meta: MetaFunction = () => [{ title: `${TITLES.associations} | ${TITLES.appName}` }];

const LIST = {
  sizes: SIZES_DEFAULT,
  sorts: TEAM_SORTS,
  defaultSort: "name" as const,
  filters: { name: 100 },
};

type Row = TeamRow & { countryName: string };

export const teamColumns: Column<Row>[] = [
  { label: "Id", sort: "id", cell: (r) => r.id },
  { label: "Name", sort: "name", cell: (r) => r.name },
  { label: "Country", sort: "country", cell: (r) => r.countryName, csv: (r) => r.country },
  { label: "Team Manager", sort: "manager", cell: (r) => r.managerEmail ?? "" },
  { label: "Members Paid", sort: "paid", cell: (r) => r.membersPaid },
  { label: "Members Approved", sort: "approved", cell: (r) => r.membersApproved },
  { label: "Events", sort: "events", cell: (r) => r.events },
  { label: "Event Teams", sort: "teams", cell: (r) => r.eventTeams },
  { label: "Tickets", sort: "tickets", cell: (r) => r.tickets },
  { label: "Actions", cell: (r) => <ReferralLink id={r.id} name={r.name} />, csv: () => null },
];
const csvColumns = teamColumns.filter((c) => c.label !== "Actions");

function ReferralLink({ id, name }: { id: number; name: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={`/associations/${id}/referral${search}`}
      preventScrollReset
      aria-label={`Copy Referral Link of ${name}`}
    >
      Copy Referral Link
    </Link>
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "associations");
  const params = parseList(new URL(request.url).searchParams, LIST);
  const order = { sort: params.sort, dir: params.dir };
  const withCountry = (rows: TeamRow[]) => rows.map((r) => ({ ...r, countryName: countryName(r.country) }));
  if (wantsCsv(request))
    return csvResponse("teams", csvColumns, withCountry(listTeams(params.filters, order, null).rows));
  let { rows, total } = listTeams(params.filters, order, {
    limit: params.size,
    offset: params.page * params.size,
  });
  const page = clampPage(params.page, params.size, total);
  if (page !== params.page)
    ({ rows, total } = listTeams(params.filters, order, { limit: params.size, offset: page * params.size }));
  return json({
    rows: withCountry(rows),
    total,
    page,
    size: params.size,
    sort: params.sort,
    dir: params.dir,
    name: params.filters.name ?? "",
  });
}

export default function Teams() {
  const data = useLoaderData<typeof loader>();
  return (
    <Screen title={TITLES.associations} actions={<CsvLink />}>
      <FilterForm submitLabel="Search">
        <div className="field">
          <label htmlFor="filter-name">Name</label>
          <input
            id="filter-name"
            name="name"
            type="search"
            maxLength={100}
            defaultValue={data.name}
            key={data.name}
          />
        </div>
      </FilterForm>
      <DataTable
        columns={teamColumns}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.associations}
      />
      <Pager page={data.page} size={data.size} total={data.total} sizes={SIZES_DEFAULT} />
      <Outlet />
    </Screen>
  );
}
