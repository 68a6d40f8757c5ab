// The club championship (issue 29 part 1; ADR 0039): points schemes, shared places and the club
// table's ranking. Pure. OWNER: helper of part 1 (standings). The types and `isFinalRound` are
// fixed here so parts 2-4 can build on them.
//
// - Schemes: FINALS (places 1-6 score 9, 7, 5, 3, 2, 1), LEAGUE (16 for the first, one less for
//   each place after, at least 1: every placed crew scores), CUSTOM (points for places 1..N typed
//   as a comma-separated list of whole numbers, falling or equal, at most 20 places). "Finals only"
//   (on by default) counts finals alone; off, every round counts.
// - Ties: k crews sharing place p cover places p..p+k-1 and each gets the mean of those places'
//   points; the next place is skipped (the stored places already skip: 1, 2, 2, 4). DNS, DNF, DSQ
//   and lanes without a result have no place and score nothing (but count as a race run).
// - Exact arithmetic: points are kept in integer UNITS (1 point = UNIT units, UNIT divisible by
//   every tie size up to 20 crews), so 1/3 + 1/3 + 1/3 is exactly 1 and two clubs on 6.5 tie.
//   Shown with at most two decimals ("6", "1.5", "2.33").
// - Medals: places 1, 2 and 3 of finals (Official), whatever the scheme counts.
import type { LaneStatus, PointsScheme } from "../../db/enums";
import { compareText } from "./compare";

/** A round is a final (it scores under "Finals only", and its first three places are medals) when
 * its name says FINAL (or the Malay AKHIR) as a word, and not a semi-, quarter- or minor/B final:
 * "FINAL", "GRAND FINAL", "FINAL A", "250M PREMIER MIXED FINAL", not "SEMI FINAL", "SEMI-FINAL",
 * "QUARTER FINAL", "MINOR FINAL", "FINAL B". */
export function isFinalRound(name: string): boolean {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const at = words.findIndex(
    (w) => w === "FINAL" || w === "AKHIR" || w === "SEMIFINAL" || w === "QUARTERFINAL",
  );
  if (at === -1) return false;
  if (words[at] !== "FINAL" && words[at] !== "AKHIR") return false;
  const before = words[at - 1];
  if (
    before === "SEMI" ||
    before === "QUARTER" ||
    before === "MINOR" ||
    before === "SEPARUH" ||
    before === "SUKU"
  )
    return false;
  const after = words[at + 1];
  if (after !== undefined && /^[B-Z]$/.test(after)) return false;
  return true;
}

/** A scheme as settings hold it: the kind, the custom list (CUSTOM only) and finals only. */
export type SchemeSetting = { kind: PointsScheme; custom: string; finalsOnly: boolean };

/** The default scheme: Finals 9-7-5-3-2-1, finals only. */
export const DEFAULT_SCHEME: SchemeSetting = { kind: "FINALS", custom: "", finalsOnly: true };

export const FINALS_POINTS = [9, 7, 5, 3, 2, 1] as const;
/** League: the first scores this, each place after one less, never below LEAGUE_MIN. */
export const LEAGUE_FIRST = 16;
export const LEAGUE_MIN = 1;
/** Custom: at most this many places, each a whole number up to CUSTOM_MAX_POINTS. */
export const CUSTOM_MAX_PLACES = 20;
export const CUSTOM_MAX_POINTS = 1000;
/** The custom list's field: at most this many characters (20 places of "1000, "). */
export const CUSTOM_MAX_LENGTH = 120;

/** Points are counted in units of 1/UNIT: the least common multiple of 1..20, so a tie of up to 20
 * crews shares any whole number of points exactly. */
export const UNIT = 232_792_560;

export type CustomError = "empty" | "number" | "falling" | "tooMany";
export type CustomParse = { ok: true; points: number[] } | { ok: false; error: CustomError };

/** "10, 8, 6,6 ,4" -> [10, 8, 6, 6, 4]; refused: nothing typed, anything but whole numbers 0..1000
 * between commas, a number above the one before it, more than 20 places. */
export function parseCustomPoints(text: string): CustomParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "empty" };
  const parts = trimmed.split(",").map((p) => p.trim());
  if (parts.length > CUSTOM_MAX_PLACES) return { ok: false, error: "tooMany" };
  const points: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,4}$/.test(part) || Number(part) > CUSTOM_MAX_POINTS) return { ok: false, error: "number" };
    points.push(Number(part));
  }
  for (let i = 1; i < points.length; i++)
    if (points[i] > points[i - 1]) return { ok: false, error: "falling" };
  return { ok: true, points };
}

/** The custom list as stored: "10,8,6" (spaces dropped), or the text as typed when it is refused. */
export function normaliseCustom(text: string): string {
  const parsed = parseCustomPoints(text);
  return parsed.ok ? parsed.points.join(",") : text.trim();
}

/** Whole points for one place (1-based) under a scheme; 0 beyond its places. A stored custom list
 * that no longer reads (it is validated when saved) scores nothing. */
