// Event entries and the waitlist (issue 9). The cap: paid teams plus the teams of Processing
// orders plus the slots a waitlist offer holds for another club never exceed an event's maxTeam.
// Every check that reads those numbers runs in the same immediate transaction as the write it
// guards (the order insert, the offer), so concurrent buyers are serialised by SQLite's write
// lock and cannot oversell. Decisions: docs/decisions/0015-entries-waitlist-crews.md.
//
// Per edition (issue 21): every function takes the edition's id from its caller (a route's
// `editionOf`, or the jobs' open edition) and sees only that edition's events, their entries, its
// settings' deadline, and waitlist entries of its events (an entry of another edition is unknown).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Scope } from "~/lib/access";
import { rowsUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import type { User } from "~/models/user.server";
import type { Locale } from "~/i18n/locale";
import { isClosed } from "~/rules/crew";
import { type EntriesRefusal, type EntryRequest, entriesLeft, HOLD_HOURS, offersFor } from "~/rules/entries";
import { stretchOf } from "~/rules/stretch";
import { type Failure, fail, type Outcome } from "~/rules/failure";
import { type Draft, type DraftLine, draftTotal } from "~/rules/orders";
import { type CreatedOrder, createOrder, supersedeOpenOrders } from "./order.server";
import { getSettings } from "./settings.server";
import { now as clockNow } from "~/lib/clock.server";
import { compareText } from "~/rules/compare";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
type Reader = Pick<Tx, "all" | "get">;

const w = schema.waitlist;

export type EventAvailability = {
  id: number;
  name: string;
  description: string;
  price: number;
  maxTeam: number;
  paidTeams: number;
  processing: number;
  heldForOthers: number;
  /** What this club may buy now. */
  left: number;
  /** This club's live waitlist entry, if any. */
  waitlistId: number | null;
  waitlistStatus: "WAITING" | "OFFERED" | null;
  waitlistTeams: number;
  held: number;
  holdUntil: number | null;
};

type Counts = Omit<EventAvailability, "left">;

/**
 * Live events with their counts, as one club sees them (`associationId` null: as staff see them,
 * every offer counting as held). Sorted by name. `eventIds` narrows to those events.
 */
function countsOf(
  tx: Reader,
  editionId: number,
  associationId: number | null,
  now: number,
  eventIds?: number[],
  /** Leave the club's own Processing orders out of the held entries: the checkout's preview, since
   * checking out cancels them (one open order per kind and club). */
  ownOrdersFree = false,
): Counts[] {
  const only = eventIds
    ? sql`AND e.id IN (${sql.join(
        eventIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const club = associationId ?? -1;
  // The Processing orders' entries, grouped once from the (few) Processing orders: a subquery per
  // event would walk every EVENT line ever sold. An order moved back from PAID has its teams
  // already (effects_applied_at): not held twice.
  return tx.all<Counts>(sql`
    WITH p AS (
      SELECT l.event_id, SUM(l.count) AS n FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.status = 'PROCESSING' AND o.effects_applied_at IS NULL AND l.kind = 'EVENT'
        ${ownOrdersFree ? sql`AND NOT EXISTS (SELECT 1 FROM users ou WHERE ou.id = o.owner_id AND ou.association_id = ${club})` : sql``}
      GROUP BY l.event_id
    )
    SELECT e.id, e.name, e.description, e.price, e.max_team AS maxTeam,
      (SELECT COUNT(*) FROM teams t WHERE t.event_id = e.id) AS paidTeams,
      COALESCE(p.n, 0) AS processing,
      (SELECT COALESCE(SUM(h.held), 0) FROM waitlist h
        WHERE h.event_id = e.id AND h.status = 'OFFERED' AND h.hold_until > ${now}
          AND h.association_id <> ${club}) AS heldForOthers,
      mine.id AS waitlistId, mine.status AS waitlistStatus,
      COALESCE(mine.teams, 0) AS waitlistTeams,
      CASE WHEN mine.status = 'OFFERED' AND mine.hold_until > ${now} THEN mine.held ELSE 0 END AS held,
      mine.hold_until AS holdUntil
    FROM events e
    LEFT JOIN p ON p.event_id = e.id
    LEFT JOIN waitlist mine ON mine.event_id = e.id AND mine.association_id = ${club}
      AND mine.status IN ('WAITING', 'OFFERED')
    WHERE e.edition_id = ${editionId} AND e.deleted = 0 ${only}
    ORDER BY e.name COLLATE NOCASE, e.id
  `);
}

const withLeft = (c: Counts): EventAvailability => ({ ...c, left: entriesLeft(c) });

/** The edition's events a manager's club may buy entries of, with entries left and its waitlist
 * state. Kept until the database changes or the clock passes a hold's end (the only instants at
 * which these counts change by the clock: `hold_until > now`), per edition and club (issue 30,
 * ADR 0022). */
export function availableEvents(
  editionId: number,
  associationId: number,
  now = clockNow(),
): EventAvailability[] {
  return keptAvailability(editionId, associationId, now, stretchOf(holdEnds(), now));
}

const keptAvailability = rowsUntilDataChanges(
  (editionId: number, associationId: number, now: number, _stretch: number) =>
    countsOf(db(), editionId, associationId, now).map(withLeft),
  (editionId, associationId, _now, stretch) => `${editionId}|${associationId}|${stretch}`,
  256,
);

/** The ends of the holds on offer, sorted (read once per database version). */
const holdEnds = untilDataChanges(
  () =>
    db()
      .all<{ at: number }>(
        sql`SELECT DISTINCT hold_until AS at FROM waitlist WHERE status = 'OFFERED' AND hold_until IS NOT NULL ORDER BY at`,
      )
      .map((r) => r.at),
  () => "",
);

/** Why the checkout cannot go on (rules/entries.ts entriesRefusalText words the shared codes; overCap
 * carries the event with too few entries left and how many are). */
export type EntryRefusal =
  | Failure<"closed", { closeAt: number }>
  | Failure<"noClub">
  | Failure<"gone">
  | Failure<"overCap", { eventId: number; eventName: string; left: number }>;

function clubOf(scope: Scope): number | null {
  return scope.kind === "association" ? scope.associationId : null;
}

/** A checkout's draft, and the events in it whose waitlist the club is on (WAITING or OFFERED):
 * buying entries of those closes the club's place there (checkoutEntries), so the dialog says so. */
export type EntriesDraft = Draft & { waitlisted: string[] };

/** The draft (`ok: true`) or why not. */
export type EntriesDraftResult = ({ ok: true } & EntriesDraft) | EntryRefusal;

/** The draft for a buy request, as of this moment in this transaction, or why not. */
function draftIn(
  tx: Reader,
  editionId: number,
  associationId: number,
  requests: EntryRequest[],
  now: number,
  ownOrdersFree = false,
): EntriesDraftResult {
  const closeAt = getSettings(editionId).entriesCloseAt;
  if (closeAt !== null && isClosed(closeAt, now)) return fail("closed", { closeAt });
  const events = new Map(
    countsOf(
      tx,
      editionId,
      associationId,
      now,
      requests.map((r) => r.eventId),
      ownOrdersFree,
    ).map((c) => [c.id, withLeft(c)]),
  );
  const lines: DraftLine[] = [];
  const waitlisted: string[] = [];
  for (const r of requests) {
    const e = events.get(r.eventId);
    if (!e) return fail("gone");
    if (r.teams > e.left) return fail("overCap", { eventId: e.id, eventName: e.name, left: e.left });
    lines.push({ kind: "EVENT", label: e.name, price: e.price, count: r.teams, eventId: e.id });
    if (e.waitlistId !== null) waitlisted.push(e.name);
  }
  lines.sort((a, b) => compareText(a.label, b.label));
  waitlisted.sort(compareText);
  return { ok: true, lines, total: draftTotal(lines), waitlisted };
}

/** The checkout's draft (a read: the GET of the checkout dialog). */
export function entriesDraft(
  editionId: number,
  scope: Scope,
  requests: EntryRequest[],
  now = clockNow(),
): EntriesDraftResult {
  const club = clubOf(scope);
  if (club === null) return fail("noClub");
  return draftIn(db(), editionId, club, requests, now, true);
}

/** Thrown inside checkoutEntries' transaction to undo the cancellation of the club's earlier
 * order when the new one is refused. */
class Refused extends Error {
  constructor(readonly refusal: EntryRefusal) {
    super("refused");
  }
}

/**
 * Proceed to Payment: the cap check and the order insert in one immediate transaction. The club's
 * live waitlist entries for the events bought are closed (BOUGHT): its offer's slots are now held
 * by the order. Any slots of an offer it did not use go back to the line (`serveWaitlist`). The
 * club's earlier Processing entries order, if any, is cancelled first in the same transaction
 * (`order.replaced` lists it): serve the waitlist after the commit when it was.
 */
export function checkoutEntries(
  editionId: number,
  buyer: Pick<User, "id">,
  scope: Scope,
  requests: EntryRequest[],
  now = clockNow(),
): { ok: true; order: CreatedOrder; draft: Draft } | EntryRefusal {
  const club = clubOf(scope);
  if (club === null) return fail("noClub");
  try {
    return checkoutIn(editionId, buyer, club, requests, now);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

function checkoutIn(
  editionId: number,
  buyer: Pick<User, "id">,
  club: number,
  requests: EntryRequest[],
  now: number,
): { ok: true; order: CreatedOrder; draft: Draft } {
  return db().transaction(
    (tx) => {
      // One open entries order per club: the earlier one is cancelled first, so the entries it held
      // count as free for this one; refused, the transaction is undone and it stands.
      const replaced = supersedeOpenOrders(editionId, tx, buyer.id, "EVENT", new Date(now));
      const found = draftIn(tx, editionId, club, requests, now);
      if (!found.ok) throw new Refused(found);
      const draft: Draft = { lines: found.lines, total: found.total };
      // The order is in the edition its events are (an archived one's triggers refuse it).
      const order = createOrder(editionId, buyer.id, draft.lines, tx, replaced);
      tx.update(w)
        .set({ status: "BOUGHT", updatedAt: new Date(now) })
        .where(
          and(
            eq(w.associationId, club),
            inArray(
              w.eventId,
              requests.map((r) => r.eventId),
            ),
            inArray(w.status, ["WAITING", "OFFERED"]),
          ),
        )
        .run();
      return { ok: true as const, order, draft };
    },
    { behavior: "immediate" },
  );
}

export type WaitlistRefusal = EntriesRefusal;

/** Joins a full event's waitlist for `teams` teams (1..MAX_TEAMS_PER_ORDER, parsed by the route);
 * an event of another edition is gone. */
export function joinWaitlist(
  editionId: number,
  user: Pick<User, "id">,
  scope: Scope,
  eventId: number,
  teams: number,
  now = clockNow(),
): Outcome<{ eventName: string }, WaitlistRefusal> {
  const club = clubOf(scope);
  if (club === null) return fail("noClub");
  return db().transaction(
    (tx): Outcome<{ eventName: string }, WaitlistRefusal> => {
      if (isClosed(getSettings(editionId).entriesCloseAt, now)) return fail("closed");
      const [e] = countsOf(tx, editionId, club, now, [eventId]).map(withLeft);
      if (!e) return fail("gone");
      if (e.waitlistId !== null) return fail("already");
      if (e.left >= teams) return fail("notFull");
      tx.insert(w)
        .values({ eventId, associationId: club, userId: user.id, teams, createdAt: new Date(now) })
        .run();
      return { ok: true, eventName: e.name };
    },
    { behavior: "immediate" },
  );
}

/** Leaves the club's live waitlist entry of an event of the edition (its offer's slots, if any, go
 * back to the line). */
export function leaveWaitlist(editionId: number, scope: Scope, entryId: number, now = clockNow()): boolean {
  const club = clubOf(scope);
  if (club === null) return false;
  return (
    db()
      .update(w)
      .set({ status: "LEFT", updatedAt: new Date(now) })
      .where(
        and(
          eq(w.id, entryId),
          eq(w.associationId, club),
          inArray(w.status, ["WAITING", "OFFERED"]),
          inEdition(editionId),
        ),
      )
      .run().changes === 1
  );
}

export type Offer = {
  entryId: number;
  eventId: number;
  eventName: string;
  held: number;
  holdUntil: number;
  email: string;
  name: string;
  /** The manager's language for the offer email (users.locale). */
  locale?: Locale;
};

/** A waitlist entry whose event is of the edition (drizzle writes an update's columns unqualified). */
const inEdition = (editionId: number) =>
  sql`EXISTS (SELECT 1 FROM events we WHERE we.id = "waitlist"."event_id" AND we.edition_id = ${editionId})`;

/**
 * Serves the edition's waitlists: expires offers whose hold ran out, then offers each event's free slots to
 * its waiting clubs, earliest first (rules/entries.ts offersFor), each for HOLD_HOURS. One
 * immediate transaction. Returns the new offers, for their emails (sent after the commit). Cheap
 * when nobody waits: one indexed query.
 */
export function serveWaitlist(editionId: number, now = clockNow()): Offer[] {
  return db().transaction(
    (tx) => {
      tx.update(w)
        .set({ status: "EXPIRED", updatedAt: new Date(now) })
        .where(and(eq(w.status, "OFFERED"), lte(w.holdUntil, new Date(now)), inEdition(editionId)))
        .run();
      // After the entries deadline no club can buy, so no offer (its email would promise a
      // purchase the checkout refuses): the waitlist stands still.
      if (isClosed(getSettings(editionId).entriesCloseAt, now)) return [];
      const eventIds = tx
        .selectDistinct({ eventId: w.eventId })
        .from(w)
        .where(and(eq(w.status, "WAITING"), inEdition(editionId)))
        .all()
        .map((r) => r.eventId);
      if (eventIds.length === 0) return [];
      const holdUntil = now + HOLD_HOURS * 3_600_000;
      const offers: Offer[] = [];
      for (const e of countsOf(tx, editionId, null, now, eventIds)) {
        const free = entriesLeft(e);
        if (free === 0) continue;
        const waiting = tx
          .select({ id: w.id, teams: w.teams })
          .from(w)
          .where(and(eq(w.eventId, e.id), eq(w.status, "WAITING")))
          .orderBy(asc(w.createdAt), asc(w.id))
          .all();
        for (const offer of offersFor(waiting, free)) {
          const row = tx
            .update(w)
            .set({
              status: "OFFERED",
              held: offer.held,
              holdUntil: new Date(holdUntil),
              updatedAt: new Date(now),
            })
            .where(eq(w.id, offer.id))
            .returning({ userId: w.userId })
            .get();
          const user = tx
            .select({ email: schema.users.email, name: schema.users.name, locale: schema.users.locale })
            .from(schema.users)
            .where(eq(schema.users.id, row.userId))
            .get();
          offers.push({
            entryId: offer.id,
            eventId: e.id,
            eventName: e.name,
            held: offer.held,
            holdUntil,
            email: user?.email ?? "",
            name: user?.name ?? "",
            locale: user?.locale ?? "en",
          });
        }
      }
      return offers;
    },
    { behavior: "immediate" },
  );
}

export type WaitlistRow = {
  id: number;
  createdAt: number;
  association: string;
  country: string;
  manager: string;
  teams: number;
  status: string;
  held: number;
  holdUntil: number | null;
};

/** An event's waitlist for staff: the live entries in line order, then the closed ones, newest
 * first. Nothing for an event of another edition. */
export function waitlistOf(editionId: number, eventId: number): WaitlistRow[] {
  return db().all<WaitlistRow>(sql`
    SELECT w.id, w.created_at AS createdAt, a.name AS association, a.country, u.email AS manager,
      w.teams, w.status, w.held, w.hold_until AS holdUntil
    FROM waitlist w
    JOIN associations a ON a.id = w.association_id
    JOIN users u ON u.id = w.user_id
    JOIN events e ON e.id = w.event_id AND e.edition_id = ${editionId}
    WHERE w.event_id = ${eventId}
    ORDER BY CASE WHEN w.status IN ('WAITING', 'OFFERED') THEN 0 ELSE 1 END,
      CASE WHEN w.status IN ('WAITING', 'OFFERED') THEN w.created_at ELSE -w.updated_at END, w.id
  `);
}

/** A waitlist row as given (the test factories; managers join through joinWaitlist).
 * @testOnly test factories and seeds only: no rule checked. */
export function insertWaitlistEntry(values: typeof w.$inferInsert): typeof w.$inferSelect {
  return db().insert(w).values(values).returning().get();
}

/** Waitlist rows as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertWaitlistEntries(rows: (typeof w.$inferInsert)[]): void {
  insertRows(w, rows);
}
