// The pontoon kiosk (issue 28 part 2): which lane a scanned crew member's boat is, going Out or
// coming Back. Pure: the model reads the member's lanes of the day (with their boat trips), this
// decides, the model writes. Times are UTC ms; the day is Malaysia's (rules/timetable.ts).
//
// The decision (ADR 0038):
// - Only the lanes of races on the Malaysia day of `now` count (a race's day is that of its
//   scheduled start, else of its actual start); a lane of a round with neither is not raced today.
// - Out: a boat already out and not back, in a race without results yet, is the boat (a second
//   member of the crew: "already out"). Otherwise the earliest race of the day not started, without
//   results, never out and never back: the next race. None: "Not racing today."
// - Back: the boat out and not back (the latest out, when a member's two teams were both left out)
//   comes back. Otherwise the current race: the latest started race of the day (already back: a
//   second member), or, when none has started, the earliest race of the day without results; a
//   Back whose Out was missed records back with no out time. None: "Not racing today."
// - A member in two teams racing today: the nearest race, by these rules, across both.
import type { ResultState } from "../../db/enums";
import { malaysiaDay } from "./timetable";

export type Direction = "out" | "back";
export const DIRECTIONS: readonly Direction[] = ["out", "back"];
export const isDirection = (v: unknown): v is Direction => v === "out" || v === "back";

/** One lane of a team the member paddles in, with the boat's trip for that race (if any). */
export type MemberLane = {
  roundId: number;
  teamId: number;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  lane: string;
  outAt: number | null;
  backAt: number | null;
};

export type PontoonPick<L extends MemberLane = MemberLane> =
  /** Write: the boat goes out, or comes back (`lane.outAt` null: its Out was missed). */
  | { kind: "mark"; lane: L }
  /** Nothing to write: another crew member scanned this boat already. */
  | { kind: "already"; lane: L }
  | { kind: "notRacing" };

/** The Malaysia day a lane's race belongs to (scheduled start, else actual start), or null. */
export function raceDay(lane: Pick<MemberLane, "scheduledAt" | "startedAt">): string | null {
  const at = lane.scheduledAt ?? lane.startedAt;
  return at === null ? null : malaysiaDay(at);
}

/** Earliest first: scheduled start, race number, round id (missing values last). */
function byTimetable(a: MemberLane, b: MemberLane): number {
  const big = Number.MAX_SAFE_INTEGER;
  return (
    (a.scheduledAt ?? a.startedAt ?? big) - (b.scheduledAt ?? b.startedAt ?? big) ||
    (a.raceNumber ?? big) - (b.raceNumber ?? big) ||
    a.roundId - b.roundId
  );
}

const onWater = (l: MemberLane) => l.outAt !== null && l.backAt === null;
const hasResults = (l: MemberLane) => l.resultState !== "NONE";

/** The lane a pontoon scan of this member belongs to, going `direction` at `now`. */
export function pontoonLane<L extends MemberLane>(
  lanes: readonly L[],
  direction: Direction,
  now: number,
): PontoonPick<L> {
  const today = malaysiaDay(now);
  const day = lanes.filter((l) => raceDay(l) === today).sort(byTimetable);
  if (day.length === 0) return { kind: "notRacing" };
  const latestOut = (candidates: L[]) =>
    candidates.reduce<L | null>(
      (best, l) => (best === null || (l.outAt ?? 0) > (best.outAt ?? 0) ? l : best),
      null,
    );

  if (direction === "out") {
    const out = latestOut(day.filter((l) => onWater(l) && !hasResults(l)));
    if (out) return { kind: "already", lane: out };
    const next = day.find(
      (l) => l.startedAt === null && !hasResults(l) && l.outAt === null && l.backAt === null,
    );
    return next ? { kind: "mark", lane: next } : { kind: "notRacing" };
  }

  const out = latestOut(day.filter(onWater));
  if (out) return { kind: "mark", lane: out };
  const started = day.filter((l) => l.startedAt !== null);
  const current =
    started.length > 0
      ? started.reduce((best, l) => ((l.startedAt ?? 0) >= (best.startedAt ?? 0) ? l : best))
      : day.find((l) => !hasResults(l));
  if (!current) return { kind: "notRacing" };
  return current.backAt !== null ? { kind: "already", lane: current } : { kind: "mark", lane: current };
}

/** Minutes a boat has been out at `now` (whole minutes, never negative). */
export function minutesOut(outAt: number, now: number): number {
  return Math.max(0, Math.floor((now - outAt) / 60_000));
}

/** Whether a boat out `minutes` is out longer than the setting (race control marks it). */
export const outTooLong = (minutes: number, alertMinutes: number) => minutes > alertMinutes;

/** The most characters of a Mark Back reason. */
export const BACK_REASON_MAX = 200;
