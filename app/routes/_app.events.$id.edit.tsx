// /events/:id/edit: the Edit dialog over the events table (ADMIN only). The same form as Create
// Event; the name is trimmed but keeps its case (the spec upper-cases on create only). A deleted or
// unknown event is 404.
import "~/i18n/routes/_app.events.$id.edit";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EventExistsError, findEvent } from "~/models/event.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { eventFormError, eventSchemaFor } from "~/lib/schemas.server";
import { eventFormValues } from "~/rules/event-fields";
import { EventForm } from "./_app.events/form";
import { updateEventAndServe } from "~/services/waitlist.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  const event = findEvent(editionOf(request, user).id, idParam(params.id));
  if (!event) notFound();
  return json({ id: event.id, name: event.name, values: eventFormValues(event) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  const edition = editionOf(request, user);
  const bundle = messagesFor(request);
  const { MSG } = bundle;
  const { submission } = await parseForm(request, eventSchemaFor(bundle));
  if (submission.status !== "success")
    return replyWithError(submission, eventFormError(submission.error, bundle));
  let updated: { id: number; name: string } | null;
  try {
    updated = updateEventAndServe(user, edition.id, id, submission.value); // a larger maxTeam frees entries
  } catch (error) {
    if (error instanceof EventExistsError)
      return replyWithError(submission, MSG.eventExists, {
        status: 409,
        fieldErrors: { name: [MSG.eventExists] },
      });
    throw error;
  }
  if (!updated) notFound();
  const back = new URL(request.url).search;
  return redirectWithToast(request, `/events${back}`, { type: "success", message: MSG.eventUpdated });
}

export default function EditEvent() {
  const event = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.editEvent} closeTo={`/events${search}`}>
      <Toasts toasts={[data?.toast]} />
      <EventForm
        key={event.id}
        defaultValue={event.values}
        lastResult={data?.result}
        submitLabel={LABELS.updateEvent}
        task={LABELS.taskUpdatingEvent}
      />
    </Dialog>
  );
}
