// Progression plans (issue 20, section 4; ADMIN on /rounds/:id/plan and /rounds/:id/unseed). A plan
// belongs to its round (the one it fills): its source rounds (other rounds of the same event), a
// mode (TIME or PLACE), how many qualify, plus best times, and lanes (rules/progression.ts). When
// the last source round of a plan is declared Official, the results service calls
// seedAfterOfficial inside its transaction: the plan's round gets its lanes at once, audited as done
// by the System (SYSTEM_ACTOR); the caller tells the scoreboard after its commit. A plan saved when
// its sources already are all Official seeds its empty round at once, the same way. The seeding
// keeps each source's revision (rounds.seeded_revisions): a source revised after it (a protest
// upheld) makes it stale, and race control offers ADMIN Re-seed (reseedRound). ADMIN may undo or
// re-seed a seeding while none of its lanes has a result. See docs/decisions/0032-race-control.md.
import { sql } from "drizzle-orm";
import type { ResultState } from "../../db/enums";
import { now } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import {
  laneDraw,
  type PlanRule,
  type ProgressionError,
  qualifiers,
  type SourceRace,
} from "~/rules/progression";
import { type Actor, audit, SYSTEM_ACTOR } from "./audit.server";
import type { Tx } from "./race-day.server";

export const PROGRESSION_AUDIT = {
  planSaved: "progression.plan_saved",
  planRemoved: "progression.plan_removed",
  seeded: "progression.seeded",
  skipped: "progression.skipped",
  unseeded: "progression.unseeded",
  reseeded: "progression.reseeded",
} as const;

type Reader = Pick<Tx, "all" | "get">;

export type PlanRound = { id: number; name: string; raceNumber: number | null };
export type SavedPlan = PlanRule & { toRoundId: number; sources: PlanRound[] };
export type PlanTarget = {
  id: number;
  name: string;
  eventId: number;
  eventName: string;
  races: number;
  seededAt: number | null;
};

function targetIn(tx: Reader, editionId: number, id: number): PlanTarget | undefined {
  return tx.get<PlanTarget>(sql`
    SELECT r.id, r.name, r.event_id AS eventId, e.name AS eventName, r.seeded_at AS seededAt,
      (SELECT COUNT(*) FROM races WHERE races.round_id = r.id) AS races
    FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.id = ${id} AND r.edition_id = ${editionId}
  `);
}

/** A round of a live event of the edition, as the plan editor and the undo step show it; undefined
 * if none (a round of another edition too). */
export function planTarget(editionId: number, id: number): PlanTarget | undefined {
  return targetIn(db(), editionId, id);
}

/** The event's other rounds (the sources a plan may tick), as made. */
export function otherRounds(target: PlanTarget): PlanRound[] {
  return db().all<PlanRound>(sql`
    SELECT id, name, race_number AS raceNumber FROM rounds
    WHERE event_id = ${target.eventId} AND id <> ${target.id}
    ORDER BY id
  `);
}

type PlanRow = PlanRule & { toRoundId: number };

function plansWhere(tx: Reader, where: ReturnType<typeof sql>): SavedPlan[] {
  const plans = tx.all<PlanRow>(sql`
    SELECT to_round_id AS toRoundId, mode, count, plus_times AS plusTimes, lanes
    FROM progression_plans WHERE ${where} ORDER BY to_round_id
  `);
  if (plans.length === 0) return [];
  const sources = tx.all<PlanRound & { toRoundId: number }>(sql`
    SELECT s.to_round_id AS toRoundId, r.id, r.name, r.race_number AS raceNumber
    FROM progression_sources s JOIN rounds r ON r.id = s.from_round_id
    WHERE s.to_round_id IN (${sql.join(
      plans.map((p) => sql`${p.toRoundId}`),
      sql`, `,
    )})
    ORDER BY COALESCE(r.race_number, 2147483647), r.id
  `);
  return plans.map((p) => ({
    ...p,
    sources: sources
      .filter((s) => s.toRoundId === p.toRoundId)
      .map(({ id, name, raceNumber }) => ({ id, name, raceNumber })),
  }));
}

