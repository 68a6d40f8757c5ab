// Rounds (spec sections 3, 5, 8; ADMIN on /rounds): the rounds of a live event with their race
// counts, and create / update / delete, each with its audit entry in the same transaction. Names
// are unique within an event, compared case-insensitively ('Round already exist'). Deleting a round
// removes its races, scan logs and scoreboard entry (ON DELETE CASCADE, foreign_keys on).
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import type { RoundCreate, RoundUpdate } from "~/rules/race-schema";
import { type Actor, audit } from "./audit.server";
import { changedFields, liveRound, raceDayWrite, type Tx, taken } from "./race-day.server";

const r = schema.rounds;
const e = schema.events;

export const ROUND_AUDIT = {
  created: "round.created",
  updated: "round.updated",
  deleted: "round.deleted",
} as const;

export type RoundRow = { id: number; name: string; description: string; eventId: number; races: number };
export type RoundDetail = RoundRow & {
  eventName: string;
  scanLogs: number;
  onScoreboard: boolean;
  raceNumber: number | null;
  scheduledAt: number | null;
};
export type EventOption = { id: number; name: string };

const racesOf = sql<number>`(SELECT COUNT(*) FROM races WHERE races.round_id = rounds.id)`;

/** The edition's live events, by name: the Event select of /rounds and /races. */
export function liveEvents(editionId: number): EventOption[] {
  return db()
    .select({ id: e.id, name: e.name })
    .from(e)
    .where(and(eq(e.editionId, editionId), eq(e.deleted, false)))
    .orderBy(sql`${e.name} COLLATE NOCASE`, asc(e.id))
    .all();
}

/** A live event of the edition: its id and name, or undefined (deleted, unknown or another
 * edition's). */
export function liveEvent(editionId: number, id: number): EventOption | undefined {
  return db()
    .select({ id: e.id, name: e.name })
    .from(e)
    .where(and(eq(e.id, id), eq(e.editionId, editionId), eq(e.deleted, false)))
    .get();
}

/** An event's rounds in the order they were made (heats before the final), with race counts. */
export function roundsOfEvent(editionId: number, eventId: number): RoundRow[] {
  return db()
    .select({ id: r.id, name: r.name, description: r.description, eventId: r.eventId, races: racesOf })
    .from(r)
    .where(and(eq(r.eventId, eventId), eq(r.editionId, editionId)))
    .orderBy(asc(r.id))
    .all()
    .map((row) => ({ ...row, races: Number(row.races) }));
}

