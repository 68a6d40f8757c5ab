// /training/:id/cancel (MANAGER): the confirmation step of Cancel Request over Training Booking, the
// same with and without JavaScript. Only the club's own pending request is cancelled
// (cancelBooking checks the club and the status in its one UPDATE); another club's request, or a
// missing one, is 404 here and refused (nothing changed) when posted.
import "~/i18n/routes/_app.training.$id.cancel";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cancelBooking, findReservation } from "~/models/training.server";
import { formatDateTime } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "training");
  const { MSG } = messagesFor(request);
  const found = findReservation(editionOf(request, user).id, idParam(params.id));
  if (!found || user.associationId === null || found.associationId !== user.associationId) notFound();
  if (found.status !== "PENDING")
    throw await redirectWithToast(request, `/training${new URL(request.url).search}`, {
      type: "warning",
      message: MSG.bookingNotCancellable,
    });
  return json({ id: found.id, startTime: found.startTime, endTime: found.endTime, boat: found.boat });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "training");
  const { MSG } = messagesFor(request);
  await parseForm(request, NO_FIELDS);
  const id = idParam(params.id);
  const back = `/training${new URL(request.url).search}`;
  // The club is the signed-in manager's, never the form's; the model refuses anyone else's request.
  const done =
    user.associationId !== null &&
    cancelBooking(editionOf(request, user).id, user.associationId, id) === "cancelled";
  if (!done) return redirectWithToast(request, back, { type: "warning", message: MSG.bookingNotCancellable });
  return redirectWithToast(request, back, { type: "success", message: MSG.bookingCancelled });
}

export default function CancelRequest() {
  const r = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  /** A time that never breaks across lines. */
  const when = (t: number) => formatDateTime(t, locale).replace(/ /g, "\u00a0");
  return (
    <ConfirmStep
      title={LABELS.trCancelRequest}
      back={`/training${search}`}
      subject={`${when(r.startTime)} – ${when(r.endTime)} · ${LABELS.trBoats(r.boat)}`}
      sentence={MSG.bookingCancelConfirm}
      confirmLabel={LABELS.trYesCancelRequest}
      backLabel={LABELS.confirmNo}
      task={LABELS.trTaskCancelling}
    />
  );
}
