import { describe, expect, it } from "vitest";
import {
  CHANGE_IDS_MAX,
  CHANGE_REASON_MAX,
  changeWindow,
  crewAfterChange,
  parseChangeIds,
  parseReason,
} from "./crew-change";
import type { TeamRace } from "./crew-change";

const MIN = 60_000;
const T = Date.UTC(2026, 10, 29, 4, 0); // 12:00 in Malaysia

describe("crewAfterChange", () => {
  it("takes the leavers out and puts the joiners in", () => {
    expect(crewAfterChange([1, 2, 3], [2], [7, 8])).toEqual({
      ok: true,
      after: [1, 3, 7, 8],
      leaving: [2],
      joining: [7, 8],
    });
  });
  it("allows only leaving, or only joining", () => {
    expect(crewAfterChange([1, 2], [1], [])).toMatchObject({ ok: true, after: [2] });
    expect(crewAfterChange([1, 2], [], [3])).toMatchObject({ ok: true, after: [1, 2, 3] });
  });
  it("counts a repeated id once", () => {
    expect(crewAfterChange([1, 2], [1, 1], [5, 5])).toEqual({
      ok: true,
      after: [2, 5],
      leaving: [1],
      joining: [5],
    });
  });
  it("refuses an empty change", () => {
    expect(crewAfterChange([1, 2], [], [])).toEqual({ ok: false, code: "empty" });
  });
  it("refuses a leaver who is not in the crew", () => {
    expect(crewAfterChange([1, 2], [3], [])).toEqual({ ok: false, code: "notInCrew" });
  });
  it("refuses a joiner who is already in", () => {
    expect(crewAfterChange([1, 2], [], [2])).toEqual({ ok: false, code: "alreadyIn" });
  });
  it("refuses someone both leaving and joining", () => {
    expect(crewAfterChange([1, 2], [2], [2])).toEqual({ ok: false, code: "both" });
  });
});

describe("changeWindow", () => {
  const race = (
    raceNumber: number,
    scheduledAt: number | null,
    startedAt: number | null = null,
    resultState: TeamRace["resultState"] = "NONE",
  ) => ({ raceNumber, scheduledAt, startedAt, resultState });

  it("no races left when every round has started, or there are none", () => {
    expect(changeWindow([], null, T, 30)).toEqual({ kind: "noRaces" });
    expect(changeWindow([race(3, T - 60 * MIN, T - 58 * MIN)], null, T, 30)).toEqual({ kind: "noRaces" });
  });
  it("open when the next race is more than the cut-off away", () => {
    expect(changeWindow([race(14, T + 31 * MIN)], null, T, 30)).toEqual({ kind: "open" });
  });
  it("too late exactly at the edge", () => {
    expect(changeWindow([race(14, T + 30 * MIN)], null, T, 30)).toEqual({
      kind: "tooLate",
      raceNumber: 14,
      at: T + 30 * MIN,
    });
  });
  it("a late day moves the start later: open again", () => {
    // scheduled in 20 minutes, the day runs 12 minutes late: expected in 32
    expect(changeWindow([race(14, T + 20 * MIN)], 12, T, 30)).toEqual({ kind: "open" });
    // 18 minutes late: exactly at the edge
    expect(changeWindow([race(14, T + 12 * MIN)], 18, T, 30)).toEqual({
      kind: "tooLate",
      raceNumber: 14,
      at: T + 30 * MIN,
    });
  });
  it("an early day moves the start earlier: too late", () => {
    expect(changeWindow([race(14, T + 35 * MIN)], -6, T, 30)).toEqual({
      kind: "tooLate",
      raceNumber: 14,
      at: T + 29 * MIN,
    });
  });
  it("a start past but not given is too late", () => {
    expect(changeWindow([race(14, T - 5 * MIN)], null, T, 30)).toMatchObject({
      kind: "tooLate",
      raceNumber: 14,
    });
  });
  it("the next race is the earliest expected start among those not started", () => {
    const races = [race(20, T + 90 * MIN), race(12, T - 40 * MIN, T - 40 * MIN), race(15, T + 25 * MIN)];
    expect(changeWindow(races, null, T, 30)).toEqual({ kind: "tooLate", raceNumber: 15, at: T + 25 * MIN });
    expect(changeWindow(races, null, T, 20)).toEqual({ kind: "open" });
  });
  it("a race with results is over though Start was never pressed: it is not the next race", () => {
    // Heat 3 was raced this morning and its results saved without a Start; the final is at 15:00.
    const races = [race(3, T - 4 * 60 * MIN, null, "OFFICIAL"), race(30, T + 3 * 60 * MIN)];
    expect(changeWindow(races, null, T, 30)).toEqual({ kind: "open" });
    expect(changeWindow([race(3, T - 60 * MIN, null, "PROVISIONAL")], null, T, 30)).toEqual({
      kind: "noRaces",
    });
  });
  it("a round with no scheduled start leaves races but sets no cut-off", () => {
    expect(changeWindow([race(7, null)], 10, T, 30)).toEqual({ kind: "open" });
  });
  it("a zero cut-off refuses only a start at or before now", () => {
    expect(changeWindow([race(1, T + MIN)], null, T, 0)).toEqual({ kind: "open" });
    expect(changeWindow([race(1, T)], null, T, 0)).toMatchObject({ kind: "tooLate" });
  });
});

describe("parseChangeIds and parseReason", () => {
  it("reads digits only, up to the cap", () => {
    expect(parseChangeIds(["1", "22"])).toEqual([1, 22]);
    expect(parseChangeIds(["1x"])).toBeNull();
    expect(parseChangeIds([new File([], "a")])).toBeNull();
    expect(parseChangeIds(Array.from({ length: CHANGE_IDS_MAX + 1 }, () => "1"))).toBeNull();
  });
  it("trims a reason and caps it", () => {
    expect(parseReason("  sick \r\n today ")).toEqual({ ok: true, reason: "sick \n today" });
    expect(parseReason("   ")).toEqual({ ok: false, code: "empty" });
    expect(parseReason(null)).toEqual({ ok: false, code: "empty" });
    expect(parseReason("x".repeat(CHANGE_REASON_MAX))).toMatchObject({ ok: true });
    expect(parseReason("x".repeat(CHANGE_REASON_MAX + 1))).toEqual({ ok: false, code: "tooLong" });
  });
});
