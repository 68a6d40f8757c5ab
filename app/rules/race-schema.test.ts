import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LABELS, MSG } from "~/messages";
import { compareLanes, normalizeScore, parseId, roundName } from "./race-fields";
import {
  parseScores,
  RACE_FIELDS,
  raceCreateSchema,
  raceFormError,
  raceUpdateSchema,
  ROUND_FIELDS,
  roundCreateSchema,
  roundUpdateSchema,
} from "./race-schema";

function form(pairs: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
}
const parse = <S extends Parameters<typeof parseWithZod>[1]["schema"]>(
  schema: S,
  pairs: [string, string][],
) => parseWithZod(form(pairs), { schema });

describe("round forms", () => {
  it("needs event and name ('Make sure to fill in all the fields.')", () => {
    for (const pairs of [
      [
        ["name", "Heat 1"],
        ["description", "d"],
      ],
      [
        ["event", ""],
        ["name", "Heat 1"],
        ["description", "d"],
      ],
      [
        ["event", "x1"],
        ["name", "Heat 1"],
        ["description", "d"],
      ],
      [
        ["event", "3"],
        ["name", "   "],
        ["description", "d"],
      ],
    ] as [string, string][][]) {
      const s = parse(roundCreateSchema, pairs);
      expect(s.status, JSON.stringify(pairs)).toBe("error");
      expect(raceFormError(s.status === "error" ? s.error : null, ROUND_FIELDS)).toBe(MSG.fillAll);
    }
  });

  it("takes an empty or missing description as '' (non-null, not required)", () => {
    for (const pairs of [
      [
        ["event", "3"],
        ["name", "Heat 1"],
        ["description", ""],
      ],
      [
        ["event", "3"],
        ["name", "Heat 1"],
        ["description", "   "],
      ],
      [
        ["event", "3"],
        ["name", "Heat 1"],
      ],
    ] as [string, string][][]) {
      const s = parse(roundCreateSchema, pairs);
      expect(s.status === "success" && s.value, JSON.stringify(pairs)).toEqual({
        event: 3,
        name: "Heat 1",
        description: "",
        raceNumber: null,
        scheduledAt: null,
      });
    }
    const edit = parse(roundUpdateSchema, [
      ["name", "Heat 1"],
      ["description", ""],
    ]);
    expect(edit.status === "success" && edit.value).toEqual({
      name: "Heat 1",
      description: "",
      raceNumber: null,
      scheduledAt: null,
    });
  });

  it("trims the name and collapses its inner spaces; the description is trimmed", () => {
    const s = parse(roundCreateSchema, [
      ["event", " 7 "],
      ["name", "  250M   HEAT 1 "],
      ["description", "  Heat one.  "],
    ]);
    expect(s.status === "success" && s.value).toEqual({
      event: 7,
      name: "250M HEAT 1",
      description: "Heat one.",
      raceNumber: null,
      scheduledAt: null,
    });
  });

  it("takes an optional race number 1-9999 and a scheduled start in Malaysia time", () => {
    const ok = parse(roundUpdateSchema, [
      ["name", "Heat 1"],
      ["raceNumber", " 42 "],
      ["scheduledAt", "2026-12-05T08:06"],
    ]);
    expect(ok.status === "success" && ok.value).toMatchObject({
      raceNumber: 42,
      scheduledAt: Date.UTC(2026, 11, 5, 0, 6),
    });
    for (const bad of ["0", "10000", "1.5", "-3", "abc", "1234567"]) {
      const s = parse(roundUpdateSchema, [
        ["name", "Heat 1"],
        ["raceNumber", bad],
      ]);
      expect(s.status === "error" && s.error, bad).toEqual({ raceNumber: [LABELS.rcRaceNumberRange(9999)] });
    }
    for (const bad of ["2026-02-31T08:00", "tomorrow", "2026-12-05"]) {
      const s = parse(roundUpdateSchema, [
        ["name", "Heat 1"],
        ["scheduledAt", bad],
      ]);
      expect(s.status === "error" && s.error, bad).toEqual({ scheduledAt: [LABELS.rcScheduledInvalid] });
    }
  });

  it("caps the name and description", () => {
    const s = parse(roundUpdateSchema, [
      ["name", "N".repeat(151)],
      ["description", "D".repeat(501)],
    ]);
    expect(s.status === "error" && s.error).toEqual({
      name: [MSG.tooLong("Name", 150)],
      description: [MSG.tooLong("Description", 500)],
    });
    expect(raceFormError(s.status === "error" ? s.error : null, ROUND_FIELDS)).toBe(MSG.tooLong("Name", 150));
    expect(
      parse(roundUpdateSchema, [
        ["name", "N".repeat(150)],
        ["description", "D".repeat(500)],
      ]).status,
    ).toBe("success");
  });
});

