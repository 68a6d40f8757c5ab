// /eoi-events/:id/delete: the confirmation step over the list (ADMIN): 'Deleting EOI event will
// remove all related data. Continue?' with what goes (the interest of the teams that ticked it),
// and a POST button; the same with and without JavaScript. Audited (models/eoi.server.ts).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteEoiEvent, findEoiEvent } from "~/models/eoi.server";
import { MSG } from "~/messages";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "eoiEvents");
  const event = findEoiEvent(idParam(params.id));
  if (!event) notFound();
  return json(event);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const id = idParam(params.id);
  await readForm(request);
  const deleted = deleteEoiEvent(user, id);
  if (!deleted.ok) notFound();
  return redirectWithToast(request, "/eoi-events", { type: "success", message: MSG.eoiDeleted });
}

export default function DeleteEoiEvent() {
  const event = useLoaderData<typeof loader>();
  return (
    <Dialog title="Delete EOI Event" closeTo="/eoi-events">
      <p>
        <strong>{event.name}</strong>
      </p>
      <p>{MSG.eoiDeleteConfirm}</p>
      <p className="hint">{MSG.eoiDeleteRelated(event.teams)}</p>
      <PostForm task="Deleting EOI event" preventScrollReset className="actions">
        <button type="submit" className="btn btn-danger">
          Delete
        </button>
        <Link to="/eoi-events" className="btn" preventScrollReset>
          Cancel
        </Link>
      </PostForm>
    </Dialog>
  );
}
