// /events/:id/waitlist: an event's waitlist over the staff events table (ADMIN and COMMITTEE; a
// dialog child route, read-only): the live entries in line order (waiting, or offered with the
// entries held and until when), then the closed ones (bought, left, expired), newest first.
import "~/i18n/routes/_app.events.$id.waitlist";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { Dialog } from "~/components/Dialog";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import { waitlistOf } from "~/models/entries.server";
import { findEvent } from "~/models/event.server";
import { useMessages } from "~/i18n/useMessages";
import { waitlistColumnsOf } from "./_app.events/waitlist";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  const id = idParam(params.id);
  const edition = editionOf(request, user);
  const event = findEvent(edition.id, id);
  if (!event) notFound();
  const rows = waitlistOf(edition.id, event.id).map((r, i) => ({ ...r, n: i + 1 }));
  return json({ name: event.name, maxTeam: event.maxTeam, teams: event.teams, rows });
}

export default function EventWaitlist() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const bundle = useMessages();
  const { LABELS } = bundle;
  return (
    <Dialog title={LABELS.waitlist} closeTo={`/events${search}`} wide>
      <p>
        <strong>{data.name}</strong> · {LABELS.teamsPaidOf(data.teams, data.maxTeam)}
      </p>
      <DataTable
        columns={waitlistColumnsOf(bundle)}
        rows={data.rows}
        rowKey={(r) => r.id}
        caption={LABELS.waitlistOf(data.name)}
      />
    </Dialog>
  );
}
