import { describe, expect, it } from "vitest";
import {
  type ClubTotals,
  CUSTOM_MAX_PLACES,
  clubTotals,
  formatPoints,
  formatPointsNumber,
  isFinalRound,
  normaliseCustom,
  type PointsLane,
  parseCustomPoints,
  pointsForPlace,
  rankClubs,
  type SchemeSetting,
  sharedUnits,
  standingsProvisional,
  UNIT,
} from "./standings";

const FINALS: SchemeSetting = { kind: "FINALS", custom: "", finalsOnly: true };
const LEAGUE: SchemeSetting = { kind: "LEAGUE", custom: "", finalsOnly: true };
const custom = (list: string, finalsOnly = true): SchemeSetting => ({
  kind: "CUSTOM",
  custom: list,
  finalsOnly,
});
const pts = (units: number) => units / UNIT;

describe("isFinalRound", () => {
  it("knows finals from semis, quarters, minor and B finals", () => {
    for (const yes of ["FINAL", "Grand Final", "FINAL A", "250M PREMIER MIXED FINAL", "AKHIR"])
      expect(isFinalRound(yes), yes).toBe(true);
    for (const no of [
      "SEMI FINAL",
      "SEMI-FINAL",
      "QUARTER FINAL",
      "MINOR FINAL",
      "FINAL B",
      "HEAT 1",
      "SEMIFINAL",
    ])
      expect(isFinalRound(no), no).toBe(false);
  });
});

describe("points for a place", () => {
  it("Finals 9-7-5-3-2-1: places 1-6, nothing after", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((p) => pointsForPlace(FINALS, p))).toEqual([9, 7, 5, 3, 2, 1, 0, 0]);
  });
  it("League: 16 for the first, one less for each place after, at least 1", () => {
    expect([1, 2, 3, 15, 16, 17, 40].map((p) => pointsForPlace(LEAGUE, p))).toEqual([16, 15, 14, 2, 1, 1, 1]);
  });
  it("Custom: the list's places, nothing beyond it; an unreadable stored list scores nothing", () => {
    expect([1, 2, 3, 4].map((p) => pointsForPlace(custom("10,6,6"), p))).toEqual([10, 6, 6, 0]);
    expect(pointsForPlace(custom("1,2"), 1)).toBe(0);
  });
  it("no place (0, negative, fractional) scores nothing", () => {
    expect(pointsForPlace(FINALS, 0)).toBe(0);
    expect(pointsForPlace(FINALS, -1)).toBe(0);
    expect(pointsForPlace(FINALS, 1.5)).toBe(0);
  });
});

describe("ties share the points of the places they cover", () => {
  it("two crews tied 2nd under 9-7-5 get 6 each", () => {
    expect(pts(sharedUnits(FINALS, 2, 2))).toBe(6);
  });
  it("three crews tied 1st share 9+7+5 = 7 each; three tied 5th share 2+1+0 = 1 each", () => {
    expect(pts(sharedUnits(FINALS, 1, 3))).toBe(7);
    expect(pts(sharedUnits(FINALS, 5, 3))).toBe(1);
  });
  it("fractions are exact: two tied 6th share 1+0 = 0.5, three tied 4th share 3+2+1 = 2", () => {
    expect(sharedUnits(FINALS, 6, 2) * 2).toBe(1 * UNIT);
    expect(formatPoints(sharedUnits(FINALS, 6, 2))).toBe("0.5");
    expect(formatPoints(sharedUnits(custom("10,8,6,1"), 3, 3))).toBe("2.33");
    // Three thirds make exactly one point: no drift.
    expect(sharedUnits(custom("1,0,0"), 1, 3) * 3).toBe(UNIT);
  });
  it("no crews: nothing", () => {
    expect(sharedUnits(FINALS, 1, 0)).toBe(0);
  });
});

describe("formatPoints", () => {
  it("at most two decimals, no trailing zeros", () => {
    expect(formatPoints(6 * UNIT)).toBe("6");
    expect(formatPoints(1.5 * UNIT)).toBe("1.5");
    expect(formatPoints(UNIT / 3 + 2 * UNIT)).toBe("2.33");
    expect(formatPoints((2 * UNIT) / 3)).toBe("0.67");
    expect(formatPoints(0)).toBe("0");
    expect(formatPoints(UNIT / 20 + 10 * UNIT)).toBe("10.05");
    expect(formatPointsNumber(6.5)).toBe("6.5");
  });
});

