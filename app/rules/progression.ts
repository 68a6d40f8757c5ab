// Progression plans (issue 20, section 4): who goes on from a round's source rounds, by the result
// columns the results desk writes (time plus penalty; DNS, DNF and DSQ never qualify). Pure: the
// seeding (models/progression.server.ts) and its tests call it; the lanes come from rules/draw.ts
// (the best in the centre lanes, as the Progress dialog seats them).
//
// Modes:
// - TIME: the best `count` by time across all the sources (today's Progress rule).
// - PLACE: places 1..`count` of each source, then the next `plusTimes` best times among the rest
//   (the ICF heats: 1-3 of each heat to the final, plus the fastest of the others).
//
// Ties (decided here, docs/decisions/0032-race-control.md):
// - Equal totals share a place within a source (1, 2, 2, 4), so a tie at place `count` sends both.
// - A tie at a time cut (TIME's `count`, PLACE's `plusTimes`) sends every tied crew if the lanes
//   allow; otherwise the crews of the earlier race number go (then the lower round id, then the
//   lower lane).
// - When ties would need more lanes than the plan has, plus-times qualifiers give way first, then
//   the same order as above decides.
// - A team in two sources qualifies once, by its best reason (the first that picks it).
// A lane with neither a time nor a status has no result: the plan is refused (nothing is seeded).
import type { LaneStatus, ProgressionMode } from "../../db/enums";
import { LANES_MAX, LANES_MIN, seededHeats } from "./draw";
import { compareText } from "./compare";

export const COUNT_MAX = LANES_MAX;
export const PLUS_MAX = LANES_MAX;
export const SOURCES_MAX = 20;

export type PlanRule = { mode: ProgressionMode; count: number; plusTimes: number; lanes: number };

/** One lane of a source round, as the results desk left it. */
export type SourceRace = {
  roundId: number;
  raceNumber: number | null;
  teamId: number;
  lane: string;
  timeMs: number | null;
  penaltyMs: number;
  status: LaneStatus | null;
};

/** Why a team qualified: its place in its source round, or its time (the total with penalty). */
export type Why =
  | { kind: "place"; roundId: number; place: number; tie: boolean }
  | { kind: "time"; roundId: number; totalMs: number; tie: boolean };

export type Qualifier = { teamId: number; totalMs: number; why: Why };

export type ProgressionError =
  | { code: "noResult"; roundId: number; lane: string; teamId: number }
  | { code: "noFinishers" };

export type Qualifying = { qualifiers: Qualifier[]; errors: ProgressionError[] };

type Finisher = SourceRace & { totalMs: number };

const laneNumber = (lane: string) =>
  /^\d+$/.test(lane.trim()) ? Number(lane.trim()) : Number.MAX_SAFE_INTEGER;
const raceNo = (n: number | null) => n ?? Number.MAX_SAFE_INTEGER;

/** The order among equals: the earlier race number (unnumbered last), round id, lane, team. */
function tiebreak(a: SourceRace, b: SourceRace): number {
  return (
    raceNo(a.raceNumber) - raceNo(b.raceNumber) ||
    a.roundId - b.roundId ||
    laneNumber(a.lane) - laneNumber(b.lane) ||
    compareText(a.lane, b.lane) ||
    a.teamId - b.teamId
  );
}
const byTime = (a: Finisher, b: Finisher) => a.totalMs - b.totalMs || tiebreak(a, b);

/** The first `n` of `sorted` (by time), plus those tied with the last one taken; `room` caps it. */
function cut(sorted: Finisher[], n: number, room: number): { taken: Finisher[]; tied: Set<Finisher> } {
  const limit = Math.min(n, room);
  if (limit <= 0) return { taken: [], tied: new Set() };
  const taken = sorted.slice(0, limit);
  const tied = new Set<Finisher>();
  const last = taken[taken.length - 1];
  if (taken.length === n) {
    for (const f of sorted.slice(limit)) {
      if (f.totalMs !== last.totalMs || taken.length >= room) break;
      taken.push(f);
      tied.add(f);
    }
    if (tied.size) for (const f of taken) if (f.totalMs === last.totalMs) tied.add(f);
  }
  return { taken, tied };
}

/** Every lane's result read; finishers with their totals, or the lanes that have no result. */
function finishersOf(races: readonly SourceRace[]): { finishers: Finisher[]; errors: ProgressionError[] } {
  const errors: ProgressionError[] = [];
  const finishers: Finisher[] = [];
  for (const r of races) {
    if (r.status !== null) continue;
    if (r.timeMs === null) {
      errors.push({ code: "noResult", roundId: r.roundId, lane: r.lane, teamId: r.teamId });
      continue;
    }
    finishers.push({ ...r, totalMs: r.timeMs + Math.max(0, r.penaltyMs) });
  }
  finishers.sort(byTime);
  return { finishers, errors };
}

/** Each team once, at its best (first in `sorted`). */
function oncePerTeam(sorted: Finisher[], except: ReadonlySet<number> = new Set()): Finisher[] {
  const seen = new Set(except);
  return sorted.filter((f) => {
    if (seen.has(f.teamId)) return false;
    seen.add(f.teamId);
    return true;
  });
}

/** Competition places within one source (1, 2, 2, 4) by total. */
function placesOf(sorted: Finisher[]): Map<Finisher, number> {
  const places = new Map<Finisher, number>();
  sorted.forEach((f, i) => {
    const prev = sorted[i - 1];
    places.set(f, prev && prev.totalMs === f.totalMs ? (places.get(prev) as number) : i + 1);
  });
  return places;
}

