// Race-day crew changes (issue 28 part 3), pure: the crew as it would be after a change (who
// leaves, who joins), and whether a team may still ask for one (races left, and its next race not
// within the cut-off of its expected start, the day's delay included). The model
// (models/crew-change.server.ts) feeds it the team's rounds and the crew, and checks eligibility
// of the crew after the change with Pick Crew's rules (rules/crew.ts).
import { expectedStart } from "./timetable";

/** A reason's length (characters, once trimmed), for the request and for a rejection. */
export const CHANGE_REASON_MAX = 500;
/** The most members one request may move (either way). */
export const CHANGE_IDS_MAX = 50;

export type ChangeRefusal = "empty" | "notInCrew" | "alreadyIn" | "both";

/**
 * The crew after `leaving` go and `joining` come: the current crew (in its order) minus the
 * leavers, then the joiners (in theirs). Refused: nobody moves ("empty"), a leaver not in the crew
 * ("notInCrew"), a joiner already in it ("alreadyIn"), someone both leaving and joining ("both").
 * Repeated ids count once.
 */
export function crewAfterChange(
  current: readonly number[],
  leaving: readonly number[],
  joining: readonly number[],
): { ok: true; after: number[]; leaving: number[]; joining: number[] } | { ok: false; code: ChangeRefusal } {
  const out = [...new Set(leaving)];
  const into = [...new Set(joining)];
  if (out.length === 0 && into.length === 0) return { ok: false, code: "empty" };
  const crew = new Set(current);
  if (out.some((id) => into.includes(id))) return { ok: false, code: "both" };
  if (out.some((id) => !crew.has(id))) return { ok: false, code: "notInCrew" };
  if (into.some((id) => crew.has(id))) return { ok: false, code: "alreadyIn" };
  const after = [...new Set(current)].filter((id) => !out.includes(id)).concat(into);
  return { ok: true, after, leaving: out, joining: into };
}

/** One of the team's lanes: its round's race number and times (ms, or null). */
export type TeamRace = {
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  /** A race with results is over, Start pressed or not (the desk may save results without it). */
  resultState: "NONE" | "PROVISIONAL" | "OFFICIAL";
};

export type ChangeWindow =
  | { kind: "open" }
  /** Every round the team races in has started (or it races in none): nothing left to change. */
  | { kind: "noRaces" }
  /** The next race starts within the cut-off: its number and expected start (ms). */
  | { kind: "tooLate"; raceNumber: number | null; at: number };

/**
 * Whether a crew change may be asked for (or applied) at `now`. The team's next race is the
 * not-started round with the earliest expected start (scheduled + the day's delay in minutes); a
 * request is too late when that start is `cutoffMinutes` away or less (exactly at the edge is too
 * late; so is a start already past but not yet given). Rounds with no scheduled start count as
 * races left but set no cut-off.
 */
export function changeWindow(
  races: readonly TeamRace[],
  delay: number | null,
  now: number,
  cutoffMinutes: number,
): ChangeWindow {
  const left = races.filter((r) => r.startedAt === null && r.resultState === "NONE");
  if (left.length === 0) return { kind: "noRaces" };
  let next: { raceNumber: number | null; at: number } | null = null;
  for (const r of left) {
    const at = expectedStart(r.scheduledAt, delay);
    if (at === null) continue;
    if (!next || at < next.at) next = { raceNumber: r.raceNumber, at };
  }
  if (next && next.at - now <= cutoffMinutes * 60_000) return { kind: "tooLate", ...next };
  return { kind: "open" };
}

/** The ids a change form sends in boxes sharing one name: digits only, at most CHANGE_IDS_MAX;
 * anything else is null (a forged request). */
export function parseChangeIds(values: unknown[]): number[] | null {
  if (values.length > CHANGE_IDS_MAX) return null;
  const ids = values.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));
  return ids.some(Number.isNaN) ? null : ids;
}

/** A reason as typed: trimmed, line ends made \n; "empty" or "tooLong" when it cannot be kept. */
export function parseReason(
  raw: unknown,
): { ok: true; reason: string } | { ok: false; code: "empty" | "tooLong" } {
  if (typeof raw !== "string") return { ok: false, code: "empty" };
  const reason = raw.trim().replace(/\r\n?/g, "\n");
  if (reason.length === 0) return { ok: false, code: "empty" };
  if (reason.length > CHANGE_REASON_MAX) return { ok: false, code: "tooLong" };
  return { ok: true, reason };
}
