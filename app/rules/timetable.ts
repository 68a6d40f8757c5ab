// The timetable (issue 20, section 1): how late the day runs, which races come next, and the
// Schedule planner of /race-control. Pure, shared by server and browser; /race-control and /board
// use it. Times are UTC ms (or Dates, as drizzle reads them).

type Instant = number | Date | null;

const ms = (t: Instant): number | null => (t === null ? null : typeof t === "number" ? t : t.getTime());

export type TimedRound = { raceNumber: number | null; scheduledAt: Instant; startedAt: Instant };

/** Minutes the day runs late (negative: early), from the latest started race with a scheduled
 * start: startedAt - scheduledAt rounded to whole minutes. "Latest" is the latest start (ties: the
 * higher race number). null when no scheduled race has started yet. */
export function delayMinutes(rounds: readonly TimedRound[]): number | null {
  let best: { started: number; race: number; scheduled: number } | null = null;
  for (const r of rounds) {
    const started = ms(r.startedAt);
    const scheduled = ms(r.scheduledAt);
    if (started === null || scheduled === null) continue;
    const race = r.raceNumber ?? 0;
    if (!best || started > best.started || (started === best.started && race > best.race)) {
      best = { started, race, scheduled };
    }
  }
  if (!best) return null;
  const minutes = Math.round((best.started - best.scheduled) / 60_000);
  return minutes === 0 ? 0 : minutes; // no -0
}

/** "late" / "on time" / "early" and the whole minutes, for the sentence race control and the board
 * show ("Running 12 min late", "On time", "Running 3 min early"). */
export function delayKind(minutes: number): { kind: "late" | "onTime" | "early"; minutes: number } {
  if (minutes > 0) return { kind: "late", minutes };
  if (minutes < 0) return { kind: "early", minutes: -minutes };
  return { kind: "onTime", minutes: 0 };
}

/** The races still to start, in race-number order: scheduled (with a race number), not started.
 * `count` caps the list (the board shows the next three). */
export function nextRaces<T extends TimedRound>(rounds: readonly T[], count = 3): T[] {
  return rounds
    .filter((r) => r.raceNumber !== null && ms(r.startedAt) === null)
    .sort((a, b) => (a.raceNumber ?? 0) - (b.raceNumber ?? 0))
    .slice(0, count);
}

/** The race running now: the latest started race (ties: the higher race number), or null. The board
 * shows it as "Now racing" until a later one starts. */
export function nowRacing<T extends TimedRound>(rounds: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of rounds) {
    const s = ms(r.startedAt);
    if (s === null || r.raceNumber === null) continue;
    const b = best ? (ms(best.startedAt) ?? 0) : -1;
    if (!best || s > b || (s === b && r.raceNumber > (best.raceNumber ?? 0))) best = r;
  }
  return best;
}

/** The expected start of a race given the day's delay (scheduled + delay), or null. */
export function expectedStart(scheduledAt: Instant, delay: number | null): number | null {
  const s = ms(scheduledAt);
  return s === null ? null : s + (delay ?? 0) * 60_000;
}

// --- Schedule planner -----------------------------------------------------------------------------

export const RACE_NUMBER_MAX = 9999;
export const GAP_MINUTES_MAX = 120;
/** A race-control notice's length (characters, once trimmed). */
export const NOTICE_MAX = 500;

export type PlanInput = {
  /** The ticked rounds, in the order race control lists them. */
  ticked: readonly { id: number; raceNumber: number | null }[];
  /** Every round with its race number; those not ticked keep theirs. */
  others: readonly { id: number; raceNumber: number | null }[];
  firstNumber: number;
  firstStart: number;
  gapMinutes: number;
};

export type PlannedRound = { id: number; raceNumber: number; scheduledAt: number };

export type PlanResult =
  | { ok: true; plan: PlannedRound[] }
  | { ok: false; code: "none" }
  | { ok: false; code: "range"; last: number }
  | { ok: false; code: "clash"; clashes: { raceNumber: number; roundId: number }[] };

/** Renumber the ticked rounds from `firstNumber` up and space their starts `gapMinutes` apart from
 * `firstStart`, in the order given. A number already held by a round not ticked refuses the whole
 * plan (every clash listed); so does running past race 9999. */
export function planSchedule(input: PlanInput): PlanResult {
  const { ticked, firstNumber, firstStart, gapMinutes } = input;
  if (ticked.length === 0) return { ok: false, code: "none" };
  const last = firstNumber + ticked.length - 1;
  if (last > RACE_NUMBER_MAX) return { ok: false, code: "range", last };
  const tickedIds = new Set(ticked.map((r) => r.id));
  const held = new Map<number, number>(); // race number -> round id, of rounds not ticked
  for (const r of input.others) {
    if (r.raceNumber !== null && !tickedIds.has(r.id)) held.set(r.raceNumber, r.id);
  }
  const plan: PlannedRound[] = [];
  const clashes: { raceNumber: number; roundId: number }[] = [];
  ticked.forEach((r, i) => {
    const raceNumber = firstNumber + i;
    const other = held.get(raceNumber);
    if (other !== undefined) clashes.push({ raceNumber, roundId: other });
    plan.push({ id: r.id, raceNumber, scheduledAt: firstStart + i * gapMinutes * 60_000 });
  });
  if (clashes.length > 0) return { ok: false, code: "clash", clashes };
  return { ok: true, plan };
}

/** Names compared as SQLite's NOCASE does (ASCII letters folded), so this order is the SQL's. */
function caseless(a: string, b: string): number {
  const x = a.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const y = b.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The order race control lists rounds in: by race number, then the unscheduled ones by event
 * name and round name (case-insensitively), then id; the same as the timetable query. */
export function timetableOrder<
  T extends { raceNumber: number | null; eventName: string; name: string; id: number },
>(rounds: readonly T[]): T[] {
  return [...rounds].sort((a, b) => {
    if (a.raceNumber !== null && b.raceNumber !== null) return a.raceNumber - b.raceNumber;
    if (a.raceNumber !== null) return -1;
    if (b.raceNumber !== null) return 1;
    return caseless(a.eventName, b.eventName) || caseless(a.name, b.name) || a.id - b.id;
  });
}

// --- Display ---------------------------------------------------------------------------------------

const MYT_OFFSET_MS = 8 * 3_600_000; // Malaysia: UTC+8, no daylight saving
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 08:06 in Malaysia time (24-hour: a timetable). */
export function formatClock(at: number): string {
  const d = new Date(at + MYT_OFFSET_MS);
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** "05/12 08:06": the day and the time in Malaysia time, as the timetable shows a start. */
export function formatRaceTime(at: number): string {
  const d = new Date(at + MYT_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)} ${formatClock(at)}`;
}

/** The Malaysia day of an instant, yyyy-MM-dd. */
export function malaysiaDay(at: number): string {
  return new Date(at + MYT_OFFSET_MS).toISOString().slice(0, 10);
}
