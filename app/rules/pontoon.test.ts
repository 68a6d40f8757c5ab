import { describe, expect, it } from "vitest";
import { type MemberLane, minutesOut, outTooLong, pontoonLane, raceDay } from "./pontoon";

// 2027-01-09 in Malaysia (UTC+8): 10:00 MYT is 02:00 UTC.
const myt = (hhmm: string, day = "2027-01-09") => Date.parse(`${day}T${hhmm}:00+08:00`);
const NOW = myt("10:00");

let nextRound = 1;
function lane(p: Partial<MemberLane> = {}): MemberLane {
  return {
    roundId: nextRound++,
    teamId: 1,
    raceNumber: 10,
    scheduledAt: myt("11:00"),
    startedAt: null,
    resultState: "NONE",
    lane: "3",
    outAt: null,
    backAt: null,
    ...p,
  };
}

describe("raceDay", () => {
  it("is the Malaysia day of the scheduled start, else of the start, else none", () => {
    expect(raceDay({ scheduledAt: myt("00:30"), startedAt: null })).toBe("2027-01-09");
    expect(raceDay({ scheduledAt: myt("23:59", "2027-01-08"), startedAt: null })).toBe("2027-01-08");
    expect(raceDay({ scheduledAt: null, startedAt: myt("07:00") })).toBe("2027-01-09");
    expect(raceDay({ scheduledAt: null, startedAt: null })).toBeNull();
  });
});

describe("pontoonLane: Out", () => {
  it("is not racing today without lanes, with only other days' races, or unscheduled rounds", () => {
    expect(pontoonLane([], "out", NOW)).toEqual({ kind: "notRacing" });
    const yesterday = lane({ scheduledAt: myt("11:00", "2027-01-08") });
    const tomorrow = lane({ scheduledAt: myt("08:00", "2027-01-10") });
    const unscheduled = lane({ scheduledAt: null });
    expect(pontoonLane([yesterday, tomorrow, unscheduled], "out", NOW)).toEqual({ kind: "notRacing" });
  });

  it("counts a race at 00:00 and 23:59 Malaysia time as today's (UTC's day differs)", () => {
    const early = lane({ scheduledAt: myt("00:00") });
    expect(pontoonLane([early], "out", myt("23:59"))).toEqual({ kind: "mark", lane: early });
  });

  it("takes the earliest race of the day not started, whatever order the lanes come in", () => {
    const later = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    const sooner = lane({ raceNumber: 14, scheduledAt: myt("11:00") });
    expect(pontoonLane([later, sooner], "out", NOW)).toEqual({ kind: "mark", lane: sooner });
  });

  it("breaks a tie of start times by race number", () => {
    const b = lane({ raceNumber: 15 });
    const a = lane({ raceNumber: 14 });
    expect(pontoonLane([b, a], "out", NOW)).toEqual({ kind: "mark", lane: a });
  });

  it("skips races started, with results, or already out and back", () => {
    const started = lane({ raceNumber: 1, scheduledAt: myt("08:00"), startedAt: myt("08:02") });
    const resulted = lane({ raceNumber: 2, scheduledAt: myt("08:30"), resultState: "PROVISIONAL" });
    const done = lane({
      raceNumber: 3,
      scheduledAt: myt("09:00"),
      outAt: myt("08:40"),
      backAt: myt("09:20"),
    });
    const next = lane({ raceNumber: 4, scheduledAt: myt("12:00") });
    expect(pontoonLane([started, resulted, done, next], "out", NOW)).toEqual({ kind: "mark", lane: next });
  });

  it("a boat out and not back is the boat: a second member is told it is out already", () => {
    const out = lane({ raceNumber: 14, outAt: myt("09:50") });
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([out, next], "out", NOW)).toEqual({ kind: "already", lane: out });
  });

  it("a boat left out after its race has results does not hold the next race back", () => {
    const stale = lane({
      raceNumber: 5,
      scheduledAt: myt("08:00"),
      outAt: myt("07:40"),
      resultState: "OFFICIAL",
    });
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([stale, next], "out", NOW)).toEqual({ kind: "mark", lane: next });
  });

  it("is not racing today when every race of the day is over", () => {
    const over = lane({
      startedAt: myt("09:00"),
      resultState: "OFFICIAL",
      outAt: myt("08:40"),
      backAt: myt("09:20"),
    });
    expect(pontoonLane([over], "out", NOW)).toEqual({ kind: "notRacing" });
  });

  it("a member in two teams: the nearest race of either", () => {
    const teamA = lane({ teamId: 1, raceNumber: 30, scheduledAt: myt("14:00") });
    const teamB = lane({ teamId: 2, raceNumber: 16, scheduledAt: myt("11:30") });
    expect(pontoonLane([teamA, teamB], "out", NOW)).toEqual({ kind: "mark", lane: teamB });
  });
});

describe("pontoonLane: Back", () => {
  it("brings back the boat that is out, even after its race has results", () => {
    const out = lane({ startedAt: myt("11:02"), resultState: "PROVISIONAL", outAt: myt("10:40") });
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([out, next], "back", myt("11:20"))).toEqual({ kind: "mark", lane: out });
  });

  it("two boats out (two teams): the one that went out last", () => {
    const first = lane({ teamId: 1, outAt: myt("09:00") });
    const second = lane({ teamId: 2, raceNumber: 11, outAt: myt("09:30") });
    expect(pontoonLane([second, first], "back", NOW)).toEqual({ kind: "mark", lane: second });
  });

  it("a second member after the boat is back: already back", () => {
    const back = lane({ startedAt: myt("09:00"), outAt: myt("08:40"), backAt: myt("09:20") });
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([back, next], "back", NOW)).toEqual({ kind: "already", lane: back });
  });

  it("an Out missed: the latest started race comes back with no out time", () => {
    const earlier = lane({
      raceNumber: 3,
      scheduledAt: myt("08:00"),
      startedAt: myt("08:01"),
      backAt: myt("08:20"),
    });
    const current = lane({ raceNumber: 9, scheduledAt: myt("09:30"), startedAt: myt("09:35") });
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([next, current, earlier], "back", NOW)).toEqual({ kind: "mark", lane: current });
  });

  it("nothing started yet and nothing out: the next race, back with no out time", () => {
    const next = lane({ raceNumber: 20, scheduledAt: myt("13:00") });
    expect(pontoonLane([next], "back", NOW)).toEqual({ kind: "mark", lane: next });
  });

  it("is not racing today with only other days' races, or every race of the day with results and none started", () => {
    expect(pontoonLane([lane({ scheduledAt: myt("11:00", "2027-01-10") })], "back", NOW)).toEqual({
      kind: "notRacing",
    });
    expect(pontoonLane([lane({ resultState: "OFFICIAL" })], "back", NOW)).toEqual({ kind: "notRacing" });
  });
});

describe("minutes out and the mark", () => {
  it("counts whole minutes, never below zero", () => {
    expect(minutesOut(myt("09:00"), myt("09:00"))).toBe(0);
    expect(minutesOut(myt("09:00"), myt("09:30") - 1)).toBe(29);
    expect(minutesOut(myt("09:00"), myt("09:31"))).toBe(31);
    expect(minutesOut(myt("09:05"), myt("09:00"))).toBe(0);
  });
  it("marks a boat out longer than the setting, not one out exactly that long", () => {
    expect(outTooLong(30, 30)).toBe(false);
    expect(outTooLong(31, 30)).toBe(true);
    expect(outTooLong(0, 0)).toBe(false);
  });
});
