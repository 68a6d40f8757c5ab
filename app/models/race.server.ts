// Races (spec sections 3, 5, 8; /races for ADMIN and COMMITTEE): a round's races (event team, lane,
// score), create / update / delete and Save Scores, each with its audit entry in the same
// transaction, then notifyScoreboard(roundId) once committed. One lane and one team per round
// ('Lane already used', 'Team already exist'; unique indexes back the checks). A race's team must
// be an event team of the round's event. Who may do what is decided by the routes (ADR 0016).
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { now as clock } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { compareLanes } from "~/rules/race-fields";
import type { RaceCreate, RaceUpdate, ScoreEntry } from "~/rules/race-schema";
import { type Actor, audit } from "./audit.server";
import { changedFields, liveRound, raceDayWrite, type Tx, taken } from "./race-day.server";
import { recomputeRound, reviseIfOfficial, scoreIntoColumns } from "./results.server";

const rc = schema.races;
const t = schema.teams;
const r = schema.rounds;
const e = schema.events;

export const RACE_AUDIT = {
  created: "race.created",
  updated: "race.updated",
  deleted: "race.deleted",
  scores: "race.scores",
} as const;

export type RaceRow = { id: number; lane: string; score: string | null; teamId: number; teamName: string };
export type RaceDetail = RaceRow & { roundId: number; roundName: string; eventId: number; scanLogs: number };
export type TeamOption = { id: number; name: string };

const byLane = (a: RaceRow, b: RaceRow) => compareLanes(a.lane, b.lane) || a.id - b.id;

/** A round's races in lane order (none for a round of another edition). */
export function racesOfRound(editionId: number, roundId: number): RaceRow[] {
  return db()
    .select({ id: rc.id, lane: rc.lane, score: rc.score, teamId: rc.teamId, teamName: t.name })
    .from(rc)
    .innerJoin(t, eq(t.id, rc.teamId))
    .innerJoin(r, eq(r.id, rc.roundId))
    .where(and(eq(rc.roundId, roundId), eq(r.editionId, editionId)))
    .all()
    .sort(byLane);
}

/** A race of a round of a live event of the edition, with the scan logs deleting it would remove;
 * or undefined. */
export function findRace(editionId: number, id: number): RaceDetail | undefined {
  return db()
    .select({
      id: rc.id,
      lane: rc.lane,
      score: rc.score,
      teamId: rc.teamId,
      teamName: t.name,
      roundId: rc.roundId,
      roundName: r.name,
      eventId: r.eventId,
      scanLogs: sql<number>`(SELECT COUNT(*) FROM scan_logs s WHERE s.round_id = ${rc.roundId} AND s.team_id = ${rc.teamId})`,
    })
    .from(rc)
    .innerJoin(t, eq(t.id, rc.teamId))
    .innerJoin(r, eq(r.id, rc.roundId))
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(rc.id, id), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
}

/** The event teams of a round's event that have no race in it yet (Create Race's team select). */
export function teamsForRound(editionId: number, roundId: number): TeamOption[] {
  const round = db()
    .select({ eventId: r.eventId })
    .from(r)
    .where(and(eq(r.id, roundId), eq(r.editionId, editionId)))
    .get();
  if (!round) return [];
  const inRound = db().select({ id: rc.teamId }).from(rc).where(eq(rc.roundId, roundId));
  return db()
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(and(eq(t.eventId, round.eventId), notInArray(t.id, inRound)))
    .orderBy(sql`${t.name} COLLATE NOCASE`, t.id)
    .all();
}

export type RaceError = "laneUsed" | "teamExists" | "teamNotInEvent" | "roundGone" | "notFound";
export type RaceResult = { ok: true; id: number; roundId: number } | { ok: false; code: RaceError };

/** A race of a round of a live event of the edition, or undefined. */
function liveRace(tx: Tx, editionId: number, id: number) {
  return tx
    .select({ id: rc.id, lane: rc.lane, score: rc.score, roundId: rc.roundId, teamId: rc.teamId })
    .from(rc)
    .innerJoin(r, eq(r.id, rc.roundId))
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(rc.id, id), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
}

