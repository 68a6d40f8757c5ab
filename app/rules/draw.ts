// Draws and progression (issue 10, beyond the spec). Pure: the dialogs /rounds/:id/draw and
// /rounds/:id/progress compute their previews with these, and the saves compute them again inside
// their transactions (models/draw.server.ts), so what was previewed is what is written.
//
// One round is one heat (a race is a lane of a round; the scoreboard, the kiosk and the races screen
// all work per round). A draw or a progression of more teams than lanes fills this round with heat
// 1 and the rounds named by `heatNames` with the other heats. See docs/decisions/0016-race-day.md.
import {
  badScoreMessage,
  compareKeys,
  formatScore,
  ordinal,
  parseScore,
  type Score,
  scoreKey,
} from "./race-time";
import { formatResult, type LaneResult } from "./results";
import { compareText } from "./compare";

export const LANES_MIN = 1;
export const LANES_MAX = 10;
export const LANES_DEFAULT = 6;
export const TOP_MAX = 99;
export const SEED_MAX = 0xffff_ffff;

/** A lane count from a form: a whole number 1-10; missing is the default; anything else null. */
export function parseLanes(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === "") return LANES_DEFAULT;
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= LANES_MIN && n <= LANES_MAX ? n : null;
}

/** How many qualify: a whole number 1-99; missing is `fallback`; anything else null. */
export function parseTop(raw: unknown, fallback: number): number | null {
  if (raw === null || raw === undefined || raw === "") return fallback;
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 && n <= TOP_MAX ? n : null;
}

/** A draw's seed: a whole number 0 to 2^32-1, or null (missing or not one). */
export function parseSeed(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n <= SEED_MAX ? n : null;
}

/** mulberry32: a small seeded PRNG, floats in [0, 1); the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A Fisher-Yates shuffle driven by the seed (the input is not changed). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const random = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Lanes from the centre out, the best first: 6 lanes 3,4,2,5,1,6; 8 lanes 4,5,3,6,2,7,1,8;
 * 5 lanes 3,4,2,5,1. */
export function centreOrder(lanes: number): number[] {
  const c = Math.ceil(lanes / 2);
  const out = [c];
  for (let d = 1; out.length < lanes; d++) {
    if (c + d <= lanes) out.push(c + d);
    if (c - d >= 1 && out.length < lanes) out.push(c - d);
  }
  return out;
}

/** Heat sizes for `count` teams: as few heats as fit, sizes differing by at most one, larger first. */
export function heatSizes(count: number, lanesPerHeat: number): number[] {
  if (count <= 0) return [];
  const heats = Math.ceil(count / lanesPerHeat);
  const base = Math.floor(count / heats);
  return Array.from({ length: heats }, (_, i) => base + (i < count % heats ? 1 : 0));
}

export type LaneSlot = { lane: number; teamId: number };
/** One heat: its lanes in lane order. */
export type Heat = LaneSlot[];

const byLane = (a: LaneSlot, b: LaneSlot) => a.lane - b.lane;

/**
 * The random draw: teams shuffled by the seed, cut into balanced heats; a heat with fewer teams
 * than lanes uses the centre lanes (4 teams in 6 lanes: lanes 2-5).
 */
export function drawHeats(teamIds: readonly number[], lanesPerHeat: number, seed: number): Heat[] {
  const order = shuffled(teamIds, seed);
  let next = 0;
  return heatSizes(order.length, lanesPerHeat).map((size) => {
    const lanes = centreOrder(lanesPerHeat)
      .slice(0, size)
      .sort((a, b) => a - b);
    return lanes.map((lane) => ({ lane, teamId: order[next++] }));
  });
}

/**
 * Seeded heats from a ranking (best first): ranks dealt over the heats like a snake (1 A, 2 B,
 * 3 B, 4 A ...) so heats are balanced in speed and size, then within a heat the faster the more
 * central the lane (6 lanes: 3, 4, 2, 5, 1, 6).
 */
export function seededHeats(rankedTeamIds: readonly number[], lanesPerHeat: number): Heat[] {
  const sizes = heatSizes(rankedTeamIds.length, lanesPerHeat);
  const count = sizes.length;
  const heats: number[][] = sizes.map(() => []);
  let next = 0;
  for (let row = 0; next < rankedTeamIds.length; row++) {
    for (let pos = 0; pos < count && next < rankedTeamIds.length; pos++) {
      const h = row % 2 === 0 ? pos : count - 1 - pos;
      // The last row is short: it skips the heats already full (larger heats first, as drawn).
      if (heats[h].length < sizes[h]) heats[h].push(rankedTeamIds[next++]);
    }
  }
  const lanes = centreOrder(lanesPerHeat);
  return heats.map((ids) => ids.map((teamId, i) => ({ lane: lanes[i], teamId })).sort(byLane));
}

