// /rounds/:id/delete?event=ID: the confirmation step over the rounds table (ADMIN): 'Deleting round
// will remove all related data. Continue?' with what goes (its races, scan logs and scoreboard
// entry), and a POST button; the same with and without JavaScript.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteRound, findRound } from "~/models/round.server";
import { MSG } from "~/messages";
import { parseId } from "~/rules/race-fields";

function roundId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "rounds");
  const round = findRound(roundId(params.id));
  if (!round) throw new Response("Not Found", { status: 404 });
  return json(round);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const id = roundId(params.id);
  await readForm(request);
  const deleted = deleteRound(user, id);
  if (!deleted.ok) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(request, `/rounds?event=${deleted.eventId}`, {
    type: "success",
    message: MSG.roundDeleted,
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function DeleteRound() {
  const round = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const goes = [
    plural(round.races, "race", "races"),
    plural(round.scanLogs, "scan log", "scan logs"),
    round.onScoreboard ? "its scoreboard entry" : "no scoreboard entry",
  ];
  return (
    <Dialog title="Delete Round" closeTo={`/rounds${search}`}>
      <p>
        <strong>{round.name}</strong>
      </p>
      <p>{MSG.roundDeleteConfirm}</p>
      <p className="hint">Related data: {goes.join(", ")}.</p>
      <PostForm task="Deleting round" preventScrollReset className="actions">
        <button type="submit" className="btn btn-danger">
          Delete
        </button>
        <Link to={`/rounds${search}`} className="btn" preventScrollReset>
          Cancel
        </Link>
      </PostForm>
    </Dialog>
  );
}
