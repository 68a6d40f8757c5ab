// /eoi-events/:id/delete: the confirmation step over the list (ADMIN): 'Deleting EOI event will
// remove all related data. Continue?' with what goes (the interest of the teams that ticked it),
// and a POST button; the same with and without JavaScript. Audited (models/eoi.server.ts).
import "~/i18n/routes/_app.eoi-events.$id.delete";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteEoiEvent, findEoiEvent } from "~/models/eoi.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const event = findEoiEvent(editionOf(request, user).id, idParam(params.id));
  if (!event) notFound();
  return json(event);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const deleted = deleteEoiEvent(editionOf(request, user).id, user, id);
  if (!deleted.ok) notFound();
  return redirectWithToast(request, "/eoi-events", {
    type: "success",
    message: messagesFor(request).MSG.eoiDeleted,
  });
}

export default function DeleteEoiEvent() {
  const event = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.eoiDeleteEvent}
      back="/eoi-events"
      subject={<strong>{event.name}</strong>}
      sentence={MSG.eoiDeleteConfirm}
      note={MSG.eoiDeleteRelated(event.teams)}
      confirmLabel={LABELS.rdDelete}
      backLabel={LABELS.cancel}
      task={LABELS.eoiTaskDeleting}
    />
  );
}
