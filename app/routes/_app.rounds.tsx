// /rounds (ADMIN): 'All Rounds'. Pick an event (a GET form, ?event=ID), then its rounds (id, name,
// description, races) with Create Round and per row Edit, Delete, Generate Draw and Progress: child
// routes rendered over the table through <Outlet/> (/rounds/new, /rounds/:id/edit,
// /rounds/:id/delete, /rounds/:id/draw, /rounds/:id/progress), each keeping ?event= in the URL.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { DataTable } from "~/components/DataTable";
import { Empty, Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { liveEvents, roundsOfEvent } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import { parseId } from "~/rules/race-fields";
import { EventPicker, roundColumnsOf } from "~/tables/rounds";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.rounds);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "rounds");
  const events = liveEvents();
  const asked = parseId(new URL(request.url).searchParams.get("event"));
  const event = events.find((e) => e.id === asked) ?? null;
  return json({ events, event, rounds: event ? roundsOfEvent(event.id) : [] });
}

export default function Rounds() {
  const data = useLoaderData<typeof loader>();
  const t = useMessages();
  const { MSG, TITLES, LABELS } = t;
  return (
    <Screen
      title={TITLES.rounds}
      actions={
        data.event ? (
          <FastLink to={`/rounds/new?event=${data.event.id}`} className="btn btn-primary" preventScrollReset>
            {LABELS.rdCreateRound}
          </FastLink>
        ) : null
      }
    >
      <div className="crew-pickers race-pickers">
        <EventPicker
          events={data.events}
          eventId={data.event?.id ?? null}
          action="/rounds"
          submitLabel={LABELS.rdShowRounds}
        />
      </div>
      {data.event ? (
        <>
          <h2 className="table-title">{data.event.name}</h2>
          <DataTable
            columns={roundColumnsOf(t)}
            rows={data.rounds}
            rowKey={(r) => r.id}
            caption={LABELS.rdRoundsOf(data.event.name)}
          />
        </>
      ) : (
        <Empty text={MSG.roundPickEvent} />
      )}
      <Outlet />
    </Screen>
  );
}
