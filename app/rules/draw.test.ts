import { describe, expect, it } from "vitest";
import {
  centreOrder,
  DRAW_FORM_MSG,
  drawHeats,
  heatNames,
  heatSizes,
  LANES_DEFAULT,
  mulberry32,
  parseDrawQuery,
  parseLanes,
  parseSeed,
  parseTop,
  placeLabel,
  progress,
  type RaceResult,
  rankResults,
  seededHeats,
  shuffled,
} from "./draw";
import { SCORE_HELP } from "./race-time";
import { formatResult } from "./results";

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const teamsOf = (heats: { teamId: number }[][]) => heats.flat().map((s) => s.teamId);

describe("form values", () => {
  it("reads lanes 1-10, default 6", () => {
    expect(parseLanes(undefined)).toBe(LANES_DEFAULT);
    expect(parseLanes("")).toBe(6);
    expect(parseLanes("1")).toBe(1);
    expect(parseLanes(" 10 ")).toBe(10);
    for (const bad of ["0", "11", "-1", "2.5", "six", "100", ["6"]]) expect(parseLanes(bad)).toBeNull();
  });
  it("reads top N 1-99 with a fallback", () => {
    expect(parseTop(null, 6)).toBe(6);
    expect(parseTop("8", 6)).toBe(8);
    for (const bad of ["0", "100", "x", "1e1"]) expect(parseTop(bad, 6)).toBeNull();
  });
  it("reads a 32-bit seed", () => {
    expect(parseSeed("0")).toBe(0);
    expect(parseSeed("4294967295")).toBe(4294967295);
    expect(parseSeed("4294967296")).toBeNull();
    expect(parseSeed("")).toBeNull();
    expect(parseSeed("-1")).toBeNull();
    expect(parseSeed(undefined)).toBeNull();
  });
});

describe("seeded randomness", () => {
  it("repeats for a seed and differs between seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seq = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seq);
    for (const x of seq) expect(x >= 0 && x < 1).toBe(true);
    expect(shuffled(ids(20), 1)).not.toEqual(shuffled(ids(20), 2));
  });
  it("shuffles without losing or changing the input", () => {
    const input = ids(10);
    const out = shuffled(input, 7);
    expect(input).toEqual(ids(10));
    expect([...out].sort((a, b) => a - b)).toEqual(input);
  });
});

describe("lanes and heats", () => {
  it("orders lanes from the centre out", () => {
    expect(centreOrder(6)).toEqual([3, 4, 2, 5, 1, 6]);
    expect(centreOrder(8)).toEqual([4, 5, 3, 6, 2, 7, 1, 8]);
    expect(centreOrder(5)).toEqual([3, 4, 2, 5, 1]);
    expect(centreOrder(2)).toEqual([1, 2]);
    expect(centreOrder(1)).toEqual([1]);
    for (let n = 1; n <= 10; n++) expect([...centreOrder(n)].sort((a, b) => a - b)).toEqual(ids(n));
  });
  it("balances heats", () => {
    expect(heatSizes(0, 6)).toEqual([]);
    expect(heatSizes(1, 6)).toEqual([1]);
    expect(heatSizes(6, 6)).toEqual([6]);
    expect(heatSizes(7, 6)).toEqual([4, 3]);
    expect(heatSizes(13, 6)).toEqual([5, 4, 4]);
    expect(heatSizes(3, 1)).toEqual([1, 1, 1]);
    for (let n = 1; n <= 40; n++) {
      const sizes = heatSizes(n, 6);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(6);
      expect(sizes.length).toBe(Math.ceil(n / 6));
    }
  });
  it("names the rounds of further heats", () => {
    expect(heatNames("HEAT 1", 3)).toEqual(["HEAT 1", "HEAT 2", "HEAT 3"]);
    expect(heatNames("250M HEAT 9", 2)).toEqual(["250M HEAT 9", "250M HEAT 10"]);
    expect(heatNames("SEMI FINAL", 2)).toEqual(["SEMI FINAL", "SEMI FINAL 2"]);
    expect(heatNames("FINAL", 1)).toEqual(["FINAL"]);
  });
});

