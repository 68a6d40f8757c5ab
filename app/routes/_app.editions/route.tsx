// /editions (ADMIN; issue 21): 'Editions', every edition of the regatta, newest year first (one a
// year: a handful, not paged): name, year, dates, state (Draft, Open, Archived). New Edition opens
// its dialog and Open (on a draft) its confirmation step, child routes over the table (the same with
// and without JavaScript). Downloadable as CSV. The list is not edition data: it is the same
// whichever edition the picker shows.
import "~/i18n/routes/_app.editions";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { ListActions } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { listEditions } from "~/models/edition.server";
import { editionScreenColumnsOf } from "./table";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.edScTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "editions");
  const rows = listEditions().map(({ id, name, year, startsOn, endsOn, state }) => ({
    id,
    name,
    year,
    startsOn,
    endsOn,
    state,
  }));
  return json({ rows });
}

export default function Editions() {
  const { rows } = useLoaderData<typeof loader>();
  const t = useMessages();
  return (
    <Screen
      title={t.TITLES.edScTitle}
      actions={
        <ListActions
          csv={rows.length > 0 ? "/editions.csv" : null}
          create={{ to: "/editions/new", label: t.LABELS.edScNew }}
        />
      }
    >
      <DataTable
        columns={editionScreenColumnsOf(t)}
        rows={rows}
        rowKey={(r) => r.id}
        caption={t.TITLES.edScTitle}
        empty={t.MSG.edScNone}
      />
      <Outlet />
    </Screen>
  );
}