/** The rounds of an edition, for a plan's WHERE. */
const ofEdition = (editionId: number) =>
  sql`to_round_id IN (SELECT id FROM rounds WHERE edition_id = ${editionId})`;

/** The plan of a round of the edition, or null. */
export function planOf(editionId: number, roundId: number): SavedPlan | null {
  return plansWhere(db(), sql`to_round_id = ${roundId} AND ${ofEdition(editionId)}`)[0] ?? null;
}

/** The plans of an event's rounds (the /rounds table's Plan column), by their round. */
export function plansOfEvent(editionId: number, eventId: number): SavedPlan[] {
  return plansWhere(db(), sql`event_id = ${eventId} AND ${ofEdition(editionId)}`);
}

export type EventProgression = { plans: SavedPlan[]; seeded: number[] };

/** The /rounds table's Plan column: the event's plans and its rounds a plan seeded. */
export function progressionOfEvent(editionId: number, eventId: number): EventProgression {
  const seeded = db()
    .all<{ id: number }>(
      sql`SELECT id FROM rounds WHERE event_id = ${eventId} AND edition_id = ${editionId} AND seeded_at IS NOT NULL`,
    )
    .map((r) => r.id);
  return { plans: plansOfEvent(editionId, eventId), seeded };
}

export type PlanSaveError = "notFound" | "foreignSource" | "cycle" | "hasRaces";
export type PlanSaveResult =
  | {
      ok: true;
      eventId: number;
      /** Saved with every source already Official into an empty round: the crews seeded at once,
       * or "skipped" when the results cannot decide (audited why); absent when nothing was tried. */
      seeded?: number | "skipped";
    }
  | { ok: false; code: PlanSaveError; eventId?: number };

/** Would `from` feeding `toRoundId` make a loop (toRoundId already feeds, through other plans, one
 * of `from`)? */
function makesCycle(tx: Reader, toRoundId: number, from: number[]): boolean {
  const edges = tx.all<{ from: number; to: number }>(sql`
    SELECT from_round_id AS "from", to_round_id AS "to" FROM progression_sources
  `);
  const wanted = new Set(from);
  const seen = new Set([toRoundId]);
  const queue = [toRoundId];
  while (queue.length) {
    const at = queue.shift() as number;
    for (const e of edges) {
      if (e.from !== at || seen.has(e.to)) continue;
      if (wanted.has(e.to)) return true;
      seen.add(e.to);
      queue.push(e.to);
    }
  }
  return false;
}

/** Saves (creates or replaces) a round's plan: the sources must be other rounds of its event and
 * make no loop; audited with the plan before and after. The fields were checked by parsePlanForm.
 * When every source is already Official and the round is empty, the round is seeded at once in the
 * same transaction, as a declare would have (audited as the System); the scoreboard hears of it
 * after the commit. */
export function savePlan(
  editionId: number,
  actor: Actor,
  roundId: number,
  plan: PlanRule,
  from: number[],
): PlanSaveResult {
  const result = db().transaction(
    (tx): PlanSaveResult => {
      const target = targetIn(tx, editionId, roundId);
      if (!target) return { ok: false, code: "notFound" };
      const ids = [...new Set(from)];
      const ok = tx.all<{ id: number }>(sql`
        SELECT id FROM rounds WHERE event_id = ${target.eventId} AND id <> ${target.id}
          AND id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
      `);
      if (ids.length === 0 || ok.length !== ids.length)
        return { ok: false, code: "foreignSource", eventId: target.eventId };
      if (makesCycle(tx, roundId, ids)) return { ok: false, code: "cycle", eventId: target.eventId };
      const before = plansWhere(tx, sql`to_round_id = ${roundId}`)[0] ?? null;
      tx.run(sql`DELETE FROM progression_plans WHERE to_round_id = ${roundId}`);
      tx.insert(schema.progressionPlans)
        .values({ toRoundId: roundId, eventId: target.eventId, ...plan })
        .run();
      tx.insert(schema.progressionSources)
        .values(ids.map((fromRoundId) => ({ toRoundId: roundId, fromRoundId })))
        .run();
      audit(tx, actor, {
        editionId,
        action: PROGRESSION_AUDIT.planSaved,
        targetType: "round",
        targetId: roundId,
        details: {
          old: before ? summaryOf(before) : null,
          new: { ...plan, from: ids },
        },
      });
      let seeded: number | "skipped" | null = null;
      if (target.races === 0) {
        const saved = plansWhere(tx, sql`to_round_id = ${roundId}`)[0];
        const states = sourceStates(tx, roundId);
        if (allOfficial(states)) seeded = seedPlanIn(tx, editionId, saved, states, { onPlanSave: true });
      }
      return { ok: true, eventId: target.eventId, ...(seeded === null ? {} : { seeded }) };
    },
    { behavior: "immediate" },
  );
  if (result.ok && typeof result.seeded === "number") notifyScoreboard(roundId);
  return result;
}

