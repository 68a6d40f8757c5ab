// Draws and progression (issue 10, beyond the spec; ADMIN on /rounds/:id/draw and
// /rounds/:id/progress). A plan is computed from the database and the pure rules (rules/draw.ts):
// which teams (the event's, or the top N finishers of earlier rounds), which heats and lanes, and
// which rounds they go into (this round for heat 1; for heat 2 on, the rounds named by heatNames,
// made if missing). The preview shows a plan; the save computes it again inside one immediate
// transaction and writes it only if it is still the plan the admin saw (its fingerprint), every
// target round is still empty and nothing is refused, with one audit entry; the scoreboard hears of
// each written round after the commit. See docs/decisions/0016-race-day.md.
import { sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import {
  drawHeats,
  type Heat,
  heatNames,
  placeLabel,
  progress,
  type RaceResult,
  type Ranked,
} from "~/rules/draw";
import type { DrawError } from "~/rules/draw-errors";
import { type Failure, fail } from "~/rules/failure";
import { ROUND_MAX } from "~/rules/race-fields";
import { isTugOfWar } from "~/rules/results";
import { type Actor, audit } from "./audit.server";
import { ROUND_AUDIT } from "./round.server";

export const DRAW_AUDIT = { drawn: "round.drawn", progressed: "round.progressed" } as const;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
type Reader = Pick<Tx, "all" | "get">;

export type DrawRound = { id: number; name: string; eventId: number; eventName: string; races: number };

function roundIn(tx: Reader, editionId: number, id: number): DrawRound | undefined {
  return tx.get<DrawRound>(sql`
    SELECT r.id, r.name, r.event_id AS eventId, e.name AS eventName,
      (SELECT COUNT(*) FROM races WHERE races.round_id = r.id) AS races
    FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.id = ${id} AND r.edition_id = ${editionId}
  `);
}

/** A round of a live event of the edition with its race count, or undefined. */
export function drawRound(editionId: number, id: number): DrawRound | undefined {
  return roundIn(db(), editionId, id);
}

export type SourceRound = { id: number; name: string; races: number; scored: number };

/** The event's other rounds, as made, with how many races they have and how many are scored: the
 * rounds a draw or a progression may take qualifiers from. */
export function sourceRounds(round: DrawRound): SourceRound[] {
  return db().all<SourceRound>(sql`
    SELECT r.id, r.name,
      (SELECT COUNT(*) FROM races WHERE races.round_id = r.id) AS races,
      (SELECT COUNT(*) FROM races WHERE races.round_id = r.id
        AND (races.time_ms IS NOT NULL OR races.status IS NOT NULL OR races.wins IS NOT NULL
          OR TRIM(COALESCE(races.score, '')) <> '')) AS scored
    FROM rounds r WHERE r.event_id = ${round.eventId} AND r.id <> ${round.id}
    ORDER BY r.id
  `);
}

/** What to draw from: the event's teams, or the top N finishers of some of its other rounds. */
export type DrawSource = { kind: "event" } | { kind: "rounds"; from: number[]; top: number };
export type DrawInput = { lanes: number; seed: number; source: DrawSource };
export type ProgressInput = { lanes: number; from: number[]; top: number };

export type PlannedLane = { lane: number; teamId: number; team: string; place: string; shown: string };
export type PlannedHeat = { name: string; roundId: number | null; lanes: PlannedLane[] };
export type RankingRow = {
  place: string;
  round: string;
  lane: string;
  team: string;
  typed: string;
  shown: string;
  qualifies: boolean;
  problem: boolean;
};
export type Plan = {
  /** Why it cannot be saved (codes; rules/draw-errors drawErrorText says them). */
  errors: DrawError[];
  /** How many teams the plan seats. */
  teams: number;
  /** The ranking of the chosen rounds (null for a draw of the event's teams). */
  ranking: RankingRow[] | null;
  heats: PlannedHeat[];
  /** What the admin saw, so a save can tell that nothing changed since. */
  fingerprint: string;
};

function resultsOf(
  tx: Reader,
  round: DrawRound,
  from: number[],
): { results: RaceResult[]; error: DrawError | null } {
  if (from.length === 0) return { results: [], error: { code: "chooseRounds" } };
  const ids = [...new Set(from)];
  const ok = tx.all<{ id: number }>(sql`
    SELECT id FROM rounds WHERE event_id = ${round.eventId} AND id <> ${round.id}
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
  `);
  if (ok.length !== ids.length) return { results: [], error: { code: "foreignRound" } };
  // The result columns first (race control); the text only for a lane without them (rankResults).
  const tug = isTugOfWar(round.eventName);
  const rows = tx.all<RaceResult>(sql`
    SELECT r.id AS roundId, r.name AS round, t.id AS teamId, t.name AS team, rc.lane, rc.score,
      rc.time_ms AS timeMs, rc.penalty_ms AS penaltyMs, rc.status, rc.wins, rc.losses
    FROM races rc JOIN rounds r ON r.id = rc.round_id JOIN teams t ON t.id = rc.team_id
    WHERE rc.round_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY r.id, rc.id
  `);
  return { results: rows.map((r) => ({ ...r, tug })), error: null };
}

function rankingRows(ranked: Ranked[], qualifiers: Ranked[]): RankingRow[] {
  const q = new Set(qualifiers.map((r) => r.teamId));
  return ranked.map((r, i) => ({
    place: placeLabel(ranked, i),
    round: r.round,
    lane: r.lane,
    team: r.team,
    typed: r.typed,
    shown: r.parsed.kind === "none" ? "" : r.shown,
    qualifies: q.has(r.teamId),
    problem: r.parsed.kind === "bad" || r.parsed.kind === "none",
  }));
}

/** The rounds the heats go into: this one, then the further heats' rounds by name (an existing
 * empty one is used, a missing one made on save); a target with races refuses the plan. */
function targetsOf(
  tx: Reader,
  round: DrawRound,
  count: number,
): { targets: (number | null)[]; names: string[]; errors: DrawError[] } {
  const names = heatNames(round.name, count);
  const errors: DrawError[] = [];
  if (round.races > 0) errors.push({ code: "roundHasRaces" });
  const targets: (number | null)[] = [round.id];
  for (const name of names.slice(1)) {
    if (name.length > ROUND_MAX.name) {
      errors.push({ code: "nameTooLong", name });
      targets.push(null);
      continue;
    }
    const found = tx.get<{ id: number; races: number }>(sql`
      SELECT id, (SELECT COUNT(*) FROM races WHERE races.round_id = rounds.id) AS races
      FROM rounds WHERE event_id = ${round.eventId} AND name = ${name} COLLATE NOCASE
    `);
    if (found && found.races > 0) errors.push({ code: "otherHasRaces", name });
    targets.push(found?.id ?? null);
  }
  return { targets, names, errors };
}

function fingerprintOf(heats: PlannedHeat[]): string {
  return heats
    .map((h) => `${h.roundId ?? `new ${h.name}`}:${h.lanes.map((l) => `${l.lane}=${l.teamId}`).join(",")}`)
    .join("|");
}

function planOf(
  tx: Reader,
  round: DrawRound,
  teams: Map<number, { team: string; place: string; shown: string }>,
  heats: Heat[],
  ranking: RankingRow[] | null,
  errors: DrawError[],
): Plan {
  const { targets, names, errors: targetErrors } = targetsOf(tx, round, heats.length);
  const planned = heats.map((heat, i) => ({
    name: names[i],
    roundId: targets[i],
    lanes: heat.map(({ lane, teamId }) => ({
      lane,
      teamId,
      ...(teams.get(teamId) ?? { team: `#${teamId}`, place: "", shown: "" }),
    })),
  }));
  const all = [...errors, ...targetErrors];
  return { errors: all, teams: teams.size, ranking, heats: planned, fingerprint: fingerprintOf(planned) };
}

/** The ranking's refusals (sentences of rules/draw), or none qualifying. */
function rankingErrors(errors: string[], qualifiers: number): DrawError[] {
  if (errors.length) return errors.map((text) => ({ code: "ranking", text }));
  return qualifiers ? [] : [{ code: "noFinishers" }];
}

function planDrawIn(tx: Reader, round: DrawRound, input: DrawInput): Plan {
  if (input.source.kind === "event") {
    const teams = tx.all<{ id: number; name: string }>(sql`
      SELECT id, name FROM teams WHERE event_id = ${round.eventId} ORDER BY id
    `);
    const info = new Map(teams.map((t) => [t.id, { team: t.name, place: "", shown: "" }]));
    const heats = drawHeats(
      teams.map((t) => t.id),
      input.lanes,
      input.seed,
    );
    return planOf(tx, round, info, heats, null, teams.length ? [] : [{ code: "noTeams" }]);
  }
  const { results, error } = resultsOf(tx, round, input.source.from);
  if (error) return planOf(tx, round, new Map(), [], null, [error]);
  const p = progress(results, input.source.top, input.lanes);
  const ranking = rankingRows(p.ranked, p.qualifiers);
  const errors = rankingErrors(p.errors, p.qualifiers.length);
  const info = qualifierInfo(p.ranked, p.qualifiers);
  const heats = drawHeats(
    p.qualifiers.map((q) => q.teamId),
    input.lanes,
    input.seed,
  );
  return planOf(tx, round, info, heats, ranking, errors);
}

function qualifierInfo(ranked: Ranked[], qualifiers: Ranked[]) {
  return new Map(
    qualifiers.map((q) => [
      q.teamId,
      { team: q.team, place: placeLabel(ranked, ranked.indexOf(q)), shown: q.shown },
    ]),
  );
}

function planProgressIn(tx: Reader, round: DrawRound, input: ProgressInput): Plan {
  const { results, error } = resultsOf(tx, round, input.from);
  if (error) return planOf(tx, round, new Map(), [], null, [error]);
  const p = progress(results, input.top, input.lanes);
  const errors = rankingErrors(p.errors, p.qualifiers.length);
  return planOf(
    tx,
    round,
    qualifierInfo(p.ranked, p.qualifiers),
    p.heats,
    rankingRows(p.ranked, p.qualifiers),
    errors,
  );
}

/** The preview of a draw (reads only). */
export function planDraw(round: DrawRound, input: DrawInput): Plan {
  return planDrawIn(db(), round, input);
}

/** The preview of a progression (reads only). */
export function planProgress(round: DrawRound, input: ProgressInput): Plan {
  return planProgressIn(db(), round, input);
}

export type SaveResult =
  | { ok: true; heats: number; teams: number; roundIds: number[] }
  | Failure<"notFound">
  | Failure<"refused" | "stale", { plan: Plan }>;

function saveIn(
  editionId: number,
  actor: Actor,
  roundId: number,
  fingerprint: string,
  planIn: (tx: Reader, round: DrawRound) => Plan,
  action: string,
  details: Record<string, unknown>,
): SaveResult {
  let result: SaveResult;
  try {
    result = db().transaction(
      (tx): SaveResult => {
        const round = roundIn(tx, editionId, roundId);
        if (!round) return fail("notFound");
        const plan = planIn(tx, round);
        if (plan.errors.length) return fail("refused", { plan });
        if (plan.fingerprint !== fingerprint) return fail("stale", { plan });
        const roundIds: number[] = [];
        plan.heats.forEach((heat, i) => {
          let id = heat.roundId;
          if (id === null) {
            const description = `Heat ${i + 1} of ${plan.heats.length} (drawn with ${round.name})`;
            id = tx
              .insert(schema.rounds)
              .values({ eventId: round.eventId, editionId, name: heat.name, description })
              .returning({ id: schema.rounds.id })
              .get().id;
            audit(tx, actor, {
              editionId,
              action: ROUND_AUDIT.created,
              targetType: "round",
              targetId: id,
              details: { eventId: round.eventId, name: heat.name, description, by: action },
            });
          }
          roundIds.push(id);
          tx.insert(schema.races)
            .values(heat.lanes.map((l) => ({ roundId: id, teamId: l.teamId, lane: String(l.lane) })))
            .run();
        });
        audit(tx, actor, {
          editionId,
          action,
          targetType: "round",
          targetId: round.id,
          details: {
            ...details,
            heats: plan.heats.map((h, i) => ({
              round: roundIds[i],
              name: h.name,
              lanes: h.lanes.map((l) => `${l.lane}=${l.teamId}`).join(","),
            })),
          },
        });
        return { ok: true, heats: plan.heats.length, teams: plan.teams, roundIds };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // A round or race written by someone else between our reads and writes (unique indexes).
    if (error instanceof Error && /UNIQUE constraint failed: (rounds|races)\./.test(error.message)) {
      const round = drawRound(editionId, roundId);
      return round ? fail("stale", { plan: planIn(db(), round) }) : fail("notFound");
    }
    throw error;
  }
  if (result.ok) for (const id of result.roundIds) notifyScoreboard(id);
  return result;
}

/** Saves a draw: the plan computed again must be the previewed one (`fingerprint`). */
export function saveDraw(
  editionId: number,
  actor: Actor,
  roundId: number,
  input: DrawInput,
  fingerprint: string,
): SaveResult {
  const source =
    input.source.kind === "event" ? "event teams" : { from: input.source.from, top: input.source.top };
  return saveIn(
    editionId,
    actor,
    roundId,
    fingerprint,
    (tx, round) => planDrawIn(tx, round, input),
    DRAW_AUDIT.drawn,
    { seed: input.seed, lanes: input.lanes, source },
  );
}

/** Saves a progression: the plan computed again must be the previewed one (`fingerprint`). */
export function saveProgress(
  editionId: number,
  actor: Actor,
  roundId: number,
  input: ProgressInput,
  fingerprint: string,
): SaveResult {
  return saveIn(
    editionId,
    actor,
    roundId,
    fingerprint,
    (tx, round) => planProgressIn(tx, round, input),
    DRAW_AUDIT.progressed,
    { from: input.from, top: input.top, lanes: input.lanes },
  );
}
