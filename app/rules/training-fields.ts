// Training sessions and boat reservations (spec sections 3, 5, 8; issue 11): the field limits the
// screens and their schemas share, without zod (the forms import these on the client).

/** Max Boats of a session: at least 1 (the spec's minimum); at most a harbour's worth. */
export const MAX_BOAT = { min: 1, max: 200 } as const;
/** The longest reject reason / instruction a reviewer may write. */
export const REJECT_REASON_MAX = 500;
/** The datetime inputs' range (the server reads only a real date-time in it). */
export const SESSION_TIME_RANGE = { min: "2000-01-01T00:00", max: "2100-12-31T23:59" } as const;
export const SESSION_TIME_FIELDS = ["startTime", "endTime"] as const;
export type SessionTimeField = (typeof SESSION_TIME_FIELDS)[number];
/** The hidden field that carries what a time box showed when the form was drawn (an invalid date
 * goes back to it: rules/training.ts previousTimes). */
export const previousName = (name: SessionTimeField) => `${name}Was`;
/** A session lasts at most this long (a forged end a year later is refused). */
export const SESSION_MAX_HOURS = 24;

export const RESERVATION_ACTIONS = ["APPROVE", "REJECT"] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

/** Boats a session still has for requests and approvals: max boats less the approved ones. */
export function boatsLeft(maxBoat: number, approved: number): number {
  return Math.max(0, maxBoat - approved);
}
