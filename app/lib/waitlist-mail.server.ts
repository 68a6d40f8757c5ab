// The waitlist's emails (issue 9): when slots free up (an order cancelled, failed or auto-cancelled,
// an offer expired or left unused, an event's maxTeam raised), the earliest waiting club is offered
// a 48-hour hold and its manager is emailed. `serveWaitlistSoon` runs after the change that freed
// the slots has committed; the jobs run it every few minutes as well, so an offer missed here (a
// crash, a replica) is made shortly after. A failed email is logged: the offer stands and shows on
// the manager's Events screen.
import { env } from "./env.server";
import { isPrimary } from "./litefs.server";
import { mailLayout, sendMail } from "./mailer.server";
import { type Offer, serveWaitlist } from "~/models/entries.server";
import { formatDateTime } from "~/rules/format";

export const WAITLIST_OFFER_SUBJECT = "Event entries are held for your team";

export function sendOfferEmail(offer: Offer): Promise<void> {
  const entries = offer.held === 1 ? "1 entry is" : `${offer.held} entries are`;
  return sendMail({
    to: offer.email,
    subject: WAITLIST_OFFER_SUBJECT,
    ...mailLayout(
      "Entries are held for your team",
      [
        `Hello ${offer.name || offer.email},`,
        `Entries have freed up in ${offer.eventName}: ${entries} held for your team until ${formatDateTime(offer.holdUntil)} (Malaysia time).`,
        "Buy them on the Events page before then; after that they go to the next team on the waitlist.",
      ],
      { href: `${env().APP_URL}/events`, label: "Buy the entries" },
    ),
  });
}

/** Serves the waitlists now and emails the new offers; never throws (logged). */
export async function serveWaitlistNow(now = Date.now()): Promise<Offer[]> {
  let offers: Offer[] = [];
  try {
    if (!isPrimary()) return [];
    offers = serveWaitlist(now);
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