const summaryOf = (p: SavedPlan) => ({
  mode: p.mode,
  count: p.count,
  plusTimes: p.plusTimes,
  lanes: p.lanes,
  from: p.sources.map((s) => s.id),
});

/** Removes a round's plan (its lanes, if seeded, stay); audited. */
export function removePlan(editionId: number, actor: Actor, roundId: number): PlanSaveResult {
  return db().transaction(
    (tx): PlanSaveResult => {
      const target = targetIn(tx, editionId, roundId);
      if (!target) return { ok: false, code: "notFound" };
      const before = plansWhere(tx, sql`to_round_id = ${roundId}`)[0];
      if (!before) return { ok: true, eventId: target.eventId };
      tx.run(sql`DELETE FROM progression_plans WHERE to_round_id = ${roundId}`);
      audit(tx, actor, {
        editionId,
        action: PROGRESSION_AUDIT.planRemoved,
        targetType: "round",
        targetId: roundId,
        details: { old: summaryOf(before) },
      });
      return { ok: true, eventId: target.eventId };
    },
    { behavior: "immediate" },
  );
}

type SourceState = { id: number; name: string; resultState: ResultState; revision: number };

/** A plan's source rounds with their state and revision. */
function sourceStates(tx: Reader, toRoundId: number): SourceState[] {
  return tx.all<SourceState>(sql`
    SELECT r.id, r.name, r.result_state AS resultState, r.revision FROM progression_sources s
      JOIN rounds r ON r.id = s.from_round_id
    WHERE s.to_round_id = ${toRoundId}
    ORDER BY COALESCE(r.race_number, 2147483647), r.id
  `);
}

const allOfficial = (states: SourceState[]) =>
  states.length > 0 && states.every((s) => s.resultState === "OFFICIAL");

/** What the sources' revisions were when a round was seeded (rounds.seeded_revisions). */
const revisionsOf = (states: SourceState[]) =>
  JSON.stringify(Object.fromEntries(states.map((s) => [String(s.id), s.revision])));

type Lanes = { lanes: { lane: number; teamId: number }[]; why: string };

/** The lanes a plan gives its round from its sources' results now, or why it cannot (English). */
function lanesOf(tx: Reader, plan: SavedPlan): Lanes | { error: string } {
  const from = plan.sources.map((s) => s.id);
  const results = tx.all<SourceRace>(sql`
    SELECT rc.round_id AS roundId, r.race_number AS raceNumber, rc.team_id AS teamId, rc.lane,
      rc.time_ms AS timeMs, rc.penalty_ms AS penaltyMs, rc.status
    FROM races rc JOIN rounds r ON r.id = rc.round_id
    WHERE rc.round_id IN (${sql.join(
      from.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY rc.round_id, rc.id
  `);
  const q = qualifiers(plan, results);
  if (q.errors.length) return { error: errorText(q.errors) };
  const lanes = laneDraw(plan, q.qualifiers);
  const why = new Map(q.qualifiers.map((x) => [x.teamId, x.why]));
  return { lanes, why: lanes.map((l) => whyText(why.get(l.teamId))).join(", ") };
}

