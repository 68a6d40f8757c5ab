import { describe, expect, it } from "vitest";
import { MS } from "~/messages.ms";
import { attempt, LIMITS, refund, waitFor, waitText } from "./throttle";

const limit = { free: 3, delayMs: 1_000, maxDelayMs: 8_000, forgetMs: 60_000 };

function run(times: number, now = 0) {
  let c = attempt(undefined, limit, now);
  for (let i = 1; i < times; i++) c = attempt(c, limit, now);
  return c;
}

describe("throttle rule", () => {
  it("Change Password: never more than 5 old-password checks in any 15 minutes", () => {
    const MIN = 60_000;
    const l = LIMITS.changePassword;
    // Attempts as fast as the rule lets them through, for 3 hours: count them per 15-minute window.
    const at: number[] = [];
    let c: ReturnType<typeof attempt> | undefined;
    for (let now = 0; now < 180 * MIN; now += 10_000) {
      if (waitFor(c, l, now) > 0) continue;
      c = attempt(c, l, now);
      at.push(now);
    }
    expect(at.slice(0, 5)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(at[5]).toBe(40_000 + 15 * MIN); // the 6th waits 15 minutes
    for (const start of at)
      expect(at.filter((t) => t >= start && t < start + 15 * MIN).length).toBeLessThanOrEqual(5);
    // Four spread out, the fifth 14 minutes later: still at most 5 in any 15 minutes after it.
    let d = attempt(undefined, l, 0);
    for (const t of [MIN, 2 * MIN, 3 * MIN, 14 * MIN]) d = attempt(d, l, t);
    expect(waitFor(d, l, 28 * MIN)).toBeGreaterThan(0);
  });
  it("lets the free attempts through back to back, then makes the next one wait", () => {
    expect(waitFor(run(2), limit, 0)).toBe(0);
    const c = run(3);
    expect(c).toEqual({ count: 3, lastAt: 0, lockedUntil: 1_000 });
    expect(waitFor(c, limit, 400)).toBe(600);
    expect(waitFor(c, limit, 1_000)).toBe(0);
  });
  it("doubles the wait with each further attempt, up to the cap", () => {
    let c = run(3);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const now = c.lockedUntil;
      c = attempt(c, limit, now);
      waits.push(c.lockedUntil - now);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 8_000, 8_000]);
  });
  it("forgets a key left alone long enough", () => {
    const c = run(10);
    expect(waitFor(c, limit, 59_999)).toBe(0); // the 8 s cap has passed
    expect(attempt(c, limit, 60_000)).toEqual({ count: 1, lastAt: 60_000, lockedUntil: 0 });
  });
  it("a refund gives one attempt back and lifts the wait below the free count", () => {
    const c = run(3);
    expect(refund(c, limit, 10)).toEqual({ count: 2, lastAt: 0, lockedUntil: 0 });
    expect(refund(run(1), limit, 10)).toBeUndefined();
    expect(refund(run(5), limit, 10)?.count).toBe(4);
  });
  it("login: five checks back to back for one account from one address, then a wait", () => {
    let c: ReturnType<typeof attempt> | undefined;
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      if (waitFor(c, LIMITS.loginPair, 0) > 0) continue;
      c = attempt(c, LIMITS.loginPair, 0);
      checked++;
    }
    expect(checked).toBe(5);
  });
  it("says the wait in seconds or minutes", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(12_300)).toBe("13 seconds");
    expect(waitText(60_000)).toBe("1 minute");
    expect(waitText(60_001)).toBe("2 minutes");
  });
  it("says the wait in Malay with the Malay words (issue 12)", () => {
    expect(waitText(1, MS.LABELS)).toBe("1 saat");
    expect(waitText(12_300, MS.LABELS)).toBe("13 saat");
    expect(waitText(60_001, MS.LABELS)).toBe("2 minit");
  });
});