describe("custom list validation", () => {
  it("reads whole numbers, falling or equal, spaces allowed", () => {
    expect(parseCustomPoints(" 10, 8 ,6,6,0 ")).toEqual({ ok: true, points: [10, 8, 6, 6, 0] });
    expect(parseCustomPoints("5")).toEqual({ ok: true, points: [5] });
    expect(normaliseCustom(" 10, 8 , 6")).toBe("10,8,6");
  });
  it("refuses an empty list", () => {
    expect(parseCustomPoints("  ")).toEqual({ ok: false, error: "empty" });
  });
  it("refuses anything but whole numbers 0..1000", () => {
    for (const bad of ["10,,8", "10,8,", "a,1", "1.5", "-1", "10;8", "1e2", "1001", "+3", "10 8"])
      expect(parseCustomPoints(bad), bad).toEqual({ ok: false, error: "number" });
  });
  it("refuses a rising list", () => {
    expect(parseCustomPoints("9,7,8")).toEqual({ ok: false, error: "falling" });
  });
  it("at most 20 places", () => {
    const twenty = Array.from({ length: CUSTOM_MAX_PLACES }, (_, i) => 20 - i).join(",");
    expect(parseCustomPoints(twenty).ok).toBe(true);
    expect(parseCustomPoints(`${twenty},0`)).toEqual({ ok: false, error: "tooMany" });
  });
});

const lane = (o: Partial<PointsLane> & { clubId: number; place: number | null }): PointsLane => ({
  roundId: 1,
  roundName: "FINAL",
  official: true,
  club: `Club ${o.clubId}`,
  status: null,
  ...o,
});

describe("clubTotals", () => {
  it("points go to the team's club, summed over its crews; medals from official finals", () => {
    const rows = clubTotals(
      [
        lane({ clubId: 1, place: 1 }),
        lane({ clubId: 2, place: 2 }),
        lane({ clubId: 1, place: 3 }),
        lane({ roundId: 2, clubId: 2, place: 1 }),
        lane({ roundId: 2, clubId: 1, place: 2 }),
      ],
      FINALS,
    );
    const one = rows.find((r) => r.clubId === 1) as ClubTotals;
    const two = rows.find((r) => r.clubId === 2) as ClubTotals;
    expect(pts(one.units)).toBe(9 + 5 + 7);
    expect([one.first, one.second, one.third, one.races]).toEqual([1, 1, 1, 3]);
    expect(pts(two.units)).toBe(7 + 9);
    expect([two.first, two.second, two.third, two.races]).toEqual([1, 1, 0, 2]);
  });
  it("ties: two crews tied 2nd share 7+5, the next crew is 4th (3 points)", () => {
    const rows = clubTotals(
      [
        lane({ clubId: 1, place: 1 }),
        lane({ clubId: 2, place: 2 }),
        lane({ clubId: 3, place: 2 }),
        lane({ clubId: 4, place: 4 }),
      ],
      FINALS,
    );
    const by = new Map(rows.map((r) => [r.clubId, r]));
    expect(pts(by.get(2)?.units ?? -1)).toBe(6);
    expect(pts(by.get(3)?.units ?? -1)).toBe(6);
    expect(pts(by.get(4)?.units ?? -1)).toBe(3);
    // Both tied crews have a second place.
    expect(by.get(2)?.second).toBe(1);
    expect(by.get(3)?.second).toBe(1);
  });
  it("DNS, DNF and DSQ score nothing, whatever place was stored, but count as a race", () => {
    const rows = clubTotals(
      [
        lane({ clubId: 1, place: null, status: "DSQ" }),
        lane({ clubId: 2, place: 1, status: "DNF" }),
        lane({ clubId: 3, place: null, status: "DNS" }),
        lane({ clubId: 4, place: 1 }),
      ],
      LEAGUE,
    );
    const by = new Map(rows.map((r) => [r.clubId, r]));
    for (const id of [1, 2, 3]) {
      expect(by.get(id)?.units).toBe(0);
      expect(by.get(id)?.first).toBe(0);
      expect(by.get(id)?.races).toBe(1);
    }
    // The DNF crew's stray place does not make the winner share first place.
    expect(pts(by.get(4)?.units ?? -1)).toBe(16);
  });
  it("finals only: heats and semis score nothing; off: every round scores", () => {
    const lanes = [
      lane({ roundId: 1, roundName: "HEAT 1", clubId: 1, place: 1 }),
      lane({ roundId: 2, roundName: "SEMI FINAL", clubId: 1, place: 1 }),
      lane({ roundId: 3, roundName: "FINAL", clubId: 2, place: 1 }),
    ];
    const on = new Map(clubTotals(lanes, FINALS).map((r) => [r.clubId, r]));
    expect(on.has(1)).toBe(false);
    expect(pts(on.get(2)?.units ?? -1)).toBe(9);
    const off = new Map(clubTotals(lanes, { ...FINALS, finalsOnly: false }).map((r) => [r.clubId, r]));
    expect(pts(off.get(1)?.units ?? -1)).toBe(18);
    expect(off.get(1)?.races).toBe(2);
    // Medals stay finals' only.
    expect(off.get(1)?.first).toBe(0);
    expect(off.get(2)?.first).toBe(1);
  });
  it("provisional results are counted apart and give no medals or races", () => {
    const rows = clubTotals(
      [lane({ clubId: 1, place: 1, official: false }), lane({ roundId: 2, clubId: 1, place: 2 })],
      FINALS,
    );
    expect(pts(rows[0].units)).toBe(7);
    expect(pts(rows[0].provisionalUnits)).toBe(9);
    expect([rows[0].first, rows[0].second, rows[0].races]).toEqual([0, 1, 1]);
  });
  it("custom scheme", () => {
    const rows = clubTotals([lane({ clubId: 1, place: 1 }), lane({ clubId: 2, place: 2 })], custom("3,3,1"));
    expect(rows.map((r) => pts(r.units))).toEqual([3, 3]);
  });
});

