// /rounds/:id/delete?event=ID: the confirmation step over the rounds table (ADMIN): 'Deleting round
// will remove all related data. Continue?' with what goes (its races, scan logs and scoreboard
// entry), and a POST button; the same with and without JavaScript.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/lib/access.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteRound, findRound } from "~/models/round.server";
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
  await parseFixedForm(request, NO_FIELDS);
  const deleted = deleteRound(user, id);
  if (!deleted.ok) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(request, `/rounds?event=${deleted.eventId}`, {
    type: "success",
    message: messagesFor(request).MSG.roundDeleted,
  });
}

export default function DeleteRound() {
  const round = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const goes = [
    LABELS.rdNRaces(round.races),
    LABELS.rdNScanLogs(round.scanLogs),
    round.onScoreboard ? LABELS.rdItsScoreboardEntry : LABELS.rdNoScoreboardEntry,
  ];
  return (
    <ConfirmStep
      title={LABELS.rdDeleteRound}
      back={`/rounds${search}`}
      subject={<strong>{round.name}</strong>}
      sentence={MSG.roundDeleteConfirm}
      note={LABELS.rdRelated(goes.join(", "))}
      confirmLabel={LABELS.rdDelete}
      backLabel={LABELS.cancel}
      task={LABELS.rdTaskDeletingRound}
    />
  );
}
