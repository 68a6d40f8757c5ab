// /training-sessions/new: the New Session dialog over the sessions table (ADMIN only; COMMITTEE's
// GET or POST here is 403 and writes nothing). Start Time and End Time (datetime inputs, Malaysia
// time) and Max Boats (at least 1): an empty field (or 0 boats) is 'Make sure to fill in all the
// fields.', an end not after the start 'Make sure start time is earlier than end time.'; a refusal
// keeps everything typed. Audited (models/training.server.ts).
import "~/i18n/routes/_app.training-sessions.new";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createSession } from "~/models/training.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { previousTimes, sessionFormError, sessionSchemaFor } from "~/rules/training";
import { SessionForm } from "~/components/TrainingForms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const t = messagesFor(request);
  const { MSG } = t;
  const { form, submission } = await parseForm(request, sessionSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, sessionFormError(submission.error, MSG), {
      values: previousTimes(form),
    });
  createSession(editionOf(request, user).id, user, submission.value);
  return redirectWithToast(request, `/training-sessions${new URL(request.url).search}`, {
    type: "success",
    message: MSG.sessionCreated,
  });
}

export default function NewSession() {
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.trNewSession} closeTo={`/training-sessions${search}`}>
      <Toasts toasts={[data?.toast]} />
      <SessionForm
        defaultValue={{ startTime: "", endTime: "", maxBoat: "" }}
        lastResult={data?.result}
        submitLabel={LABELS.trCreate}
        task={LABELS.trTaskCreating}
      />
    </Dialog>
  );
}
