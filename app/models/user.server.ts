import { and, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Role } from "../../db/schema";
import type { Locale } from "../../db/enums";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { hashPassword } from "~/lib/password.server";
import { type Actor, AUDIT_ACTIONS, audit } from "./audit.server";
import { paidIn } from "./member.server";

type UserRowWithHash = typeof schema.users.$inferSelect;
/** A user as the app passes it around: never the password hash (only the login path reads that). */
export type User = Omit<UserRowWithHash, "hash">;

const { hash: _hash, ...publicColumns } = getTableColumns(schema.users);
/** The columns of a User (every column but the hash), for selects elsewhere. */
export const userColumns = publicColumns;

export function withoutHash(row: UserRowWithHash): User {
  const { hash: _omit, ...user } = row;
  return user;
}

/** The stored language (users.locale, as saved) of each of these users that exists. */
export function localeRowsOf(ids: number[]): { id: number; locale: string }[] {
  const u = schema.users;
  return db().select({ id: u.id, locale: u.locale }).from(u).where(inArray(u.id, ids)).all();
}

export function findUserByEmail(email: string): User | undefined {
  return db()
    .select(userColumns)
    .from(schema.users)
    .where(sql`${schema.users.email} = ${email.trim()} COLLATE NOCASE`)
    .get();
}

export function findUserById(id: number): User | undefined {
  return db().select(userColumns).from(schema.users).where(eq(schema.users.id, id)).get();
}

/** The login path only: the user with their password hash. */
export function findCredentials(email: string): UserRowWithHash | undefined {
  return db()
    .select()
    .from(schema.users)
    .where(sql`${schema.users.email} = ${email.trim()} COLLATE NOCASE`)
    .get();
}

export function passwordHashOf(userId: number): string | null {
  return (
    db().select({ hash: schema.users.hash }).from(schema.users).where(eq(schema.users.id, userId)).get()
      ?.hash ?? null
  );
}

export class UserExistsError extends Error {
  constructor() {
    super("User already exist");
  }
}

/**
 * Creates a staff account (ADMIN or COMMITTEE). The CLI makes it verified; the admin screen makes
 * it unverified (the new staff member verifies by email) and records who did it in the audit log,
 * in the same transaction.
 */
export async function createStaffUser(input: {
  role: Role;
  email: string;
  password: string;
  name?: string;
  verified?: boolean;
  actor?: Actor;
}) {
  if (input.role !== "ADMIN" && input.role !== "COMMITTEE")
    throw new Error("Role must be ADMIN or COMMITTEE.");
  const email = input.email.trim().toLowerCase();
  if (findUserByEmail(email)) throw new UserExistsError();
  const hash = await hashPassword(input.password);
  try {
    return db().transaction((tx) => {
      const user = tx
        .insert(schema.users)
        .values({
          email,
          hash,
          role: input.role,
          name: (input.name ?? "").trim().toUpperCase(),
          verified: input.verified ?? true,
        })
        .returning(userColumns)
        .get();
      if (input.actor) {
        audit(tx, input.actor, {
          action: AUDIT_ACTIONS.userCreated,
          targetType: "user",
          targetId: user.id,
          details: { email, role: input.role },
        });
      }
      return user;
    });
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) {
      throw new UserExistsError();
    }
    throw error;
  }
}

export function associationOf(user: User) {
  if (!user.associationId) return null;
  return (
    db().select().from(schema.associations).where(eq(schema.associations.id, user.associationId)).get() ??
    null
  );
}

export type Statistics = Record<
  | "users"
  | "usersPaid"
  | "associations"
  | "associationsWithEvent"
  | "teams"
  | "tickets"
  | "imagesPendingApproval"
  | "imagesRejectedMissing"
  | "totalPaid"
  | "ordersPaid"
  | "ordersProcessing"
  | "ordersFailed",
  number
>;

/** Overview cards for ADMIN and COMMITTEE. Counts participants (managers and competitors); clubs,
 * members and photos are across editions, the crew tag fees paid, event teams, tickets and orders
 * are the edition's (issue 21). Whole-table counts and sums: kept until the database changes
 * (lib/data-version.server.ts). */
export function statistics(editionId: number): Statistics {
  return { ...currentStatistics(editionId) };
}

const currentStatistics = untilDataChanges(computeStatistics, (editionId) => String(editionId));

