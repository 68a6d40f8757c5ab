import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LABELS } from "../messages";
import { MS } from "../messages.ms";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  type ImportError,
  type ImportErrorCode,
  importErrorText,
  parseResultsFile,
  readStatus,
  readTime,
  splitFields,
} from "./lynx-import";

const fixture = (name: string) =>
  readFileSync(path.resolve(__dirname, "../../tests/fixtures/lynx", name), "utf8");
const SIX = ["1", "2", "3", "4", "5", "6"];
const EIGHT = ["1", "2", "3", "4", "5", "6", "7", "8"];

function lanesOf(text: string, lanes: readonly string[]) {
  const result = parseResultsFile(text, lanes);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
}

function errorsOf(text: string, lanes: readonly string[]): ImportError[] {
  const result = parseResultsFile(text, lanes);
  if (result.ok) throw new Error("accepted");
  return result.errors;
}

describe("the fixtures are what the photo-finish PC writes", () => {
  it("keeps CRLF in the .lif files and LF in the LF-only one", () => {
    expect(fixture("reference-800m.lif")).toContain("\r\n");
    expect(fixture("statuses.lif").split("\r\n").length).toBe(9);
    expect(fixture("lf-only.lif")).not.toContain("\r");
  });
});

describe("readTime", () => {
  it.each([
    ["2:35.19", 155_190],
    ["58.204", 58_204],
    ["58.2", 58_200],
    ["1:02:03.4", 3_723_400],
    ["1:10:00", 4_200_000],
    ["1:02", 62_000],
    ["59:58.1", 3_598_100],
    ["58.2100", 58_210],
    ["59.0043", 59_005], // a 4th decimal rounds up, never down
    ["11:47:50.9326", 42_470_933],
    [" 2:35.19 ", 155_190],
  ])("reads %s", (text, ms) => {
    expect(readTime(text)).toBe(ms);
  });

  it.each([
    "58",
    "4:3x.19",
    "1:75.00",
    "61.0",
    "1:5.2",
    "1:2:03.4",
    "0.0",
    "",
    "2.35.19",
    "-1.0",
    "1:02.12345",
  ])("refuses %j", (text) => {
    expect(readTime(text)).toBeNull();
  });
});

describe("readStatus", () => {
  it("maps every status word, any case", () => {
    expect(["DNS", "dnf", "DSQ", "DQ", "disq", "NP", "ab", "XX", "", "1"].map(readStatus)).toEqual([
      "DNS",
      "DNF",
      "DSQ",
      "DSQ",
      "DSQ",
      "DNF",
      "DNF",
      null,
      null,
      null,
    ]);
  });
});

describe("splitFields", () => {
  it("splits quoted commas and doubled quotes, trims and drops trailing empty fields", () => {
    expect(splitFields('2,102,4,"Jones, Jr.",Sam,"Club ""Naga"", Ipoh",2:03.10,,,,')).toEqual([
      "2",
      "102",
      "4",
      "Jones, Jr.",
      "Sam",
      'Club "Naga", Ipoh',
      "2:03.10",
    ]);
    expect(splitFields(" 1 , 2:35.19 ")).toEqual(["1", "2:35.19"]);
  });

  it("refuses a quote that never closes or text after a closing quote", () => {
    expect(splitFields('3,"Unclosed, quote,,')).toBeNull();
    expect(splitFields('3,"a"b,1')).toBeNull();
    expect(splitFields('3,a"b,1')).toBeNull();
  });
});

