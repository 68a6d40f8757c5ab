// Expressions of interest (spec sections 3, 5, 8; issue 11). EOI events (ADMIN on /eoi-events:
// create, rename, delete, each audited in its own transaction), a manager's interest (one EOIUser
// per manager, found again by email, linked to each ticked event), and the result tabs of /eoi,
// paged in SQL. Deleting an EOI event marks it deleted (names stay unique among the live ones) and
// removes its interest links: the spec's "related data".
//
// Per edition (issue 21, docs/decisions/0033-editions.md): EOI events and the answers (eois, the
// links to them) are an edition's; the people who answered (eoi_users, one per manager's email) are
// across editions. Every function takes the edition's id first; an EOI event of another edition is
// not found, and a team is listed in an edition only for its answers there. Writes into an archived
// edition are refused by migration 0018's triggers (and saveInterest checks it: eoi_users is not
// guarded there).
import { now as clockNow } from "~/lib/clock.server";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { countryName } from "~/lib/countries.server";
import { countryCounts, eoiMatrix, type InterestLine, type MatrixRow } from "~/rules/eoi";
import { distanceOf, MATRIX_COLUMNS } from "~/rules/eoi-fields";
import { type Actor, audit } from "./audit.server";

const ev = schema.eoiEvents;
const eu = schema.eoiUsers;
const link = schema.eois;

export const EOI_AUDIT = {
  created: "eoi-event.created",
  updated: "eoi-event.updated",
  deleted: "eoi-event.deleted",
} as const;

export type EoiEvent = { id: number; name: string };
export type EoiEventResult = EoiEvent & { teams: number };
export type InterestedTeam = { id: number; team: string; name: string; country: string; email: string };
export type TeamInterest = InterestedTeam & { events: string[]; updatedAt: number };

/** Spelled out with its table: in a select list drizzle renders `${ev.id}` as a bare "id" (right
 * today only because eois has no id column). */
const teamsOf = sql<number>`(SELECT COUNT(*) FROM eois WHERE eois.eoi_event_id = "eoi_events"."id")`;

/** The edition's live EOI events. */
const liveIn = (editionId: number) => and(eq(ev.editionId, editionId), eq(ev.deleted, false));

/** The edition's live EOI events, by id (the order they were made). */
export function liveEoiEvents(editionId: number): EoiEvent[] {
  return db()
    .select({ id: ev.id, name: ev.name })
    .from(ev)
    .where(liveIn(editionId))
    .orderBy(asc(ev.id))
    .all();
}

