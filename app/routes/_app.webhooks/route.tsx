// /webhooks (ADMIN; issue 29 part 4, ADR 0039; the sidebar's Settings > Webhooks): the endpoints
// ADMIN registered, newest first: URL (a link to its delivery log, /webhooks/:id), the events it
// wants, its state, failures in a row and its last delivery. Add endpoint opens its dialog
// (/webhooks/new, a child route over the list: the same with and without JavaScript).
import "~/i18n/routes/_app.webhooks";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import type { Column } from "~/components/DataTable";
import { DataTable } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { type EndpointRow, listEndpoints } from "~/models/webhooks.server";
import { formatDateTime } from "~/rules/format";
import webhookStyles from "~/styles/webhooks.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: webhookStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.webhooks);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "webhooks");
  return json({ endpoints: listEndpoints() });
}

export default function Webhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const { NAV, MSG, LABELS } = useMessages();
  const locale = useLocale();
  const columns: Column<EndpointRow>[] = [
    {
      label: LABELS.whUrl,
      cell: (r) => (
        <Link to={`/webhooks/${r.id}`} className="webhook-url">
          {r.url}
        </Link>
      ),
      className: "cell-text",
    },
    { label: LABELS.whEvents, cell: (r) => r.events.join(", "), className: "cell-text" },
    { label: LABELS.whState, cell: (r) => (r.enabled ? LABELS.whOn : LABELS.whOff) },
    { label: LABELS.whFailures, cell: (r) => r.failuresInRow },
    {
      label: LABELS.whLastDelivery,
      cell: (r) =>
        r.lastAttemptAt === null
          ? LABELS.whNever
          : `${formatDateTime(r.lastAttemptAt, locale)} · ${r.lastStatus ?? LABELS.whNoAnswer}`,
    },
  ];
  return (
    <Screen
      title={NAV.webhooks}
      actions={
        <Link to="/webhooks/new" className="btn btn-primary" preventScrollReset>
          {LABELS.whAdd}
        </Link>
      }
    >
      <p className="hint">
        {MSG.whIntro} <a href="/api">{LABELS.whDocs}</a>
      </p>
      <DataTable
        columns={columns}
        rows={endpoints}
        rowKey={(r) => r.id}
        caption={NAV.webhooks}
        empty={MSG.whNone}
        cards
      />
      <Outlet />
    </Screen>
  );
}
