import { describe, expect, it } from "vitest";
import {
  badScoreMessage,
  compareKeys,
  formatScore,
  formatTime,
  ordinal,
  parseScore,
  SCORE_HELP,
  scoreKey,
} from "./race-time";

describe("parseScore", () => {
  it.each([
    ["1:02.35", 62_350],
    ["1:02.3", 62_300],
    ["1:02.345", 62_345],
    ["1:02", 62_000],
    ["0:58.20", 58_200],
    ["58.20", 58_200],
    ["58.2", 58_200],
    ["9.99", 9_990],
    [" 2:01.34 ", 121_340],
    ["59:59.99", 3_599_990],
  ])("reads the time %s", (text, ms) => {
    expect(parseScore(text)).toEqual({ kind: "time", ms });
  });

  it.each(["DNS", "dns", "Dnf", " dsq "])("reads %s as out", (text) => {
    expect(parseScore(text)).toEqual({ kind: "out", code: text.trim().toUpperCase() });
  });

  it("reads places with the right suffix", () => {
    expect(parseScore("1st")).toEqual({ kind: "place", place: 1 });
    expect(parseScore("2ND")).toEqual({ kind: "place", place: 2 });
    expect(parseScore("3rd")).toEqual({ kind: "place", place: 3 });
    expect(parseScore("11th")).toEqual({ kind: "place", place: 11 });
    expect(parseScore("22nd")).toEqual({ kind: "place", place: 22 });
  });

  it("reads win-loss records", () => {
    expect(parseScore("2-1")).toEqual({ kind: "record", wins: 2, losses: 1 });
    expect(parseScore("0 - 2")).toEqual({ kind: "record", wins: 0, losses: 2 });
  });

  it("treats empty as not raced yet", () => {
    expect(parseScore("")).toEqual({ kind: "none" });
    expect(parseScore("   ")).toEqual({ kind: "none" });
    expect(parseScore(null)).toEqual({ kind: "none" });
    expect(parseScore(undefined)).toEqual({ kind: "none" });
  });

  it.each([
    "58", // a bare number: seconds or a place?
    "1.02.35", // a dot for the colon
    "1:2.35", // one-digit seconds after minutes
    "1:60.00",
    "61.00",
    "60:00.00",
    "0.00",
    "1:02.3456",
    "1:02,35",
    "1th",
    "2st",
    "0th",
    "12th place",
    "2-1-0",
    "abc",
    "DNQ",
    "1:02.35 DSQ",
    "x".repeat(30),
  ])("refuses %s", (text) => {
    expect(parseScore(text).kind).toBe("bad");
  });

  it("keeps what was typed (trimmed, and cut when very long)", () => {
    expect(parseScore(" 1.02.35 ")).toEqual({ kind: "bad", typed: "1.02.35" });
    expect((parseScore("9".repeat(100)) as { typed: string }).typed).toHaveLength(40);
  });
});

describe("formatting", () => {
  it("formats times as typed", () => {
    expect(formatTime(62_350)).toBe("1:02.35");
    expect(formatTime(58_200)).toBe("58.20");
    expect(formatTime(62_345)).toBe("1:02.345");
    expect(formatTime(60_000)).toBe("1:00.00");
    expect(formatTime(5)).toBe("0.005");
  });
  it("formats every kind", () => {
    expect(formatScore(parseScore("2nd"))).toBe("2nd");
    expect(formatScore(parseScore("2 - 1"))).toBe("2-1");
    expect(formatScore(parseScore("dnf"))).toBe("DNF");
    expect(formatScore(parseScore(""))).toBe("—");
    expect(formatScore(parseScore("oops"))).toBe("oops");
  });
  it("makes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});

describe("scoreKey", () => {
  const sorted = (texts: string[]) =>
    [...texts].sort((a, b) => compareKeys(scoreKey(parseScore(a)), scoreKey(parseScore(b))));
  it("orders times, then DNF, DSQ, DNS", () => {
    expect(sorted(["DNS", "1:02.35", "DSQ", "58.20", "DNF", "1:02.34"])).toEqual([
      "58.20",
      "1:02.34",
      "1:02.35",
      "DNF",
      "DSQ",
      "DNS",
    ]);
  });
  it("orders records by wins, then fewer losses", () => {
    expect(sorted(["1-2", "2-1", "2-0", "DNS", "0-2"])).toEqual(["2-0", "2-1", "1-2", "0-2", "DNS"]);
  });
  it("orders places", () => {
    expect(sorted(["3rd", "1st", "DSQ", "2nd"])).toEqual(["1st", "2nd", "3rd", "DSQ"]);
  });
});

it("names the place and what was typed in a refusal", () => {
  expect(badScoreMessage("HEAT 1, lane 3 (CLUB A)", "1.02.35")).toBe(
    `HEAT 1, lane 3 (CLUB A): "1.02.35" is not a score. ${SCORE_HELP}`,
  );
});
