// /rounds/new?event=ID: the Create Round dialog over the rounds table (ADMIN). Event, name and
// description are required ('Make sure to fill in all the fields.'); the name is trimmed; a name
// the event already has (any case) is 'Round already exist. Please try with different name.' with
// the name box emptied and everything else kept.
import "~/i18n/routes/_app.rounds.new";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createRound, liveEvents } from "~/models/round.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { parseId } from "~/rules/race-fields";
import { raceFormError, ROUND_FIELDS, roundCreateSchemaFor } from "~/rules/race-schema";
import { RoundForm, useNameCleared } from "~/components/RoundForm";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const events = liveEvents(edition.id);
  const asked = parseId(new URL(request.url).searchParams.get("event"));
  return json({ events, eventId: events.some((e) => e.id === asked) ? asked : null });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, roundCreateSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, raceFormError(submission.error, ROUND_FIELDS, MSG));
  const made = createRound(edition.id, user, submission.value);
  if (!made.ok) {
    if (made.code === "raceTaken") {
      const message = t.LABELS.rcRaceNumberTaken(made.raceNumber, made.holder);
      return replyWithError(submission, message, { status: 409, fieldErrors: { raceNumber: [message] } });
    }
    if (made.code === "exists")
      return replyWithError(submission, MSG.roundExists, {
        status: 409,
        hide: ["name"],
        fieldErrors: { name: [MSG.roundExists] },
      });
    return replyWithError(submission, MSG.roundEventGone, {
      status: 409,
      fieldErrors: { event: [MSG.roundEventGone] },
    });
  }
  return redirectWithToast(request, `/rounds?event=${made.eventId}`, {
    type: "success",
    message: MSG.roundCreated,
  });
}

export default function CreateRound() {
  const { events, eventId } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const nameCleared = useNameCleared(data);
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.rdCreateRound} closeTo={`/rounds${search}`}>
      <Toasts toasts={[data?.toast]} />
      <RoundForm
        events={events}
        defaultValue={{
          event: eventId === null ? "" : String(eventId),
          name: "",
          description: "",
          raceNumber: "",
          scheduledAt: "",
        }}
        lastResult={data?.result}
        submitLabel={LABELS.rdCreateRound}
        task={LABELS.rdTaskCreatingRound}
        nameCleared={nameCleared}
      />
    </Dialog>
  );
}
