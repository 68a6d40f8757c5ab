// /training-reservations/:id: the 'Approve / Reject' dialog over the reservations table (ADMIN and
// COMMITTEE: the spec's reservation screen has no further role check). The action select ('Select
// an action' first, disabled; Approve; Reject), the reject reason and a confirm button labelled
// with what it does (tables/training.tsx DecisionForm: with JavaScript it follows the select and is
// disabled until an action is chosen; without, a first press checks the choice, including the
// session's start and boats, and the answer's button reads Approve or Reject).
// Reject needs a reason ('Please enter a reject reason.'); approving a session that has started or
// past its max boats is refused; the decision is checked again and written in one transaction
// (models/training.server.ts), audited.
// After the commit the club's managers are emailed the decision (a failed email is logged, the
// decision stands). Closing is a link back to the list: reopening starts afresh.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
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
import { type ReservationAction, RESERVATION_ACTIONS } from "~/rules/training-fields";
import { DecisionForm } from "~/tables/training";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "trainingReservations");
  return json(findReservation(idParam(params.id)) ?? notFound());
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  const id = idParam(params.id);
  const t = messagesFor(request);
  const { MSG } = t;
  /** What a decision would refuse now, in the page's language (read only). */
  const refusalNow = (action: ReservationAction) => {
    const reservation = findReservation(id) ?? notFound();
    const session = findSession(reservation.sessionId) ?? notFound();
    return decisionRefusal(
      reservation,
      { startTime: session.startTime, maxBoat: session.maxBoat, approved: session.reserved },
      action,
      Date.now(),
      MSG,
    );
  };
  const { form, submission } = await parseForm(request, decisionSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.reservationPickAction);
  const chosen = submission.value.action;
  // The button names what it does; a press whose label was not the chosen action (the first press
  // without JavaScript, or a select changed after it) only asks again, with the right label. It
  // reads what the decision would check (read only; the decision checks again in its transaction),
  // so a refusal comes on that first press, not on the second.
  if (form.get("confirmed") !== chosen) {
    const refusal = refusalNow(chosen);
    if (refusal) return replyWithError(submission, refusal, { status: 409 });
    return json({ result: submission.reply(), toast: null, confirm: chosen as ReservationAction });
  }
  const decided = decideReservation(user, id, submission.value);
  if (!decided.ok) {
    if (decided.error === "notFound") notFound();
    return replyWithError(submission, refusalNow(chosen) ?? inBundle(decided.message, t), { status: 409 });
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
  const confirm =
    data && "confirm" in data && RESERVATION_ACTIONS.includes(data.confirm) ? data.confirm : null;
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
        <DecisionForm key={JSON.stringify(data ?? null)} lastResult={data?.result} confirm={confirm} />
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
