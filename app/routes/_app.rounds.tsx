// /rounds (ADMIN): 'All Rounds'. Pick an event (a GET form, ?event=ID), then its rounds (id, name,
// description, races, progression plan) with Create Round and per row Edit, Delete, Generate Draw
// and Progress, and Plan (and Undo seeding for a round its plan seeded): child routes rendered over
// the table through <Outlet/> (/rounds/new, /rounds/:id/edit, /rounds/:id/delete, /rounds/:id/draw,
// /rounds/:id/progress, /rounds/:id/plan, /rounds/:id/unseed), each keeping ?event= in the URL.
import "~/i18n/routes/_app.rounds";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { ListActions } from "~/components/ListToolbar";
import { Empty, Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { progressionOfEvent } from "~/models/progression.server";
import { liveEvents, roundsOfEvent } from "~/models/round.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { parseId } from "~/rules/race-fields";
import { roundColumnsOf } from "~/components/RoundTables";
import { EventPicker } from "~/components/SelectStep";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.rounds);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const events = liveEvents(edition.id);
  const asked = parseId(new URL(request.url).searchParams.get("event"));
  const event = events.find((e) => e.id === asked) ?? null;
  return json({
    events,
    event,
    rounds: event ? roundsOfEvent(edition.id, event.id) : [],
    progression: event ? progressionOfEvent(edition.id, event.id) : { plans: [], seeded: [] },
  });
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
          <ListActions create={{ to: `/rounds/new?event=${data.event.id}`, label: LABELS.rdCreateRound }} />
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
            columns={roundColumnsOf(t, data.progression)}
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
