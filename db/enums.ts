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
