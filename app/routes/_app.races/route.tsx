// /races (ADMIN and COMMITTEE): 'All Races'. Pick an event, then one of its rounds (two GET forms:
// ?event=ID&round=ID); its races (id, event team, lane, score) with Download CSV. The results desk
// (ADMIN and COMMITTEE) edits a race's lane and score (/races/:id/edit) and enters the round's
// scores at once (Enter Scores: ?mode=scores, one box per race, one Save Scores POSTed here). Only
// ADMIN creates (/races/new) and deletes (/races/:id/delete) races: ADR 0016. Dialogs are child
// routes rendered through <Outlet/>, keeping the query.
import "~/i18n/routes/_app.races";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CsvLink, DataTable } from "~/components/DataTable";
import { Empty, Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { hasRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { scoresRoundSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { racesOfRound, saveScores } from "~/models/race.server";
import { findRound, liveEvents, roundsOfEvent } from "~/models/round.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { parseId, SCORES_MAX, SCORE_MAX } from "~/rules/race-fields";
import { parseScores } from "~/rules/race-schema";
import { RoundPicker, ScoresForm, screenRaceColumnsOf } from "./table";
import { EventPicker } from "~/components/SelectStep";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.races);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  const query = new URL(request.url).searchParams;
  const events = liveEvents(edition.id);
  const askedEvent = parseId(query.get("event"));
  const event = events.find((e) => e.id === askedEvent) ?? null;
  const rounds = event ? roundsOfEvent(edition.id, event.id) : [];
  const askedRound = parseId(query.get("round"));
  const round = rounds.find((r) => r.id === askedRound) ?? null;
  const races = round ? racesOfRound(edition.id, round.id) : [];
  return json({
    events,
    event,
    rounds: rounds.map((r) => ({ id: r.id, name: r.name, races: r.races })),
    round: round ? { id: round.id, name: round.name, description: round.description } : null,
    races,
    scoresMode: query.get("mode") === "scores" && races.length > 0,
    canCreate: hasRole(user, "ADMIN"),
  });
}

/** Save Scores (ADMIN and COMMITTEE): the round's score boxes in one transaction, audited. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  const { MSG, LABELS } = messagesFor(request);
  const { form, value } = await parseFixedForm(request, scoresRoundSchema);
  const round = findRound(edition.id, value.round);
  if (!round) return redirectWithToast(request, "/races", { type: "error", message: MSG.raceRoundGone });
  const back = `/races?event=${round.eventId}&round=${round.id}`;
  const parsed = parseScores(form, SCORES_MAX);
  if (!parsed.ok) {
    if (parsed.error === "malformed") throw new Response("Bad Request", { status: 400 });
    const message = MSG.tooLong(LABELS.rdScore, SCORE_MAX);
    return json({ typed: parsed.typed, error: message, toast: { type: "error" as const, message } }, 400);
  }
  const saved = saveScores(edition.id, user, round.id, parsed.entries);
  if (!saved.ok) {
    if (saved.code === "roundGone")
      return redirectWithToast(request, "/races", { type: "error", message: MSG.raceRoundGone });
    return redirectWithToast(request, `${back}&mode=scores`, { type: "error", message: MSG.scoresStale });
  }
  return redirectWithToast(request, back, { type: "success", message: MSG.scoresSaved });
}

export default function Races() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { search } = useLocation();
  const here = data.round ? `/races?event=${data.event?.id}&round=${data.round.id}` : "/races";
  const t = useMessages();
  const { MSG, TITLES, LABELS } = t;
  return (
    <Screen
      title={TITLES.races}
      actions={
        data.round ? (
          <>
            <CsvLink href="/races.csv" />
            {data.races.length > 0 && !data.scoresMode ? (
              <FastLink to={`${here}&mode=scores`} className="btn" preventScrollReset>
                {LABELS.rdEnterScores}
              </FastLink>
            ) : null}
            {data.canCreate ? (
              <FastLink to={`/races/new${search}`} className="btn btn-primary" preventScrollReset>
                {LABELS.rdCreateRace}
              </FastLink>
            ) : null}
          </>
        ) : null
      }
    >
      <Toasts toasts={[refused?.toast]} />
      <div className="crew-pickers race-pickers">
        <EventPicker
          events={data.events}
          eventId={data.event?.id ?? null}
          action="/races"
          submitLabel={LABELS.rdShowRounds}
        />
        {data.event ? (
          data.rounds.length === 0 ? (
            <Empty text={LABELS.rdNoRoundsYet} />
          ) : (
            <RoundPicker eventId={data.event.id} rounds={data.rounds} roundId={data.round?.id ?? null} />
          )
        ) : null}
      </div>
      {data.round ? (
        <>
          <h2 className="table-title">{data.round.name}</h2>
          {data.scoresMode ? (
            <ScoresForm
              action={`${here}&mode=scores`}
              roundId={data.round.id}
              races={data.races}
              typed={refused?.typed ?? null}
              error={refused?.error ?? null}
              cancelTo={here}
            />
          ) : (
            <DataTable
              columns={screenRaceColumnsOf(t, data.canCreate)}
              rows={data.races}
              rowKey={(r) => r.id}
              caption={LABELS.rdRacesOf(data.round.name)}
            />
          )}
        </>
      ) : (
        <Empty text={MSG.racePickRound} />
      )}
      <Outlet />
    </Screen>
  );
}