const laneList = (lanes: { lane: number | string; teamId: number }[]) =>
  lanes.map((l) => `${l.lane}=${l.teamId}`).join(",");

/** Writes a plan's lanes into its (empty) round, its seeded time and the sources' revisions. */
function writeSeeding(tx: Tx, plan: SavedPlan, lanes: Lanes["lanes"], states: SourceState[]): void {
  if (lanes.length)
    tx.insert(schema.races)
      .values(lanes.map((l) => ({ roundId: plan.toRoundId, teamId: l.teamId, lane: String(l.lane) })))
      .run();
  tx.update(schema.rounds)
    .set({ seededAt: new Date(now()), seededRevisions: revisionsOf(states) })
    .where(sql`id = ${plan.toRoundId}`)
    .run();
}

/**
 * Seeds a plan whose sources are all Official into its round, as the System (the declare path and a
 * plan saved after its sources went Official): returns how many crews it seated, or "skipped" when
 * the round already has races or the results cannot decide (a lane with no result, no finisher),
 * audited as `progression.skipped` with why. `trigger` says what set it off (for the audit).
 */
function seedPlanIn(
  tx: Tx,
  editionId: number,
  plan: SavedPlan,
  states: SourceState[],
  trigger: Record<string, unknown>,
): number | "skipped" {
  const from = plan.sources.map((s) => s.id);
  const skip = (why: Record<string, unknown>) => {
    audit(tx, SYSTEM_ACTOR, {
      editionId,
      action: PROGRESSION_AUDIT.skipped,
      targetType: "round",
      targetId: plan.toRoundId,
      details: { from, ...trigger, ...why },
    });
    return "skipped" as const;
  };
  const races = tx.get<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM races WHERE round_id = ${plan.toRoundId}`,
  );
  if ((races?.n ?? 0) > 0) return skip({ reason: "The round already has races.", races: races?.n });
  const drawn = lanesOf(tx, plan);
  if ("error" in drawn) return skip({ reason: drawn.error });
  writeSeeding(tx, plan, drawn.lanes, states);
  audit(tx, SYSTEM_ACTOR, {
    editionId,
    action: PROGRESSION_AUDIT.seeded,
    targetType: "round",
    targetId: plan.toRoundId,
    details: {
      from,
      ...trigger,
      mode: plan.mode,
      count: plan.count,
      plusTimes: plan.plusTimes,
      lanes: laneList(drawn.lanes),
      why: drawn.why,
      revisions: JSON.parse(revisionsOf(states)),
    },
  });
  return drawn.lanes.length;
}

/** Called by the results service inside the transaction that declared `roundId` Official
 * (declareOfficialIn; a revision of an Official round does not call it). Seeds every plan whose
 * sources are now all Official and whose round is still empty; returns the ids of the rounds it
 * seeded (the caller tells the scoreboard after commit). A plan's round that already has races is
 * left alone, and so is a plan its results cannot decide (a lane with no result, no finisher): each
 * audited as `progression.skipped` with why. */
export function seedAfterOfficial(tx: Tx, editionId: number, roundId: number): number[] {
  const plans = plansWhere(
    tx,
    sql`to_round_id IN (
      SELECT s.to_round_id FROM progression_sources s
        JOIN rounds r ON r.id = s.to_round_id JOIN events e ON e.id = r.event_id AND e.deleted = 0
      WHERE s.from_round_id = ${roundId} AND r.edition_id = ${editionId})`,
  );
  const seeded: number[] = [];
  for (const plan of plans) {
    const states = sourceStates(tx, plan.toRoundId);
    if (!allOfficial(states)) continue;
    if (typeof seedPlanIn(tx, editionId, plan, states, { after: roundId }) === "number")
      seeded.push(plan.toRoundId);
  }
  return seeded;
}

/** For the audit log (English, like every audit detail). */
function errorText(errors: ProgressionError[]): string {
  return errors
    .map((e) =>
      e.code === "noFinishers"
        ? "No crew finished in the source rounds."
        : `Round ${e.roundId}, lane ${e.lane} (team ${e.teamId}) has no result.`,
    )
    .join(" ");
}

function whyText(why: ReturnType<typeof qualifiers>["qualifiers"][number]["why"] | undefined): string {
  if (!why) return "";
  const tie = why.tie ? " (tie)" : "";
  return why.kind === "place"
    ? `place ${why.place} in round ${why.roundId}${tie}`
    : `time ${why.totalMs} ms in round ${why.roundId}${tie}`;
}

export type UnseedInfo = PlanTarget & { results: number };
export type UnseedError = "notFound" | "notSeeded" | "hasResults";
export type UnseedResult =
  | { ok: true; eventId: number; races: number }
  | { ok: false; code: UnseedError; eventId?: number };

const RESULTS_OF = (roundId: number) => sql`
  SELECT COUNT(*) AS n FROM races
  WHERE round_id = ${roundId}
    AND (time_ms IS NOT NULL OR status IS NOT NULL OR place IS NOT NULL OR wins IS NOT NULL
      OR losses IS NOT NULL OR TRIM(COALESCE(score, '')) <> '' OR penalty_ms <> 0)
`;

/** A round as the undo step shows it: seeded when, with how many lanes and results. */
export function unseedInfo(editionId: number, roundId: number): UnseedInfo | undefined {
  const target = planTarget(editionId, roundId);
  if (!target) return undefined;
  const results = db().get<{ n: number }>(RESULTS_OF(roundId))?.n ?? 0;
  return { ...target, results };
}

/** Undoes a seeding: deletes the round's lanes and clears seeded_at, if it was seeded by a plan and
 * none of its lanes has a result yet (and its results are not saved); audited. The scoreboard
 * hears of it after the commit. */
export function unseedRound(editionId: number, actor: Actor, roundId: number): UnseedResult {
  const result = db().transaction(
    (tx): UnseedResult => {
      const target = targetIn(tx, editionId, roundId);
      if (!target) return { ok: false, code: "notFound" };
      if (target.seededAt === null) return { ok: false, code: "notSeeded", eventId: target.eventId };
      const state = tx.get<{ s: ResultState }>(
        sql`SELECT result_state AS s FROM rounds WHERE id = ${roundId}`,
      );
      const results = tx.get<{ n: number }>(RESULTS_OF(roundId))?.n ?? 0;
      if (results > 0 || state?.s !== "NONE")
        return { ok: false, code: "hasResults", eventId: target.eventId };
      const lanes = tx.all<{ lane: string; teamId: number }>(sql`
        SELECT lane, team_id AS teamId FROM races WHERE round_id = ${roundId} ORDER BY id
      `);
      tx.run(sql`DELETE FROM races WHERE round_id = ${roundId}`);
      tx.update(schema.rounds)
        .set({ seededAt: null, seededRevisions: null })
        .where(sql`id = ${roundId}`)
        .run();
      audit(tx, actor, {
        editionId,
        action: PROGRESSION_AUDIT.unseeded,
        targetType: "round",
        targetId: roundId,
        details: { seededAt: target.seededAt, lanes: lanes.map((l) => `${l.lane}=${l.teamId}`).join(",") },
      });
      return { ok: true, eventId: target.eventId, races: lanes.length };
    },
    { behavior: "immediate" },
  );
  if (result.ok) notifyScoreboard(roundId);
  return result;
}

/** A seeded round whose sources were revised since (a protest upheld): their names, by round id. */
export function staleSeedings(editionId: number): Record<number, string[]> {
  const rows = db().all<{
    toRoundId: number;
    seededAt: number;
    revisions: string | null;
    id: number;
    name: string;
    revision: number;
    resultsAt: number | null;
  }>(sql`
    SELECT t.id AS toRoundId, t.seeded_at AS seededAt, t.seeded_revisions AS revisions,
      r.id, r.name, r.revision, r.results_at AS resultsAt
    FROM rounds t
      JOIN progression_sources s ON s.to_round_id = t.id
      JOIN rounds r ON r.id = s.from_round_id
    WHERE t.edition_id = ${editionId} AND t.seeded_at IS NOT NULL AND r.result_state = 'OFFICIAL'
    ORDER BY t.id, COALESCE(r.race_number, 2147483647), r.id
  `);
  const out: Record<number, string[]> = {};
  for (const row of rows) {
    const stored = parseRevisions(row.revisions);
    // Seeded before the revisions were kept: a source whose results changed after the seeding.
    const revised = stored
      ? row.id in stored && row.revision > stored[row.id]
      : row.resultsAt !== null && row.resultsAt > row.seededAt;
    if (revised) out[row.toRoundId] = [...(out[row.toRoundId] ?? []), row.name];
  }
  return out;
}

function parseRevisions(text: string | null): Record<string, number> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, number>) : null;
  } catch {
    return null;
  }
}

export type ReseedError = "notFound" | "notSeeded" | "noPlan" | "notOfficial" | "hasResults" | "cannotDecide";
export type ReseedResult =
  | { ok: true; eventId: number; name: string; crews: number }
  | { ok: false; code: ReseedError; eventId?: number };

/**
 * Re-seed (race control, ADMIN): a seeded round whose sources were revised since gets its lanes
 * again from the sources' current official results, in one transaction (the old lanes deleted, the
 * new written, seeded_at and the revisions renewed), audited `progression.reseeded` by the admin
 * with the lanes before and after. Refused, changing nothing, when the round was not seeded by a
 * plan, has no plan now, a source is not Official, a lane of it has a result (or its results are
 * saved), or the results cannot decide. The scoreboard hears of it after the commit.
 */
export function reseedRound(editionId: number, actor: Actor, roundId: number): ReseedResult {
  const result = db().transaction(
    (tx): ReseedResult => {
      const target = targetIn(tx, editionId, roundId);
      if (!target) return { ok: false, code: "notFound" };
      const refuse = (code: ReseedError): ReseedResult => ({ ok: false, code, eventId: target.eventId });
      if (target.seededAt === null) return refuse("notSeeded");
      const plan = plansWhere(tx, sql`to_round_id = ${roundId}`)[0];
      if (!plan) return refuse("noPlan");
      const states = sourceStates(tx, roundId);
      if (!allOfficial(states)) return refuse("notOfficial");
      const state = tx.get<{ s: ResultState }>(
        sql`SELECT result_state AS s FROM rounds WHERE id = ${roundId}`,
      );
      const results = tx.get<{ n: number }>(RESULTS_OF(roundId))?.n ?? 0;
      if (results > 0 || state?.s !== "NONE") return refuse("hasResults");
      const drawn = lanesOf(tx, plan);
      if ("error" in drawn) return refuse("cannotDecide");
      const old = tx.all<{ lane: string; teamId: number }>(sql`
        SELECT lane, team_id AS teamId FROM races WHERE round_id = ${roundId} ORDER BY id
      `);
      tx.run(sql`DELETE FROM races WHERE round_id = ${roundId}`);
      writeSeeding(tx, plan, drawn.lanes, states);
      audit(tx, actor, {
        editionId,
        action: PROGRESSION_AUDIT.reseeded,
        targetType: "round",
        targetId: roundId,
        details: {
          from: plan.sources.map((s) => s.id),
          seededAt: target.seededAt,
          old: { lanes: laneList(old) },
          new: { lanes: laneList(drawn.lanes), why: drawn.why },
          revisions: JSON.parse(revisionsOf(states)),
        },
      });
      return { ok: true, eventId: target.eventId, name: target.name, crews: drawn.lanes.length };
    },
    { behavior: "immediate" },
  );
  if (result.ok) notifyScoreboard(roundId);
  return result;
}

/** A plan row and its source rows as given, no audit, no seeding (test data and seeds).
 * @testOnly test data and seeds only: no audit entry, no seeding. */
export function insertPlan(
  values: typeof schema.progressionPlans.$inferInsert & { toRoundId: number },
  fromRoundIds: number[],
): void {
  db().transaction((tx) => {
    tx.insert(schema.progressionPlans).values(values).run();
    for (const fromRoundId of fromRoundIds)
      tx.insert(schema.progressionSources).values({ toRoundId: values.toRoundId, fromRoundId }).run();
  });
}