/** A round of a live event of the edition with what deleting it would remove, or undefined. */
export function findRound(editionId: number, id: number): RoundDetail | undefined {
  const row = db()
    .select({
      id: r.id,
      name: r.name,
      description: r.description,
      eventId: r.eventId,
      eventName: e.name,
      raceNumber: r.raceNumber,
      scheduledAt: r.scheduledAt,
      races: racesOf,
      scanLogs: sql<number>`(SELECT COUNT(*) FROM scan_logs WHERE scan_logs.round_id = rounds.id)`,
      onScoreboard: sql<number>`EXISTS (SELECT 1 FROM scoreboard_rounds WHERE scoreboard_rounds.round_id = rounds.id)`,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.id, id), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
  if (!row) return undefined;
  return {
    ...row,
    scheduledAt: row.scheduledAt?.getTime() ?? null,
    races: Number(row.races),
    scanLogs: Number(row.scanLogs),
    onScoreboard: Boolean(row.onScoreboard),
  };
}

/** Another round of the event already has this name (any case). */
function nameTaken(tx: Tx, eventId: number, name: string, exceptId: number | null): boolean {
  return taken(tx, r, r.id, [eq(r.eventId, eventId), sql`${r.name} = ${name} COLLATE NOCASE`], exceptId);
}

export type RoundResult =
  | { ok: true; id: number; eventId: number }
  | { ok: false; code: "exists" | "eventGone" | "notFound" }
  | { ok: false; code: "raceTaken"; raceNumber: number; holder: string };

/** The round of the edition holding race number `n` (other than `exceptId`), as "EVENT ROUND", or
 * null (race numbers are unique per edition). */
export function raceNumberHolder(
  tx: Tx | ReturnType<typeof db>,
  editionId: number,
  n: number,
  exceptId: number | null,
): string | null {
  const same = and(eq(r.editionId, editionId), eq(r.raceNumber, n));
  const row = tx
    .select({ id: r.id, name: r.name, eventName: e.name })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(exceptId === null ? same : and(same, ne(r.id, exceptId)))
    .get();
  return row ? `${row.eventName} ${row.name}` : null;
}

/** A unique index refused the write (a concurrent write won between the check and the write): on
 * (event, name) 'Round already exist'; on the race number, who holds it now. */
const conflictOf =
  (editionId: number, raceNumber: number | null) =>
  (error: unknown): RoundResult | null => {
    if (!(error instanceof Error)) return null;
    if (/UNIQUE constraint failed: rounds\.event_id, rounds\.name/.test(error.message))
      return { ok: false, code: "exists" };
    if (
      raceNumber !== null &&
      /UNIQUE constraint failed: rounds\.edition_id, rounds\.race_number/.test(error.message)
    )
      return {
        ok: false,
        code: "raceTaken",
        raceNumber,
        holder: raceNumberHolder(db(), editionId, raceNumber, null) ?? "",
      };
    return null;
  };

/** The race number and scheduled start are optional for callers (seeds, tests): missing is none. */
type Timed<T extends { raceNumber: number | null; scheduledAt: number | null }> = Omit<
  T,
  "raceNumber" | "scheduledAt"
> &
  Partial<Pick<T, "raceNumber" | "scheduledAt">>;
const timed = <T extends { raceNumber: number | null; scheduledAt: number | null }>(input: Timed<T>) => ({
  ...input,
  raceNumber: input.raceNumber ?? null,
  scheduledAt: input.scheduledAt ?? null,
});

/** Creates a round in a live event of the edition (name trimmed, inner spaces as one) with its
 * audit entry. */
export function createRound(editionId: number, actor: Actor, given: Timed<RoundCreate>): RoundResult {
  const input = timed(given);
  const write = () =>
    db().transaction((tx): RoundResult => {
      const event = tx
        .select({ id: e.id })
        .from(e)
        .where(and(eq(e.id, input.event), eq(e.editionId, editionId), eq(e.deleted, false)))
        .get();
      if (!event) return { ok: false, code: "eventGone" };
      if (nameTaken(tx, event.id, input.name, null)) return { ok: false, code: "exists" };
      const holder =
        input.raceNumber === null ? null : raceNumberHolder(tx, editionId, input.raceNumber, null);
      if (holder !== null && input.raceNumber !== null)
        return { ok: false, code: "raceTaken", raceNumber: input.raceNumber, holder };
      const scheduledAt = input.scheduledAt === null ? null : new Date(input.scheduledAt);
      const created = tx
        .insert(r)
        .values({
          eventId: event.id,
          editionId,
          name: input.name,
          description: input.description,
          raceNumber: input.raceNumber,
          scheduledAt,
        })
        .returning({ id: r.id })
        .get();
      audit(tx, actor, {
        editionId,
        action: ROUND_AUDIT.created,
        targetType: "round",
        targetId: created.id,
        details: {
          eventId: event.id,
          name: input.name,
          description: input.description,
          ...(input.raceNumber === null ? {} : { raceNumber: input.raceNumber }),
          ...(input.scheduledAt === null ? {} : { scheduledAt: input.scheduledAt }),
        },
      });
      return { ok: true, id: created.id, eventId: event.id };
    });
  return raceDayWrite(write, { refused: conflictOf(editionId, input.raceNumber) });
}

/** Renames a round or changes its description (a round of a live event); the changed fields, old
 * and new, go in the audit entry. */
export function updateRound(
  editionId: number,
  actor: Actor,
  id: number,
  given: Timed<RoundUpdate>,
): RoundResult {
  const input = timed(given);
  const write = () =>
    db().transaction((tx): RoundResult => {
      const before = liveRound(tx, editionId, id);
      if (!before) return { ok: false, code: "notFound" };
      if (nameTaken(tx, before.eventId, input.name, id)) return { ok: false, code: "exists" };
      const holder = input.raceNumber === null ? null : raceNumberHolder(tx, editionId, input.raceNumber, id);
      if (holder !== null && input.raceNumber !== null)
        return { ok: false, code: "raceTaken", raceNumber: input.raceNumber, holder };
      const timed = tx
        .select({ raceNumber: r.raceNumber, scheduledAt: r.scheduledAt })
        .from(r)
        .where(eq(r.id, id))
        .get();
      const old = {
        ...before,
        raceNumber: timed?.raceNumber ?? null,
        scheduledAt: timed?.scheduledAt?.getTime() ?? null,
      };
      tx.update(r)
        .set({
          name: input.name,
          description: input.description,
          raceNumber: input.raceNumber,
          scheduledAt: input.scheduledAt === null ? null : new Date(input.scheduledAt),
        })
        .where(eq(r.id, id))
        .run();
      const next = {
        name: input.name,
        description: input.description,
        raceNumber: input.raceNumber,
        scheduledAt: input.scheduledAt,
      };
      audit(tx, actor, {
        editionId,
        action: ROUND_AUDIT.updated,
        targetType: "round",
        targetId: id,
        details: changedFields(old, next),
      });
      return { ok: true, id, eventId: before.eventId };
    });
  // Its name heads its table on the scoreboard (and the board shows its race number and start).
  return raceDayWrite(write, {
    refused: conflictOf(editionId, input.raceNumber),
    notifies: (done) => (done.ok ? id : null),
  });
}

/** Deletes a round of a live event; its races, scan logs and scoreboard entry go with it (the
 * foreign keys cascade). The audit entry records what was removed. */
export function deleteRound(editionId: number, actor: Actor, id: number): RoundResult {
  const write = () =>
    db().transaction((tx): RoundResult => {
      const round = liveRound(tx, editionId, id);
      if (!round) return { ok: false, code: "notFound" };
      const races = tx.select({ n: count() }).from(schema.races).where(eq(schema.races.roundId, id)).get()?.n;
      const scanLogs = tx
        .select({ n: count() })
        .from(schema.scanLogs)
        .where(eq(schema.scanLogs.roundId, id))
        .get()?.n;
      const onScoreboard = Boolean(
        tx
          .select({ id: schema.scoreboardRounds.roundId })
          .from(schema.scoreboardRounds)
          .where(eq(schema.scoreboardRounds.roundId, id))
          .get(),
      );
      tx.delete(r).where(eq(r.id, id)).run();
      audit(tx, actor, {
        editionId,
        action: ROUND_AUDIT.deleted,
        targetType: "round",
        targetId: id,
        details: { eventId: round.eventId, name: round.name, races, scanLogs, onScoreboard },
      });
      return { ok: true, id, eventId: round.eventId };
    });
  return raceDayWrite(write, { notifies: (done) => (done.ok ? id : null) });
}

/** A round row as given, no audit entry (the test factories; staff use createRound).
 * @testOnly seeds and test factories only: no audit entry. */
export function insertRound(values: typeof schema.rounds.$inferInsert): typeof schema.rounds.$inferSelect {
  return db().insert(r).values(values).returning().get();
}

/** Sets a round's columns as given, no audit entry (the test factories; staff use updateRound).
 * @testOnly seeds and test factories only: no audit entry. */
export function setRound(id: number, values: Partial<typeof schema.rounds.$inferInsert>): void {
  db().update(r).set(values).where(eq(r.id, id)).run();
}

/** One more revision of a round's results, no audit entry (the test factories: a result revised).
 * @testOnly test factories only: no audit entry. */
export function bumpRevision(id: number): void {
  db()
    .update(r)
    .set({ revision: sql`${r.revision} + 1` })
    .where(eq(r.id, id))
    .run();
}

/** Round rows as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertRounds(rows: (typeof r.$inferInsert)[]): void {
  insertRows(r, rows);
}