function computeStatistics(editionId: number): Statistics {
  const d = db();
  const s = schema;
  const participant = sql`${s.users.role} IN ('MANAGER','COMPETITOR')`;
  const one = (q: { get(): { n: number } | undefined }) => q.get()?.n ?? 0;
  // The lines of paid orders, once for both sums (a few thousand orders on race day).
  const paid = d
    .select({
      total: sql<number>`coalesce(sum(${s.orderLines.price} * ${s.orderLines.count}), 0)`,
      tickets: sql<number>`coalesce(sum(case when ${s.orderLines.kind} = 'TICKET' then ${s.orderLines.count} end), 0)`,
    })
    .from(s.orderLines)
    .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
    .where(and(eq(s.orders.status, "PAID"), eq(s.orders.editionId, editionId)))
    .get() ?? { total: 0, tickets: 0 };
  const byStatus = (status: "PAID" | "PROCESSING" | "FAILED") =>
    one(
      d
        .select({ n: count() })
        .from(s.orders)
        // Counted in the covering index orders_edition_status (edition, status), without reading a
        // row: on the race-day data 0.02-0.7 ms a status, where the status index with the edition
        // checked per row (a `+` on edition_id) took 0.4-4 ms (issue 30).
        .where(and(eq(s.orders.editionId, editionId), eq(s.orders.status, status))),
    );
  // The edition's event teams (a team is its event's).
  const teamsOf = sql`${s.teams.eventId} IN (SELECT id FROM events WHERE edition_id = ${editionId})`;
  return {
    users: one(d.select({ n: count() }).from(s.users).where(participant)),
    usersPaid: one(
      d
        .select({ n: count() })
        .from(s.users)
        .where(sql`${participant} AND ${paidIn(editionId)} = 1`),
    ),
    associations: one(d.select({ n: count() }).from(s.associations)),
    associationsWithEvent: one(
      d
        .select({ n: sql<number>`count(distinct ${s.teams.associationId})` })
        .from(s.teams)
        .where(teamsOf),
    ),
    teams: one(d.select({ n: count() }).from(s.teams).where(teamsOf)),
    tickets: paid.tickets,
    imagesPendingApproval: one(
      d
        .select({ n: count() })
        .from(s.users)
        .where(sql`${s.users.image} IS NOT NULL AND ${s.users.validImage} = 0`),
    ),
    imagesRejectedMissing: one(
      d.select({ n: count() }).from(s.users).where(sql`${participant} AND ${s.users.validImage} = 2`),
    ),
    totalPaid: paid.total,
    ordersPaid: byStatus("PAID"),
    ordersProcessing: byStatus("PROCESSING"),
    ordersFailed: byStatus("FAILED"),
  };
}

/** The language of a user's emails and PDFs (issue 12): the one they picked last. */
export function setUserLocale(userId: number, locale: Locale): void {
  db().update(schema.users).set({ locale }).where(eq(schema.users.id, userId)).run();
}

/** A user row as given, hash included (the seeds and the test factories; people sign up through
 * account.server.ts and staff are made by createStaffUser). Returns the user without the hash.
 * @testOnly seeds and test factories only: no audit entry, no rule checked. */
export function insertUser(values: typeof schema.users.$inferInsert): User {
  return withoutHash(db().insert(schema.users).values(values).returning().get());
}

/** Names a stored photo as the user's, in a review state (the seeds and the test factories; people
 * upload through account.server.ts, staff review through photo-review.server.ts).
 * @testOnly seeds and test factories only: no review, no audit entry. */
export function setUserImage(userId: number, image: string | null, validImage: number): void {
  db().update(schema.users).set({ image, validImage }).where(eq(schema.users.id, userId)).run();
}

/** Sets the given columns of a user row (those undefined stay as they are), nothing else: no audit,
 * no updated_at (the test factories: a member's flags, photo state or crew details; the app changes
 * them through its own functions).
 * @testOnly test factories only: no audit entry. */
export function setUserColumns(userId: number, values: Partial<typeof schema.users.$inferInsert>): void {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  db().update(schema.users).set(set).where(eq(schema.users.id, userId)).run();
}

/** User rows as given, ids and password hashes included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertUsers(rows: (typeof schema.users.$inferInsert)[]): void {
  insertRows(schema.users, rows);
}
