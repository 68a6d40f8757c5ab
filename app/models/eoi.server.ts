// Expressions of interest (spec sections 3, 5, 8; issue 11). EOI events (ADMIN on /eoi-events:
// create, rename, delete, each audited in its own transaction), a manager's interest (one EOIUser
// per manager, found again by email, linked to each ticked event), and the result tabs of /eoi,
// paged in SQL. Deleting an EOI event marks it deleted (names stay unique among the live ones) and
// removes its interest links: the spec's "related data".
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
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

/** The live EOI events, by id (the order they were made). */
export function liveEoiEvents(): EoiEvent[] {
  return db()
    .select({ id: ev.id, name: ev.name })
    .from(ev)
    .where(eq(ev.deleted, false))
    .orderBy(asc(ev.id))
    .all();
}

/** A live EOI event with its number of interested teams, or undefined. */
export function findEoiEvent(id: number): EoiEventResult | undefined {
  const row = db()
    .select({ id: ev.id, name: ev.name, teams: teamsOf })
    .from(ev)
    .where(and(eq(ev.id, id), eq(ev.deleted, false)))
    .get();
  return row && { ...row, teams: Number(row.teams) };
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

function nameTaken(tx: Tx, name: string, exceptId: number | null): boolean {
  const same = tx
    .select({ id: ev.id })
    .from(ev)
    .where(and(eq(ev.deleted, false), sql`${ev.name} = ${name} COLLATE NOCASE`))
    .all();
  return same.some((r) => r.id !== exceptId);
}

/** A live EOI event's name inside a write, or undefined (unknown or deleted). */
function liveEvent(tx: Tx, id: number): { name: string } | undefined {
  return tx
    .select({ name: ev.name })
    .from(ev)
    .where(and(eq(ev.id, id), eq(ev.deleted, false)))
    .get();
}

export type EoiWrite = { ok: true; id: number } | { ok: false; error: "exists" | "notFound" };

export function createEoiEvent(actor: Actor, name: string, now = new Date()): EoiWrite {
  return db().transaction(
    (tx) => {
      if (nameTaken(tx, name, null)) return { ok: false, error: "exists" } as const;
      const { id } = tx
        .insert(ev)
        .values({ name, createdAt: now, updatedAt: now })
        .returning({ id: ev.id })
        .get();
      audit(tx, actor, {
        action: EOI_AUDIT.created,
        targetType: "eoi-event",
        targetId: id,
        details: { name },
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

export function updateEoiEvent(actor: Actor, id: number, name: string, now = new Date()): EoiWrite {
  return db().transaction(
    (tx) => {
      const was = liveEvent(tx, id);
      if (!was) return { ok: false, error: "notFound" } as const;
      if (nameTaken(tx, name, id)) return { ok: false, error: "exists" } as const;
      tx.update(ev).set({ name, updatedAt: now }).where(eq(ev.id, id)).run();
      audit(tx, actor, {
        action: EOI_AUDIT.updated,
        targetType: "eoi-event",
        targetId: id,
        details: { from: was.name, to: name },
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

/** Marks the event deleted and removes every team's interest in it. */
export function deleteEoiEvent(actor: Actor, id: number, now = new Date()): EoiWrite {
  return db().transaction(
    (tx) => {
      const was = liveEvent(tx, id);
      if (!was) return { ok: false, error: "notFound" } as const;
      const removed = tx.delete(link).where(eq(link.eoiEventId, id)).run().changes;
      tx.update(ev).set({ deleted: true, updatedAt: now }).where(eq(ev.id, id)).run();
      audit(tx, actor, {
        action: EOI_AUDIT.deleted,
        targetType: "eoi-event",
        targetId: id,
        details: { name: was.name, interestRemoved: removed },
      });
      return { ok: true, id } as const;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// A manager's interest

export type MyInterest = { eventIds: number[]; savedAt: number | null };

/** What a manager has saved: the live EOI events they ticked, and when. */
export function interestOf(email: string): MyInterest {
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
    .where(and(eq(link.eoiUserId, user.id), eq(ev.deleted, false)))
    .orderBy(asc(link.eoiEventId))
    .all()
    .map((r) => r.id);
  return { eventIds: ids, savedAt: user.updatedAt.getTime() };
}

export type InterestOwner = { email: string; name: string; team: string; country: string };

/**
 * Records a manager's ticks (replacing what they saved before): the EOIUser carries their email and
 * name and the association's name and country as they are now. Refused ("gone") if a ticked event
 * is not live, and nothing changes.
 */
export function saveInterest(owner: InterestOwner, eventIds: number[], now = new Date()): "saved" | "gone" {
  return db().transaction(
    (tx) => {
      if (eventIds.length > 0) {
        const live = tx
          .select({ n: count() })
          .from(ev)
          .where(and(inArray(ev.id, eventIds), eq(ev.deleted, false)))
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
      tx.delete(link).where(eq(link.eoiUserId, id)).run();
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

/** Result by Events: every live EOI event (by id) with its number of interested teams. */
export function eventResults(): EoiEventResult[] {
  return db()
    .select({ id: ev.id, name: ev.name, teams: teamsOf })
    .from(ev)
    .where(eq(ev.deleted, false))
    .orderBy(asc(ev.id))
    .all()
    .map((r) => ({ ...r, teams: Number(r.teams) }));
}

/** The View dialog: the teams interested in one event, by team name. */
export function interestedIn(eventId: number): InterestedTeam[] {
  return db()
    .select({ id: eu.id, team: eu.team, name: eu.name, country: eu.country, email: eu.email })
    .from(link)
    .innerJoin(eu, eq(eu.id, link.eoiUserId))
    .where(eq(link.eoiEventId, eventId))
    .orderBy(sql`${eu.team} COLLATE NOCASE`, asc(eu.id))
    .all()
    .map((r) => ({ ...r, country: countryName(r.country) }));
}

/** Teams with at least one live interest, the condition every tab but Result by Events shares. */
const interested = sql`EXISTS (SELECT 1 FROM eois JOIN eoi_events ON eoi_events.id = eois.eoi_event_id
  WHERE eois.eoi_user_id = ${eu.id} AND eoi_events.deleted = 0)`;

/** How many teams have expressed interest in at least one live event. */
export function interestedTeamCount(): number {
  return db().select({ n: count() }).from(eu).where(interested).get()?.n ?? 0;
}

/** A page of interested teams (by team name), or all of them (for the CSV). */
function teamPage(page: { offset: number; limit: number } | null) {
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
    .where(interested)
    .orderBy(sql`${eu.team} COLLATE NOCASE`, asc(eu.id));
  return page ? q.limit(page.limit).offset(page.offset).all() : q.all();
}

function linesOf(userIds: number[]): InterestLine[] {
  if (userIds.length === 0) return [];
  return db()
    .select({ userId: link.eoiUserId, eventName: ev.name })
    .from(link)
    .innerJoin(ev, eq(ev.id, link.eoiEventId))
    .where(and(inArray(link.eoiUserId, userIds), eq(ev.deleted, false)))
    .orderBy(asc(ev.name))
    .all() as InterestLine[];
}

/** Teams tab: a page of interested teams with their details and events (null page: all). */
export function teamInterests(page: { offset: number; limit: number } | null): TeamInterest[] {
  const teams = teamPage(page);
  const lines = linesOf(teams.map((t) => t.id));
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
export function teamMatrix(page: { offset: number; limit: number } | null): MatrixRow[] {
  const teams = teamPage(page);
  const byId = new Map(teams.map((t) => [t.id, t]));
  const lines = linesOf(teams.map((t) => t.id));
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
export function matrixTotals(): number[] {
  const columnOf = new Map<number, number>();
  for (const e of liveEoiEvents())
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

/** Countries: interested teams per country (names, not codes), most first, and the total. */
export function countryResults() {
  const lines = db()
    .select({ country: eu.country, teams: count() })
    .from(eu)
    .where(interested)
    .groupBy(eu.country)
    .all();
  return countryCounts(lines, countryName);
}
