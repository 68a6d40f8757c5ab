// /eoi-events (ADMIN): 'All EOI Events'. Every live EOI event (id, name, how many teams ticked it,
// linking to its View dialog on /eoi) with Create EOI Event and per row Edit and Delete: child
// routes rendered over the table through <Outlet/> (/eoi-events/new, /eoi-events/:id/edit,
// /eoi-events/:id/delete). The same with and without JavaScript.
import "~/i18n/routes/_app.eoi-events";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { ListActions } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { eventResults } from "~/models/eoi.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { eoiEventColumnsOf } from "~/components/EoiTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.eoiEvents);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  return json({ events: eventResults(editionOf(request, user).id) });
}

export default function EoiEvents() {
  const { events } = useLoaderData<typeof loader>();
  const t = useMessages();
  const { MSG, TITLES, LABELS } = t;
  return (
    <Screen
      title={TITLES.eoiEvents}
      actions={<ListActions create={{ to: "/eoi-events/new", label: LABELS.eoiCreateEvent }} />}
    >
      <DataTable
        columns={eoiEventColumnsOf(t)}
        rows={events}
        rowKey={(r) => r.id}
        caption={TITLES.eoiEvents}
        empty={MSG.eoiNoEvents}
      />
      <Outlet />
    </Screen>
  );
}