export function pointsForPlace(scheme: SchemeSetting, place: number): number {
  if (!Number.isInteger(place) || place < 1) return 0;
  switch (scheme.kind) {
    case "FINALS":
      return FINALS_POINTS[place - 1] ?? 0;
    case "LEAGUE":
      return Math.max(LEAGUE_MIN, LEAGUE_FIRST + 1 - place);
    case "CUSTOM": {
      const parsed = parseCustomPoints(scheme.custom);
      return parsed.ok ? (parsed.points[place - 1] ?? 0) : 0;
    }
  }
}

/** Units each of `crews` crews tied on `place` scores: the points of places place..place+crews-1,
 * shared equally (exact while crews <= 20; beyond, rounded to the nearest unit). */
export function sharedUnits(scheme: SchemeSetting, place: number, crews: number): number {
  if (crews < 1) return 0;
  let total = 0;
  for (let p = place; p < place + crews; p++) total += pointsForPlace(scheme, p);
  return Math.round((total * UNIT) / crews);
}

/** Units as points, at most two decimals: "6", "1.5", "2.33". */
export function formatPoints(units: number): string {
  const hundredths = Math.round((units * 100) / UNIT);
  const whole = Math.trunc(hundredths / 100);
  const rest = Math.abs(hundredths % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** Points (a number, e.g. a StandingsRow's) shown the same way. */
export function formatPointsNumber(points: number): string {
  return formatPoints(Math.round(points * UNIT));
}

/** One crew result of a round with results (a `races` row of a Provisional or Official round). */
export type PointsLane = {
  roundId: number;
  roundName: string;
  official: boolean;
  clubId: number;
  club: string;
  place: number | null;
  status: LaneStatus | null;
};

/** A club's line before ranking, points in units. */
export type ClubTotals = {
  clubId: number;
  club: string;
  /** Official results, units. */
  units: number;
  /** Provisional results, units (shown apart). */
  provisionalUnits: number;
  first: number;
  second: number;
  third: number;
  /** Crew results counted: Official, of the rounds the scheme counts (a DNS/DNF/DSQ too). */
  races: number;
};
export type RankedClub = ClubTotals & { rank: number };

/** Does the scheme count this round? */
export const countsRound = (scheme: SchemeSetting, roundName: string) =>
  !scheme.finalsOnly || isFinalRound(roundName);

/**
 * Every club's totals from the lanes of rounds with results: points of the rounds the scheme counts
 * (Official ones into `units`, Provisional ones into `provisionalUnits`), medals from Official
 * finals. A club appears once any of its crews has a counted result or a medal.
 */
export function clubTotals(lanes: readonly PointsLane[], scheme: SchemeSetting): ClubTotals[] {
  // Crews per (round, place): how many share it.
  const sharing = new Map<string, number>();
  for (const l of lanes) {
    if (l.place === null || l.status !== null) continue;
    const key = `${l.roundId}:${l.place}`;
    sharing.set(key, (sharing.get(key) ?? 0) + 1);
  }
  const clubs = new Map<number, ClubTotals>();
  const clubOf = (l: PointsLane) => {
    let c = clubs.get(l.clubId);
    if (!c) {
      c = {
        clubId: l.clubId,
        club: l.club,
        units: 0,
        provisionalUnits: 0,
        first: 0,
        second: 0,
        third: 0,
        races: 0,
      };
      clubs.set(l.clubId, c);
    }
    return c;
  };
  for (const l of lanes) {
    const placed = l.place !== null && l.status === null ? l.place : null;
    const final = isFinalRound(l.roundName);
    if (countsRound(scheme, l.roundName)) {
      const units =
        placed === null ? 0 : sharedUnits(scheme, placed, sharing.get(`${l.roundId}:${placed}`) ?? 1);
      const c = clubOf(l);
      if (l.official) {
        c.units += units;
        c.races++;
      } else c.provisionalUnits += units;
    }
    if (final && l.official && placed !== null && placed <= 3) {
      const c = clubOf(l);
      if (placed === 1) c.first++;
      else if (placed === 2) c.second++;
      else c.third++;
    }
  }
  return [...clubs.values()];
}

/** Orders by points, then firsts, seconds, thirds (then club name, for a steady order); clubs level
 * on all four share a rank and the next rank skips (1, 2, 2, 4). */
export function rankClubs(clubs: readonly ClubTotals[]): RankedClub[] {
  const key = (c: ClubTotals) => [c.units, c.first, c.second, c.third];
  const cmp = (a: ClubTotals, b: ClubTotals) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  const sorted = [...clubs].sort((a, b) => cmp(a, b) || compareText(a.club, b.club) || a.clubId - b.clubId);
  const ranked: RankedClub[] = [];
  sorted.forEach((c, i) => {
    const prev = ranked[i - 1];
    const rank = prev && cmp(prev, c) === 0 ? prev.rank : i + 1;
    ranked.push({ ...c, rank });
  });
  return ranked;
}

/** Is the edition's table still provisional? Yes until it has a final and every final is Official. */
export function standingsProvisional(rounds: readonly { name: string; official: boolean }[]): boolean {
  const finals = rounds.filter((r) => isFinalRound(r.name));
  return finals.length === 0 || finals.some((r) => !r.official);
}
