// Training sessions and boat reservations (spec sections 3, 5, 8; issue 11).
//
// Sessions: ADMIN creates, edits and deletes (deleting removes its reservations: ON DELETE
// CASCADE); ADMIN and COMMITTEE see them with their reserved boats, the sum of APPROVED
// reservations only. A manager requests boats for an upcoming session (PENDING), may cancel a
// pending request (CANCELLED); staff approve or reject (with a reason) a pending one. Every check
// that reads the approved boats runs in the same immediate transaction as the write it guards, so
// two approvals cannot both take the last boats and max boats cannot drop under an approval made
// meanwhile. Staff actions are audited in the same transaction.
//
// Per edition (issue 21, docs/decisions/0033-editions.md): every function takes the edition's id
// first. Sessions are the edition's (training_sessions.edition_id); a reservation is its session's.
// A session or reservation of another edition is not found (a forged or stale id answers as a
// missing one does); writes into an archived edition are refused by migration 0018's triggers.
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { ReservationStatus } from "../../db/enums";
import { rowsUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import {
  bookingRefusal,
  type DecisionInput,
  decisionRefusal,
  maxBoatRefusal,
  type SessionInput,
} from "~/rules/training";
import { stretchOf } from "~/rules/stretch";
import { boatsLeft } from "~/rules/training-fields";
import { type Actor, audit } from "./audit.server";
import { now as clockNow } from "~/lib/clock.server";

const s = schema.trainingSessions;
const r = schema.trainingReservations;
const a = schema.associations;

export const TRAINING_AUDIT = {
  sessionCreated: "training-session.created",
  sessionUpdated: "training-session.updated",
  sessionDeleted: "training-session.deleted",
  reservationApproved: "training-reservation.approved",
  reservationRejected: "training-reservation.rejected",
} as const;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
type Handle = Pick<Tx, "select">;

/** A session's approved boats (the spec's "reserved boats"). The session's id is spelled out with
 * its table: in a select list drizzle renders `${s.id}` as a bare "id", which inside the subquery
 * is training_reservations.id. */
const approvedOf = sql<number>`(SELECT COALESCE(SUM(boat), 0) FROM training_reservations
  WHERE training_reservations.session_id = "training_sessions"."id" AND training_reservations.status = 'APPROVED')`;
const pendingOf = sql<number>`(SELECT COUNT(*) FROM training_reservations
  WHERE training_reservations.session_id = "training_sessions"."id" AND training_reservations.status = 'PENDING')`;

/** A session as the lists show it (Training Sessions, its CSV, Training Booking). */
export type SessionListRow = {
  id: number;
  startTime: number;
  endTime: number;
  maxBoat: number;
  /** Approved boats. */
  reserved: number;
};

/** One session, with what its dialogs say (the delete confirmation counts its pending requests). */
export type SessionRow = SessionListRow & {
  /** Pending requests (a count of requests, not boats). */
  pending: number;
};

/** The lists read no pending count: each is a subquery per row that no list shows. */
const listColumns = {
  id: s.id,
  startTime: s.startTime,
  endTime: s.endTime,
  maxBoat: s.maxBoat,
  reserved: approvedOf,
};
const sessionColumns = { ...listColumns, pending: pendingOf };

function toListRow(row: {
  id: number;
  startTime: Date;
  endTime: Date;
  maxBoat: number;
  reserved: number;
}): SessionListRow {
  return {
    id: row.id,
    startTime: row.startTime.getTime(),
    endTime: row.endTime.getTime(),
    maxBoat: row.maxBoat,
    reserved: Number(row.reserved),
  };
}

function toRow(row: Parameters<typeof toListRow>[0] & { pending: number }): SessionRow {
  return { ...toListRow(row), pending: Number(row.pending) };
}

export function sessionCount(editionId: number): number {
  return sessionCountUntilDataChanges(editionId);
}

// The sessions' and reservations' screens (a list and the dialogs over it: Edit, Delete, Reserved
// Teams) read the same page and count again and again: kept until the database changes
// (lib/data-version.server.ts, exact); the CSVs (no page) are read fresh.
const sessionCountUntilDataChanges = untilDataChanges(
  (editionId: number) => db().select({ n: count() }).from(s).where(eq(s.editionId, editionId)).get()?.n ?? 0,
  (editionId) => String(editionId),
);
const sessionsUntilDataChanges = rowsUntilDataChanges(
  (editionId: number, limit: number, offset: number) =>
    db()
      .select(listColumns)
      .from(s)
      .where(eq(s.editionId, editionId))
      .orderBy(asc(s.startTime), asc(s.id))
      .limit(limit)
      .offset(offset)
      .all()
      .map(toListRow),
  (editionId, limit, offset) => `${editionId}:${limit}:${offset}`,
);

/** A page of sessions by start time (ascending, the spec's order); null page: all (the CSV). */
export function listSessions(
  editionId: number,
  page: { offset: number; limit: number } | null,
): SessionListRow[] {
  if (page) return sessionsUntilDataChanges(editionId, page.limit, page.offset);
  const q = db()
    .select(listColumns)
    .from(s)
    .where(eq(s.editionId, editionId))
    .orderBy(asc(s.startTime), asc(s.id));
  return q.all().map(toListRow);
}

/** A session of the edition (another edition's: undefined). */
export function findSession(editionId: number, id: number, handle?: Handle): SessionRow | undefined {
  // A transaction's read is its own; a dialog's (Edit, Delete, Reserved Teams) is kept.
  if (handle) return querySession(handle, editionId, id);
  const found = sessionUntilDataChanges(editionId, id);
  return found && { ...found };
}

const sessionUntilDataChanges = untilDataChanges(
  (editionId: number, id: number) => querySession(db(), editionId, id),
  (editionId, id) => `${editionId}:${id}`,
);

function querySession(handle: Handle, editionId: number, id: number): SessionRow | undefined {
  const row = handle
    .select(sessionColumns)
    .from(s)
    .where(and(eq(s.id, id), eq(s.editionId, editionId)))
    .get();
  return row && toRow(row);
}

/** 'Reserved Teams': each APPROVED reservation of the session, its team and boats, by team name
 * (then by reservation: a club with two approved requests has two rows, as the spec lists each). */
export function reservedTeams(
  editionId: number,
  sessionId: number,
): { id: number; associationId: number; team: string; boats: number }[] {
  return reservedTeamsUntilDataChanges(editionId, sessionId);
}

const reservedTeamsUntilDataChanges = rowsUntilDataChanges(
  (editionId: number, sessionId: number) => queryReservedTeams(editionId, sessionId),
  (editionId, sessionId) => `${editionId}:${sessionId}`,
);

function queryReservedTeams(
  editionId: number,
  sessionId: number,
): { id: number; associationId: number; team: string; boats: number }[] {
  return db()
    .select({ id: r.id, associationId: a.id, team: a.name, boats: r.boat })
    .from(r)
    .innerJoin(s, eq(s.id, r.sessionId))
    .innerJoin(a, eq(a.id, r.associationId))
    .where(and(eq(r.sessionId, sessionId), eq(s.editionId, editionId), eq(r.status, "APPROVED")))
    .orderBy(sql`${a.name} COLLATE NOCASE`, asc(r.id))
    .all();
}

const sessionDetails = (v: SessionInput) => ({
  startTime: new Date(v.startTime).toISOString(),
  endTime: new Date(v.endTime).toISOString(),
  maxBoat: v.maxBoat,
});

export function createSession(
  editionId: number,
  actor: Actor,
  v: SessionInput,
  now = new Date(clockNow()),
): number {
  return db().transaction(
    (tx) => {
      const { id } = tx
        .insert(s)
        .values({
          editionId,
          startTime: new Date(v.startTime),
          endTime: new Date(v.endTime),
          maxBoat: v.maxBoat,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: s.id })
        .get();
      audit(tx, actor, {
        action: TRAINING_AUDIT.sessionCreated,
        targetType: "training-session",
        targetId: id,
        details: sessionDetails(v),
        editionId,
      });
      return id;
    },
    { behavior: "immediate" },
  );
}

export type SessionWrite =
  | { ok: true }
  | { ok: false; code: "notFound" }
  | { ok: false; code: "refused"; message: string };

/** Edits a session; max boats may not drop below its approved boats (checked in the write's
 * transaction). */
export function updateSession(
  editionId: number,
  actor: Actor,
  id: number,
  v: SessionInput,
  now = new Date(clockNow()),
): SessionWrite {
  return db().transaction(
    (tx) => {
      const was = findSession(editionId, id, tx);
      if (!was) return { ok: false, code: "notFound" } as const;
      const refusal = maxBoatRefusal(v.maxBoat, was.reserved);
      if (refusal) return { ok: false, code: "refused", message: refusal } as const;
      tx.update(s)
        .set({
          startTime: new Date(v.startTime),
          endTime: new Date(v.endTime),
          maxBoat: v.maxBoat,
          updatedAt: now,
        })
        .where(and(eq(s.id, id), eq(s.editionId, editionId)))
        .run();
      audit(tx, actor, {
        action: TRAINING_AUDIT.sessionUpdated,
        targetType: "training-session",
        targetId: id,
        details: {
          from: sessionDetails({ startTime: was.startTime, endTime: was.endTime, maxBoat: was.maxBoat }),
          to: sessionDetails(v),
        },
        editionId,
      });
      return { ok: true } as const;
    },
    { behavior: "immediate" },
  );
}

/** Deletes a session and (cascade) its reservations; the audit entry keeps what went. */
export function deleteSession(editionId: number, actor: Actor, id: number): SessionWrite {
  return db().transaction(
    (tx) => {
      const was = findSession(editionId, id, tx);
      if (!was) return { ok: false, code: "notFound" } as const;
      const reservations = tx.select({ n: count() }).from(r).where(eq(r.sessionId, id)).get()?.n ?? 0;
      tx.delete(s)
        .where(and(eq(s.id, id), eq(s.editionId, editionId)))
        .run();
      audit(tx, actor, {
        action: TRAINING_AUDIT.sessionDeleted,
        targetType: "training-session",
        targetId: id,
        details: {
          ...sessionDetails({ startTime: was.startTime, endTime: was.endTime, maxBoat: was.maxBoat }),
          reservationsRemoved: reservations,
          approvedBoats: was.reserved,
        },
        editionId,
      });
      return { ok: true } as const;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// Reservations (ADMIN, COMMITTEE)

export type ReservationRow = {
  id: number;
  team: string;
  associationId: number;
  sessionId: number;
  startTime: number;
  endTime: number;
  boat: number;
  status: ReservationStatus;
  rejectReason: string | null;
};

const reservationColumns = {
  id: r.id,
  team: a.name,
  associationId: r.associationId,
  sessionId: r.sessionId,
  startTime: s.startTime,
  endTime: s.endTime,
  boat: r.boat,
  status: r.status,
  rejectReason: r.rejectReason,
};

/** Reservations with their session's times and their team's name: the one select and joins every
 * reservation list reads through. */
function reservationQuery(handle: Handle = db()) {
  return handle
    .select(reservationColumns)
    .from(r)
    .innerJoin(s, eq(s.id, r.sessionId))
    .innerJoin(a, eq(a.id, r.associationId));
}

function toReservation(
  row: Omit<ReservationRow, "startTime" | "endTime"> & { startTime: Date; endTime: Date },
) {
  return { ...row, startTime: row.startTime.getTime(), endTime: row.endTime.getTime() } as ReservationRow;
}

/** The tabs' counts: 'Approved (n)' and 'Pending (n)'. */
export function reservationCounts(editionId: number): { APPROVED: number; PENDING: number } {
  return { ...reservationCountsUntilDataChanges(editionId) };
}

const reservationCountsUntilDataChanges = untilDataChanges(queryReservationCounts, (editionId) =>
  String(editionId),
);

function queryReservationCounts(editionId: number): { APPROVED: number; PENDING: number } {
  const rows = db()
    .select({ status: r.status, n: count() })
    .from(r)
    .innerJoin(s, eq(s.id, r.sessionId))
    .where(eq(s.editionId, editionId))
    .groupBy(r.status)
    .all();
  const of = (st: ReservationStatus) => rows.find((x) => x.status === st)?.n ?? 0;
  return { APPROVED: of("APPROVED"), PENDING: of("PENDING") };
}

/** A page of one tab's reservations, by id (the spec's order); null page: all (the CSV). */
export function listReservations(
  editionId: number,
  status: "APPROVED" | "PENDING",
  page: { offset: number; limit: number } | null,
): ReservationRow[] {
  if (page) return reservationsUntilDataChanges(editionId, status, page.limit, page.offset);
  const q = reservationQuery()
    .where(and(eq(s.editionId, editionId), eq(r.status, status)))
    .orderBy(asc(r.id));
  return q.all().map(toReservation);
}

const reservationsUntilDataChanges = rowsUntilDataChanges(
  (editionId: number, status: "APPROVED" | "PENDING", limit: number, offset: number) =>
    reservationQuery()
      .where(and(eq(s.editionId, editionId), eq(r.status, status)))
      .orderBy(asc(r.id))
      .limit(limit)
      .offset(offset)
      .all()
      .map(toReservation),
  (editionId, status, limit, offset) => `${editionId}:${status}:${limit}:${offset}`,
);

/** A reservation of the edition (its session's edition; another edition's: undefined). */
export function findReservation(editionId: number, id: number, handle?: Handle): ReservationRow | undefined {
  // A transaction's read is its own; a dialog's (Approve or Reject) is kept.
  if (handle) return queryReservation(handle, editionId, id);
  const found = reservationUntilDataChanges(editionId, id);
  return found && { ...found };
}

const reservationUntilDataChanges = untilDataChanges(
  (editionId: number, id: number) => queryReservation(db(), editionId, id),
  (editionId, id) => `${editionId}:${id}`,
);

function queryReservation(handle: Handle, editionId: number, id: number): ReservationRow | undefined {
  const row = reservationQuery(handle)
    .where(and(eq(r.id, id), eq(s.editionId, editionId)))
    .get();
  return row && toReservation(row);
}

export type Decision =
  | { ok: true; reservation: ReservationRow; status: "APPROVED" | "REJECTED" }
  | { ok: false; code: "notFound" }
  | { ok: false; code: "refused"; message: string };

/** Approves (if the session has not started and its approved boats stay within max boats) or
 * rejects (with the reason) a pending reservation, in one immediate transaction. */
export function decideReservation(
  editionId: number,
  actor: Actor,
  id: number,
  d: DecisionInput,
  now = new Date(clockNow()),
): Decision {
  return db().transaction(
    (tx) => {
      const row = tx
        .select({ status: r.status, boat: r.boat, sessionId: r.sessionId })
        .from(r)
        .innerJoin(s, eq(s.id, r.sessionId))
        .where(and(eq(r.id, id), eq(s.editionId, editionId)))
        .get();
      if (!row) return { ok: false, code: "notFound" } as const;
      const session = findSession(editionId, row.sessionId, tx);
      if (!session) return { ok: false, code: "notFound" } as const;
      const refusal = decisionRefusal(
        row,
        { startTime: session.startTime, maxBoat: session.maxBoat, approved: session.reserved },
        d.action,
        now.getTime(),
      );
      if (refusal) return { ok: false, code: "refused", message: refusal } as const;
      const status = d.action === "APPROVE" ? ("APPROVED" as const) : ("REJECTED" as const);
      tx.update(r)
        .set({ status, rejectReason: d.rejectReason, updatedAt: now })
        .where(and(eq(r.id, id), eq(r.status, "PENDING")))
        .run();
      audit(tx, actor, {
        action:
          status === "APPROVED" ? TRAINING_AUDIT.reservationApproved : TRAINING_AUDIT.reservationRejected,
        targetType: "training-reservation",
        targetId: id,
        details: { sessionId: row.sessionId, boat: row.boat, rejectReason: d.rejectReason },
        editionId,
      });
      const reservation = findReservation(editionId, id, tx) as ReservationRow;
      return { ok: true, reservation, status } as const;
    },
    { behavior: "immediate" },
  );
}

/** The managers of a club (the decision email goes to each). */
export function clubManagers(associationId: number): { id: number; email: string; name: string }[] {
  const u = schema.users;
  return db()
    .select({ id: u.id, email: u.email, name: u.name })
    .from(u)
    .where(and(eq(u.associationId, associationId), eq(u.role, "MANAGER")))
    .all();
}

// ---------------------------------------------------------------------------------------------
// Booking (MANAGER, their own club only)

export type BookableSession = SessionListRow & { left: number };

/** The edition's upcoming sessions (not started) with boats left, by start time. */
export function bookableSessions(editionId: number, now = new Date(clockNow())): BookableSession[] {
  const at = now.getTime();
  return keptBookable(editionId, at, stretchOf(sessionStarts(editionId), at));
}

// Kept until the database changes (exact), per edition and stretch between two sessions' starts:
// the clock changes the answer only as a session starts (`start_time > now`), so every `now` of a
// stretch reads the same rows (rules/stretch.ts; issue 30, ADR 0022). Training Booking and its
// Cancel dialog read them on every view.
const keptBookable = rowsUntilDataChanges(
  (editionId: number, at: number, _stretch: number) =>
    db()
      .select(listColumns)
      .from(s)
      .where(
        and(eq(s.editionId, editionId), gt(s.startTime, new Date(at)), sql`${s.maxBoat} > ${approvedOf}`),
      )
      .orderBy(asc(s.startTime), asc(s.id))
      .limit(200)
      .all()
      .map(toListRow)
      .map((row) => ({ ...row, left: boatsLeft(row.maxBoat, row.reserved) })),
  (editionId, _at, stretch) => `${editionId}|${stretch}`,
);

/** The edition's sessions' start instants (ms), sorted; read once per database version. */
const sessionStarts = untilDataChanges(
  (editionId: number) =>
    db()
      .all<{ at: number }>(
        sql`SELECT DISTINCT ${s.startTime} AS at FROM ${s} WHERE ${s.editionId} = ${editionId} ORDER BY at`,
      )
      .map((r) => Number(r.at)),
  (editionId) => String(editionId),
);

/** A club's own requests in the edition, newest session first. */
export function clubReservations(editionId: number, associationId: number, limit = 200): ReservationRow[] {
  return clubReservationsUntilDataChanges(editionId, associationId, limit);
}

// Training Booking and its Cancel dialog read the club's requests again and again (per club).
const clubReservationsUntilDataChanges = rowsUntilDataChanges(
  (editionId: number, associationId: number, limit: number) =>
    reservationQuery()
      .where(and(eq(r.associationId, associationId), eq(s.editionId, editionId)))
      .orderBy(desc(s.startTime), desc(r.id))
      .limit(limit)
      .all()
      .map(toReservation),
  (editionId, associationId, limit) => `${editionId}:${associationId}:${limit}`,
);

export type Booking = { ok: true; id: number } | { ok: false; message: string };

/** A manager's request for boats in an upcoming session: at most the boats left (max less
 * approved), and not while the club already has a pending request for the session (one to cancel
 * first), both checked in the insert's transaction. */
export function requestBoats(
  editionId: number,
  associationId: number,
  sessionId: number,
  boats: number,
  now = new Date(clockNow()),
): Booking {
  return db().transaction(
    (tx) => {
      const session = findSession(editionId, sessionId, tx);
      const pendingAlready =
        tx
          .select({ id: r.id })
          .from(r)
          .where(and(eq(r.associationId, associationId), eq(r.sessionId, sessionId), eq(r.status, "PENDING")))
          .get() !== undefined;
      const refusal = bookingRefusal(
        session && { startTime: session.startTime, maxBoat: session.maxBoat, approved: session.reserved },
        boats,
        now.getTime(),
        pendingAlready,
      );
      if (refusal) return { ok: false, message: refusal } as const;
      const { id } = tx
        .insert(r)
        .values({ associationId, sessionId, boat: boats, status: "PENDING", createdAt: now, updatedAt: now })
        .returning({ id: r.id })
        .get();
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

/** A manager cancels their club's pending request in the edition; anything else (another club's,
 * another edition's, not pending) is refused and nothing changes. */
export function cancelBooking(
  editionId: number,
  associationId: number,
  id: number,
  now = new Date(clockNow()),
): "cancelled" | "refused" {
  const editionSessions = db().select({ id: s.id }).from(s).where(eq(s.editionId, editionId));
  const changed = db()
    .update(r)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(
      and(
        eq(r.id, id),
        eq(r.associationId, associationId),
        eq(r.status, "PENDING"),
        inArray(r.sessionId, editionSessions),
      ),
    )
    .run().changes;
  return changed === 1 ? "cancelled" : "refused";
}

// ---------------------------------------------------------------------------------------------
// Rows as given (the test factories; staff use createSession, managers requestBoats)

/** A session row as given, no audit entry (no edition: the open one, migration 0018's trigger).
 * @testOnly seeds and test factories only: no audit entry. */
export function insertSession(values: typeof s.$inferInsert): typeof s.$inferSelect {
  return db().insert(s).values(values).returning().get();
}

/** A reservation row as given, in any state, with no rule checked.
 * @testOnly seeds and test factories only: no rule checked. */
export function insertReservation(values: typeof r.$inferInsert): typeof r.$inferSelect {
  return db().insert(r).values(values).returning().get();
}

/** Training session rows as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertSessions(rows: (typeof s.$inferInsert)[]): void {
  insertRows(s, rows);
}

/** Reservation rows as given, in any state (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertReservations(rows: (typeof r.$inferInsert)[]): void {
  insertRows(r, rows);
}
