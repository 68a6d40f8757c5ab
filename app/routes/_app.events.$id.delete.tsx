// /events/:id/delete: the confirmation step over the events table (ADMIN only): the spec's
// 'Deleting event will remove all related data. Continue?' and a POST button, the same with and
// without JavaScript. Delete is soft: the event leaves every list; its teams and orders stay.
import "~/i18n/routes/_app.events.$id.delete";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteEvent, findEvent } from "~/models/event.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  const event = findEvent(editionOf(request, user).id, idParam(params.id));
  if (!event) notFound();
  return json({ id: event.id, name: event.name, teams: event.teams });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const { MSG } = messagesFor(request);
  if (!deleteEvent(user, editionOf(request, user).id, id)) notFound();
  const back = new URL(request.url).search;
  return redirectWithToast(request, `/events${back}`, { type: "success", message: MSG.eventDeleted });
}

export default function DeleteEvent() {
  const event = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <Dialog title={LABELS.deleteEvent} closeTo={`/events${search}`}>
      <p>
        <strong>{event.name}</strong>
      </p>
      <p>{MSG.eventDeleteConfirm}</p>
      <PostForm task={LABELS.taskDeletingEvent} preventScrollReset className="actions">
        <button type="submit" className="btn btn-danger">
          {LABELS.delete}
        </button>
        <Link to={`/events${search}`} className="btn" preventScrollReset>
          {LABELS.cancel}
        </Link>
      </PostForm>
    </Dialog>
  );
}
