// Results (issue 20, docs/decisions/0032-race-control.md): a round's state as race control and the
// public see it. Pure, shared by server and browser. The results part of issue 20 adds the ranking
// (places from time plus penalty, then DNF, DSQ, DNS) and the formatted lane result here.
import type { LaneStatus, ResultState } from "../../db/enums";
import { compareKeys, formatTime, parseScore } from "./race-time";

export type RoundState = "SCHEDULED" | "STARTED" | "PROVISIONAL" | "OFFICIAL";

/** Scheduled until started; Provisional once results are saved; Official once declared. */
export function roundState(round: { startedAt: number | Date | null; resultState: ResultState }): RoundState {
  if (round.resultState === "OFFICIAL") return "OFFICIAL";
  if (round.resultState === "PROVISIONAL") return "PROVISIONAL";
  return round.startedAt === null ? "SCHEDULED" : "STARTED";
}

type StateLabels = {
  rsStateScheduled: string;
  rsStateStarted: string;
  rsStateProvisional: string;
  rsStateOfficial: string;
  rsStateRevised: string;
};

/** The state as shown: "Official (revised)" once an official result was changed (revision > 1). */
export function stateLabel(labels: StateLabels, state: RoundState, revision: number): string {
  switch (state) {
    case "SCHEDULED":
      return labels.rsStateScheduled;
    case "STARTED":
      return labels.rsStateStarted;
    case "PROVISIONAL":
      return labels.rsStateProvisional;
    case "OFFICIAL":
      return revision > 1 ? labels.rsStateRevised : labels.rsStateOfficial;
  }
}

// ---------------------------------------------------------------------------------------------
// Lane results and the ranking (issue 20 section 2; /work/shared/reference/race-timing.md).

export { LANE_STATUSES, type LaneStatus } from "../../db/enums";

/** A lane's result as stored (races columns). A Tug of War lane has wins/losses instead of a time. */
export type LaneResult = {
  id: number;
  lane: string;
  timeMs: number | null;
  status: LaneStatus | null;
  penaltyMs: number;
  wins: number | null;
  losses: number | null;
};

/** Tug of War events keep win-loss records instead of times (the event name says so, as the
 * events summary reads it: "TUG OF WAR" as whole words, any case and spacing). */
export function isTugOfWar(eventName: string): boolean {
  return /(?<![A-Z0-9])TUG\s+OF\s+WAR(?![A-Z0-9])/i.test(eventName);
}

/** A lane that has a result to rank (a time, or a record for Tug of War), no status. */
function rankKey(x: LaneResult, tug: boolean): [number, number] | null {
  if (x.status !== null) return null;
  if (tug) return x.wins === null || x.losses === null ? null : [-x.wins, x.losses];
  return x.timeMs === null ? null : [x.timeMs + x.penaltyMs, 0];
}

/**
 * Places by lane id: time plus penalty ascending (Tug of War: more wins, then fewer losses); equal
 * totals share a place and the next place skips (1, 2, 2, 4). A status (DNF, DSQ, DNS) or no
 * result at all: no place (null).
 */
export function rankLanes(lanes: readonly LaneResult[], tug = false): Map<number, number | null> {
  const keys = lanes.map((x) => rankKey(x, tug));
  const places = new Map<number, number | null>();
  for (const [i, x] of lanes.entries()) {
    const mine = keys[i];
    if (mine === null) {
      places.set(x.id, null);
      continue;
    }
    const better = keys.filter((k) => k !== null && compareKeys(k, mine) < 0).length;
    places.set(x.id, better + 1);
  }
  return places;
}

const STATUS_ORDER: Record<LaneStatus, number> = { DNF: 0, DSQ: 1, DNS: 2 };

/** Lanes in result order: by place, then DNF, DSQ, DNS, then lanes without a result; a tie in lane
 * order (`compareLane`). */