describe("race forms", () => {
  it("needs round, lane and event team; the lane trimmed", () => {
    const s = parse(raceCreateSchema, [
      ["round", "4"],
      ["lane", "  3 "],
      ["team", "9"],
    ]);
    expect(s.status === "success" && s.value).toEqual({ round: 4, lane: "3", team: 9 });
    for (const missing of ["round", "lane", "team"]) {
      const pairs = (
        [
          ["round", "4"],
          ["lane", "3"],
          ["team", "9"],
        ] as [string, string][]
      ).filter(([k]) => k !== missing);
      const bad = parse(raceCreateSchema, pairs);
      expect(raceFormError(bad.status === "error" ? bad.error : null, RACE_FIELDS)).toBe(MSG.fillAll);
    }
    const long = parse(raceCreateSchema, [
      ["round", "4"],
      ["lane", "12345678901"],
      ["team", "9"],
    ]);
    expect(long.status === "error" && long.error).toEqual({ lane: [MSG.tooLong("Lane", 10)] });
  });

  it("update needs the lane; the score is optional free text up to 20 characters", () => {
    expect(
      parse(raceUpdateSchema, [
        ["lane", ""],
        ["score", "1:02.34"],
      ]).status,
    ).toBe("error");
    const ok = parse(raceUpdateSchema, [
      ["lane", "2"],
      ["score", "  dnf "],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({ lane: "2", score: "DNF" });
    const none = parse(raceUpdateSchema, [
      ["lane", "2"],
      ["score", "  "],
    ]);
    expect(none.status === "success" && none.value).toEqual({ lane: "2", score: null });
    const long = parse(raceUpdateSchema, [
      ["lane", "2"],
      ["score", "x".repeat(21)],
    ]);
    expect(long.status === "error" && long.error).toEqual({ score: [MSG.tooLong("Score", 20)] });
  });
});

describe("field helpers", () => {
  it("parses plain ids only", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId(" 12 ")).toBe(12);
    for (const bad of ["", "-1", "1e3", "0x10", "1.5", "1234567890", null, undefined])
      expect(parseId(bad)).toBeNull();
  });

  it("normalises names and scores", () => {
    expect(roundName("  a   b ")).toBe("a b");
    expect(normalizeScore(" 2:01.34 ")).toBe("2:01.34");
    expect(normalizeScore("dsq")).toBe("DSQ");
    expect(normalizeScore("Dns")).toBe("DNS");
    expect(normalizeScore("dnf later")).toBe("dnf later");
    expect(normalizeScore("1st   place")).toBe("1st place");
    expect(normalizeScore("")).toBeNull();
    expect(normalizeScore(null)).toBeNull();
  });

  it("orders lanes as on the water", () => {
    expect(["10", "B", "2", "1", "A"].sort(compareLanes)).toEqual(["1", "2", "10", "A", "B"]);
  });
});

describe("Save Scores form", () => {
  it("reads one race, score and shown score per row", () => {
    const f = form([
      ["race", "5"],
      ["score", " 1:01.00 "],
      ["was", ""],
      ["race", "6"],
      ["score", ""],
      ["was", "dnf"],
    ]);
    expect(parseScores(f, 100)).toEqual({
      ok: true,
      entries: [
        { raceId: 5, score: "1:01.00", was: null },
        { raceId: 6, score: null, was: "DNF" },
      ],
    });
  });

  it("refuses malformed forms and keeps what was typed when a score is too long", () => {
    expect(parseScores(form([]), 100)).toEqual({ ok: false, error: "malformed" });
    expect(
      parseScores(
        form([
          ["race", "5"],
          ["score", "1"],
        ]),
        100,
      ),
    ).toEqual({ ok: false, error: "malformed" });
    expect(
      parseScores(
        form([
          ["race", "x"],
          ["score", "1"],
          ["was", ""],
        ]),
        100,
      ),
    ).toEqual({
      ok: false,
      error: "malformed",
    });
    const twice = form([
      ["race", "5"],
      ["score", "1"],
      ["was", ""],
      ["race", "5"],
      ["score", "2"],
      ["was", ""],
    ]);
    expect(parseScores(twice, 100)).toEqual({ ok: false, error: "malformed" });
    const many = form([
      ["race", "1"],
      ["score", ""],
      ["was", ""],
      ["race", "2"],
      ["score", ""],
      ["was", ""],
    ]);
    expect(parseScores(many, 1)).toEqual({ ok: false, error: "malformed" });
    const long = form([
      ["race", "5"],
      ["score", "y".repeat(21)],
      ["was", ""],
      ["race", "6"],
      ["score", "DNS"],
      ["was", ""],
    ]);
    expect(parseScores(long, 100)).toEqual({
      ok: false,
      error: "tooLong",
      typed: { 5: "y".repeat(21), 6: "DNS" },
    });
  });
});
