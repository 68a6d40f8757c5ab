// The email a club's managers get when staff approve or reject their boat request (issue 11). Sent
// after the decision's commit; a failed email is logged and the decision stands. Its sentences are
// in app/messages.ts.
import { env } from "./env.server";
import { mailLayout, sendMail } from "./mailer.server";
import { MSG } from "~/messages";
import type { ReservationRow } from "~/models/training.server";
import { formatDateTime } from "~/rules/format";

export const RESERVATION_SUBJECT = MSG.reservationMailSubject;

export function reservationDecisionLines(res: ReservationRow, status: "APPROVED" | "REJECTED"): string[] {
  const line = MSG.reservationMailLine(
    res.boat,
    formatDateTime(res.startTime),
    formatDateTime(res.endTime),
    status,
  );
  return status === "APPROVED" ? [line] : [line, MSG.reservationMailReason(res.rejectReason ?? "")];
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
          MSG.reservationMailHeading[status],
          [MSG.reservationMailHello(m.name || m.email), ...reservationDecisionLines(res, status)],
          { href: `${env().APP_URL}/training`, label: MSG.reservationMailLink },
        ),
      }).catch((error) => console.error(`reservation email to #${m.id} failed`, error)),
    ),
  );
}