describe("drawHeats", () => {
  it("draws nothing for no teams", () => {
    expect(drawHeats([], 6, 1)).toEqual([]);
  });
  it("puts one team in the centre lane", () => {
    expect(drawHeats([9], 6, 1)).toEqual([[{ lane: 3, teamId: 9 }]]);
  });
  it("fills lanes 1-6 with exactly six teams", () => {
    const heats = drawHeats(ids(6), 6, 123);
    expect(heats).toHaveLength(1);
    expect(heats[0].map((s) => s.lane)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...teamsOf(heats)].sort((a, b) => a - b)).toEqual(ids(6));
  });
  it("splits seven teams 4 + 3 in the centre lanes", () => {
    const heats = drawHeats(ids(7), 6, 123);
    expect(heats.map((h) => h.map((s) => s.lane))).toEqual([
      [2, 3, 4, 5],
      [2, 3, 4],
    ]);
    expect([...teamsOf(heats)].sort((a, b) => a - b)).toEqual(ids(7));
  });
  it("is the same for the same seed, and the seed matters", () => {
    expect(drawHeats(ids(12), 6, 99)).toEqual(drawHeats(ids(12), 6, 99));
    const seeds = new Set(Array.from({ length: 10 }, (_, s) => JSON.stringify(drawHeats(ids(12), 6, s))));
    expect(seeds.size).toBeGreaterThan(1);
  });
  it("gives every team every lane over many seeds (no lane bias)", () => {
    const count = new Map<string, number>();
    for (let s = 0; s < 600; s++)
      for (const { lane, teamId } of drawHeats(ids(6), 6, s)[0])
        count.set(`${teamId}@${lane}`, (count.get(`${teamId}@${lane}`) ?? 0) + 1);
    expect(count.size).toBe(36);
    for (const n of count.values()) expect(n).toBeGreaterThan(50); // 100 expected
  });
});

describe("seededHeats", () => {
  it("puts the fastest in the centre lanes", () => {
    expect(seededHeats([11, 12, 13, 14, 15, 16], 6)).toEqual([
      [
        { lane: 1, teamId: 15 },
        { lane: 2, teamId: 13 },
        { lane: 3, teamId: 11 },
        { lane: 4, teamId: 12 },
        { lane: 5, teamId: 14 },
        { lane: 6, teamId: 16 },
      ],
    ]);
  });
  it("deals more teams than lanes over balanced heats like a snake", () => {
    const heats = seededHeats(ids(8), 6);
    // 1 A, 2 B, 3 B, 4 A, 5 A, 6 B, 7 B, 8 A
    expect(heats.map((h) => h.map((s) => s.teamId).sort((a, b) => a - b))).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    expect(heats[0].find((s) => s.teamId === 1)?.lane).toBe(3);
    expect(heats[1].find((s) => s.teamId === 2)?.lane).toBe(3);
  });
});

const race = (lane: number, score: string | null, extra: Partial<RaceResult> = {}): RaceResult => ({
  roundId: 1,
  round: "HEAT 1",
  teamId: 100 + lane,
  team: `CLUB ${"ABCDEFGHIJ"[lane - 1]}`,
  lane: String(lane),
  score,
  ...extra,
});

