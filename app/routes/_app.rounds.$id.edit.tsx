// /rounds/:id/edit?event=ID: the Edit dialog over the rounds table (ADMIN): name and description
// (both required); the round stays in its event. A name another round of the event has (any case)
// is 'Round already exist' with the name box emptied. A round of a deleted event, or none, is 404.
import "~/i18n/routes/_app.rounds.$id.edit";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findRound, updateRound } from "~/models/round.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { raceFormError, ROUND_FIELDS, roundUpdateSchemaFor } from "~/rules/race-schema";
import { RoundForm, useNameCleared } from "~/components/RoundForm";
import { toMalaysiaLocal } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = findRound(edition.id, idParam(params.id));
  if (!round) notFound();
  return json({
    id: round.id,
    eventName: round.eventName,
    name: round.name,
    description: round.description,
    raceNumber: round.raceNumber,
    scheduledAt: round.scheduledAt,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const id = idParam(params.id);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, roundUpdateSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, raceFormError(submission.error, ROUND_FIELDS, MSG));
  const updated = updateRound(edition.id, user, id, submission.value);
  if (!updated.ok) {
    if (updated.code === "raceTaken") {
      const message = t.LABELS.rcRaceNumberTaken(updated.raceNumber, updated.holder);
      return replyWithError(submission, message, { status: 409, fieldErrors: { raceNumber: [message] } });
    }
    if (updated.code === "exists")
      return replyWithError(submission, MSG.roundExists, {
        status: 409,
        hide: ["name"],
        fieldErrors: { name: [MSG.roundExists] },
      });
    notFound();
  }
  return redirectWithToast(request, `/rounds?event=${updated.eventId}`, {
    type: "success",
    message: MSG.roundUpdated,
  });
}

export default function EditRound() {
  const round = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const nameCleared = useNameCleared(data);
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.rdEditRound} closeTo={`/rounds${search}`}>
      <Toasts toasts={[data?.toast]} />
      <p className="hint">{round.eventName}</p>
      <RoundForm
        key={round.id}
        defaultValue={{
          name: round.name,
          description: round.description,
          raceNumber: round.raceNumber === null ? "" : String(round.raceNumber),
          scheduledAt: round.scheduledAt === null ? "" : toMalaysiaLocal(round.scheduledAt),
        }}
        lastResult={data?.result}
        submitLabel={LABELS.rdUpdateRound}
        task={LABELS.rdTaskUpdatingRound}
        nameCleared={nameCleared}
      />
    </Dialog>
  );
}