function laneTaken(tx: Tx, roundId: number, lane: string, exceptId: number | null): boolean {
  return taken(tx, rc, rc.id, [eq(rc.roundId, roundId), eq(rc.lane, lane)], exceptId);
}

/** A unique index refused the write (a concurrent insert won the race between check and write). */
function conflictOf(error: unknown): RaceResult | null {
  if (!(error instanceof Error)) return null;
  if (/UNIQUE constraint failed: races\.round_id, races\.lane/.test(error.message))
    return { ok: false, code: "laneUsed" };
  if (/UNIQUE constraint failed: races\.round_id, races\.team_id/.test(error.message))
    return { ok: false, code: "teamExists" };
  return null;
}

/** Once committed, the scoreboard hears of the race's round. */
const roundOf = (result: RaceResult) => (result.ok ? result.roundId : null);

/** Adds a race: the team must be an event team of the round's event, its lane and team new to the
 * round. */
export function createRace(editionId: number, actor: Actor, input: RaceCreate): RaceResult {
  const write = () =>
    db().transaction(
      (tx): RaceResult => {
        const round = liveRound(tx, editionId, input.round);
        if (!round) return { ok: false, code: "roundGone" };
        const team = tx
          .select({ id: t.id, name: t.name })
          .from(t)
          .where(and(eq(t.id, input.team), eq(t.eventId, round.eventId)))
          .get();
        if (!team) return { ok: false, code: "teamNotInEvent" };
        if (laneTaken(tx, round.id, input.lane, null)) return { ok: false, code: "laneUsed" };
        const teamIn = tx
          .select({ id: rc.id })
          .from(rc)
          .where(and(eq(rc.roundId, round.id), eq(rc.teamId, team.id)))
          .get();
        if (teamIn) return { ok: false, code: "teamExists" };
        const created = tx
          .insert(rc)
          .values({ roundId: round.id, teamId: team.id, lane: input.lane })
          .returning({ id: rc.id })
          .get();
        audit(tx, actor, {
          editionId,
          action: RACE_AUDIT.created,
          targetType: "race",
          targetId: created.id,
          details: { roundId: round.id, teamId: team.id, team: team.name, lane: input.lane },
        });
        return { ok: true, id: created.id, roundId: round.id };
      },
      { behavior: "immediate" },
    );
  return raceDayWrite(write, { refused: conflictOf, notifies: roundOf });
}

/** Changes a race's lane and score (the results desk's edit); old and new values are audited. */
export function updateRace(editionId: number, actor: Actor, id: number, input: RaceUpdate): RaceResult {
  const write = () =>
    db().transaction(
      (tx): RaceResult => {
        const before = liveRace(tx, editionId, id);
        if (!before) return { ok: false, code: "notFound" };
        if (laneTaken(tx, before.roundId, input.lane, id)) return { ok: false, code: "laneUsed" };
        const next = { lane: input.lane, score: input.score };
        tx.update(rc).set(next).where(eq(rc.id, id)).run();
        // The score typed here writes the result columns too, and the round's places follow
        // (issue 20: the results screen and this dialog agree).
        if (before.score !== next.score) {
          scoreIntoColumns(tx, id, next.score);
          recomputeRound(tx, before.roundId);
          reviseIfOfficial(
            tx,
            actor,
            editionId,
            before.roundId,
            [{ race: id, old: before.score, new: next.score }],
            clock(),
          );
        }
        audit(tx, actor, {
          editionId,
          action: RACE_AUDIT.updated,
          targetType: "race",
          targetId: id,
          details: { roundId: before.roundId, ...changedFields(before, next) },
        });
        return { ok: true, id, roundId: before.roundId };
      },
      { behavior: "immediate" },
    );
  return raceDayWrite(write, { refused: conflictOf, notifies: roundOf });
}

