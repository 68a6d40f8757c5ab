// /eoi-events/:id/edit: the Edit dialog over the list (ADMIN): the name, required; another live
// EOI event's name (any case) is 'EOI event already exist', the typed name kept. A deleted or
// unknown event is 404. Audited (models/eoi.server.ts).
import "~/i18n/routes/_app.eoi-events.$id.edit";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findEoiEvent, updateEoiEvent } from "~/models/eoi.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { eoiEventSchemaFor } from "~/rules/eoi";
import { EoiEventForm } from "~/components/EoiEventForm";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const event = findEoiEvent(editionOf(request, user).id, idParam(params.id));
  if (!event) notFound();
  return json({ id: event.id, name: event.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const id = idParam(params.id);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, eoiEventSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.fillAll);
  const updated = updateEoiEvent(editionOf(request, user).id, user, id, submission.value.name);
  if (!updated.ok) {
    if (updated.code === "notFound") notFound();
    return replyWithError(submission, MSG.eoiExists, {
      status: 409,
      fieldErrors: { name: [MSG.eoiExists] },
    });
  }
  return redirectWithToast(request, "/eoi-events", { type: "success", message: MSG.eoiUpdated });
}

export default function EditEoiEvent() {
  const event = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.eoiEditEvent} closeTo="/eoi-events">
      <Toasts toasts={[data?.toast]} />
      <EoiEventForm
        key={event.id}
        defaultName={event.name}
        lastResult={data?.result}
        submitLabel={LABELS.rdUpdate}
        task={LABELS.eoiTaskUpdating}
      />
    </Dialog>
  );
}
