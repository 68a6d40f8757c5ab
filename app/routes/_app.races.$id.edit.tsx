// /races/:id/edit?event=ID&round=ID: the Edit dialog over the races table, for the results desk
// (ADMIN and COMMITTEE: ADR 0016): lane (required, trimmed; 'Lane already used') and score (free
// text, optional). A race of a deleted event, or none, is 404.
import "~/i18n/routes/_app.races.$id.edit";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findRace, updateRace } from "~/models/race.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { RACE_FIELDS, raceFormError, raceUpdateSchemaFor } from "~/rules/race-schema";
import { EditRaceForm } from "./_app.races/form";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  const race = findRace(edition.id, idParam(params.id));
  if (!race) notFound();
  return json(race);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  const id = idParam(params.id);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, raceUpdateSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, raceFormError(submission.error, RACE_FIELDS, MSG));
  const updated = updateRace(edition.id, user, id, submission.value);
  if (!updated.ok) {
    if (updated.code === "laneUsed")
      return replyWithError(submission, MSG.raceLaneUsed, {
        status: 409,
        fieldErrors: { lane: [MSG.raceLaneUsed] },
      });
    notFound();
  }
  const race = findRace(edition.id, id);
  return redirectWithToast(request, `/races?event=${race?.eventId ?? ""}&round=${updated.roundId}`, {
    type: "success",
    message: MSG.raceUpdated,
  });
}

export default function EditRace() {
  const race = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.rdEditRace} closeTo={`/races${search}`}>
      <Toasts toasts={[data?.toast]} />
      <p className="hint">
        {race.roundName} · <strong>{race.teamName}</strong>
      </p>
      <EditRaceForm
        key={race.id}
        defaultValue={{ lane: race.lane, score: race.score ?? "" }}
        lastResult={data?.result}
      />
    </Dialog>
  );
}
