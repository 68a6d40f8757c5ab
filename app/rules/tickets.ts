// Dinner tickets, pure: the number of pax a manager typed, and the draft order it makes (one
// 'Dinner Ticket' line, count = pax, at the settings' ticket price). Shared by the screen, the
// checkout dialog, the action (which parses again: the form is never trusted) and the tests.
import { type Bundle, EN } from "~/i18n/en";
import { type Draft, draftTotal } from "./orders";

/** The line's name as stored (English); screens show their bundle's LABELS.dinnerTicket. */
export const TICKET_LABEL = EN.LABELS.dinnerTicket;

/** The spec's minimum ('Number of pax must be at least 1.'). */
export const MIN_PAX = 1;
/**
 * The most pax one order buys. The spec names no maximum; ours is 50 because one club's whole
 * delegation (a few crews of up to 22 with reserves, plus officials) fits in it, while a larger
 * number is far more likely a typo (500 for 50) than a real booking, and an order is
 * non-refundable. A club that really needs more places a second order.
 */
export const MAX_PAX = 50;

export type PaxResult = { pax: number } | { error: string };

/**
 * The pax field as typed: a whole number from MIN_PAX to MAX_PAX (leading zeros allowed).
 * Empty, zero, negative and below-one decimals get the spec's sentence; other decimals and
 * anything that is not a number (a file, "1e2", "abc") the whole-number one; more than MAX_PAX
 * the maximum one. In the words of `MSG` (the request's language; English by default).
 */
export function parsePax(raw: unknown, MSG: Bundle["MSG"] = EN.MSG): PaxResult {
  if (raw === null || raw === undefined) return { error: MSG.ticketPaxMin };
  if (typeof raw !== "string") return { error: MSG.ticketPaxWhole };
  const text = raw.trim();
  if (text === "") return { error: MSG.ticketPaxMin };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text) || text.length > 20) return { error: MSG.ticketPaxWhole };
  const n = Number(text);
  if (n < MIN_PAX) return { error: MSG.ticketPaxMin };
  if (!Number.isInteger(n) || text.includes(".")) return { error: MSG.ticketPaxWhole };
  if (n > MAX_PAX) return { error: MSG.ticketPaxMax(MAX_PAX) };
  return { pax: n };
}

/** The ticket draft: one line, count = pax, at the price in sen. Throws on a pax parsePax refuses
 * (the callers parse first; a bad number here is a bug, never an order). */
export function ticketDraft(pax: number, priceSen: number): Draft {
  if (!Number.isInteger(pax) || pax < MIN_PAX || pax > MAX_PAX)
    throw new RangeError(`ticketDraft: pax ${pax}`);
  if (!Number.isInteger(priceSen) || priceSen <= 0) throw new RangeError(`ticketDraft: price ${priceSen}`);
  const lines = [
    {
      kind: "TICKET" as const,
      label: TICKET_LABEL,
      price: priceSen,
      count: pax,
      userId: null,
      eventId: null,
    },
  ];
  return { lines, total: draftTotal(lines) };
}