describe("rankResults and progress", () => {
  it("ranks by time with DNF, DSQ, DNS last", () => {
    const r = rankResults([
      race(1, "DNS"),
      race(2, "1:02.35"),
      race(3, "58.20"),
      race(4, "dsq"),
      race(5, "1:00.00"),
      race(6, "DNF"),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.ranked.map((x) => [x.lane, x.place, x.shown])).toEqual([
      ["3", 1, "58.20"],
      ["5", 2, "1:00.00"],
      ["2", 3, "1:02.35"],
      ["6", null, "DNF"],
      ["4", null, "DSQ"],
      ["1", null, "DNS"],
    ]);
  });

  it("breaks ties by lane, then team id, and shares the place", () => {
    const r = rankResults([
      race(5, "1:00.00"),
      race(2, "1:00.00"),
      race(3, "59.00"),
      race(7, "1:00.00", { lane: "2", teamId: 50, roundId: 2, round: "HEAT 2" }),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.ranked.map((x) => [x.teamId, x.place])).toEqual([
      [103, 1],
      [50, 2],
      [102, 2],
      [105, 2],
    ]);
    expect(r.ranked.map((_, i) => placeLabel(r.ranked, i))).toEqual(["1st", "=2nd", "=2nd", "=2nd"]);
  });

  it("refuses a mis-typed time, naming round, lane, team and what was typed", () => {
    const p = progress([race(1, "1:02.35"), race(2, "1.02.40"), race(3, "58.1")], 2, 6);
    expect(p.errors).toEqual([`HEAT 1, lane 2 (CLUB B): "1.02.40" is not a score. ${SCORE_HELP}`]);
    expect(p.qualifiers).toEqual([]);
    expect(p.heats).toEqual([]);
  });

  it("refuses an unfinished round", () => {
    const p = progress([race(1, "1:02.35"), race(2, null), race(3, " ")], 2, 6);
    expect(p.errors).toEqual([
      "HEAT 1, lane 2 (CLUB B) has no score yet. Enter every score first.",
      "HEAT 1, lane 3 (CLUB C) has no score yet. Enter every score first.",
    ]);
  });

  it("refuses no races, mixed kinds, places across rounds, a team twice", () => {
    expect(progress([], 6, 6).errors).toEqual(["The chosen rounds have no races."]);
    expect(progress([race(1, "58.20"), race(2, "2nd")], 6, 6).errors).toEqual([
      "The scores mix times and places. Use one kind of score in the chosen rounds.",
    ]);
    expect(progress([race(1, "1st"), race(2, "1st", { roundId: 2, round: "HEAT 2" })], 6, 6).errors).toEqual([
      "Places from different rounds cannot be compared. Enter times, or choose one round.",
    ]);
    expect(
      progress([race(1, "58.20"), race(1, "59.00", { roundId: 2, round: "REPECHAGE" })], 6, 6).errors,
    ).toEqual([
      "CLUB A raced in more than one chosen round (HEAT 1, REPECHAGE). Choose rounds in which each team raced once.",
    ]);
  });

  it("progresses the top N into the centre lanes", () => {
    const heat1 = [race(1, "1:01.00"), race(2, "1:00.50"), race(3, "1:03.00"), race(4, "DNF")];
    const heat2 = [5, 6, 7, 8].map((l, i) =>
      race(l, ["59.90", "1:02.00", "1:00.80", "1:04.00"][i], {
        roundId: 2,
        round: "HEAT 2",
        lane: String(i + 1),
      }),
    );
    const p = progress([...heat1, ...heat2], 6, 6);
    expect(p.errors).toEqual([]);
    expect(p.qualifiers.map((q) => q.teamId)).toEqual([105, 102, 107, 101, 106, 103]);
    expect(p.heats).toEqual([
      [
        { lane: 1, teamId: 106 },
        { lane: 2, teamId: 107 },
        { lane: 3, teamId: 105 },
        { lane: 4, teamId: 102 },
        { lane: 5, teamId: 101 },
        { lane: 6, teamId: 103 },
      ],
    ]);
  });

  it("never qualifies DNS/DNF/DSQ: fewer finishers than N go through alone", () => {
    const p = progress([race(1, "DNS"), race(2, "DNS"), race(3, "58.00"), race(4, "DSQ")], 3, 6);
    expect(p.qualifiers.map((q) => q.teamId)).toEqual([103]);
    expect(p.heats).toEqual([[{ lane: 3, teamId: 103 }]]);
    const none = progress([race(1, "DNS"), race(2, "dns")], 6, 6);
    expect(none.errors).toEqual([]);
    expect(none.qualifiers).toEqual([]);
    expect(none.heats).toEqual([]);
  });

  it("ranks Tug of War records by wins", () => {
    const p = progress([race(1, "1-2"), race(2, "2-1")], 1, 2);
    expect(p.qualifiers.map((q) => q.team)).toEqual(["CLUB B"]);
    expect(p.heats).toEqual([[{ lane: 1, teamId: 102 }]]);
  });

  it("takes exactly lanesPerHeat, and one more into two heats", () => {
    const seven = ids(7).map((l) => race(l, `1:0${l}.00`));
    expect(progress(seven, 6, 6).heats).toHaveLength(1);
    expect(progress(seven, 7, 6).heats.map((h) => h.length)).toEqual([4, 3]);
  });
});

/** A lane as race control leaves it: its columns and the formatted text (formatResult's). */
const timed = (lane: number, timeMs: number, penaltyMs = 0, extra: Partial<RaceResult> = {}): RaceResult =>
  race(lane, formatResult({ timeMs, penaltyMs, status: null, wins: null, losses: null }), {
    timeMs,
    penaltyMs,
    status: null,
    ...extra,
  });

describe("rankResults from the result columns", () => {
  it("reads a penalised lane (its text unreadable) as time plus penalty: the penalty changes the order", () => {
    const r = rankResults([timed(1, 155_190, 2000), timed(2, 156_000), timed(3, 158_000)]);
    expect(r.errors).toEqual([]);
    expect(r.ranked.map((x) => [x.lane, x.place, x.typed, x.shown])).toEqual([
      ["2", 1, "2:36.00", "2:36.00"],
      ["1", 2, "2:37.19 (+2.00)", "2:37.19 (+2.00)"],
      ["3", 3, "2:38.00", "2:38.00"],
    ]);
  });

  it("a status is out whatever the time or penalty: DSQ with a penalty never qualifies", () => {
    const p = progress(
      [
        timed(1, 150_000, 10_000, { status: "DSQ", score: "DSQ" }),
        timed(2, 160_000),
        timed(3, 151_000, 0, { status: "DNF", score: "DNF" }),
      ],
      3,
      6,
    );
    expect(p.errors).toEqual([]);
    expect(p.ranked.map((x) => [x.lane, x.place, x.shown])).toEqual([
      ["2", 1, "2:40.00"],
      ["3", null, "DNF"],
      ["1", null, "DSQ"],
    ]);
    expect(p.qualifiers.map((q) => q.lane)).toEqual(["2"]);
  });

  it("a tie after the penalty shares the place", () => {
    const r = rankResults([timed(1, 155_190, 2000), timed(2, 157_190), timed(3, 150_000)]);
    expect(r.ranked.map((x) => [x.lane, x.place])).toEqual([
      ["3", 1],
      ["1", 2],
      ["2", 2],
    ]);
    expect(placeLabel(r.ranked, 1)).toBe("=2nd");
  });

  it("reads Tug of War records from wins and losses", () => {
    const tug = (lane: number, wins: number, losses: number) =>
      race(lane, `${wins}-${losses}`, { wins, losses, timeMs: null, status: null, penaltyMs: 0, tug: true });
    const p = progress([tug(1, 1, 2), tug(2, 3, 0), tug(3, 3, 1)], 2, 6);
    expect(p.errors).toEqual([]);
    expect(p.ranked.map((x) => [x.lane, x.place, x.shown])).toEqual([
      ["2", 1, "3-0"],
      ["3", 2, "3-1"],
      ["1", 3, "1-2"],
    ]);
    expect(p.qualifiers.map((q) => q.lane)).toEqual(["2", "3"]);
  });

  it("falls back to the text only for lanes without a column result (old free text)", () => {
    const heat2 = { roundId: 2, round: "HEAT 2" };
    // An old round with times typed as text, and a race-control round with a penalty: comparable.
    const r = rankResults([
      timed(1, 60_000, 2000),
      race(2, "1:01.00", { ...heat2, teamId: 202 }),
      race(3, " 59.5 ", { ...heat2, teamId: 203 }),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.ranked.map((x) => [x.teamId, x.place, x.typed, x.shown])).toEqual([
      [203, 1, " 59.5 ", "59.50"],
      [202, 2, "1:01.00", "1:01.00"],
      [101, 3, "1:02.00 (+2.00)", "1:02.00 (+2.00)"],
    ]);
    // A round of places typed by hand still ranks by them; a place beside a column time is refused.
    expect(rankResults([race(1, "2nd"), race(2, "1st")]).ranked.map((x) => x.lane)).toEqual(["2", "1"]);
    expect(rankResults([timed(1, 60_000), race(2, "1st")]).errors).toEqual([
      "The scores mix times and places. Use one kind of score in the chosen rounds.",
    ]);
    // A lane with neither still has no score.
    expect(rankResults([timed(1, 60_000), race(2, null)]).errors[0]).toMatch(/has no score yet/);
  });
});

describe("parseDrawQuery", () => {
  const q = (s: string) => parseDrawQuery(new URLSearchParams(s));
  it("reads the defaults", () => {
    expect(q("")).toEqual({ lanes: 6, top: 6, from: [], source: "event", seed: null, errors: [] });
    expect(q("lanes=8")).toMatchObject({ lanes: 8, top: 8 });
  });
  it("reads every field", () => {
    expect(q("lanes=5&top=3&from=4&from=9&from=4&source=rounds&seed=12")).toEqual({
      lanes: 5,
      top: 3,
      from: [4, 9],
      source: "rounds",
      seed: 12,
      errors: [],
    });
  });
  it("names each bad field", () => {
    expect(q("lanes=11&top=0&from=x").errors).toEqual([
      DRAW_FORM_MSG.lanes,
      DRAW_FORM_MSG.top,
      DRAW_FORM_MSG.rounds,
    ]);
    expect(q("source=evil").source).toBe("event");
  });
});