/**
 * The rounds a draw of `count` heats goes into: this round, then the next names. A name ending in a
 * number counts on ("HEAT 1" -> "HEAT 2", "HEAT 3"); any other name gets " 2", " 3" ("SEMI FINAL" ->
 * "SEMI FINAL 2").
 */
export function heatNames(name: string, count: number): string[] {
  const m = /^(.*?)(\d+)$/.exec(name);
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return name;
    return m ? `${m[1]}${Number(m[2]) + i}` : `${name} ${i + 1}`;
  });
}

/** One race of a source round, as the ranking reads it: the result columns race control writes
 * (optional: a test or an old caller may give the text only) and the score text. */
export type RaceResult = {
  roundId: number;
  round: string;
  teamId: number;
  team: string;
  lane: string;
  score: string | null;
} & Partial<Omit<LaneResult, "id" | "lane">> & {
    /** The event keeps Tug of War records (wins-losses) instead of times. */
    tug?: boolean;
  };

/**
 * A lane's score for the ranking. A lane with a result in its columns (race control, the results
 * desk) is read from them: a status is out (DSQ with a penalty is still DSQ), a time counts with
 * its penalty added, Tug of War counts its record; what it shows is the formatted result
 * ("2:37.19 (+2.00)"). Only a lane without a column result falls back to its text (old free text
 * such as a place "1st", or a time typed before race control).
 */
export function laneScore(r: RaceResult): { parsed: Score; typed: string; fromColumns: boolean } {
  const columns = {
    timeMs: r.timeMs ?? null,
    penaltyMs: Math.max(0, r.penaltyMs ?? 0),
    status: r.status ?? null,
    wins: r.wins ?? null,
    losses: r.losses ?? null,
  };
  const tug = r.tug ?? false;
  const formatted = formatResult(columns, tug);
  if (formatted === null) return { parsed: parseScore(r.score), typed: r.score ?? "", fromColumns: false };
  const parsed: Score =
    columns.status !== null
      ? { kind: "out", code: columns.status }
      : tug
        ? { kind: "record", wins: columns.wins as number, losses: columns.losses as number }
        : { kind: "time", ms: (columns.timeMs as number) + columns.penaltyMs };
  return { parsed, typed: formatted, fromColumns: true };
}

export type Ranked = RaceResult & {
  /** What the lane says: its formatted column result, else the text as typed. */
  typed: string;
  /** Read from the result columns (not the text). */
  fromColumns: boolean;
  parsed: Score;
  /** Competition place among finishers (1, 2, 2, 4); null for DNS/DNF/DSQ and unreadable scores. */
  place: number | null;
  /** The parsed score as shown ("1:02.35"), or what was typed when it could not be read. */
  shown: string;
};

export type Ranking = { ranked: Ranked[]; errors: string[] };

const laneNumber = (lane: string) =>
  /^\d+$/.test(lane.trim()) ? Number(lane.trim()) : Number.MAX_SAFE_INTEGER;
const where = (r: RaceResult) => `${r.round}, lane ${r.lane} (${r.team})`;
const KIND_NAMES = { time: "times", place: "places", record: "win-loss records" } as const;

/**
 * Ranks the races of the chosen rounds. Every race needs a readable score (a time, a place or a
 * record, or DNS/DNF/DSQ): its column result when it has one (`laneScore`), else its text, all finishers one kind of score, places from one round only (a 1st of
 * HEAT 1 and a 1st of HEAT 2 cannot be compared), each team once. Finishers first by score, then
 * DNF, DSQ, DNS; ties broken by lane, then team id, so the order never depends on the database.
 * Refusals come back as sentences in `errors` (the ranking is then only for showing).
 */
