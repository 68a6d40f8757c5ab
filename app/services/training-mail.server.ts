// The email a club's managers get when staff approve or reject their boat request (issue 11). Sent
// after the decision's commit; a failed email is logged and the decision stands. Its sentences are
// in app/messages.ts; each manager gets it in their own language (users.locale, issue 12).
import { bundleFor } from "~/i18n/bundles";
import { isLocale, type Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import type { ReservationRow } from "~/models/training.server";
import { formatDateTime } from "~/rules/format";
import { localeRowsOf } from "~/models/user.server";
import { env } from "~/lib/env.server";
import { mailLayout, sendMail } from "~/services/mailer.server";

export const RESERVATION_SUBJECT = EN.MSG.reservationMailSubject;

export function reservationDecisionLines(
  res: ReservationRow,
  status: "APPROVED" | "REJECTED",
  { MSG }: Bundle = EN,
  locale: Locale = "en",
): string[] {
  const line = MSG.reservationMailLine(
    res.boat,
    formatDateTime(res.startTime, locale),
    formatDateTime(res.endTime, locale),
    status,
  );
  return status === "APPROVED" ? [line] : [line, MSG.reservationMailReason(res.rejectReason ?? "")];
}

/** Each user's language (users.locale), English for anyone not found. */
function localesOf(ids: number[]): Map<number, Locale> {
  if (ids.length === 0) return new Map();
  return new Map(localeRowsOf(ids).map((r) => [r.id, isLocale(r.locale) ? r.locale : "en"]));
}

/** Emails each manager of the club, in their own language; each on its own, failures logged. */
export async function sendReservationDecisionEmails(
  managers: { id: number; email: string; name: string }[],
  res: ReservationRow,
  status: "APPROVED" | "REJECTED",
): Promise<void> {
  const locales = localesOf(managers.map((m) => m.id));
  await Promise.allSettled(
    managers.map((m) => {
      const locale = locales.get(m.id) ?? "en";
      const t = bundleFor(locale);
      const { MSG } = t;
      return sendMail({
        to: m.email,
        subject: MSG.reservationMailSubject[status],
        ...mailLayout(
          MSG.reservationMailHeading[status],
          [MSG.reservationMailHello(m.name || m.email), ...reservationDecisionLines(res, status, t, locale)],
          { href: `${env().APP_URL}/training`, label: MSG.reservationMailLink },
        ),
      }).catch((error) => console.error(`reservation email to #${m.id} failed`, error));
    }),
  );
}
