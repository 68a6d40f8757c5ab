// The waitlist's emails (issue 9): when slots free up (an order cancelled, failed or auto-cancelled,
// an offer expired or left unused, an event's maxTeam raised), the earliest waiting club is offered
// a 48-hour hold and its manager is emailed. `serveWaitlistSoon` runs after the change that freed
// the slots has committed; the jobs run it every few minutes as well, so an offer missed here (a
// crash, a replica) is made shortly after. A failed email is logged: the offer stands and shows on
// the manager's Events screen.
//
// Per edition (issue 21): only the open edition's waitlists move (only its entries can be bought;
// an archived one is read-only). A caller that knows the edition (a route: `editionOf`) names it;
// the jobs and the order-status effects, which have no request, serve the open one.
import { bundleFor } from "~/i18n/bundles";
import { EN } from "~/messages";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { mailLayout, sendMail } from "~/services/mailer.server";
import { currentEdition } from "~/models/edition.server";
import { type Offer, serveWaitlist } from "~/models/entries.server";
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

/** Serves the edition's waitlists now (by default the open edition's) and emails the new offers;
 * never throws (logged). An edition other than the open one has no waitlist that moves: nothing. */
export async function serveWaitlistNow(now = clockNow(), editionId?: number): Promise<Offer[]> {
  let offers: Offer[] = [];
  try {
    if (!isPrimary()) return [];
    const open = currentEdition().id;
    if (editionId !== undefined && editionId !== open) return [];
    offers = serveWaitlist(open, now);
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
export function serveWaitlistSoon(editionId?: number): void {
  void serveWaitlistNow(clockNow(), editionId);
}
