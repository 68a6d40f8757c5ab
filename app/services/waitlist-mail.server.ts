// The waitlist's emails (issue 9): when slots free up (an order cancelled, failed or auto-cancelled,
// an offer expired or left unused, an event's maxTeam raised), the earliest waiting club is offered
// a 48-hour hold and its manager is emailed. `serveWaitlistSoon` runs after the change that freed
// the slots has committed; the jobs run it every few minutes as well, so an offer missed here (a
// crash, a replica) is made shortly after. A failed email is logged: the offer stands and shows on
// the manager's Events screen.
import { bundleFor } from "~/i18n/bundles";
import { EN } from "~/messages";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { mailLayout, sendMail } from "~/lib/mailer.server";
import { type Offer, serveWaitlist } from "~/models/entries.server";
import { currentEdition } from "~/models/edition.server";
import { formatDateTime } from "~/rules/format";
import { now as clockNow } from "~/lib/clock.server";

/** The offer email's subject in English (a Malay-speaking manager gets LABELS.offerMailSubject). */
export const WAITLIST_OFFER_SUBJECT = EN.LABELS.offerMailSubject;

/** The offer email, in the manager's language (users.locale; English without one). */
export function sendOfferEmail(offer: Offer): Promise<void> {
  const locale = offer.locale ?? "en";
  const { LABELS } = bundleFor(locale);
  return sendMail({
    to: offer.email,
    subject: LABELS.offerMailSubject,
    ...mailLayout(
      LABELS.offerMailTitle,
      [
        LABELS.mailHello(offer.name || offer.email),
        LABELS.offerMailBody(offer.eventName, offer.held, formatDateTime(offer.holdUntil, locale)),
        LABELS.offerMailBuy,
      ],
      { href: `${env().APP_URL}/events`, label: LABELS.offerMailLink },
    ),
  });
}

/** Serves the waitlists now and emails the new offers; never throws (logged). */
export async function serveWaitlistNow(now = clockNow()): Promise<Offer[]> {
  let offers: Offer[] = [];
  try {
    if (!isPrimary()) return [];
    offers = serveWaitlist(currentEdition().id, now); // the open edition's waitlist (a job)
  } catch (error) {
    console.error("waitlist: serving failed", error);
    return [];
  }
  await Promise.allSettled(
    offers.map((o) =>
      sendOfferEmail(o).catch((error) => console.error(`waitlist offer email #${o.entryId} failed`, error)),
    ),
  );
  return offers;
}

/** The same, without making the response wait for the emails. */
export function serveWaitlistSoon(): void {
  void serveWaitlistNow();
}
