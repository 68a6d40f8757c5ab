// /training-reservations (ADMIN, COMMITTEE): 'Training Reservations' (issue 11 item 6). Two tabs as
// links, 'Approved (n)' and 'Pending (n)' (?tab=approved|pending; Pending by default: this screen
// is where requests get decided, and a decision comes back to it), each a paged table by id (#,
// Team, Start Time, End Time, Boat(s)) with Download CSV; 'Nothing to show' when empty. A pending
// row's Approve / Reject opens the decision dialog (/training-reservations/:id, a child route over
// the table, keeping the query). ADMIN and COMMITTEE both decide: the spec's reservation screen has
// no further role check.
import "~/i18n/routes/_app.training-reservations";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CsvLink, DataTable, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listReservations, reservationCounts } from "~/models/training.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList, withParams } from "~/rules/list-params";
import {
  pendingColumnsOf,
  RESERVATION_LIST,
  RESERVATION_TABS,
  reservationColumnsOf,
  reservationTabOf,
} from "~/components/TrainingTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.trainingReservations);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, RESERVATION_LIST);
  const tab = reservationTabOf(params.filters.tab);
  const counts = reservationCounts(edition.id);
  const total = counts[tab.status];
  const listed = pageOf(params, (page) => ({ rows: listReservations(edition.id, tab.status, page), total }));
  return json({ ...listed, tab: tab.key, counts });
}

export default function TrainingReservations() {
  const data = useLoaderData<typeof loader>();
  const tab = reservationTabOf(data.tab);
  const t = useMessages();
  const locale = useLocale();
  const { MSG, TITLES, LABELS } = t;
  const label = (status: "APPROVED" | "PENDING") => MSG.reservationStatus[status];
  return (
    <Screen
      title={TITLES.trainingReservations}
      actions={data.total > 0 ? <CsvLink href="/training-reservations.csv" /> : null}
    >
      <nav className="toolbar" aria-label={LABELS.trTabsNav}>
        {RESERVATION_TABS.map((each) => (
          <FastLink
            key={each.key}
            to={`/training-reservations${withParams("", { tab: each.key })}`}
            className={each.key === tab.key ? "btn btn-primary" : "btn"}
            aria-current={each.key === tab.key ? "page" : undefined}
            preventScrollReset
          >
            {label(each.status)} ({data.counts[each.status]})
          </FastLink>
        ))}
      </nav>
      <DataTable
        basePath="/training-reservations"
        columns={tab.key === "pending" ? pendingColumnsOf(t, locale) : reservationColumnsOf(t, locale)}
        rows={data.rows}
        rowKey={(r) => r.id}
        caption={LABELS.trReservationsOf(label(tab.status))}
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
