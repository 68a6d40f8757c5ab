// /races/new?event=ID&round=ID: the Create Race dialog over the races table (ADMIN only; the
// results desk (COMMITTEE) sees no button and its GET or POST here is 403: ADR 0016). Round, lane
// and event team are required ('Make sure to fill in all the fields.'), the lane trimmed; the team
// must be one of the round's event's teams; 'Lane already used' / 'Team already exist' per spec.
import "~/i18n/routes/_app.races.new";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Empty } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createRace, racesOfRound, teamsForRound } from "~/models/race.server";
import { findRound, roundsOfEvent } from "~/models/round.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { parseId } from "~/rules/race-fields";
import { RACE_FIELDS, raceCreateSchemaFor, raceFormError } from "~/rules/race-schema";
import { CreateRaceForm } from "./_app.races/form";

/** The lowest whole-number lane the round does not use yet ("1" for an empty round). */
function nextLane(editionId: number, roundId: number): string {
  const used = new Set(racesOfRound(editionId, roundId).map((r) => r.lane));
  let lane = 1;
  while (used.has(String(lane))) lane++;
  return String(lane);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  requireRole(user, ["ADMIN"]);
  const round = findRound(edition.id, parseId(new URL(request.url).searchParams.get("round")) ?? 0);
  if (!round) notFound();
  return json({
    round: { id: round.id, name: round.name },
    rounds: roundsOfEvent(edition.id, round.eventId).map((r) => ({ id: r.id, name: r.name })),
    teams: teamsForRound(edition.id, round.id),
    lane: nextLane(edition.id, round.id),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  requireRole(user, ["ADMIN"]);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, raceCreateSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, raceFormError(submission.error, RACE_FIELDS, MSG));
  const made = createRace(edition.id, user, submission.value);
  if (!made.ok) {
    const [field, message] =
      made.code === "laneUsed"
        ? (["lane", MSG.raceLaneUsed] as const)
        : made.code === "teamExists"
          ? (["team", MSG.raceTeamExists] as const)
          : made.code === "teamNotInEvent"
            ? (["team", MSG.raceTeamNotInEvent] as const)
            : (["round", MSG.raceRoundGone] as const);
    return replyWithError(submission, message, { status: 409, fieldErrors: { [field]: [message] } });
  }
  const round = findRound(edition.id, made.roundId);
  return redirectWithToast(request, `/races?event=${round?.eventId ?? ""}&round=${made.roundId}`, {
    type: "success",
    message: MSG.raceCreated,
  });
}

export default function CreateRace() {
  const { round, rounds, teams, lane } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <Dialog title={LABELS.rdCreateRace} closeTo={`/races${search}`}>
      <Toasts toasts={[data?.toast]} />
      {teams.length === 0 && !data ? (
        <Empty text={MSG.raceNoTeamsLeft} />
      ) : (
        <CreateRaceForm
          key={round.id}
          rounds={rounds}
          teams={teams}
          defaultValue={{
            round: String(round.id),
            lane,
            team: teams.length === 1 ? String(teams[0].id) : "",
          }}
          lastResult={data?.result}
        />
      )}
    </Dialog>
  );
}
