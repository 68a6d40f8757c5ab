import { describe, expect, it } from "vitest";
import {
  OFFICIAL_SHOW_MS,
  OVERLAY_REFRESH_SECONDS,
  officialWindow,
  podium,
  podiumTime,
  type ResultLaneRow,
  raceOnWater,
  showsEventName,
  showsOfficial,
  shownUntil,
} from "./overlay";

const T = Date.UTC(2026, 11, 1, 2, 0);

describe("the 30 s of an Official result", () => {
  it("shows from the moment it went Official until 30 s after, not a millisecond more", () => {
    expect(OFFICIAL_SHOW_MS).toBe(30_000);
    expect(showsOfficial(T, T)).toBe(true);
    expect(showsOfficial(T, T + 29_999)).toBe(true);
    expect(showsOfficial(T, T + 30_000)).toBe(false);
    expect(showsOfficial(T, T + 3_600_000)).toBe(false);
    expect(shownUntil(T)).toBe(T + 30_000);
  });
  it("shows a result stamped a little ahead of this clock (another server's), not one far ahead", () => {
    expect(showsOfficial(T + 5_000, T)).toBe(true);
    expect(showsOfficial(T + 29_999, T)).toBe(true);
    expect(showsOfficial(T + 30_000, T)).toBe(false);
    expect(showsOfficial(T + 86_400_000, T)).toBe(false);
  });
  it("never shows a round without results", () => {
    expect(showsOfficial(null, T)).toBe(false);
  });
  it("the window the query reads is the same rule", () => {
    const { after, before } = officialWindow(T);
    expect(after).toBe(T - 30_000);
    expect(before).toBe(T + 30_000);
    for (const at of [after, after + 1, T, before - 1, before])
      expect(showsOfficial(at, T), String(at - T)).toBe(at > after && at < before);
  });
  it("without JavaScript the page reloads at most every 10 s", () => {
    expect(OVERLAY_REFRESH_SECONDS).toBeGreaterThan(0);
    expect(OVERLAY_REFRESH_SECONDS).toBeLessThanOrEqual(10);
  });
});

describe("raceOnWater", () => {
  it("is none when no race is on the water", () => {
    expect(raceOnWater([])).toBeNull();
  });
  it("is the race started last, even one with a lower number restarted after a later one", () => {
    const races = [
      { id: 1, raceNumber: 12, startedAt: T + 60_000 },
      { id: 2, raceNumber: 13, startedAt: T },
      { id: 3, raceNumber: 11, startedAt: T - 600_000 },
    ];
    expect(raceOnWater(races)?.id).toBe(1);
  });
  it("on the same start: the higher race number, a numbered one before one without, then the newer round", () => {
    expect(
      raceOnWater([
        { id: 1, raceNumber: 5, startedAt: T },
        { id: 2, raceNumber: 6, startedAt: T },
        { id: 3, raceNumber: null, startedAt: T },
      ])?.id,
    ).toBe(2);
    expect(
      raceOnWater([
        { id: 4, raceNumber: null, startedAt: T },
        { id: 7, raceNumber: null, startedAt: T },
      ])?.id,
    ).toBe(7);
  });
});

const lane = (l: Partial<ResultLaneRow> & { lane: string }): ResultLaneRow => ({
  team: `TEAM ${l.lane}`,
  place: null,
  status: null,
  timeMs: null,
  penaltyMs: 0,
  wins: null,
  losses: null,
  score: null,
  ...l,
});

describe("podium", () => {
  it("places 1-3 by place with their times; later places, statuses and lanes without a place never", () => {
    const rows = [
      lane({ lane: "4", place: 4, timeMs: 64_000 }),
      lane({ lane: "2", place: 2, timeMs: 62_500 }),
      lane({ lane: "1", place: null, status: "DSQ", timeMs: 60_000 }),
      lane({ lane: "3", place: 1, timeMs: 61_190 }),
      lane({ lane: "5", place: 3, timeMs: 63_000 }),
      lane({ lane: "6" }),
      lane({ lane: "7", status: "DNF" }),
    ];
    expect(podium(rows)).toEqual([
      { place: 1, lane: "3", team: "TEAM 3", time: "1:01.19" },
      { place: 2, lane: "2", team: "TEAM 2", time: "1:02.50" },
      { place: 3, lane: "5", team: "TEAM 5", time: "1:03.00" },
    ]);
  });
  it("crews tied on a place all show, in lane order (10 after 2), and the place after is skipped", () => {
    const rows = [
      lane({ lane: "10", place: 2, timeMs: 62_000 }),
      lane({ lane: "2", place: 2, timeMs: 62_000 }),
      lane({ lane: "5", place: 1, timeMs: 61_000 }),
      lane({ lane: "1", place: 4, timeMs: 63_000 }),
    ];
    expect(podium(rows).map((p) => [p.place, p.lane])).toEqual([
      [1, "5"],
      [2, "2"],
      [2, "10"],
    ]);
  });
  it("a round with no placed crew has an empty podium", () => {
    expect(podium([lane({ lane: "1", status: "DNS" }), lane({ lane: "2" })])).toEqual([]);
  });
});

describe("podiumTime", () => {
  it("adds the penalty to the time (the time that ranked the crew)", () => {
    expect(podiumTime(lane({ lane: "1", timeMs: 155_190, penaltyMs: 2_000 }))).toBe("2:37.19");
  });
  it("prints seconds alone under a minute, and hours when there are", () => {
    expect(podiumTime(lane({ lane: "1", timeMs: 58_200 }))).toBe("58.20");
    expect(podiumTime(lane({ lane: "1", timeMs: 3_723_400 }))).toBe("1:02:03.40");
  });
  it("a Tug of War record, else the score text, else nothing", () => {
    expect(podiumTime(lane({ lane: "1", wins: 2, losses: 1 }))).toBe("2-1");
    expect(podiumTime(lane({ lane: "1", score: " 1st " }))).toBe("1st");
    expect(podiumTime(lane({ lane: "1" }))).toBe("");
  });
});

describe("showsEventName", () => {
  it("only when the round's name does not start with the event's", () => {
    expect(showsEventName("250M PREMIER OPEN", "250M PREMIER OPEN HEAT 1")).toBe(false);
    expect(showsEventName("250m premier open", "250M PREMIER OPEN FINAL")).toBe(false);
    expect(showsEventName("250M PREMIER OPEN", "FINAL")).toBe(true);
  });
});