export function resultOrder<T extends { place: number | null; status: LaneStatus | null; lane: string }>(
  rows: readonly T[],
  compareLane: (a: string, b: string) => number,
): T[] {
  const group = (x: T) =>
    x.place !== null ? [0, x.place] : x.status !== null ? [1, STATUS_ORDER[x.status]] : [2, 0];
  return [...rows].sort((a, b) => compareKeys(group(a), group(b)) || compareLane(a.lane, b.lane));
}

/** A time with hours when there are: "1:02:03.40", "2:35.19", "58.20". */
export function formatRaceTime(ms: number): string {
  if (ms < 3_600_000) return formatTime(ms);
  const hours = Math.floor(ms / 3_600_000);
  const rest = formatTime(ms - hours * 3_600_000);
  return `${hours}:${rest.includes(":") ? rest.padStart(8, "0") : `00:${rest.padStart(5, "0")}`}`;
}

/** Seconds with two decimals ("2.00", "0.50"). */
export function formatPenalty(ms: number): string {
  return (ms / 1000).toFixed(2);
}

/**
 * The formatted result (the races' `score`, shown on All Races and the scoreboard): the time with
 * its penalty added and the penalty noted ("2:37.19 (+2.00)"), "DNF", "DSQ", "DNS", "2-1" (Tug of
 * War), or null when the lane has no result. At most 20 characters, so the All Races edit dialog can
 * show it and read it back (`readScore`).
 */
export function formatResult(x: Omit<LaneResult, "id" | "lane">, tug = false): string | null {
  if (x.status !== null) return x.status;
  if (tug) return x.wins === null || x.losses === null ? null : `${x.wins}-${x.losses}`;
  if (x.timeMs === null) return null;
  const total = formatRaceTime(x.timeMs + x.penaltyMs);
  return x.penaltyMs > 0 ? `${total} (+${formatPenalty(x.penaltyMs)})` : total;
}

const HOURS = /^(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/;

/** A typed time as race-time reads it ("2:35.19", "58.20"), or with hours ("1:02:03.4"); null
 * for anything else. */
export function parseRaceTime(raw: string): number | null {
  const text = raw.trim();
  const h = HOURS.exec(text);
  if (h) {
    const [, hh, mm, ss, frac] = h;
    const ms =
      ((Number(hh) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + (frac ? Number(frac.padEnd(3, "0")) : 0);
    return ms > 0 ? ms : null;
  }
  const score = parseScore(text);
  return score.kind === "time" ? score.ms : null;
}

/** The result columns a typed score stands for (the All Races edit dialog and Save Scores), so
 * both screens agree: a time (with an optional "(+2.00)" penalty note, the time shown then being
 * the total), DNS/DNF/DSQ, a record; anything else (a place, free text, nothing) clears them. */
export function resultOfScore(
  raw: string | null,
): Pick<LaneResult, "timeMs" | "status" | "penaltyMs" | "wins" | "losses"> {
  const none = { timeMs: null, status: null, penaltyMs: 0, wins: null, losses: null };
  const text = (raw ?? "").trim();
  const noted = /^(.*\S)\s*\(\+(\d{1,3}(?:\.\d{1,2})?)\)$/.exec(text);
  const penaltyMs = noted ? Math.round(Number(noted[2]) * 1000) : 0;
  const timeText = noted ? noted[1] : text;
  const hours = HOURS.exec(timeText) ? parseRaceTime(timeText) : null;
  if (hours !== null) return { ...none, timeMs: Math.max(hours - penaltyMs, 1), penaltyMs };
  const score = parseScore(timeText);
  switch (score.kind) {
    case "time":
      return { ...none, timeMs: Math.max(score.ms - penaltyMs, 1), penaltyMs };
    case "out":
      return noted ? none : { ...none, status: score.code };
    case "record":
      return noted ? none : { ...none, wins: score.wins, losses: score.losses };
    default:
      return none;
  }
}

/** A time of day in Malaysia time, 24-hour ("14:35"): the protest deadline. */
export function formatClock(ms: number): string {
  const d = new Date(ms + 8 * 60 * 60_000);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}
