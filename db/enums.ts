// Enumerations of spec section 3. Plain constants, safe to import from browser code.
export const ROLES = ["ADMIN", "COMMITTEE", "MANAGER", "COMPETITOR"] as const;
export type Role = (typeof ROLES)[number];
export const GENDERS = ["MALE", "FEMALE"] as const;
export type Gender = (typeof GENDERS)[number];
export const ORDER_STATUSES = ["PROCESSING", "PAID", "FAILED", "CANCELLED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const RESERVATION_STATUSES = ["PENDING", "APPROVED", "REJECTED", "CANCELLED"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const ORDER_LINE_KINDS = ["EVENT", "MEMBERSHIP", "TICKET"] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];
/** A waitlist entry (beyond the spec, issue 9): WAITING in line; OFFERED a 48-hour hold on freed
 * slots; BOUGHT when the manager checked out on the hold; EXPIRED when the hold ran out unused;
 * LEFT when the manager left the line. */
export const WAITLIST_STATUSES = ["WAITING", "OFFERED", "BOUGHT", "EXPIRED", "LEFT"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const TOKEN_PURPOSES = ["VERIFY_EMAIL", "RESET_PASSWORD"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** validImage values, as the spec defines them. */
export const VALID_IMAGE = { APPROVED: 1, PENDING: 0, REJECTED_OR_NONE: 2 } as const;
/** The app's languages (issue 12): English (the spec's text) and Bahasa Melayu. */
export const LOCALES = ["en", "ms"] as const;
export type Locale = (typeof LOCALES)[number];
/** A round's results (issue 20, docs/decisions/0032-race-control.md): NONE before anything was
 * saved; PROVISIONAL once saved (public, protests until the round's protestUntil); OFFICIAL once
 * declared (a later change is a new revision). */
export const RESULT_STATES = ["NONE", "PROVISIONAL", "OFFICIAL"] as const;
export type ResultState = (typeof RESULT_STATES)[number];
/** A lane that has no time: did not start, did not finish, disqualified (with a reason). */
export const LANE_STATUSES = ["DNS", "DNF", "DSQ"] as const;
export type LaneStatus = (typeof LANE_STATUSES)[number];
/** How a progression plan picks who goes on: the best N times across its source rounds (today's
 * Progress dialog), or places 1..N of each source round, plus the next best times. */
export const PROGRESSION_MODES = ["TIME", "PLACE"] as const;
export type ProgressionMode = (typeof PROGRESSION_MODES)[number];

/** An edition's life (issue 21): prepared, current (exactly one), read-only. */
export const EDITION_STATES = ["DRAFT", "OPEN", "ARCHIVED"] as const;
export type EditionState = (typeof EDITION_STATES)[number];

/** A race-day crew change (issue 28): waiting for staff, applied, or refused with a reason. */
export const CREW_CHANGE_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type CrewChangeStatus = (typeof CREW_CHANGE_STATUSES)[number];

/** Issue 29: the club championship's points schemes (rules/standings.ts). */
export const POINTS_SCHEMES = ["FINALS", "LEAGUE", "CUSTOM"] as const;
export type PointsScheme = (typeof POINTS_SCHEMES)[number];

/** Issue 29: the events a webhook endpoint may subscribe to (rules/webhooks.ts). */
export const WEBHOOK_EVENTS = [
  "result.provisional",
  "result.official",
  "result.revised",
  "notice.posted",
  "timetable.changed",
  "standings.changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