/** Deletes a race and its related data: the scan logs of its team in its round. */
export function deleteRace(editionId: number, actor: Actor, id: number): RaceResult {
  const write = () =>
    db().transaction(
      (tx): RaceResult => {
        const race = liveRace(tx, editionId, id);
        if (!race) return { ok: false, code: "notFound" };
        const scans = tx
          .delete(schema.scanLogs)
          .where(and(eq(schema.scanLogs.roundId, race.roundId), eq(schema.scanLogs.teamId, race.teamId)))
          .run().changes;
        tx.delete(rc).where(eq(rc.id, id)).run();
        audit(tx, actor, {
          editionId,
          action: RACE_AUDIT.deleted,
          targetType: "race",
          targetId: id,
          details: {
            roundId: race.roundId,
            teamId: race.teamId,
            lane: race.lane,
            score: race.score,
            scanLogs: scans,
          },
        });
        return { ok: true, id, roundId: race.roundId };
      },
      { behavior: "immediate" },
    );
  return raceDayWrite(write, { notifies: roundOf });
}

export type ScoresResult = { ok: true; changed: number } | { ok: false; code: "roundGone" | "stale" };

/**
 * Save Scores: every entry must be a race of this round (else nothing is written: "stale", the
 * round's races changed under the form). Only the boxes the user changed are written (the score
 * typed differs from the one the form showed), so another desk's edit of another row stands. One
 * transaction, one audit entry with each change, old and new.
 */
export function saveScores(
  editionId: number,
  actor: Actor,
  roundId: number,
  entries: ScoreEntry[],
): ScoresResult {
  const write = () =>
    db().transaction(
      (tx): ScoresResult => {
        if (!liveRound(tx, editionId, roundId)) return { ok: false, code: "roundGone" };
        const ids = entries.map((x) => x.raceId);
        const rows = tx
          .select({ id: rc.id, score: rc.score })
          .from(rc)
          .where(and(eq(rc.roundId, roundId), inArray(rc.id, ids)))
          .all();
        if (rows.length !== ids.length) return { ok: false, code: "stale" };
        const now = new Map(rows.map((x) => [x.id, x.score]));
        const changes = entries.filter((x) => x.score !== x.was && x.score !== now.get(x.raceId));
        for (const x of changes) {
          tx.update(rc).set({ score: x.score }).where(eq(rc.id, x.raceId)).run();
          scoreIntoColumns(tx, x.raceId, x.score);
        }
        if (changes.length > 0) {
          recomputeRound(tx, roundId);
          const revised = changes.map((x) => ({ race: x.raceId, old: now.get(x.raceId), new: x.score }));
          reviseIfOfficial(tx, actor, editionId, roundId, revised, clock());
        }
        if (changes.length > 0)
          audit(tx, actor, {
            editionId,
            action: RACE_AUDIT.scores,
            targetType: "round",
            targetId: roundId,
            details: {
              changes: changes.map((x) => ({ race: x.raceId, old: now.get(x.raceId), new: x.score })),
            },
          });
        return { ok: true, changed: changes.length };
      },
      { behavior: "immediate" },
    );
  return raceDayWrite(write, { notifies: (done) => (done.ok && done.changed > 0 ? roundId : null) });
}

/** A race (lane) row as given, no audit entry (the test factories; staff use createRace).
 * @testOnly seeds and test factories only: no audit entry. */
export function insertRace(values: typeof schema.races.$inferInsert): typeof schema.races.$inferSelect {
  return db().insert(rc).values(values).returning().get();
}

/** Sets a round's lane's columns as given: no audit entry, no recompute (the test factories).
 * @testOnly test factories only: no audit entry, no recompute. */
export function setLane(
  roundId: number,
  lane: string,
  values: Partial<typeof schema.races.$inferInsert>,
): void {
  db()
    .update(rc)
    .set(values)
    .where(and(eq(rc.roundId, roundId), eq(rc.lane, lane)))
    .run();
}

/** Race (lane) rows as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertRaces(rows: (typeof rc.$inferInsert)[]): void {
  insertRows(rc, rows);
}
