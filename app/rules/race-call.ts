// The call (issue 28 part 4): when a race's crews are emailed "go to marshalling". Pure; the job
// (services/race-call.server.ts) reads the edition's rounds and the delay and asks this rule which
// rounds to call now. Times are UTC ms.
import { expectedStart } from "./timetable";

/** A race whose expected start passed more than this long ago without a Start is not called any
 * more (the server was down, or the race was dropped): a "go to marshalling" an hour late is noise.
 * Should the day run later still (a Start that adds delay), its expected start moves back into the
 * window and it is called then. */
export const CALL_LATE_MAX_MINUTES = 60;

export type CallFacts = {
  raceNumber: number | null;
  scheduledAt: number | Date | null;
  startedAt: number | Date | null;
  calledAt: number | Date | null;
};

export type CallDecision =
  | { call: true; expected: number }
  | { call: false; why: "unscheduled" | "started" | "called" | "early" | "stale" };

/** Call the race now? Yes once its expected start (scheduled + the day's delay) is `callMinutes`
 * away or nearer, unless it has started, was called already (once only: a later delay does not call
 * it again), or its expected start is more than CALL_LATE_MAX_MINUTES past. A race moved earlier
 * past its call moment is called at once. */
export function callDecision(
  round: CallFacts,
  delay: number | null,
  callMinutes: number,
  now: number,
): CallDecision {
  if (round.raceNumber === null || round.scheduledAt === null) return { call: false, why: "unscheduled" };
  if (round.startedAt !== null) return { call: false, why: "started" };
  if (round.calledAt !== null) return { call: false, why: "called" };
  const expected = expectedStart(round.scheduledAt, delay) as number;
  if (now < expected - callMinutes * 60_000) return { call: false, why: "early" };
  if (now > expected + CALL_LATE_MAX_MINUTES * 60_000) return { call: false, why: "stale" };
  return { call: true, expected };
}

/** The scheduled starts worth reading for a call at `now` ([from, to], UTC ms): the job's SQL
 * narrows the rounds to these before asking callDecision about each. */
export function callWindow(
  delay: number | null,
  callMinutes: number,
  now: number,
): { from: number; to: number } {
  const d = (delay ?? 0) * 60_000;
  return { from: now - d - CALL_LATE_MAX_MINUTES * 60_000, to: now - d + callMinutes * 60_000 };
}
