// A round's results (issue 20 section 2; docs/decisions/0032-race-control.md): the lanes' result
// columns (time, status and reason, penalty and reason, Tug of War record), the places and the
// formatted `score` recomputed from them, and the round's state (NONE -> PROVISIONAL -> OFFICIAL,
// then revisions). SQL only; services/results.server.ts runs the workflow (settings, the
// scoreboard). Every write here runs inside the caller's transaction.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { type Failure, fail } from "~/rules/failure";
import { compareLanes } from "~/rules/race-fields";
import { formatResult, isTugOfWar, type LaneStatus, rankLanes, resultOfScore } from "~/rules/results";
import type { LaneInput } from "~/rules/results-form";
import type { ResultState } from "../../db/enums";
import { type AuditActor, audit, SYSTEM_ACTOR } from "./audit.server";
import { seedAfterOfficial } from "./progression.server";
import { type LaneReady, readinessOf } from "./readiness.server";
import type { Tx } from "./race-day.server";

const rc = schema.races;
const r = schema.rounds;
const e = schema.events;
const t = schema.teams;
const a = schema.associations;

export const RESULTS_AUDIT = {
  provisional: "results.provisional",
  official: "results.official",
  revised: "results.revised",
  seeded: "progression.seeded",
} as const;

export type ResultsRound = {
  id: number;
  name: string;
  eventId: number;
  eventName: string;
  tug: boolean;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  resultsAt: number | null;
  protestUntil: number | null;
};

export type ResultsLane = {
  id: number;
  lane: string;
  teamId: number;
  teamName: string;
  club: string;
  timeMs: number | null;
  status: LaneStatus | null;
  statusReason: string;
  penaltyMs: number;
  penaltyReason: string;
  place: number | null;
  wins: number | null;
  losses: number | null;
  score: string | null;
};

type Reader = Pick<ReturnType<typeof db>, "select">;
const ms = (d: Date | null) => (d === null ? null : d.getTime());

