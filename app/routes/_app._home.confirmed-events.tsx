// /confirmed-events: the manager's 'View Confirmed Events' dialog over the profile: the club's event
// teams of live events (a team exists once its entry is paid), by event name.
import "~/i18n/routes/_app._home.confirmed-events";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { useMessages } from "~/i18n/useMessages";
import { requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { assignedEvents } from "~/models/event.server";
import { EventTeamsTable } from "./_app._home/event-teams";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "confirmedEvents");
  return json({ events: assignedEvents(editionOf(request, user).id, user, scopeOf(user)) });
}

export default function ConfirmedEvents() {
  const { events } = useLoaderData<typeof loader>();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.confirmedEvents} closeTo="/">
      <EventTeamsTable rows={events} caption={LABELS.confirmedEvents} />
    </Dialog>
  );
}
