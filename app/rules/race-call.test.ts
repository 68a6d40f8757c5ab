import { describe, expect, it } from "vitest";
import { CALL_LATE_MAX_MINUTES, callDecision, callWindow } from "./race-call";

const MIN = 60_000;
const T = Date.UTC(2026, 11, 5, 4, 0); // 12:00 in Malaysia
const race = (over: Partial<Parameters<typeof callDecision>[0]> = {}) => ({
  raceNumber: 14,
  scheduledAt: T,
  startedAt: null,
  calledAt: null,
  ...over,
});

describe("callDecision", () => {
  it("waits until the expected start is callMinutes away, then calls", () => {
    expect(callDecision(race(), null, 30, T - 30 * MIN - 1)).toEqual({ call: false, why: "early" });
    expect(callDecision(race(), null, 30, T - 30 * MIN)).toEqual({ call: true, expected: T });
    expect(callDecision(race(), 0, 30, T - 29 * MIN)).toEqual({ call: true, expected: T });
  });

  it("counts the day's delay: 12 minutes late calls 12 minutes later", () => {
    expect(callDecision(race(), 12, 30, T - 30 * MIN).call).toBe(false);
    expect(callDecision(race(), 12, 30, T - 18 * MIN)).toEqual({ call: true, expected: T + 12 * MIN });
  });

  it("a day running early calls earlier", () => {
    expect(callDecision(race(), -5, 30, T - 35 * MIN)).toEqual({ call: true, expected: T - 5 * MIN });
  });

  it("a race moved earlier past its call moment is still called, at once", () => {
    // Scheduled 12:00, now 11:50, callMinutes 30: the moment (11:30) passed while it was later.
    expect(callDecision(race(), null, 30, T - 10 * MIN)).toEqual({ call: true, expected: T });
    // Expected start passed but within the late window: still called.
    expect(callDecision(race(), null, 30, T + CALL_LATE_MAX_MINUTES * MIN)).toEqual({
      call: true,
      expected: T,
    });
  });

  it("never calls twice, a started race, or an unscheduled one", () => {
    expect(callDecision(race({ calledAt: T - 31 * MIN }), 40, 30, T)).toEqual({ call: false, why: "called" });
    expect(callDecision(race({ startedAt: T - 5 * MIN }), null, 30, T - 10 * MIN)).toEqual({
      call: false,
      why: "started",
    });
    expect(callDecision(race({ raceNumber: null }), null, 30, T).call).toBe(false);
    expect(callDecision(race({ scheduledAt: null }), null, 30, T).call).toBe(false);
  });

  it("a race whose expected start passed long ago without a start is not called", () => {
    expect(callDecision(race(), null, 30, T + CALL_LATE_MAX_MINUTES * MIN + 1)).toEqual({
      call: false,
      why: "stale",
    });
    // ... until a later delay brings its expected start back.
    expect(callDecision(race(), 90, 30, T + 70 * MIN)).toEqual({ call: true, expected: T + 90 * MIN });
  });

  it("callMinutes 0 calls at the expected start itself", () => {
    expect(callDecision(race(), null, 0, T - 1).call).toBe(false);
    expect(callDecision(race(), null, 0, T).call).toBe(true);
  });

  it("takes Dates as drizzle reads them", () => {
    expect(callDecision(race({ scheduledAt: new Date(T) }), null, 30, T - 30 * MIN)).toEqual({
      call: true,
      expected: T,
    });
  });
});

describe("callWindow", () => {
  it("holds exactly the scheduled starts callDecision may call", () => {
    const now = T;
    for (const delay of [null, 0, 12, -5]) {
      const w = callWindow(delay, 30, now);
      for (const at of [w.from - 1, w.from, w.to, w.to + 1]) {
        const inside = at >= w.from && at <= w.to;
        expect(callDecision(race({ scheduledAt: at }), delay, 30, now).call).toBe(inside);
      }
    }
  });
});