/** A round of a live (not deleted) event of the edition with its results state, or undefined. */
export function resultsRound(
  editionId: number,
  roundId: number,
  handle: Reader = db(),
): ResultsRound | undefined {
  const row = handle
    .select({
      id: r.id,
      name: r.name,
      eventId: r.eventId,
      eventName: e.name,
      raceNumber: r.raceNumber,
      scheduledAt: r.scheduledAt,
      startedAt: r.startedAt,
      resultState: r.resultState,
      revision: r.revision,
      resultsAt: r.resultsAt,
      protestUntil: r.protestUntil,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.id, roundId), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
  if (!row) return undefined;
  return {
    ...row,
    tug: isTugOfWar(row.eventName),
    scheduledAt: ms(row.scheduledAt),
    startedAt: ms(row.startedAt),
    resultsAt: ms(row.resultsAt),
    protestUntil: ms(row.protestUntil),
  };
}

/**
 * The results desk's round, its lanes and their readiness, kept until the database changes
 * (lib/data-version.server.ts: exact; nothing here reads the clock): a desk reloads the page far
 * more often than a result is typed or a crew scanned (issue 30, ADR 0022). Each caller gets its
 * own copy of the rows. Undefined for a round the edition does not have.
 */
export function resultsDesk(
  editionId: number,
  roundId: number,
): { round: ResultsRound; lanes: ResultsLane[]; ready: LaneReady[] } | undefined {
  const kept = keptDesk(editionId, roundId);
  return (
    kept && {
      round: { ...kept.round },
      lanes: kept.lanes.map((lane) => ({ ...lane })),
      ready: kept.ready.map((lane) => ({ ...lane })),
    }
  );
}

const keptDesk = untilDataChanges(
  (editionId: number, roundId: number) => {
    const round = resultsRound(editionId, roundId);
    if (!round) return undefined;
    const ready = readinessOf(editionId, [round.id]).get(round.id) ?? [];
    return { round, lanes: resultsLanes(editionId, round.id), ready };
  },
  (editionId, roundId) => `${editionId}|${roundId}`,
);

/** A round's lanes with their teams, clubs and results, in lane order (none for a round of another
 * edition). */
export function resultsLanes(editionId: number, roundId: number, handle: Reader = db()): ResultsLane[] {
  return handle
    .select({
      id: rc.id,
      lane: rc.lane,
      teamId: rc.teamId,
      teamName: t.name,
      club: a.name,
      timeMs: rc.timeMs,
      status: rc.status,
      statusReason: rc.statusReason,
      penaltyMs: rc.penaltyMs,
      penaltyReason: rc.penaltyReason,
      place: rc.place,
      wins: rc.wins,
      losses: rc.losses,
      score: rc.score,
    })
    .from(rc)
    .innerJoin(t, eq(t.id, rc.teamId))
    .leftJoin(a, eq(a.id, t.associationId))
    .innerJoin(r, eq(r.id, rc.roundId))
    .where(and(eq(rc.roundId, roundId), eq(r.editionId, editionId)))
    .all()
    .map((x) => ({ ...x, club: x.club ?? "" }))
    .sort((x, y) => compareLanes(x.lane, y.lane) || x.id - y.id);
}

/**
 * What a results form was loaded from (two desks on one round; ADR 0032 "Two desks"): a digest of
 * the round's state and revision and of every lane's stored result (lane, team, the result columns,
 * place and score). Saving again with nothing changed (which only restarts the protest window)
 * keeps it; any change of a lane, the state or the revision, from this screen or All Races, moves
 * it. Every write of the results screen carries the one its page showed and is refused when the
 * stored one differs (`stale`).
 */
export function resultsVersion(
  round: Pick<ResultsRound, "resultState" | "revision">,
  lanes: readonly ResultsLane[],
): string {
  const stored = lanes.map((x) => [
    x.id,
    x.lane,
    x.teamId,
    x.timeMs,
    x.status,
    x.statusReason,
    x.penaltyMs,
    x.penaltyReason,
    x.wins,
    x.losses,
    x.place,
    x.score,
  ]);
  return createHash("sha256")
    .update(JSON.stringify([round.resultState, round.revision, stored]))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Recomputes a round's places from its lanes' columns and writes each lane's formatted `score`
 * (the one function both the results screen and the All Races screen go through). A lane without
 * a result in the columns keeps its score text as typed (a place like "1st", free text), and a
 * place typed as "1st" stays its place.
 */
export function recomputeRound(tx: Tx, roundId: number): void {
  const round = tx
    .select({ eventName: e.name })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(eq(r.id, roundId))
    .get();
  if (!round) return;
  const tug = isTugOfWar(round.eventName);
  const lanes = tx
    .select({
      id: rc.id,
      lane: rc.lane,
      timeMs: rc.timeMs,
      status: rc.status,
      penaltyMs: rc.penaltyMs,
      wins: rc.wins,
      losses: rc.losses,
      place: rc.place,
      score: rc.score,
    })
    .from(rc)
    .where(eq(rc.roundId, roundId))
    .all();
  const places = rankLanes(lanes, tug);
  for (const x of lanes) {
    const formatted = formatResult(x, tug);
    const typedPlace = formatted === null ? /^(\d{1,2})(st|nd|rd|th)$/i.exec((x.score ?? "").trim()) : null;
    const place = typedPlace ? Number(typedPlace[1]) : (places.get(x.id) ?? null);
    // A typed score that already says exactly this result ("1:02.3" for 1:02.30) stays as typed.
    const same = formatted !== null && sameResult(resultOfScore(x.score), x);
    const score = same ? x.score : (formatted ?? x.score);
    if (place !== x.place || score !== x.score)
      tx.update(rc).set({ place, score }).where(eq(rc.id, x.id)).run();
  }
}

type Columns = ReturnType<typeof resultOfScore>;
const sameResult = (a: Columns, b: Columns) =>
  a.timeMs === b.timeMs &&
  a.status === b.status &&
  a.penaltyMs === b.penaltyMs &&
  a.wins === b.wins &&
  a.losses === b.losses;

/** A typed score (All Races: Edit, Save Scores) into the lane's result columns; the caller then
 * recomputes the round (`recomputeRound`). Reasons are kept only while their status or penalty is. */
export function scoreIntoColumns(tx: Tx, raceId: number, score: string | null): void {
  const columns = resultOfScore(score);
  const before = tx
    .select({ statusReason: rc.statusReason, penaltyReason: rc.penaltyReason })
    .from(rc)
    .where(eq(rc.id, raceId))
    .get();
  tx.update(rc)
    .set({
      ...columns,
      statusReason: columns.status === null ? "" : (before?.statusReason ?? ""),
      penaltyReason: columns.penaltyMs === 0 ? "" : (before?.penaltyReason ?? ""),
    })
    .where(eq(rc.id, raceId))
    .run();
}

/**
 * After the All Races screen changed scores of a round (Edit, Save Scores): an Official round gets a
 * new revision (resultsAt now), audited `results.revised` with the scores old and new, as the
 * results screen does; any other round is left as it is. Returns the new revision, or null.
 */
export function reviseIfOfficial(
  tx: Tx,
  actor: AuditActor,
  editionId: number,
  roundId: number,
  changes: { race: number; old: string | null | undefined; new: string | null }[],
  now: number,
): number | null {
  if (changes.length === 0) return null;
  const round = tx
    .select({ state: r.resultState, revision: r.revision })
    .from(r)
    .where(and(eq(r.id, roundId), eq(r.editionId, editionId)))
    .get();
  if (round?.state !== "OFFICIAL") return null;
  const revision = round.revision + 1;
  tx.update(r)
    .set({ revision, resultsAt: new Date(now) })
    .where(eq(r.id, roundId))
    .run();
  audit(tx, actor, {
    editionId,
    action: RESULTS_AUDIT.revised,
    targetType: "round",
    targetId: roundId,
    details: {
      revision,
      changes: changes.map((x) => ({ race: x.race, old: { score: x.old ?? null }, new: { score: x.new } })),
    },
  });
  return revision;
}

type LaneColumns = Omit<LaneInput, "raceId">;
const COLUMNS = [
  "timeMs",
  "status",
  "statusReason",
  "penaltyMs",
  "penaltyReason",
  "wins",
  "losses",
] as const satisfies readonly (keyof LaneColumns)[];

/** Whether a stored lane's result is not the one given (any result column differs). */
export function laneDiffers(stored: ResultsLane, input: LaneInput): boolean {
  return COLUMNS.some((k) => stored[k] !== input[k]);
}

export type SaveAnswer =
  | { ok: true; kind: "provisional" | "revised" | "unchanged"; revision: number; changed: number }
  | Failure<"roundGone" | "forged" | "stale">;

/** What changed in one lane, for the audit entry: old and new of each changed column, and the
 * formatted result before and after. */
type LaneChange = { race: number; lane: string; old: Record<string, unknown>; new: Record<string, unknown> };

/**
 * Saves the lanes' results (the results screen's Save as Provisional), in the caller's immediate
 * transaction: every lane must be a lane of the round (else nothing is written: "forged"); the
 * columns are written, the places and scores recomputed. NONE or PROVISIONAL becomes PROVISIONAL
 * (resultsAt now, protests until now + protestMs; audited `results.provisional`, even when no
 * lane changed: saving again restarts the protest window). OFFICIAL stays OFFICIAL as a new
 * revision when a lane changed (`results.revised`, old and new per changed lane); unchanged
 * otherwise. With `version` (the results screen always sends one): refused, nothing written, when
 * the stored results are no longer the ones it was computed from (`resultsVersion`): "stale".
 */
export function saveLaneResults(
  tx: Tx,
  actor: AuditActor,
  editionId: number,
  roundId: number,
  lanes: readonly LaneInput[],
  { now, protestMs, version }: { now: number; protestMs: number; version?: string },
): SaveAnswer {
  const round = resultsRound(editionId, roundId, tx);
  if (!round) return fail("roundGone");
  const storedLanes = resultsLanes(editionId, roundId, tx);
  if (version !== undefined && version !== resultsVersion(round, storedLanes)) return fail("stale");
  const stored = new Map(storedLanes.map((x) => [x.id, x]));
  if (lanes.some((x) => !stored.has(x.raceId))) return fail("forged");
  const changes: LaneChange[] = [];
  for (const input of lanes) {
    const before = stored.get(input.raceId) as ResultsLane;
    const changed = COLUMNS.filter((k) => before[k] !== input[k]);
    if (changed.length === 0) continue;
    const next = Object.fromEntries(COLUMNS.map((k) => [k, input[k]])) as LaneColumns;
    tx.update(rc).set(next).where(eq(rc.id, input.raceId)).run();
    changes.push({
      race: input.raceId,
      lane: before.lane,
      old: Object.fromEntries(changed.map((k) => [k, before[k]])),
      new: Object.fromEntries(changed.map((k) => [k, input[k]])),
    });
  }
  recomputeRound(tx, roundId);
  const at = new Date(now);
  if (round.resultState === "OFFICIAL") {
    if (changes.length === 0) return { ok: true, kind: "unchanged", revision: round.revision, changed: 0 };
    const revision = round.revision + 1;
    tx.update(r).set({ revision, resultsAt: at }).where(eq(r.id, roundId)).run();
    audit(tx, actor, {
      editionId,
      action: RESULTS_AUDIT.revised,
      targetType: "round",
      targetId: roundId,
      details: { revision, changes },
    });
    return { ok: true, kind: "revised", revision, changed: changes.length };
  }
  const protestUntil = new Date(now + protestMs);
  tx.update(r)
    .set({ resultState: "PROVISIONAL", resultsAt: at, protestUntil })
    .where(eq(r.id, roundId))
    .run();
  audit(tx, actor, {
    editionId,
    action: RESULTS_AUDIT.provisional,
    targetType: "round",
    targetId: roundId,
    details: { from: round.resultState, protestUntil: protestUntil.toISOString(), changes },
  });
  return { ok: true, kind: "provisional", revision: 0, changed: changes.length };
}

export type DeclareAnswer =
  | { ok: true; seeded: number[] }
  | Failure<"roundGone" | "notProvisional" | "incomplete" | "stale">;

/**
 * Declares a round's Provisional results Official (revision 1, resultsAt now), in the caller's
 * immediate transaction. Refused unless the round is PROVISIONAL and every lane has a result (a
 * time, a record for Tug of War) or a status: an Official result with a blank lane would seed the
 * next round from half a heat. Audited `results.official`; then, in the same transaction, the
 * progression plans fed by this round seed their rounds (`seedAfterOfficial`), audited as done by
 * the system (`progression.seeded`). With `version`: refused first ("stale") when the stored results
 * are no longer the ones the page showed, so nobody declares results they have not seen.
 */
export function declareOfficialIn(
  tx: Tx,
  actor: AuditActor,
  editionId: number,
  roundId: number,
  now: number,
  version?: string,
): DeclareAnswer {
  const round = resultsRound(editionId, roundId, tx);
  if (!round) return fail("roundGone");
  const lanes = resultsLanes(editionId, roundId, tx);
  if (version !== undefined && version !== resultsVersion(round, lanes)) return fail("stale");
  if (round.resultState !== "PROVISIONAL") return fail("notProvisional");
  const done = (x: ResultsLane) =>
    x.status !== null || (round.tug ? x.wins !== null && x.losses !== null : x.timeMs !== null);
  if (lanes.length === 0 || !lanes.every(done)) return fail("incomplete");
  tx.update(r)
    .set({ resultState: "OFFICIAL", revision: 1, resultsAt: new Date(now) })
    .where(eq(r.id, roundId))
    .run();
  audit(tx, actor, {
    editionId,
    action: RESULTS_AUDIT.official,
    targetType: "round",
    targetId: roundId,
    details: { revision: 1, places: lanes.map((x) => ({ lane: x.lane, place: x.place, score: x.score })) },
  });
  const seeded = seedAfterOfficial(tx, editionId, roundId);
  if (seeded.length > 0)
    audit(tx, SYSTEM_ACTOR, {
      editionId,
      action: RESULTS_AUDIT.seeded,
      targetType: "round",
      targetId: roundId,
      details: { after: roundId, seeded },
    });
  return { ok: true, seeded };
}
