// /training-sessions (ADMIN, COMMITTEE): 'Training Sessions' (issue 11 item 4). Every session by
// start time (ascending; dates in Malaysia time) with its max boats and reserved boats (APPROVED
// reservations only); a reserved count above 0 opens 'Reserved Teams'. ADMIN also sees Create
// Session and per row Edit and Delete; COMMITTEE sees none of them, and those routes refuse it
// (403). Dialogs are child routes rendered over the table through <Outlet/>, keeping the query.
import "~/i18n/routes/_app.training-sessions";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, Pager } from "~/components/DataTable";
import { ListActions } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { hasRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listSessions, sessionCount } from "~/models/training.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList } from "~/rules/list-params";
import { adminSessionColumnsOf, SESSION_LIST, sessionColumnsOf } from "~/components/TrainingTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.trainingSessions);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  const params = parseList(new URL(request.url).searchParams, SESSION_LIST);
  const edition = editionOf(request, user);
  const total = sessionCount(edition.id);
  const listed = pageOf(params, (page) => ({ rows: listSessions(edition.id, page), total }));
  return json({ ...listed, isAdmin: hasRole(user, "ADMIN") });
}

export default function TrainingSessions() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useMessages();
  const locale = useLocale();
  const { MSG, TITLES, LABELS } = t;
  return (
    <Screen
      title={TITLES.trainingSessions}
      actions={
        <ListActions
          csv={data.total > 0 ? "/training-sessions.csv" : null}
          create={
            data.isAdmin ? { to: `/training-sessions/new${search}`, label: LABELS.trCreateSession } : null
          }
        />
      }
    >
      <DataTable
        basePath="/training-sessions"
        columns={data.isAdmin ? adminSessionColumnsOf(t, locale) : sessionColumnsOf(t, locale)}
        rows={data.rows}
        rowKey={(r) => r.id}
        caption={TITLES.trainingSessions}
        empty={MSG.sessionNone}
      />
      <Pager
        basePath="/training-sessions"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={SESSION_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
