// /training-reservations (ADMIN, COMMITTEE): 'Training Reservations' (issue 11 item 6). Two tabs as
// links, 'Approved (n)' and 'Pending (n)' (?tab=approved|pending; Pending by default: this screen
// is where requests get decided, and a decision comes back to it), each a paged table by id (#,
// Team, Start Time, End Time, Boat(s)) with Download CSV; 'Nothing to show' when empty. A pending
// row's Approve / Reject opens the decision dialog (/training-reservations/:id, a child route over
// the table, keeping the query). ADMIN and COMMITTEE both decide: the spec's reservation screen has
// no further role check.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { listReservations, reservationCounts } from "~/models/training.server";
import { TITLES } from "~/messages";
import { pageOf, parseList, withParams } from "~/rules/list-params";
import {
  pendingColumns,
  RESERVATION_LIST,
  RESERVATION_TABS,
  reservationColumns,
  reservationTabOf,
} from "~/tables/training";

export const meta: MetaFunction = () => [{ title: `${TITLES.trainingReservations} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "trainingReservations");
  const params = parseList(new URL(request.url).searchParams, RESERVATION_LIST);
  const tab = reservationTabOf(params.filters.tab);
  const counts = reservationCounts();
  const total = counts[tab.status];
  const listed = pageOf(params, (page) => ({ rows: listReservations(tab.status, page), total }));
  return json({ ...listed, tab: tab.key, counts });
}

export default function TrainingReservations() {
  const data = useLoaderData<typeof loader>();
  const tab = reservationTabOf(data.tab);
  return (
    <Screen
      title={TITLES.trainingReservations}
      actions={data.total > 0 ? <CsvLink href="/training-reservations.csv" /> : null}
    >
      <nav className="toolbar" aria-label="Reservation tabs">
        {RESERVATION_TABS.map((t) => (
          <Link
            key={t.key}
            to={`/training-reservations${withParams("", { tab: t.key })}`}
            className={t.key === tab.key ? "btn btn-primary" : "btn"}
            aria-current={t.key === tab.key ? "page" : undefined}
            preventScrollReset
          >
            {t.label} ({data.counts[t.status]})
          </Link>
        ))}
      </nav>
      <DataTable
        basePath="/training-reservations"
        columns={tab.key === "pending" ? pendingColumns : reservationColumns}
        rows={data.rows}
        rowKey={(r) => r.id}
        caption={`${tab.label} reservations`}
      />
      <Pager
        basePath="/training-reservations"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={RESERVATION_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
