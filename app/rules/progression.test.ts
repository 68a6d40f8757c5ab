import { describe, expect, it } from "vitest";
import { laneDraw, type PlanRule, parsePlanForm, qualifiers, type SourceRace } from "./progression";

/** A lane of round `roundId` (race number = round id unless given): a time in seconds or a status. */
function lane(
  roundId: number,
  teamId: number,
  result: number | "DNS" | "DNF" | "DSQ" | null,
  extra: Partial<SourceRace> = {},
): SourceRace {
  return {
    roundId,
    raceNumber: roundId,
    teamId,
    lane: String(teamId % 10 || 10),
    timeMs: typeof result === "number" ? Math.round(result * 1000) : null,
    penaltyMs: 0,
    status: typeof result === "string" ? result : null,
    ...extra,
  };
}
const time = (count: number, lanes = 6): PlanRule => ({ mode: "TIME", count, plusTimes: 0, lanes });
const place = (count: number, plusTimes = 0, lanes = 6): PlanRule => ({
  mode: "PLACE",
  count,
  plusTimes,
  lanes,
});
const ids = (r: ReturnType<typeof qualifiers>) => r.qualifiers.map((q) => q.teamId);

// Heat 1 (round 1): teams 11-15; heat 2 (round 2): teams 21-25.
const heats = [
  lane(1, 11, 62.1),
  lane(1, 12, 63.4),
  lane(1, 13, 61.0),
  lane(1, 14, 65.2),
  lane(1, 15, 64.0),
  lane(2, 21, 60.5),
  lane(2, 22, 66.0),
  lane(2, 23, 62.9),
  lane(2, 24, 63.0),
  lane(2, 25, 67.3),
];

