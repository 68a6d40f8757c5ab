// /training-sessions/:id/delete: the confirmation step over the sessions table (ADMIN only;
// COMMITTEE 403): 'Deleting session will remove all related data. Continue?' with what goes (its
// reservations: the approved boats and teams, the pending requests) and a POST button; the same
// with and without JavaScript. Audited (the entry records what went).
import "~/i18n/routes/_app.training-sessions.$id.delete";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteSession, findSession, reservedTeams } from "~/models/training.server";
import { formatDateTime } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const edition = editionOf(request, user);
  const session = findSession(edition.id, idParam(params.id)) ?? notFound();
  return json({
    session,
    teams: new Set(reservedTeams(edition.id, session.id).map((t) => t.associationId)).size,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const deleted = deleteSession(editionOf(request, user).id, user, id);
  if (!deleted.ok) notFound();
  return redirectWithToast(request, `/training-sessions${new URL(request.url).search}`, {
    type: "success",
    message: messagesFor(request).MSG.sessionDeleted,
  });
}

export default function DeleteSession() {
  const { session, teams } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  return (
    <ConfirmStep
      title={LABELS.trDeleteSession}
      back={`/training-sessions${search}`}
      subject={
        <strong>
          {MSG.sessionHeading(
            session.id,
            formatDateTime(session.startTime, locale),
            formatDateTime(session.endTime, locale),
          )}
        </strong>
      }
      sentence={MSG.sessionDeleteConfirm}
      note={MSG.sessionDeleteRelated(session.reserved, teams, session.pending)}
      confirmLabel={LABELS.rdDelete}
      backLabel={LABELS.cancel}
      task={LABELS.trTaskDeleting}
    />
  );
}