/** A live EOI event of the edition with its number of interested teams, or undefined. */
export function findEoiEvent(editionId: number, id: number): EoiEventResult | undefined {
  const row = db()
    .select({ id: ev.id, name: ev.name, teams: teamsOf })
    .from(ev)
    .where(and(eq(ev.id, id), liveIn(editionId)))
    .get();
  return row && { ...row, teams: Number(row.teams) };
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Names are unique among the edition's live EOI events, in any case. */
function nameTaken(tx: Tx, editionId: number, name: string, exceptId: number | null): boolean {
  const same = tx
    .select({ id: ev.id })
    .from(ev)
    .where(and(liveIn(editionId), sql`${ev.name} = ${name} COLLATE NOCASE`))
    .all();
  return same.some((r) => r.id !== exceptId);
}

/** A live EOI event's name inside a write, or undefined (unknown, deleted or another edition's). */
function liveEvent(tx: Tx, editionId: number, id: number): { name: string } | undefined {
  return tx
    .select({ name: ev.name })
    .from(ev)
    .where(and(eq(ev.id, id), liveIn(editionId)))
    .get();
}

export type EoiWrite = { ok: true; id: number } | { ok: false; code: "exists" | "notFound" };

export function createEoiEvent(
  editionId: number,
  actor: Actor,
  name: string,
  now = new Date(clockNow()),
): EoiWrite {
  return db().transaction(
    (tx) => {
      if (nameTaken(tx, editionId, name, null)) return { ok: false, code: "exists" } as const;
      const { id } = tx
        .insert(ev)
        .values({ editionId, name, createdAt: now, updatedAt: now })
        .returning({ id: ev.id })
        .get();
      audit(tx, actor, {
        action: EOI_AUDIT.created,
        targetType: "eoi-event",
        targetId: id,
        details: { name },
        editionId,
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

export function updateEoiEvent(
  editionId: number,
  actor: Actor,
  id: number,
  name: string,
  now = new Date(clockNow()),
): EoiWrite {
  return db().transaction(
    (tx) => {
      const was = liveEvent(tx, editionId, id);
      if (!was) return { ok: false, code: "notFound" } as const;
      if (nameTaken(tx, editionId, name, id)) return { ok: false, code: "exists" } as const;
      tx.update(ev)
        .set({ name, updatedAt: now })
        .where(and(eq(ev.id, id), eq(ev.editionId, editionId)))
        .run();
      audit(tx, actor, {
        action: EOI_AUDIT.updated,
        targetType: "eoi-event",
        targetId: id,
        details: { from: was.name, to: name },
        editionId,
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

/** Marks the event deleted and removes every team's interest in it. */
export function deleteEoiEvent(
  editionId: number,
  actor: Actor,
  id: number,
  now = new Date(clockNow()),
): EoiWrite {
  return db().transaction(
    (tx) => {
      const was = liveEvent(tx, editionId, id);
      if (!was) return { ok: false, code: "notFound" } as const;
      const removed = tx.delete(link).where(eq(link.eoiEventId, id)).run().changes;
      tx.update(ev)
        .set({ deleted: true, updatedAt: now })
        .where(and(eq(ev.id, id), eq(ev.editionId, editionId)))
        .run();
      audit(tx, actor, {
        action: EOI_AUDIT.deleted,
        targetType: "eoi-event",
        targetId: id,
        details: { name: was.name, interestRemoved: removed },
        editionId,
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// A manager's interest

export type MyInterest = { eventIds: number[]; savedAt: number | null };

/**
 * What a manager has saved in the edition: its live EOI events they ticked, and when. The EOIUser
 * (and its save time) is across editions; a save counts as this edition's when it ticked one of its
 * events, or came after its first EOI event was made (a save with nothing ticked, this year): last
 * year's answer is not this year's.
 */
export function interestOf(editionId: number, email: string): MyInterest {
  const user = db()
    .select({ id: eu.id, updatedAt: eu.updatedAt })
    .from(eu)
    .where(eq(eu.email, email.toLowerCase()))
    .get();
  if (!user) return { eventIds: [], savedAt: null };
  const ids = db()
    .select({ id: link.eoiEventId })
    .from(link)
    .innerJoin(ev, eq(ev.id, link.eoiEventId))
    .where(and(eq(link.eoiUserId, user.id), liveIn(editionId)))
    .orderBy(asc(link.eoiEventId))
    .all()
    .map((r) => r.id);
  if (ids.length > 0) return { eventIds: ids, savedAt: user.updatedAt.getTime() };
  const first = db()
    .select({ at: sql<number | null>`MIN(${ev.createdAt})` })
    .from(ev)
    .where(eq(ev.editionId, editionId))
    .get()?.at;
  const savedHere = first != null && user.updatedAt.getTime() >= Number(first);
  return { eventIds: [], savedAt: savedHere ? user.updatedAt.getTime() : null };
}

export type InterestOwner = { email: string; name: string; team: string; country: string };

/**
 * Records a manager's ticks in the edition (replacing what they saved there before; their answers
 * in other editions stay): the EOIUser carries their email and name and the association's name and
 * country as they are now. Refused ("gone") if a ticked event is not a live one of the edition, and
 * nothing changes. An archived edition refuses it (EDITION_ARCHIVED, as the triggers do).
 */
export function saveInterest(
  editionId: number,
  owner: InterestOwner,
  eventIds: number[],
  now = new Date(clockNow()),
): "saved" | "gone" {
  return db().transaction(
    (tx) => {
      const state = tx
        .select({ state: schema.editions.state })
        .from(schema.editions)
        .where(eq(schema.editions.id, editionId))
        .get()?.state;
      if (state === "ARCHIVED") throw new Error("EDITION_ARCHIVED");
      if (eventIds.length > 0) {
        const live = tx
          .select({ n: count() })
          .from(ev)
          .where(and(inArray(ev.id, eventIds), liveIn(editionId)))
          .get();
        if ((live?.n ?? 0) !== eventIds.length) return "gone" as const;
      }
      const email = owner.email.toLowerCase();
      const { id } = tx
        .insert(eu)
        .values({
          email,
          name: owner.name,
          team: owner.team,
          country: owner.country,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: eu.email,
          set: { name: owner.name, team: owner.team, country: owner.country, updatedAt: now },
        })
        .returning({ id: eu.id })
        .get();
      const editionEvents = tx.select({ id: ev.id }).from(ev).where(eq(ev.editionId, editionId));
      tx.delete(link)
        .where(and(eq(link.eoiUserId, id), inArray(link.eoiEventId, editionEvents)))
        .run();
      if (eventIds.length > 0)
        tx.insert(link)
          .values(eventIds.map((eoiEventId) => ({ eoiUserId: id, eoiEventId })))
          .run();
      return "saved" as const;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// Results (ADMIN, COMMITTEE)

/** Result by Events: every live EOI event of the edition (by id) with its number of interested
 * teams. */
export function eventResults(editionId: number): EoiEventResult[] {
  return db()
    .select({ id: ev.id, name: ev.name, teams: teamsOf })
    .from(ev)
    .where(liveIn(editionId))
    .orderBy(asc(ev.id))
    .all()
    .map((r) => ({ ...r, teams: Number(r.teams) }));
}

/** The View dialog: the teams interested in one event of the edition, by team name. */
export function interestedIn(editionId: number, eventId: number): InterestedTeam[] {
  return db()
    .select({ id: eu.id, team: eu.team, name: eu.name, country: eu.country, email: eu.email })
    .from(link)
    .innerJoin(eu, eq(eu.id, link.eoiUserId))
    .innerJoin(ev, eq(ev.id, link.eoiEventId))
    .where(and(eq(link.eoiEventId, eventId), eq(ev.editionId, editionId)))
    .orderBy(sql`${eu.team} COLLATE NOCASE`, asc(eu.id))
    .all()
    .map((r) => ({ ...r, country: countryName(r.country) }));
}

/** Teams with at least one live interest in the edition, the condition every tab but Result by
 * Events shares. */
const interested = (
  editionId: number,
) => sql`EXISTS (SELECT 1 FROM eois JOIN eoi_events ON eoi_events.id = eois.eoi_event_id
  WHERE eois.eoi_user_id = ${eu.id} AND eoi_events.deleted = 0 AND eoi_events.edition_id = ${editionId})`;

/** How many teams have expressed interest in at least one live event of the edition. */
export function interestedTeamCount(editionId: number): number {
  return countUntilDataChanges(editionId);
}
// The EOI result tabs' figures and pages, kept until the database changes (lib/data-version, exact):
// ~2 ms of each page (issue 30, ADR 0022). Callers get copies of the rows.
const countUntilDataChanges = untilDataChanges(
  (editionId: number) => queryInterestedTeamCount(editionId),
  (editionId) => String(editionId),
);
const pageKey = (editionId: number, page: { offset: number; limit: number }) =>
  `${editionId}:${page.offset}:${page.limit}`;
function queryInterestedTeamCount(editionId: number): number {
  return db().select({ n: count() }).from(eu).where(interested(editionId)).get()?.n ?? 0;
}

/** A page of the edition's interested teams (by team name), or all of them (for the CSV). */
function teamPage(editionId: number, page: { offset: number; limit: number } | null) {
  const q = db()
    .select({
      id: eu.id,
      team: eu.team,
      name: eu.name,
      country: eu.country,
      email: eu.email,
      updatedAt: eu.updatedAt,
    })
    .from(eu)
    .where(interested(editionId))
    .orderBy(sql`${eu.team} COLLATE NOCASE`, asc(eu.id));
  return page ? q.limit(page.limit).offset(page.offset).all() : q.all();
}

function linesOf(editionId: number, userIds: number[]): InterestLine[] {
  if (userIds.length === 0) return [];
  return db()
    .select({ userId: link.eoiUserId, eventName: ev.name })
    .from(link)
    .innerJoin(ev, eq(ev.id, link.eoiEventId))
    .where(and(inArray(link.eoiUserId, userIds), liveIn(editionId)))
    .orderBy(asc(ev.name))
    .all() as InterestLine[];
}

/** Teams tab: a page of the edition's interested teams with their details and events (null page:
 * all). */
export function teamInterests(
  editionId: number,
  page: { offset: number; limit: number } | null,
): TeamInterest[] {
  if (page === null) return queryTeamInterests(editionId, null);
  return interestsUntilDataChanges(editionId, page).map((row) => ({ ...row }));
}
const interestsUntilDataChanges = untilDataChanges(
  (editionId: number, page: { offset: number; limit: number }) => queryTeamInterests(editionId, page),
  pageKey,
);
function queryTeamInterests(
  editionId: number,
  page: { offset: number; limit: number } | null,
): TeamInterest[] {
  const teams = teamPage(editionId, page);
  const lines = linesOf(
    editionId,
    teams.map((t) => t.id),
  );
  return teams.map((t) => ({
    id: t.id,
    team: t.team,
    name: t.name,
    country: countryName(t.country),
    email: t.email,
    updatedAt: t.updatedAt.getTime(),
    events: lines.filter((l) => l.userId === t.id).map((l) => l.eventName),
  }));
}

/** Result by Teams: a page of the matrix of teams against 250M / 400M / Tug (null page: all). */
export function teamMatrix(editionId: number, page: { offset: number; limit: number } | null): MatrixRow[] {
  if (page === null) return queryTeamMatrix(editionId, null);
  return matrixUntilDataChanges(editionId, page).map((row) => ({ ...row }));
}
const matrixUntilDataChanges = untilDataChanges(
  (editionId: number, page: { offset: number; limit: number }) => queryTeamMatrix(editionId, page),
  pageKey,
);
function queryTeamMatrix(editionId: number, page: { offset: number; limit: number } | null): MatrixRow[] {
  const teams = teamPage(editionId, page);
  const byId = new Map(teams.map((t) => [t.id, t]));
  const lines = linesOf(
    editionId,
    teams.map((t) => t.id),
  );
  // Lines in team order, so the rows come out in the page's order.
  const ordered = teams.flatMap((t) =>
    lines
      .filter((l) => l.userId === t.id)
      .map((l) => ({ ...l, team: t.team, country: countryName(byId.get(l.userId)?.country ?? "") })),
  );
  return eoiMatrix(ordered).rows;
}

/** Result by Teams' footer: per column, the number of teams with an event in it (all teams). The
 * few live events are sorted into columns once; SQL counts the teams. */
export function matrixTotals(editionId: number): number[] {
  return [...totalsUntilDataChanges(editionId)];
}
const totalsUntilDataChanges = untilDataChanges(
  (editionId: number) => queryMatrixTotals(editionId),
  (editionId) => String(editionId),
);
function queryMatrixTotals(editionId: number): number[] {
  const columnOf = new Map<number, number>();
  for (const e of liveEoiEvents(editionId))
    columnOf.set(
      e.id,
      MATRIX_COLUMNS.findIndex((c) => c.key === distanceOf(e.name)),
    );
  return MATRIX_COLUMNS.map((_, i) => {
    const ids = [...columnOf].filter(([, column]) => column === i).map(([id]) => id);
    if (ids.length === 0) return 0;
    return (
      db()
        .select({ n: sql<number>`COUNT(DISTINCT ${link.eoiUserId})` })
        .from(link)
        .where(inArray(link.eoiEventId, ids))
        .get()?.n ?? 0
    );
  });
}

/** Countries: the edition's interested teams per country (names, not codes), most first, and the
 * total. */
export function countryResults(editionId: number) {
  const lines = db()
    .select({ country: eu.country, teams: count() })
    .from(eu)
    .where(interested(editionId))
    .groupBy(eu.country)
    .all();
  return countryCounts(lines, countryName);
}

// ---------------------------------------------------------------------------------------------
// Rows as given (the test factories; staff and managers use the functions above)

/** An EOI event row as given, no audit entry (no edition: the open one, migration 0018's trigger).
 * @testOnly test factories and seeds only: no audit entry. */
export function insertEoiEvent(values: typeof ev.$inferInsert): typeof ev.$inferSelect {
  return db().insert(ev).values(values).returning().get();
}

/** Marks an EOI event deleted and removes its interest links, no audit entry (updated_at kept).
 * @testOnly test data only: deletes interest links, no audit entry. */
export function markEoiEventDeleted(id: number): void {
  db().transaction((tx) => {
    tx.delete(link).where(eq(link.eoiEventId, id)).run();
    tx.update(ev).set({ deleted: true }).where(eq(ev.id, id)).run();
  });
}

/** A manager's EOIUser (made, or its details replaced) linked to exactly these EOI events, of any
 * edition and in any state, with no rule checked. Returns the EOIUser's id.
 * @testOnly test factories only: no rule checked. */
export function insertInterest(owner: InterestOwner, eventIds: number[], now = new Date()): number {
  return db().transaction((tx) => {
    const { id } = tx
      .insert(eu)
      .values({
        email: owner.email.toLowerCase(),
        name: owner.name,
        team: owner.team,
        country: owner.country,
      })
      .onConflictDoUpdate({
        target: eu.email,
        set: { name: owner.name, team: owner.team, country: owner.country, updatedAt: now },
      })
      .returning({ id: eu.id })
      .get();
    tx.delete(link).where(eq(link.eoiUserId, id)).run();
    for (const eoiEventId of eventIds) tx.insert(link).values({ eoiUserId: id, eoiEventId }).run();
    return id;
  });
}

/** EOI event rows as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertEoiEvents(rows: (typeof ev.$inferInsert)[]): void {
  insertRows(ev, rows);
}

/** EOI users as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertEoiUsers(rows: (typeof eu.$inferInsert)[]): void {
  insertRows(eu, rows);
}

/** Interest links (an EOI user in an EOI event) as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertInterestLinks(rows: (typeof link.$inferInsert)[]): void {
  insertRows(link, rows);
}

/** An EOI user row as given (the seeds: times of its own; no audit entry, no rule checked); its id.
 * @testOnly seeds only: no audit entry, no rule checked. */
export function insertEoiUser(values: typeof eu.$inferInsert): number {
  return db().insert(eu).values(values).returning({ id: eu.id }).get().id;
}