describe("parseResultsFile: .lif", () => {
  it("reads the reference's real 800 m file (CRLF, empty names, places 1, 2 and 4)", () => {
    expect(lanesOf(fixture("reference-800m.lif"), SIX)).toEqual({
      ok: true,
      format: "lif",
      lanes: [
        { lane: "1", timeMs: 155_190, status: null, filePlace: 1 },
        { lane: "2", timeMs: 163_850, status: null, filePlace: 2 },
        { lane: "6", timeMs: 175_230, status: null, filePlace: 4 },
      ],
    });
  });

  it("reads DQ, DNS, DNF, NP and AB, quoted names with commas; a lane not in the file is left out", () => {
    const { lanes } = lanesOf(fixture("statuses.lif"), EIGHT);
    expect(lanes).toEqual([
      { lane: "1", timeMs: null, status: "DNS", filePlace: null },
      { lane: "2", timeMs: null, status: "DSQ", filePlace: null }, // DQ with a time: the status wins
      { lane: "3", timeMs: 121_345, status: null, filePlace: 1 },
      { lane: "4", timeMs: 123_100, status: null, filePlace: 2 },
      { lane: "5", timeMs: null, status: "DNF", filePlace: null },
      { lane: "6", timeMs: null, status: "DNF", filePlace: null }, // NP: no place
      { lane: "7", timeMs: null, status: "DNF", filePlace: null }, // AB: abandoned
    ]);
  });

  it("keeps ties as equal times, whatever the deltas say", () => {
    const { lanes } = lanesOf(fixture("ties.lif"), SIX);
    expect(lanes.map((l) => [l.lane, l.timeMs, l.filePlace])).toEqual([
      ["2", 59_005, 4],
      ["3", 58_210, 2],
      ["4", 58_204, 1],
      ["5", 58_210, 2],
    ]);
  });

  it("reads an LF-only file with hour times", () => {
    const { lanes } = lanesOf(fixture("lf-only.lif"), ["1", "2", "3"]);
    expect(lanes.map((l) => l.timeMs)).toEqual([3_598_100, 3_723_400, 4_200_000]);
  });

  it("refuses a malformed file with every reason and its line", () => {
    expect(errorsOf(fixture("malformed.lif"), SIX)).toEqual([
      { line: 2, code: "laneNotInRound", lane: "9" },
      { line: 3, code: "badTime", text: "4:3x.19" },
      { line: 4, code: "badLine", text: '3,303,3,"Unclosed, quote,,,,4:05.00,,,,,…' }, // shortened
      { line: 5, code: "duplicateLane", lane: "2" },
      { line: 6, code: "badStatus", text: "XX" },
      { line: 7, code: "badLine", text: "5,306,,No lane,,Perak,4:08.00" },
      { line: 8, code: "badTime", text: "1:75.00" },
    ]);
  });

  it("skips an entrant with neither place nor time, and refuses a place without a time", () => {
    const text = "1,1,1,Heat\r\n1,,1,,,,1:00.00\r\n,,2,,,,\r\n3,,3,,,,\r\n";
    expect(errorsOf(text, SIX)).toEqual([{ line: 4, code: "badTime", text: "" }]);
    expect(lanesOf("1,1,1,Heat\r\n1,,1,,,,1:00.00\r\n,,2,,,,\r\n", SIX).lanes.map((l) => l.lane)).toEqual([
      "1",
    ]);
  });

  it("refuses a place and a time that name different statuses", () => {
    expect(errorsOf("1,1,1,Heat\r\nDNS,,1,,,,DNF\r\n", SIX)).toEqual([
      { line: 2, code: "badStatus", text: "DNS / DNF" },
    ]);
  });

  it("matches lanes ignoring leading zeros and answers the round's own lane text", () => {
    expect(lanesOf("1,1,1,Heat\n1,,01,,,,1:00.00\n", ["1", "2"]).lanes[0].lane).toBe("1");
  });

  it("refuses a header with no results, and a BOM is not part of the first field", () => {
    expect(errorsOf("0,0,0,800m 14,,,,,,,11:47:50.9326\r\n", SIX)).toEqual([{ line: 0, code: "empty" }]);
    expect(lanesOf("\uFEFF0,0,0,800m\r\n1,,1,,,,2:35.19\r\n", SIX).lanes).toHaveLength(1);
  });
});

