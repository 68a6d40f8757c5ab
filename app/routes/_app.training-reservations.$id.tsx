// /training-reservations/:id: the 'Approve / Reject' dialog over the reservations table (ADMIN and
// COMMITTEE: the spec's reservation screen has no further role check). The action select ('Select
// an action' first, disabled; Approve; Reject) shows the chosen action's part: the reject reason
// and a Reject button, or an Approve button (components/TrainingTables.tsx DecisionForm). Each
// button posts its own action, so the first press decides, with and without JavaScript.
// Reject needs a reason ('Please enter a reject reason.'); approving a session that has started or
// past its max boats is refused; the decision is checked and written in one transaction
// (models/training.server.ts), audited.
// After the commit the club's managers are emailed the decision (a failed email is logged, the
// decision stands). Closing is a link back to the list: reopening starts afresh.
import "~/i18n/routes/_app.training-reservations.$id";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sendReservationDecisionEmails } from "~/services/training-mail.server";
import { idParam, notFound } from "~/lib/params.server";
import { clubManagers, decideReservation, findReservation, findSession } from "~/models/training.server";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { inBundle } from "~/lib/i18n-text";
import { formatDateTime } from "~/rules/format";
import { decisionRefusal, decisionSchemaFor } from "~/rules/training";
import type { ReservationAction } from "~/rules/training-fields";
import { DecisionForm } from "~/components/TrainingForms";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  return json(findReservation(editionOf(request, user).id, idParam(params.id)) ?? notFound());
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  const id = idParam(params.id);
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { MSG } = t;
  /** What a decision would refuse now, in the page's language (read only). */
  const refusalNow = (action: ReservationAction) => {
    const reservation = findReservation(edition.id, id) ?? notFound();
    const session = findSession(edition.id, reservation.sessionId) ?? notFound();
    return decisionRefusal(
      reservation,
      { startTime: session.startTime, maxBoat: session.maxBoat, approved: session.reserved },
      action,
      Date.now(),
      MSG,
    );
  };
  const { submission } = await parseForm(request, decisionSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.reservationPickAction);
  const decided = decideReservation(edition.id, user, id, submission.value);
  if (!decided.ok) {
    if (decided.code === "notFound") notFound();
    return replyWithError(submission, refusalNow(submission.value.action) ?? inBundle(decided.message, t), {
      status: 409,
    });
  }
  await sendReservationDecisionEmails(
    clubManagers(decided.reservation.associationId),
    decided.reservation,
    decided.status,
  );
  return redirectWithToast(request, `/training-reservations${new URL(request.url).search}`, {
    type: "success",
    message: MSG.reservationUpdated,
  });
}

export default function DecideReservation() {
  const reservation = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const back = `/training-reservations${search}`;
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  return (
    <Dialog title={LABELS.trApproveReject} closeTo={back}>
      <Toasts toasts={[data?.toast]} />
      <p>
        <strong>{reservation.team}</strong>{" "}
        {MSG.reservationAsks(reservation.status === "PENDING", reservation.boat)}
      </p>
      <p className="hint">
        {MSG.reservationOfSession(
          reservation.id,
          formatDateTime(reservation.startTime, locale),
          formatDateTime(reservation.endTime, locale),
        )}
      </p>
      {reservation.status === "PENDING" ? (
        // A new answer remounts the form, so the button starts from what the server read.
        <DecisionForm key={JSON.stringify(data ?? null)} lastResult={data?.result} />
      ) : (
        <>
          <p>{MSG.reservationNotPending}</p>
          <p className="actions">
            <Link to={back} className="btn" preventScrollReset>
              {LABELS.close}
            </Link>
          </p>
        </>
      )}
    </Dialog>
  );
}
