// /training-sessions/:id/edit: the Edit Session dialog (ADMIN only; COMMITTEE 403). The same fields
// and sentences as New Session, with Update; max boats may not drop below the boats already
// approved for the session (checked in the write's transaction; the model's sentence, nothing
// changed). Audited.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/lib/access.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findSession, updateSession } from "~/models/training.server";
import { MSG } from "~/messages";
import { formatDateTime, toMalaysiaLocal } from "~/rules/format";
import { sessionFormError, sessionSchema } from "~/rules/training";
import { SessionForm } from "~/tables/training";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  return json(findSession(idParam(params.id)) ?? notFound());
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  requireRole(user, ["ADMIN"]);
  const id = idParam(params.id);
  const { submission } = await parseForm(request, sessionSchema);
  if (submission.status !== "success") return replyWithError(submission, sessionFormError(submission.error));
  const updated = updateSession(user, id, submission.value);
  if (!updated.ok) {
    if (updated.error === "notFound") notFound();
    return replyWithError(submission, updated.message, {
      status: 409,
      fieldErrors: { maxBoat: [updated.message] },
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
  return (
    <Dialog title="Edit Session" closeTo={`/training-sessions${search}`}>
      <Toasts toasts={[data?.toast]} />
      <p className="hint">
        {MSG.sessionHeading(session.id, formatDateTime(session.startTime), formatDateTime(session.endTime))};{" "}
        {MSG.sessionApprovedOf(session.reserved)}
      </p>
      <SessionForm
        key={session.id}
        defaultValue={{
          startTime: toMalaysiaLocal(session.startTime),
          endTime: toMalaysiaLocal(session.endTime),
          maxBoat: String(session.maxBoat),
        }}
        lastResult={data?.result}
        submitLabel="Update"
        task="Updating session"
      />
    </Dialog>
  );
}