/** Who qualifies under `plan`, best first (the order the lanes are dealt in), and why. */
export function qualifiers(plan: PlanRule, sourceResults: readonly SourceRace[]): Qualifying {
  const { finishers, errors } = finishersOf(sourceResults);
  if (errors.length) return { qualifiers: [], errors };
  if (finishers.length === 0) return { qualifiers: [], errors: [{ code: "noFinishers" }] };

  if (plan.mode === "TIME") {
    const { taken, tied } = cut(oncePerTeam(finishers), plan.count, plan.lanes);
    return {
      qualifiers: taken.map((f) => ({
        teamId: f.teamId,
        totalMs: f.totalMs,
        why: { kind: "time", roundId: f.roundId, totalMs: f.totalMs, tie: tied.has(f) },
      })),
      errors: [],
    };
  }

  // PLACE: places 1..count of each source (in race-number order), a team once.
  const sources = [...new Map(sourceResults.map((r) => [r.roundId, r])).values()].sort(tiebreak);
  const byPlace: { f: Finisher; place: number; tie: boolean }[] = [];
  const placed = new Set<number>();
  for (const s of sources) {
    const own = finishers.filter((f) => f.roundId === s.roundId);
    const places = placesOf(own);
    // More crews at places 1..count than count: a tie at the cut.
    const overCut = own.filter((o) => (places.get(o) as number) <= plan.count).length > plan.count;
    const cutPlace = overCut ? places.get(own[plan.count - 1]) : undefined;
    for (const f of own) {
      const place = places.get(f) as number;
      if (place > plan.count || placed.has(f.teamId)) continue;
      placed.add(f.teamId);
      byPlace.push({ f, place, tie: place === cutPlace });
    }
  }
  byPlace.sort((a, b) => a.place - b.place || byTime(a.f, b.f));
  const seated = byPlace.slice(0, plan.lanes);
  const rest = oncePerTeam(finishers, placed);
  const { taken, tied } = cut(rest, plan.plusTimes, plan.lanes - seated.length);
  return {
    qualifiers: [
      ...seated.map(({ f, place, tie }) => ({
        teamId: f.teamId,
        totalMs: f.totalMs,
        why: { kind: "place" as const, roundId: f.roundId, place, tie },
      })),
      ...taken.map((f) => ({
        teamId: f.teamId,
        totalMs: f.totalMs,
        why: { kind: "time" as const, roundId: f.roundId, totalMs: f.totalMs, tie: tied.has(f) },
      })),
    ],
    errors: [],
  };
}

/** The lanes of the plan's round (one heat): the best in the centre, as the Progress dialog. */
export function laneDraw(plan: PlanRule, q: readonly Qualifier[]): { lane: number; teamId: number }[] {
  if (q.length === 0) return [];
  const ids = q.slice(0, plan.lanes).map((x) => x.teamId);
  const [heat] = seededHeats(ids, plan.lanes);
  return heat;
}

/** How many lanes the plan fills at most (ties aside): what must fit in its lanes. */
export function plannedCount(plan: PlanRule, sources: number): number {
  return plan.mode === "TIME" ? plan.count : plan.count * sources + plan.plusTimes;
}

export type PlanField = "mode" | "count" | "plusTimes" | "lanes" | "from";
export type PlanRefusal =
  | { code: "field"; field: PlanField }
  | { code: "tooMany"; planned: number; lanes: number }
  | { code: "noSources" };

const whole = (raw: unknown, min: number, max: number): number | null => {
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= min && n <= max ? n : null;
};

/** The editor's fields read and checked (not the rounds themselves: the model checks they are the
 * event's other rounds and make no cycle). */
export function parsePlanForm(form: { get(name: string): unknown; getAll(name: string): unknown[] }): {
  plan: PlanRule | null;
  from: number[];
  refusals: PlanRefusal[];
} {
  const refusals: PlanRefusal[] = [];
  const modeRaw = form.get("mode");
  const mode: ProgressionMode | null = modeRaw === "TIME" || modeRaw === "PLACE" ? modeRaw : null;
  if (!mode) refusals.push({ code: "field", field: "mode" });
  const count = whole(form.get("count"), 1, COUNT_MAX);
  if (count === null) refusals.push({ code: "field", field: "count" });
  const plusRaw = form.get("plusTimes");
  const plusTimes = plusRaw === null || plusRaw === "" ? 0 : whole(plusRaw, 0, PLUS_MAX);
  if (plusTimes === null) refusals.push({ code: "field", field: "plusTimes" });
  const lanes = whole(form.get("lanes"), LANES_MIN, LANES_MAX);
  if (lanes === null) refusals.push({ code: "field", field: "lanes" });
  const raw = form.getAll("from");
  const ids = raw.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));
  if (ids.some(Number.isNaN) || ids.length > SOURCES_MAX) refusals.push({ code: "field", field: "from" });
  const from = [...new Set(ids.filter((n) => !Number.isNaN(n)))].slice(0, SOURCES_MAX);
  if (!refusals.length && from.length === 0) refusals.push({ code: "noSources" });
  if (refusals.length || !mode || count === null || plusTimes === null || lanes === null)
    return { plan: null, from, refusals };
  // TIME takes no extra times: the count already is times.
  const plan: PlanRule = { mode, count, plusTimes: mode === "TIME" ? 0 : plusTimes, lanes };
  const planned = plannedCount(plan, from.length);
  if (planned > lanes) return { plan: null, from, refusals: [{ code: "tooMany", planned, lanes }] };
  return { plan, from, refusals: [] };
}
