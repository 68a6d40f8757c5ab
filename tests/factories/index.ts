// Test data through the models (issue 30): every factory writes with a model's insert function, on
// the database `~/lib/db.server` opens (DATABASE_PATH), so the same code serves vitest (each
// worker's own database, tests/setup-unit.ts) and Playwright (the e2e server's file, set by
// tests/e2e/db.ts before any model loads). No SQL here: a factory that needs a row no model can
// write adds a small insert function to that model.
import { randomBytes } from "node:crypto";
import type { Scope } from "~/services/access.server";
import { type Association, insertAssociation } from "~/models/association.server";
import { insertTeam } from "~/models/crew.server";
import { insertWaitlistEntry } from "~/models/entries.server";
import { insertEvent } from "~/models/event.server";
import { insertOrderRow, insertPaymentLog } from "~/models/order.server";
import { restoreTicketDescription } from "~/models/settings.server";
import { insertUser, setUserColumns, setUserImage, type User } from "~/models/user.server";
import { savePhoto } from "~/models/photo.server";
import type { schema } from "~/lib/db.server";

let n = 0;

/**
 * A string no other call returns. Without a prefix: a counter and the process id
 * (`12-4711`), short and in call order, for unit tests (each vitest worker has its own database).
 * With a prefix: `${prefix}-${time}-${random}`, unique across processes and runs, for the
 * browser tests' shared e2e database (the format tests/e2e/db.ts's `unique` always had).
 */
export function uniq(prefix?: string): string {
  if (prefix === undefined) return `${++n}-${process.pid}`;
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}

export type ClubMade = Association & { scope: Scope };

/** A club (association), by default `CLUB <uniq>` in Malaysia with a random invitation token. */
export function club(values: Partial<typeof schema.associations.$inferInsert> = {}): ClubMade {
  const row = insertAssociation({
    name: `CLUB ${uniq()}`,
    country: "MY",
    token: randomBytes(18).toString("base64url"),
    ...values,
  });
  return { ...row, scope: { kind: "association", associationId: row.id } };
}

/** A user, by default an unverified COMPETITOR of no club whose password hash matches nothing. */
export function user(values: Partial<typeof schema.users.$inferInsert> = {}): User {
  const id = uniq();
  return insertUser({
    email: `u${id}@example.test`,
    hash: "x",
    name: `USER ${id}`,
    role: "COMPETITOR",
    ...values,
  });
}

/** A club's MANAGER, approved. */
export function manager(associationId: number, values: Partial<typeof schema.users.$inferInsert> = {}): User {
  return user({ role: "MANAGER", associationId, approved: true, ...values });
}

/** An event of the open (seeded) edition unless told, `EVENT <uniq>`. */
export function event(values: Partial<typeof schema.events.$inferInsert> = {}) {
  return insertEvent({ name: `EVENT ${uniq()}`, ...values });
}

/** A club's team in an event, with these members. */
export function team(
  associationId: number,
  eventId: number,
  values: Partial<typeof schema.teams.$inferInsert> = {},
  memberIds: number[] = [],
) {
  return insertTeam({ name: `TEAM ${uniq()}`, associationId, eventId, ...values }, memberIds);
}

/** A photo's review states, as users.valid_image holds them. */
export const VALID_IMAGE_OF = { approved: 1, pending: 0, rejected: 2 } as const;
export type PhotoState = keyof typeof VALID_IMAGE_OF | "none";

let jpeg: Promise<{ jpeg: Buffer; width: number; height: number }> | undefined;
/** A small real JPEG (3:4 portrait), made once per process with sharp. */
export function smallJpeg() {
  jpeg ??= (async () => {
    const { default: sharp } = await import("sharp");
    const width = 300;
    const height = 400;
    const bytes = await sharp({ create: { width, height, channels: 3, background: "#4a7a9c" } })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { jpeg: bytes, width, height };
  })();
  return jpeg;
}

/** Gives a user a stored photo (the app's savePhoto) in a review state; returns its file name, or
 * null for "none". */
export async function photo(userId: number, state: PhotoState): Promise<string | null> {
  if (state === "none") return null;
  const name = savePhoto(userId, await smallJpeg());
  setUserImage(userId, name, VALID_IMAGE_OF[state]);
  return name;
}

/** Sets columns of a user as given (a member's flags, photo state, crew details), nothing else. */
export function setUser(userId: number, values: Partial<typeof schema.users.$inferInsert>): void {
  setUserColumns(userId, values);
}

export type OrderLineValues = Omit<typeof schema.orderLines.$inferInsert, "orderId">;
export type OrderNoteValues = Omit<typeof schema.orderNotes.$inferInsert, "orderId">;

/**
 * An order of `ownerId` as given, with its lines and notes (insertOrderRow: no audit, no effects
 * applied): PROCESSING with a fresh token unless told, made now by default, in the open edition.
 */
export function order(
  ownerId: number,
  values: Partial<typeof schema.orders.$inferInsert> = {},
  lines: OrderLineValues[] = [],
  notes: OrderNoteValues[] = [],
): { id: number; token: string } {
  return insertOrderRow(
    { ownerId, status: "PROCESSING", token: randomBytes(24).toString("base64url"), ...values },
    lines,
    notes,
  );
}

/** A payment log entry under the reference `orderId` (a verified callback unless told), made now
 * unless told. */
export function paymentLog(
  values: Pick<typeof schema.paymentLogs.$inferInsert, "orderId" | "statusId"> &
    Partial<typeof schema.paymentLogs.$inferInsert>,
): void {
  insertPaymentLog({ verified: true, source: "callback", createdAt: new Date(), ...values });
}

/** A club's waitlist entry in an event (WAITING unless told), by its manager `userId`. */
export function waitlistEntry(
  eventId: number,
  associationId: number,
  userId: number,
  teams: number,
  values: Partial<typeof schema.waitlist.$inferInsert> = {},
) {
  return insertWaitlistEntry({ eventId, associationId, userId, teams, ...values });
}

/** Puts the edition's ticket description back to `to` while it is still `from` (a test's cleanup). */
export function restoreTicket(editionId: number, from: string, to: string): boolean {
  return restoreTicketDescription(editionId, from, to);
}
