// /races/:id/delete?event=ID&round=ID: the confirmation step over the races table (ADMIN only;
// COMMITTEE's GET or POST is 403: ADR 0016): 'Deleting race will remove all related data.
// Continue?' with what goes (the scan logs of its team in its round) and a POST button.
import "~/i18n/routes/_app.races.$id.delete";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteRace, findRace } from "~/models/race.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  requireRole(user, ["ADMIN"]);
  const race = findRace(edition.id, idParam(params.id));
  if (!race) notFound();
  return json(race);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const race = findRace(edition.id, id);
  const deleted = deleteRace(edition.id, user, id);
  if (!race || !deleted.ok) notFound();
  return redirectWithToast(request, `/races?event=${race.eventId}&round=${race.roundId}`, {
    type: "success",
    message: messagesFor(request).MSG.raceDeleted,
  });
}

export default function DeleteRace() {
  const race = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.rdDeleteRace}
      back={`/races${search}`}
      subject={
        <>
          <strong>{race.teamName}</strong> · {LABELS.rdLaneN(race.lane)} · {race.roundName}
        </>
      }
      sentence={MSG.raceDeleteConfirm}
      note={LABELS.rdRaceRelated(race.scanLogs)}
      confirmLabel={LABELS.rdDelete}
      backLabel={LABELS.cancel}
      task={LABELS.rdTaskDeletingRace}
    />
  );
}
