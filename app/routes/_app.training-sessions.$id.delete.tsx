// /training-sessions/:id/delete: the confirmation step over the sessions table (ADMIN only;
// COMMITTEE 403): 'Deleting session will remove all related data. Continue?' with what goes (its
// reservations: the approved boats and teams, the pending requests) and a POST button; the same
// with and without JavaScript. Audited (the entry records what went).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { requireRole, requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteSession, findSession, reservedTeams } from "~/models/training.server";
import { MSG } from "~/messages";
import { formatDateTime } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const session = findSession(idParam(params.id)) ?? notFound();
  return json({ session, teams: reservedTeams(session.id).length });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  await readForm(request);
  const deleted = deleteSession(user, id);
  if (!deleted.ok) notFound();
  return redirectWithToast(request, `/training-sessions${new URL(request.url).search}`, {
    type: "success",
    message: MSG.sessionDeleted,
  });
}

export default function DeleteSession() {
  const { session, teams } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = `/training-sessions${search}`;
  return (
    <Dialog title="Delete Session" closeTo={back}>
      <p>
        <strong>
          {MSG.sessionHeading(session.id, formatDateTime(session.startTime), formatDateTime(session.endTime))}
        </strong>
      </p>
      <p>{MSG.sessionDeleteConfirm}</p>
      <p className="hint">{MSG.sessionDeleteRelated(session.reserved, teams, session.pending)}</p>
      <PostForm task="Deleting session" preventScrollReset className="actions">
        <button type="submit" className="btn btn-danger">
          Delete
        </button>
        <Link to={back} className="btn" preventScrollReset>
          Cancel
        </Link>
      </PostForm>
    </Dialog>
  );
}
