// /training-sessions/:id/edit: the Edit Session dialog (ADMIN only; COMMITTEE 403). The same fields
// and sentences as New Session, with Update; max boats may not drop below the boats already
// approved for the session (checked in the write's transaction; the model's sentence, nothing
// changed). Audited.
import "~/i18n/routes/_app.training-sessions.$id.edit";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findSession, updateSession } from "~/models/training.server";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { inBundle } from "~/lib/i18n-text";
import { formatDateTime, toMalaysiaLocal } from "~/rules/format";
import { maxBoatRefusal, previousTimes, sessionFormError, sessionSchemaFor } from "~/rules/training";
import { SessionForm } from "~/components/TrainingForms";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  return json(findSession(editionOf(request, user).id, idParam(params.id)) ?? notFound());
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { MSG } = t;
  const { form, submission } = await parseForm(request, sessionSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, sessionFormError(submission.error, MSG), {
      values: previousTimes(form),
    });
  const updated = updateSession(edition.id, user, id, submission.value);
  if (!updated.ok) {
    if (updated.code === "notFound") notFound();
    // The model's refusal (max boats below the approved ones), said again in the page's language.
    const message =
      maxBoatRefusal(submission.value.maxBoat, findSession(edition.id, id)?.reserved ?? 0, MSG) ??
      inBundle(updated.message, t);
    return replyWithError(submission, message, {
      status: 409,
      fieldErrors: { maxBoat: [message] },
    });
  }
  return redirectWithToast(request, `/training-sessions${new URL(request.url).search}`, {
    type: "success",
    message: MSG.sessionUpdated,
  });
}

export default function EditSession() {
  const session = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  return (
    <Dialog title={LABELS.trEditSession} closeTo={`/training-sessions${search}`}>
      <Toasts toasts={[data?.toast]} />
      <p className="hint">
        {MSG.sessionHeading(
          session.id,
          formatDateTime(session.startTime, locale),
          formatDateTime(session.endTime, locale),
        )}
        ; {MSG.sessionApprovedOf(session.reserved)}
      </p>
      <SessionForm
        key={session.id}
        defaultValue={{
          startTime: toMalaysiaLocal(session.startTime),
          endTime: toMalaysiaLocal(session.endTime),
          maxBoat: String(session.maxBoat),
        }}
        lastResult={data?.result}
        submitLabel={LABELS.rdUpdate}
        task={LABELS.trTaskUpdating}
      />
    </Dialog>
  );
}
