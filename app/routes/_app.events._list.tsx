// /events (any logged-in user). ADMIN and COMMITTEE: the events table (name search, sort, paging,
// Download CSV); ADMIN also gets Create Event and per row Edit and Delete, which are child routes
// rendered over the table (/events/new, /events/:id/edit, /events/:id/delete). COMMITTEE is
// read-only. MANAGER and COMPETITOR: Assigned Events, the event teams of their own association
// (a competitor: only the teams they are a member of).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { hasRole, requireUser, scopeOf } from "~/lib/access.server";
import { assignedEvents, listEvents } from "~/models/event.server";
import { TITLES } from "~/messages";
import { clampPage, parseList } from "~/rules/list-params";
import { adminEventColumns, assignedColumns, EVENT_LIST, eventColumns } from "~/tables/events";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.kind === "assigned" ? TITLES.assignedEvents : TITLES.events} | ${TITLES.appName}` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  if (!hasRole(user, "ADMIN", "COMMITTEE")) {
    const rows = assignedEvents(user, scopeOf(user)).map((r, i) => ({ ...r, n: i + 1 }));
    return json({ kind: "assigned" as const, rows });
  }
  const params = parseList(new URL(request.url).searchParams, EVENT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  let { rows, total } = listEvents(params.filters, order, {
    limit: params.size,
    offset: params.page * params.size,
  });
  const page = clampPage(params.page, params.size, total);
  if (page !== params.page)
    ({ rows, total } = listEvents(params.filters, order, { limit: params.size, offset: page * params.size }));
  return json({
    kind: "staff" as const,
    rows,
    total,
    page,
    size: params.size,
    sort: params.sort,
    dir: params.dir,
    name: params.filters.name ?? "",
    canEdit: hasRole(user, "ADMIN"),
  });
}

export default function Events() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (data.kind === "assigned") {
    return (
      <Screen title={TITLES.assignedEvents}>
        <DataTable
          columns={assignedColumns}
          rows={data.rows}
          rowKey={(r) => r.teamId}
          caption={TITLES.assignedEvents}
        />
      </Screen>
    );
  }
  return (
    <Screen
      title={TITLES.events}
      actions={
        <>
          <CsvLink href="/events.csv" />
          {data.canEdit ? (
            <Link to={`/events/new${search}`} className="btn btn-primary" preventScrollReset>
              Create Event
            </Link>
          ) : null}
        </>
      }
    >
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
        columns={data.canEdit ? adminEventColumns : eventColumns}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.events}
      />
      <Pager page={data.page} size={data.size} total={data.total} sizes={EVENT_LIST.sizes} />
      <Outlet />
    </Screen>
  );
}
