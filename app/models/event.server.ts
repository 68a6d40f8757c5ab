// Events (spec sections 2, 3, 5, 8): the staff table with each event's count of event teams, the
// admin's create / edit / soft delete (each with its audit entry in the same transaction), and a
// manager's or competitor's Assigned Events. A deleted event (deleted = 1) is in no list; its
// teams, rounds and order lines stay, so paid orders remain readable.
//
// Events are per edition (issue 21): every function takes the edition's id from its route
// (`editionOf(request, user)`), lists only that edition's events and answers an id of another
// edition as an unknown one. Names are unique per edition.
import { now as clockNow } from "~/lib/clock.server";
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { rowsUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import type { Scope } from "~/lib/access";
import { type EventInput, eventName } from "~/rules/event-schema";
import { type Actor, audit } from "./audit.server";

const e = schema.events;

export const EVENT_AUDIT = {
  created: "event.created",
  updated: "event.updated",
  deleted: "event.deleted",
} as const;

export type EventRow = {
  id: number;
  name: string;
  description: string;
  price: number;
  maxTeam: number;
  reserveCount: number;
  minRace: number;
  maxRace: number;
  maxMale: number;
  minFemale: number;
  minAge: number;
  maxAge: number;
  limitMalaysia: boolean;
  teams: number;
  /** Clubs on its waitlist now (WAITING or OFFERED; the staff table's Waitlist column). */
  waiting: number;
};

export const EVENT_SORTS = ["id", "name", "price", "maxTeam", "teams"] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

export class EventExistsError extends Error {
  constructor() {
    super("Event already exist");
  }
}

// Spelled out: drizzle leaves columns unqualified in a one-table select, which inside the subquery
// would mean teams.id.
const teamsOf = sql<number>`(SELECT COUNT(*) FROM teams WHERE teams.event_id = events.id)`;
// One more count per row, on the waitlist_event_status index.
const waitingOf = sql<number>`(SELECT COUNT(*) FROM waitlist WHERE waitlist.event_id = events.id AND waitlist.status IN ('WAITING', 'OFFERED'))`;

const ROW = {
  id: e.id,
  name: e.name,
  description: e.description,
  price: e.price,
  maxTeam: e.maxTeam,
  reserveCount: e.reserveCount,
  minRace: e.minRace,
  maxRace: e.maxRace,
  maxMale: e.maxMale,
  minFemale: e.minFemale,
  minAge: e.minAge,
  maxAge: e.maxAge,
  limitMalaysia: e.limitMalaysia,
  teams: teamsOf,
  waiting: waitingOf,
};

function where(editionId: number, filters: { name?: string }): SQL {
  const parts: SQL[] = [eq(e.editionId, editionId), eq(e.deleted, false)];
  if (filters.name)
    parts.push(sql`${e.name} LIKE ${`%${filters.name.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`);
  return and(...parts) as SQL;
}

/** The edition's live events, sorted (then by id) and paged in SQL; `null` paging returns every
 * row (CSV). */
export function listEvents(
  editionId: number,
  filters: { name?: string },
  order: { sort: EventSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: EventRow[]; total: number } {
  if (pageOpts === null) return queryEvents(editionId, filters, order, null);
  const { rows, total } = eventsUntilDataChanges(editionId, filters, order, pageOpts);
  return { rows: rows.map((row) => ({ ...row })), total };
}

// A page of the table (each row counts its teams and waitlist) is kept until the database changes
// (lib/data-version.server.ts): the table and the dialogs over it (Create, Edit, Delete, Waitlist)
// read the same page again and again.
const eventsUntilDataChanges = untilDataChanges(
  (
    editionId: number,
    filters: { name?: string },
    order: { sort: EventSort; dir: "asc" | "desc" },
    pageOpts: { limit: number; offset: number },
  ) => queryEvents(editionId, filters, order, pageOpts),
  (editionId, filters, order, pageOpts) =>
    JSON.stringify([editionId, filters.name ?? null, order.sort, order.dir, pageOpts.limit, pageOpts.offset]),
);

function queryEvents(
  editionId: number,
  filters: { name?: string },
  order: { sort: EventSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: EventRow[]; total: number } {
  const col =
    order.sort === "id"
      ? e.id
      : order.sort === "price"
        ? e.price
        : order.sort === "maxTeam"
          ? e.maxTeam
          : order.sort === "teams"
            ? teamsOf
            : sql`${e.name} COLLATE NOCASE`;
  const dir = order.dir === "asc" ? asc : desc;
  const w = where(editionId, filters);
  const q = db().select(ROW).from(e).where(w).orderBy(dir(col), dir(e.id));
  const rows = (pageOpts ? q.limit(pageOpts.limit).offset(pageOpts.offset).all() : q.all()).map((r) => ({
    ...r,
    teams: Number(r.teams),
    waiting: Number(r.waiting),
  }));
  const total = db().select({ n: count() }).from(e).where(w).get()?.n ?? 0;
  return { rows, total };
}

/** A live event of the edition, or undefined (a deleted or unknown id, or another edition's). */
export function findEvent(editionId: number, id: number): EventRow | undefined {
  const found = eventUntilDataChanges(editionId, id);
  return found && { ...found };
}

// The event dialogs (Edit, Delete, Waitlist) over the table read their event again and again: kept
// until the database changes, as the table's page is.
const eventUntilDataChanges = untilDataChanges(
  (editionId: number, id: number): EventRow | undefined => {
    const row = db()
      .select(ROW)
      .from(e)
      .where(and(eq(e.id, id), eq(e.editionId, editionId), eq(e.deleted, false)))
      .get();
    return row ? { ...row, teams: Number(row.teams), waiting: Number(row.waiting) } : undefined;
  },
  (editionId, id) => `${editionId}:${id}`,
);

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Another live event of the edition already has this name (any case): the spec's 'Event already
 * exist'. */
function nameTaken(tx: Tx, editionId: number, name: string, exceptId: number | null): boolean {
  const conds = [eq(e.editionId, editionId), eq(e.deleted, false), sql`${e.name} = ${name} COLLATE NOCASE`];
  if (exceptId !== null) conds.push(ne(e.id, exceptId));
  return Boolean(
    tx
      .select({ id: e.id })
      .from(e)
      .where(and(...conds))
      .get(),
  );
}

function isNameConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    /UNIQUE constraint failed: events\.(edition_id, events\.)?name/.test(error.message)
  );
}

const VALUES = (input: EventInput) => ({
  description: input.description,
  price: input.price,
  maxTeam: input.maxTeam,
  reserveCount: input.reserveCount,
  minRace: input.minRace,
  maxRace: input.maxRace,
  maxMale: input.maxMale,
  minFemale: input.minFemale,
  minAge: input.minAge,
  maxAge: input.maxAge,
  limitMalaysia: input.limitMalaysia,
});

/** Creates an event in the edition (name trimmed and upper-cased, per the spec) with its audit
 * entry. */
export function createEvent(actor: Actor, editionId: number, input: EventInput) {
  const name = eventName(input.name, "create");
  try {
    return db().transaction((tx) => {
      if (nameTaken(tx, editionId, name, null)) throw new EventExistsError();
      const created = tx
        .insert(e)
        .values({ name, ...VALUES(input), editionId })
        .returning({ id: e.id, name: e.name })
        .get();
      audit(tx, actor, {
        action: EVENT_AUDIT.created,
        targetType: "event",
        targetId: created.id,
        details: { name, ...VALUES(input) },
        editionId,
      });
      return created;
    });
  } catch (error) {
    if (isNameConflict(error)) throw new EventExistsError();
    throw error;
  }
}

/**
 * Updates a live event (the name kept as typed, trimmed: the spec upper-cases on create only) and
 * records the changed fields, old and new, in the audit log. Returns null for a deleted or unknown
 * event, or one of another edition.
 */
export function updateEvent(actor: Actor, editionId: number, id: number, input: EventInput) {
  const name = eventName(input.name, "edit");
  try {
    return db().transaction((tx) => {
      const before = tx
        .select()
        .from(e)
        .where(and(eq(e.id, id), eq(e.editionId, editionId), eq(e.deleted, false)))
        .get();
      if (!before) return null;
      if (nameTaken(tx, editionId, name, id)) throw new EventExistsError();
      const next = { name, ...VALUES(input) };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => before[k] !== next[k]);
      tx.update(e)
        .set({ ...next, updatedAt: new Date(clockNow()) })
        .where(eq(e.id, id))
        .run();
      audit(tx, actor, {
        action: EVENT_AUDIT.updated,
        targetType: "event",
        targetId: id,
        details: {
          old: Object.fromEntries(changed.map((k) => [k, before[k]])),
          new: Object.fromEntries(changed.map((k) => [k, next[k]])),
        },
        editionId,
      });
      return { id, name };
    });
  } catch (error) {
    if (isNameConflict(error)) throw new EventExistsError();
    throw error;
  }
}

/** Soft delete: the event leaves every list (its name becomes free again); teams and orders stay.
 * Returns false for a deleted or unknown event, or one of another edition. */
export function deleteEvent(actor: Actor, editionId: number, id: number): boolean {
  return db().transaction((tx) => {
    const before = tx
      .select({ id: e.id, name: e.name })
      .from(e)
      .where(and(eq(e.id, id), eq(e.editionId, editionId), eq(e.deleted, false)))
      .get();
    if (!before) return false;
    tx.update(e)
      .set({ deleted: true, updatedAt: new Date(clockNow()) })
      .where(eq(e.id, id))
      .run();
    // Its waitlist closes with it: nobody waits for, or holds, entries of a deleted event.
    tx.update(schema.waitlist)
      .set({ status: "LEFT", updatedAt: new Date(clockNow()) })
      .where(and(eq(schema.waitlist.eventId, id), inArray(schema.waitlist.status, ["WAITING", "OFFERED"])))
      .run();
    audit(tx, actor, {
      action: EVENT_AUDIT.deleted,
      targetType: "event",
      targetId: id,
      details: { name: before.name },
      editionId,
    });
    return true;
  });
}

export type AssignedRow = { teamId: number; eventId: number; eventName: string; teamName: string };

/**
 * Assigned Events of a manager or competitor: the edition's live events their association's event
 * teams are in; a competitor sees only the teams they are a member of. Sorted by event name, then
 * team name.
 */
export function assignedEvents(
  editionId: number,
  user: { id: number; role: string },
  scope: Scope,
): AssignedRow[] {
  if (scope.kind !== "association") return [];
  return keptAssigned(editionId, user.role === "COMPETITOR" ? user.id : null, scope.associationId);
}

/** Kept until the database changes (lib/data-version.server.ts: exact), per edition, association
 * and, for a competitor, member: read on every page of a club's manager (home, Events, Confirmed
 * Events), where building the query cost more than running it (issue 30, ADR 0022). */
const keptAssigned = rowsUntilDataChanges(
  (editionId: number, memberId: number | null, associationId: number) =>
    readAssigned(editionId, memberId, associationId),
  (editionId, memberId, associationId) => `${editionId}|${memberId ?? ""}|${associationId}`,
);

function readAssigned(editionId: number, memberId: number | null, associationId: number): AssignedRow[] {
  const t = schema.teams;
  const conds = [eq(t.associationId, associationId), eq(e.editionId, editionId), eq(e.deleted, false)];
  if (memberId !== null)
    conds.push(
      sql`EXISTS (SELECT 1 FROM ${schema.teamMembers} WHERE ${schema.teamMembers.teamId} = ${t.id} AND ${schema.teamMembers.userId} = ${memberId})`,
    );
  return db()
    .select({ teamId: t.id, eventId: e.id, eventName: e.name, teamName: t.name })
    .from(t)
    .innerJoin(e, eq(e.id, t.eventId))
    .where(and(...conds))
    .orderBy(sql`${e.name} COLLATE NOCASE`, sql`${t.name} COLLATE NOCASE`, t.id)
    .all();
}

/** An event row as given, no audit entry (the seeds and the test factories; staff use createEvent).
 * @testOnly seeds and test factories only: no audit entry. */
export function insertEvent(values: typeof schema.events.$inferInsert): typeof schema.events.$inferSelect {
  return db().insert(schema.events).values(values).returning().get();
}

/** Event rows as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertEvents(rows: (typeof e.$inferInsert)[]): void {
  insertRows(e, rows);
}

/** Sets an event's columns as given, nothing else: no audit entry (the seeds: an event repriced;
 * staff use updateEvent).
 * @testOnly seeds only: no audit entry. */
export function setEventColumns(id: number, values: Partial<typeof e.$inferInsert>): void {
  db().update(e).set(values).where(eq(e.id, id)).run();
}
