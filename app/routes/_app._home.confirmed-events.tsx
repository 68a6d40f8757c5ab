// /confirmed-events: the manager's 'View Confirmed Events' dialog over the profile, by event name.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Empty } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { confirmedEvents } from "~/models/association.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "confirmedEvents");
  return json({ events: user.associationId ? confirmedEvents(user.associationId) : [] });
}

export default function ConfirmedEvents() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <Dialog title="Confirmed Events" closeTo="/">
      {events.length === 0 ? (
        <Empty />
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Event</th>
              <th>Event Team</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.teamId}>
                <td>{e.eventName}</td>
                <td>{e.teamName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
