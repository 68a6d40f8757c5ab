// /training-reservations/:id: the 'Approve / Reject' dialog over the reservations table (ADMIN and
// COMMITTEE: the spec's reservation screen has no further role check). The action select ('Select
// an action' first, disabled; Approve; Reject), the reject reason and a confirm button labelled
// with what it does (tables/training.tsx DecisionForm: with JavaScript it follows the select;
// without, a first press checks the choice and the answer's button reads Approve or Reject).
// Reject needs a reason ('Please enter a reject reason.'); approving past the session's max boats is
// refused; both are checked and written in one transaction (models/training.server.ts), audited.
// After the commit the club's managers are emailed the decision (a failed email is logged, the
// decision stands). Closing is a link back to the list: reopening starts afresh.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sendReservationDecisionEmails } from "~/lib/training-mail.server";
import { clubManagers, decideReservation, findReservation } from "~/models/training.server";
import { MSG } from "~/messages";
import { formatDateTime } from "~/rules/format";
import { parseId } from "~/rules/race-fields";
import { decisionSchema } from "~/rules/training";
import { type ReservationAction, RESERVATION_ACTIONS } from "~/rules/training-fields";
import { DecisionForm } from "~/tables/training";

function reservationId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "trainingReservations");
  const reservation = findReservation(reservationId(params.id));
  if (!reservation) throw new Response("Not Found", { status: 404 });
  return json(reservation);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "trainingReservations");
  const id = reservationId(params.id);
  const { form, submission } = await parseForm(request, decisionSchema);
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.reservationPickAction);
  const chosen = submission.value.action;
  // The button names what it does; a press whose label was not the chosen action (the first press
  // without JavaScript, or a select changed after it) only asks again, with the right label.
  if (form.get("confirmed") !== chosen)
    return json({ result: submission.reply(), toast: null, confirm: chosen as ReservationAction });
  const decided = decideReservation(user, id, submission.value);
  if (!decided.ok) {
    if (decided.error === "notFound") throw new Response("Not Found", { status: 404 });
    return replyWithError(submission, decided.message, { status: 409 });
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
  const confirm =
    data && "confirm" in data && RESERVATION_ACTIONS.includes(data.confirm) ? data.confirm : null;
  return (
    <Dialog title="Approve / Reject" closeTo={back}>
      <Toasts toasts={[data?.toast]} />
      <p>
        <strong>{reservation.team}</strong> {reservation.status === "PENDING" ? "asks" : "asked"} for{" "}
        {reservation.boat} {reservation.boat === 1 ? "boat" : "boats"}.
      </p>
      <p className="hint">
        Reservation #{reservation.id}, session {formatDateTime(reservation.startTime)} to{" "}
        {formatDateTime(reservation.endTime)} (Malaysia time).
      </p>
      {reservation.status === "PENDING" ? (
        // A new answer remounts the form, so the button starts from what the server read.
        <DecisionForm key={JSON.stringify(data ?? null)} lastResult={data?.result} confirm={confirm} />
      ) : (
        <>
          <p>{MSG.reservationNotPending}</p>
          <p className="actions">
            <Link to={back} className="btn" preventScrollReset>
              Close
            </Link>
          </p>
        </>
      )}
    </Dialog>
  );
}
