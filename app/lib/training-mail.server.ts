// The email a club's managers get when staff approve or reject their boat request (issue 11). Sent
// after the decision's commit; a failed email is logged and the decision stands.
import { env } from "./env.server";
import { mailLayout, sendMail } from "./mailer.server";
import { formatDateTime } from "~/rules/format";
import type { ReservationRow } from "~/models/training.server";

export const RESERVATION_SUBJECT = {
  APPROVED: "Your training boat request has been approved",
  REJECTED: "Your training boat request has been rejected",
} as const;

export function reservationDecisionLines(res: ReservationRow, status: "APPROVED" | "REJECTED"): string[] {
  const boats = `${res.boat} ${res.boat === 1 ? "boat" : "boats"}`;
  const when = `${formatDateTime(res.startTime)} to ${formatDateTime(res.endTime)} (Malaysia time)`;
  return status === "APPROVED"
    ? [`Your request for ${boats} in the training session of ${when} has been approved.`]
    : [
        `Your request for ${boats} in the training session of ${when} has been rejected.`,
        `Reason: ${res.rejectReason ?? ""}`,
      ];
}

/** Emails each manager of the club; each on its own, failures logged. */
export async function sendReservationDecisionEmails(
  managers: { id: number; email: string; name: string }[],
  res: ReservationRow,
  status: "APPROVED" | "REJECTED",
): Promise<void> {
  await Promise.allSettled(
    managers.map((m) =>
      sendMail({
        to: m.email,
        subject: RESERVATION_SUBJECT[status],
        ...mailLayout(
          status === "APPROVED" ? "Boat request approved" : "Boat request rejected",
          [`Hello ${m.name || m.email},`, ...reservationDecisionLines(res, status)],
          { href: `${env().APP_URL}/training`, label: "See your requests" },
        ),
      }).catch((error) => console.error(`reservation email to #${m.id} failed`, error)),
    ),
  );
}