export function rankResults(results: readonly RaceResult[]): Ranking {
  const errors: string[] = [];
  if (results.length === 0) errors.push("The chosen rounds have no races.");
  const rows = results.map((r) => ({ ...r, ...laneScore(r) }));
  for (const r of rows) {
    if (r.parsed.kind === "bad") errors.push(badScoreMessage(where(r), r.parsed.typed));
    if (r.parsed.kind === "none") errors.push(`${where(r)} has no score yet. Enter every score first.`);
  }
  const seen = new Map<number, RaceResult[]>();
  for (const r of rows) seen.set(r.teamId, [...(seen.get(r.teamId) ?? []), r]);
  for (const races of seen.values()) {
    if (races.length > 1)
      errors.push(
        `${races[0].team} raced in more than one chosen round (${races.map((r) => r.round).join(", ")}). Choose rounds in which each team raced once.`,
      );
  }
  const kinds = new Set<keyof typeof KIND_NAMES>();
  for (const r of rows) if (r.parsed.kind in KIND_NAMES) kinds.add(r.parsed.kind as keyof typeof KIND_NAMES);
  if (kinds.size > 1)
    errors.push(
      `The scores mix ${[...kinds].map((k) => KIND_NAMES[k]).join(" and ")}. Use one kind of score in the chosen rounds.`,
    );
  else if (kinds.has("place") && new Set(rows.map((r) => r.roundId)).size > 1)
    errors.push("Places from different rounds cannot be compared. Enter times, or choose one round.");

  const keyed = rows.map((r) => ({ r, key: scoreKey(r.parsed), lane: laneNumber(r.lane) }));
  keyed.sort(
    (a, b) =>
      compareKeys(a.key, b.key) ||
      a.lane - b.lane ||
      compareText(a.r.lane, b.r.lane) ||
      a.r.teamId - b.r.teamId,
  );
  let place = 0;
  const ranked = keyed.map(({ r, key }, i) => {
    const finished = key[0] === 0;
    if (finished && (i === 0 || compareKeys(keyed[i - 1].key, key) !== 0)) place = i + 1;
    // A column result shows as formatted (with its penalty noted); a text score as read.
    const shown = r.fromColumns ? r.typed : formatScore(r.parsed);
    return { ...r, place: finished ? place : null, shown };
  });
  return { ranked, errors };
}

export type Progression = Ranking & {
  /** The top N finishers (DNS/DNF/DSQ never qualify), best first; empty when there are errors. */
  qualifiers: Ranked[];
  /** The next round's heats, fastest in the centre lanes; empty when there are errors. */
  heats: Heat[];
};

/** Ranks the chosen rounds and seeds the top N finishers into the next round's heats. */
export function progress(results: readonly RaceResult[], topN: number, lanesPerHeat: number): Progression {
  const ranking = rankResults(results);
  if (ranking.errors.length) return { ...ranking, qualifiers: [], heats: [] };
  const qualifiers = ranking.ranked.filter((r) => r.place !== null).slice(0, topN);
  return {
    ...ranking,
    qualifiers,
    heats: seededHeats(
      qualifiers.map((q) => q.teamId),
      lanesPerHeat,
    ),
  };
}

/** "1st", "=2nd" for a shared place, "" for none (shown in the ranking's first column). */
export function placeLabel(ranked: readonly Ranked[], i: number): string {
  const p = ranked[i].place;
  if (p === null) return "";
  const shared = ranked.some((r, j) => j !== i && r.place === p);
  return `${shared ? "=" : ""}${ordinal(p)}`;
}

/** The draw and progress dialogs' parameters (a GET query or the Save form), read once. */
export type DrawQuery = {
  lanes: number;
  top: number;
  from: number[];
  source: "event" | "rounds";
  seed: number | null;
  errors: string[];
};

export const DRAW_FORM_MSG = {
  lanes: `Lanes per heat must be a whole number from ${LANES_MIN} to ${LANES_MAX}.`,
  top: `Top must be a whole number from 1 to ${TOP_MAX}.`,
  rounds: "Choose rounds of this event other than this one.",
} as const;

/** Reads the dialogs' fields: lanes (default 6), top (default the lanes), the ticked source rounds
 * (`from`, at most 50), the source of a draw ("event" unless "rounds"), the seed. Values out of
 * range are errors with the field's sentence, never silently replaced. */
export function parseDrawQuery(q: {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}): DrawQuery {
  const errors: string[] = [];
  const lanes = parseLanes(q.get("lanes"));
  if (lanes === null) errors.push(DRAW_FORM_MSG.lanes);
  const top = parseTop(q.get("top"), lanes ?? LANES_DEFAULT);
  if (top === null) errors.push(DRAW_FORM_MSG.top);
  const raw = q.getAll("from");
  const from = raw.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));
  if (from.some(Number.isNaN) || from.length > 50) errors.push(DRAW_FORM_MSG.rounds);
  return {
    lanes: lanes ?? LANES_DEFAULT,
    top: top ?? LANES_DEFAULT,
    from: [...new Set(from.filter((n) => !Number.isNaN(n)))].slice(0, 50),
    source: q.get("source") === "rounds" ? "rounds" : "event",
    seed: parseSeed(q.get("seed")),
    errors,
  };
}
