// /events (any logged-in user). ADMIN and COMMITTEE: the events table (name search, sort, paging,
// Download CSV, and per row the event's Waitlist, a dialog /events/:id/waitlist); ADMIN also gets
// Create Event and per row Edit and Delete, which are child routes rendered over the table
// (/events/new, /events/:id/edit, /events/:id/delete). COMMITTEE is read-only. MANAGER and
// COMPETITOR: Assigned Events, the event teams of their own association (a competitor: only the
// teams they are a member of). A MANAGER also gets Pick Crew per event team and, below, Buy Event
// Entries: the open events with price and entries left, a number of teams each, in one GET form
// to the checkout dialog (/events/checkout, a child route), the club's waitlist state per event
// with Join Waitlist / Leave Waitlist (POST /events/waitlist), and the entries deadline.
import "~/i18n/routes/_app.events";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, FilterForm, Pager } from "~/components/DataTable";
import { FilterSearch, ListActions } from "~/components/ListToolbar";
import { Empty, Screen } from "~/components/Screen";
import { hasRole, requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { availableEvents } from "~/models/entries.server";
import { assignedEvents, listEvents } from "~/models/event.server";
import { getSettings } from "~/models/settings.server";
import type { User } from "~/models/user.server";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { isClosed } from "~/rules/crew";
import { formatDateTime } from "~/rules/format";
import { clampPage, parseList } from "~/rules/list-params";
import { BUY_FORM, type BuyRow, EntriesTable } from "./entries";
import {
  adminEventColumnsOf,
  assignedColumnsOf,
  EVENT_LIST,
  managerAssignedColumnsOf,
  staffEventColumnsOf,
} from "./table";
import { now as clockNow } from "~/lib/clock.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaTitle(matches, (t) => (data?.kind === "assigned" ? t.TITLES.assignedEvents : t.TITLES.events));

/** The numbers typed in the buy form, read back from the URL (the checkout dialog's query), so
 * the inputs behind the dialog keep them: event id -> text as typed (cut short). */
function typedOf(url: URL): Map<number, string> {
  const ids = url.searchParams.getAll("event");
  const teams = url.searchParams.getAll("teams");
  const typed = new Map<number, string>();
  if (ids.length !== teams.length || ids.length > 200) return typed;
  ids.forEach((id, i) => {
    if (/^\d{1,9}$/.test(id)) typed.set(Number(id), teams[i].trim().slice(0, 4));
  });
  return typed;
}

/** Buy Event Entries for a manager's club: the open events, the deadline, the club's waitlist. */
function entriesOf(editionId: number, user: User, url: URL, { MSG }: Bundle, locale: "en" | "ms") {
  const { entriesCloseAt } = getSettings(editionId);
  const closed = isClosed(entriesCloseAt, clockNow());
  const deadline =
    entriesCloseAt === null
      ? null
      : (closed ? MSG.entriesClosed : MSG.entriesCloseOn)(formatDateTime(entriesCloseAt, locale));
  if (user.associationId === null) return { closed: true, deadline: MSG.entriesNoClub, rows: [] };
  const typed = typedOf(url);
  const rows: BuyRow[] = availableEvents(editionId, user.associationId).map((e) => {
    const offered = e.waitlistStatus === "OFFERED" && e.held > 0 && e.holdUntil !== null;
    return {
      id: e.id,
      name: e.name,
      description: e.description,
      price: e.price,
      left: e.left,
      typed: typed.get(e.id) ?? (offered ? String(e.held) : ""),
      wait:
        e.waitlistId === null
          ? null
          : {
              id: e.waitlistId,
              offered,
              teams: e.waitlistTeams,
              held: e.held,
              until: offered && e.holdUntil !== null ? formatDateTime(e.holdUntil, locale) : "",
            },
    };
  });
  return { closed, deadline, rows };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  const edition = editionOf(request, user);
  if (!hasRole(user, "ADMIN", "COMMITTEE")) {
    const rows = assignedEvents(edition.id, user, scopeOf(user)).map((r, i) => ({ ...r, n: i + 1 }));
    const manager = hasRole(user, "MANAGER");
    return json({
      kind: "assigned" as const,
      rows,
      manager,
      entries: manager
        ? entriesOf(edition.id, user, new URL(request.url), messagesFor(request), localeOf(request))
        : null,
    });
  }
  const params = parseList(new URL(request.url).searchParams, EVENT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  let { rows, total } = listEvents(edition.id, params.filters, order, {
    limit: params.size,
    offset: params.page * params.size,
  });
  const page = clampPage(params.page, params.size, total);
  if (page !== params.page)
    ({ rows, total } = listEvents(edition.id, params.filters, order, {
      limit: params.size,
      offset: page * params.size,
    }));
  return json({
    kind: "staff" as const,
    rows,
    total,
    page,
    size: params.size,
    sort: params.sort,
    dir: params.dir,
    name: params.filters.name ?? "",
    // An archived edition is read-only (its writes are refused): no Create, Edit or Delete there.
    canEdit: hasRole(user, "ADMIN") && edition.state !== "ARCHIVED",
  });
}

export default function Events() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const bundle = useMessages();
  if (data.kind === "assigned") {
    const { LABELS, TITLES } = bundle;
    return (
      <Screen title={TITLES.assignedEvents}>
        <DataTable
          basePath="/events"
          columns={data.manager ? managerAssignedColumnsOf(LABELS) : assignedColumnsOf(LABELS)}
          rows={data.rows}
          rowKey={(r) => r.teamId}
          caption={TITLES.assignedEvents}
        />
        {data.entries ? (
          <section className="entries" aria-labelledby="buy-entries">
            <h2 id="buy-entries">{LABELS.buyEventEntries}</h2>
            {data.entries.deadline ? (
              <p className={data.entries.closed ? "entries-note" : "hint"}>{data.entries.deadline}</p>
            ) : null}
            {data.entries.rows.length === 0 ? (
              <Empty />
            ) : (
              <>
                <EntriesTable rows={data.entries.rows} closed={data.entries.closed} />
                {data.entries.closed || !data.entries.rows.some((r) => r.left > 0) ? null : (
                  <Form
                    id={BUY_FORM}
                    method="get"
                    action="/events/checkout"
                    noValidate
                    preventScrollReset
                    className="actions entries-bar"
                  >
                    <button type="submit" className="btn btn-primary">
                      {TITLES.checkout}
                    </button>
                  </Form>
                )}
              </>
            )}
          </section>
        ) : null}
        <Outlet />
      </Screen>
    );
  }
  const { LABELS, TITLES } = bundle;
  return (
    <Screen
      title={TITLES.events}
      actions={
        <ListActions
          csv="/events.csv"
          create={data.canEdit ? { to: `/events/new${search}`, label: LABELS.createEvent } : null}
        />
      }
    >
      <FilterForm submitLabel={LABELS.search}>
        <FilterSearch name="name" label={LABELS.name} value={data.name} />
      </FilterForm>
      <DataTable
        basePath="/events"
        columns={data.canEdit ? adminEventColumnsOf(bundle) : staffEventColumnsOf(bundle)}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.events}
      />
      <Pager
        basePath="/events"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={EVENT_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