describe("parseResultsFile: CSV", () => {
  it("reads lane,time with a header", () => {
    expect(lanesOf(fixture("lane-time.csv"), SIX)).toEqual({
      ok: true,
      format: "csv",
      lanes: [
        { lane: "1", timeMs: 155_190, status: null, filePlace: null },
        { lane: "2", timeMs: 58_204, status: null, filePlace: null },
        { lane: "3", timeMs: null, status: "DNS", filePlace: null },
      ],
    });
  });

  it("reads lane,result with statuses in any case", () => {
    expect(lanesOf(fixture("lane-result.csv"), SIX).lanes).toEqual([
      { lane: "4", timeMs: null, status: "DNF", filePlace: null },
      { lane: "5", timeMs: null, status: "DSQ", filePlace: null },
      { lane: "6", timeMs: 160_500, status: null, filePlace: null },
    ]);
  });

  it("reads a CSV without a header", () => {
    expect(lanesOf(fixture("no-header.csv"), SIX).lanes.map((l) => l.timeMs)).toEqual([61_500, 62_500]);
  });

  it("refuses every bad CSV line", () => {
    const text = "lane,time\n1,58\n2,\n3,1:00.00,extra\n9,1:01.00\n1,1:02.00\n4,FAST\n";
    expect(errorsOf(text, SIX)).toEqual([
      { line: 2, code: "badTime", text: "58" },
      { line: 3, code: "badTime", text: "" },
      { line: 4, code: "badLine", text: "3,1:00.00,extra" },
      { line: 5, code: "laneNotInRound", lane: "9" },
      { line: 6, code: "duplicateLane", lane: "1" },
      { line: 7, code: "badStatus", text: "FAST" },
    ]);
  });
});

describe("parseResultsFile: limits", () => {
  it("refuses an empty file", () => {
    expect(errorsOf("", SIX)).toEqual([{ line: 0, code: "empty" }]);
    expect(errorsOf("\r\n  \r\n", SIX)).toEqual([{ line: 0, code: "empty" }]);
    expect(errorsOf("lane,time\r\n", SIX)).toEqual([{ line: 0, code: "empty" }]);
  });

  it("refuses more than 1 MB, counted in bytes", () => {
    expect(errorsOf("x".repeat(IMPORT_MAX_BYTES + 1), SIX)).toEqual([{ line: 0, code: "tooLarge" }]);
    // Under a million characters, over a megabyte of UTF-8.
    expect(errorsOf("é".repeat(IMPORT_MAX_BYTES / 2 + 1), SIX)).toEqual([{ line: 0, code: "tooLarge" }]);
  });

  it("takes 100 lines and refuses 101", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `${(i % 6) + 1},1:00.00`);
    const hundred = ["lane,time", ...lines(99)].join("\r\n");
    // 99 lanes over 6 lanes: duplicates, but not too many lines.
    expect(errorsOf(`${hundred}\r\n`, SIX).every((e) => e.code === "duplicateLane")).toBe(true);
    expect(errorsOf(`${hundred}\r\n1,1:00.00\r\n`, SIX)).toEqual([
      { line: IMPORT_MAX_LINES + 1, code: "tooManyLines" },
    ]);
  });
});

describe("importErrorText", () => {
  const codes: ImportError[] = [
    { line: 0, code: "empty" },
    { line: 0, code: "tooLarge" },
    { line: 101, code: "tooManyLines" },
    { line: 3, code: "badLine", text: "a,b" },
    { line: 4, code: "badTime", text: "4:3x.19" },
    { line: 5, code: "badStatus", text: "XX" },
    { line: 6, code: "laneNotInRound", lane: "9" },
    { line: 7, code: "duplicateLane", lane: "2" },
  ];

  it("has a sentence for every code, in English and Malay", () => {
    const all: ImportErrorCode[] = codes.map((c) => c.code);
    expect(new Set(all).size).toBe(8);
    for (const error of codes) {
      const en = importErrorText(LABELS, error);
      const ms = importErrorText(MS.LABELS, error);
      expect(en).not.toBe(ms);
      if (error.line > 0 && error.code !== "tooManyLines") {
        expect(en).toContain(String(error.line));
        expect(ms).toContain(String(error.line));
      }
      for (const detail of [error.lane, error.text]) {
        if (detail) {
          expect(en).toContain(detail);
          expect(ms).toContain(detail);
        }
      }
    }
    expect(importErrorText(LABELS, codes[6])).toBe("Line 6: lane 9 is not in this round.");
  });
});
