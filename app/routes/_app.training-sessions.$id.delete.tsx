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
import { redirectWithToast } from "~/lib/toast.server";
import { deleteSession, findSession, reservedTeams } from "~/models/training.server";
import { MSG } from "~/messages";
import { formatDateTime } from "~/rules/format";
import { parseId } from "~/rules/race-fields";

function sessionId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const session = findSession(sessionId(params.id));
  if (!session) throw new Response("Not Found", { status: 404 });
  return json({ session, teams: reservedTeams(session.id).length });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const id = sessionId(params.id);
  await readForm(request);
  const deleted = deleteSession(user, id);
  if (!deleted.ok) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(request, `/training-sessions${new URL(request.url).search}`, {
    type: "success",
    message: MSG.sessionDeleted,
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function DeleteSession() {
  const { session, teams } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = `/training-sessions${search}`;
  return (
    <Dialog title="Delete Session" closeTo={back}>
      <p>
        <strong>
          Session #{session.id}: {formatDateTime(session.startTime)} to {formatDateTime(session.endTime)}
        </strong>
      </p>
      <p>{MSG.sessionDeleteConfirm}</p>
      <p className="hint">
        {`Related data: ${plural(session.reserved, "approved boat", "approved boats")} (${plural(teams, "team", "teams")}), ${plural(session.pending, "pending request", "pending requests")} and any rejected or cancelled requests. The teams are not emailed.`}
      </p>
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
