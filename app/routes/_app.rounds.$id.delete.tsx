// /rounds/:id/delete?event=ID: the confirmation step over the rounds table (ADMIN): 'Deleting round
// will remove all related data. Continue?' with what goes (its races, scan logs and scoreboard
// entry), and a POST button; the same with and without JavaScript.
import "~/i18n/routes/_app.rounds.$id.delete";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteRound, findRound } from "~/models/round.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = findRound(edition.id, idParam(params.id));
  if (!round) notFound();
  return json(round);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const deleted = deleteRound(edition.id, user, id);
  if (!deleted.ok) notFound();
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