describe("qualifiers", () => {
  it("TIME: the best N across two heats, best first, each with its time", () => {
    const r = qualifiers(time(4), heats);
    expect(r.errors).toEqual([]);
    expect(ids(r)).toEqual([21, 13, 11, 23]);
    expect(r.qualifiers[0].why).toEqual({ kind: "time", roundId: 2, totalMs: 60_500, tie: false });
  });

  it("PLACE: places 1-3 of each of two heats, winners first (by time), then seconds, thirds", () => {
    const r = qualifiers(place(3), heats);
    expect(ids(r)).toEqual([21, 13, 11, 23, 24, 12]);
    expect(r.qualifiers.map((q) => q.why.kind === "place" && q.why.place)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("PLACE + 1 next best time (the ICF heats): the fastest of the rest goes too", () => {
    // Places 1-2 of each heat: 13, 11 | 21, 23; the rest: 24 63.0, 12 63.4, 15 64.0 ...
    const r = qualifiers(place(2, 1, 6), heats);
    expect(ids(r)).toEqual([21, 13, 11, 23, 24]);
    expect(r.qualifiers[4].why).toEqual({ kind: "time", roundId: 2, totalMs: 63_000, tie: false });
  });

  it("a penalty changes the order: time plus penalty ranks", () => {
    const withPenalty = heats.map((r) => (r.teamId === 21 ? { ...r, penaltyMs: 3_000 } : r));
    // 21 is 63.5 now: behind 13, 11, 23, 24 (63.0), 12 (63.4).
    expect(ids(qualifiers(time(4), withPenalty))).toEqual([13, 11, 23, 24]);
    // And in its heat it is now 3rd (23 62.9, 24 63.0, 21 63.5).
    const r = qualifiers(place(1), withPenalty);
    expect(ids(r)).toEqual([13, 23]);
  });

  it("non-finishers never qualify, even when there is room", () => {
    const races = [lane(1, 11, 62), lane(1, 12, "DNF"), lane(1, 13, "DNS"), lane(1, 14, "DSQ")];
    expect(ids(qualifiers(time(4), races))).toEqual([11]);
    expect(ids(qualifiers(place(3), races))).toEqual([11]);
  });

  it("a DSQ winner: the fastest time is disqualified, the second is first", () => {
    const races = [lane(1, 11, 60, { status: "DSQ" }), lane(1, 12, 61), lane(1, 13, 62), lane(1, 14, 63)];
    const r = qualifiers(place(2), races);
    expect(ids(r)).toEqual([12, 13]);
    expect(r.qualifiers[0].why).toMatchObject({ kind: "place", place: 1 });
  });

  it("ties at a TIME cut: both go if the lanes allow, else the earlier race number", () => {
    const races = [
      lane(1, 11, 60),
      lane(2, 21, 61),
      lane(1, 12, 62),
      lane(3, 31, 62, { raceNumber: 7 }),
      lane(2, 22, 62),
    ];
    // count 3: 12, 31 and 22 share third place in time; 6 lanes hold all of them.
    const roomy = qualifiers(time(3, 6), races);
    expect(ids(roomy)).toEqual([11, 21, 12, 22, 31]);
    expect(roomy.qualifiers.map((q) => q.why.tie)).toEqual([false, false, true, true, true]);
    // 4 lanes: one of the three tied goes, the earliest race number (round 1 is race 1).
    expect(ids(qualifiers(time(3, 4), races))).toEqual([11, 21, 12, 22]);
    expect(ids(qualifiers(time(3, 3), races))).toEqual([11, 21, 12]);
  });

  it("ties at a PLACE cut share the place; plus times give way when the lanes run out", () => {
    const races = [
      lane(1, 11, 60),
      lane(1, 12, 61),
      lane(1, 13, 61),
      lane(1, 14, 63),
      lane(2, 21, 59),
      lane(2, 22, 62),
      lane(2, 23, 64),
    ];
    const r = qualifiers(place(2, 1, 6), races);
    // Heat 1: 11 1st, 12 and 13 =2nd; heat 2: 21, 22; the next best time: 14.
    expect(ids(r)).toEqual([21, 11, 12, 13, 22, 14]);
    expect(r.qualifiers.filter((q) => q.why.tie).map((q) => q.teamId)).toEqual([12, 13]);
    // 5 lanes: the plus time gives way to the tie.
    expect(ids(qualifiers(place(2, 1, 5), races))).toEqual([21, 11, 12, 13, 22]);
  });

  it("a team in two sources qualifies once, at its best", () => {
    const races = [lane(1, 11, 60), lane(1, 12, 61), lane(2, 12, 59), lane(2, 13, 62)];
    expect(ids(qualifiers(time(3), races))).toEqual([12, 11, 13]);
  });

  it("a lane without a result refuses; no finisher at all refuses", () => {
    expect(qualifiers(time(2), [lane(1, 11, 60), lane(1, 12, null)]).errors).toEqual([
      { code: "noResult", roundId: 1, lane: "2", teamId: 12 },
    ]);
    expect(qualifiers(time(2), [lane(1, 11, "DNS")]).errors).toEqual([{ code: "noFinishers" }]);
  });
});

describe("laneDraw", () => {
  it("seats the best in the centre lanes, as the Progress dialog", () => {
    const r = qualifiers(time(4), heats);
    expect(laneDraw(time(4), r.qualifiers)).toEqual([
      { lane: 2, teamId: 11 },
      { lane: 3, teamId: 21 },
      { lane: 4, teamId: 13 },
      { lane: 5, teamId: 23 },
    ]);
  });
});

describe("parsePlanForm", () => {
  const form = (fields: [string, string][]) => {
    const f = new URLSearchParams(fields);
    return { get: (n: string) => f.get(n), getAll: (n: string) => f.getAll(n) };
  };
  it("reads a plan", () => {
    expect(
      parsePlanForm(
        form([
          ["from", "4"],
          ["from", "5"],
          ["mode", "PLACE"],
          ["count", "3"],
          ["plusTimes", "1"],
          ["lanes", "8"],
        ]),
      ),
    ).toEqual({ plan: { mode: "PLACE", count: 3, plusTimes: 1, lanes: 8 }, from: [4, 5], refusals: [] });
  });
  it("refuses more qualifiers than lanes, bad numbers, no sources", () => {
    expect(
      parsePlanForm(
        form([
          ["from", "4"],
          ["from", "5"],
          ["mode", "PLACE"],
          ["count", "3"],
          ["plusTimes", "1"],
          ["lanes", "6"],
        ]),
      ).refusals,
    ).toEqual([{ code: "tooMany", planned: 7, lanes: 6 }]);
    expect(
      parsePlanForm(
        form([
          ["from", "4"],
          ["mode", "TIME"],
          ["count", "7"],
          ["lanes", "6"],
        ]),
      ).refusals,
    ).toEqual([{ code: "tooMany", planned: 7, lanes: 6 }]);
    expect(
      parsePlanForm(
        form([
          ["from", "x"],
          ["mode", "FAST"],
          ["count", "0"],
          ["lanes", "11"],
        ]),
      ).refusals,
    ).toEqual([
      { code: "field", field: "mode" },
      { code: "field", field: "count" },
      { code: "field", field: "lanes" },
      { code: "field", field: "from" },
    ]);
    expect(
      parsePlanForm(
        form([
          ["mode", "TIME"],
          ["count", "2"],
          ["lanes", "6"],
        ]),
      ).refusals,
    ).toEqual([{ code: "noSources" }]);
  });
});