const totals = (
  clubId: number,
  points: number,
  medals: [number, number, number] = [0, 0, 0],
): ClubTotals => ({
  clubId,
  club: `Club ${String.fromCharCode(64 + clubId)}`,
  units: points * UNIT,
  provisionalUnits: 0,
  first: medals[0],
  second: medals[1],
  third: medals[2],
  races: 1,
});

describe("rankClubs", () => {
  it("by points, then firsts, seconds, thirds", () => {
    const ranked = rankClubs([
      totals(1, 10, [0, 0, 3]),
      totals(2, 20),
      totals(3, 10, [0, 1, 0]),
      totals(4, 10, [1, 0, 0]),
      totals(5, 10, [0, 1, 1]),
    ]);
    expect(ranked.map((r) => [r.clubId, r.rank])).toEqual([
      [2, 1],
      [4, 2],
      [5, 3],
      [3, 4],
      [1, 5],
    ]);
  });
  it("a full tie shares the rank (by name within it) and the next rank skips", () => {
    const ranked = rankClubs([totals(3, 5, [0, 1, 0]), totals(1, 9), totals(2, 5, [0, 1, 0]), totals(4, 1)]);
    expect(ranked.map((r) => [r.clubId, r.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 4],
    ]);
  });
  it("fractional points tie exactly", () => {
    const a = { ...totals(1, 0), units: sharedUnits(custom("1,1,0"), 1, 3) * 3 }; // 2/3 * 3
    const b = { ...totals(2, 0), units: 2 * UNIT };
    expect(rankClubs([a, b]).map((r) => r.rank)).toEqual([1, 1]);
  });
  it("an empty table", () => {
    expect(rankClubs([])).toEqual([]);
  });
});

describe("standingsProvisional", () => {
  it("provisional until the edition has a final and every final is official", () => {
    expect(standingsProvisional([])).toBe(true);
    expect(standingsProvisional([{ name: "HEAT 1", official: true }])).toBe(true);
    expect(
      standingsProvisional([
        { name: "FINAL", official: true },
        { name: "GRAND FINAL", official: false },
      ]),
    ).toBe(true);
    expect(
      standingsProvisional([
        { name: "FINAL", official: true },
        { name: "HEAT 1", official: false },
        { name: "FINAL B", official: false },
      ]),
    ).toBe(false);
  });
});
