// /events/new: the Create Event dialog over the events table (ADMIN only: COMMITTEE, managers and
// competitors see no button, and their GET or POST here is refused with 403). The spec's defaults
// are prefilled; the name is trimmed and upper-cased on create.
import "~/i18n/routes/_app.events.new";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createEvent, EventExistsError } from "~/models/event.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { eventFormError, eventSchemaFor } from "~/lib/schemas.server";
import { EVENT_DEFAULTS, eventFormValues } from "~/rules/event-fields";
import { EventForm } from "./_app.events/form";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  const bundle = messagesFor(request);
  const { MSG } = bundle;
  const { submission } = await parseForm(request, eventSchemaFor(bundle));
  if (submission.status !== "success")
    return replyWithError(submission, eventFormError(submission.error, bundle));
  try {
    createEvent(user, editionOf(request, user).id, submission.value);
  } catch (error) {
    if (error instanceof EventExistsError)
      return replyWithError(submission, MSG.eventExists, {
        status: 409,
        fieldErrors: { name: [MSG.eventExists] },
      });
    throw error;
  }
  const back = new URL(request.url).search;
  return redirectWithToast(request, `/events${back}`, { type: "success", message: MSG.eventCreated });
}

const DEFAULTS = eventFormValues(EVENT_DEFAULTS);

export default function CreateEvent() {
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.createEvent} closeTo={`/events${search}`}>
      <Toasts toasts={[data?.toast]} />
      <EventForm
        defaultValue={DEFAULTS}
        lastResult={data?.result}
        submitLabel={LABELS.createEvent}
        task={LABELS.taskCreatingEvent}
      />
    </Dialog>
  );
}
