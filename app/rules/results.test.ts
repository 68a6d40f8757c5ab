import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { compareLanes } from "./race-fields";
import {
  formatRaceTime,
  formatResult,
  isTugOfWar,
  type LaneResult,
  parseRaceTime,
  rankLanes,
  resultOfScore,
  resultOrder,
} from "./results";
import { laneSchemaFor, parseLaneRows, parsePenalty } from "./results-schema";

const lane = (id: number, r: Partial<LaneResult> = {}): LaneResult => ({
  id,
  lane: String(id),
  timeMs: null,
  status: null,
  penaltyMs: 0,
  wins: null,
  losses: null,
  ...r,
});

describe("rankLanes", () => {
  it("shares a place on equal totals and skips the next (1, 2, 2, 4)", () => {
    const places = rankLanes([
      lane(1, { timeMs: 155_190 }),
      lane(2, { timeMs: 163_850 }),
      lane(3, { timeMs: 163_850 }),
      lane(4, { timeMs: 175_230 }),
    ]);
    expect([...places.values()]).toEqual([1, 2, 2, 4]);
  });
  it("adds the penalty before ranking, so a penalty can change the order (and make a tie)", () => {
    const places = rankLanes([
      lane(1, { timeMs: 60_000, penaltyMs: 2_000 }),
      lane(2, { timeMs: 61_000 }),
      lane(3, { timeMs: 61_500, penaltyMs: 500 }),
    ]);
    expect(places.get(2)).toBe(1);
    expect(places.get(1)).toBe(2);
    expect(places.get(3)).toBe(2);
  });
  it("gives no place to a status or to a lane without a result", () => {
    const places = rankLanes([lane(1, { status: "DNF" }), lane(2), lane(3, { timeMs: 70_000 })]);
    expect(places.get(1)).toBeNull();
    expect(places.get(2)).toBeNull();
    expect(places.get(3)).toBe(1);
  });
  it("ranks Tug of War by wins, then fewer losses", () => {
    const places = rankLanes(
      [
        lane(1, { wins: 2, losses: 1 }),
        lane(2, { wins: 3, losses: 0 }),
        lane(3, { wins: 2, losses: 0 }),
        lane(4, { wins: 2, losses: 1 }),
      ],
      true,
    );
    expect([1, 2, 3, 4].map((id) => places.get(id))).toEqual([3, 1, 2, 3]);
  });
  it("orders rows: places, then DNF, DSQ, DNS, then no result", () => {
    const rows = [
      { lane: "1", place: null, status: "DNS" as const },
      { lane: "2", place: null, status: null },
      { lane: "3", place: 2, status: null },
      { lane: "4", place: null, status: "DSQ" as const },
      { lane: "5", place: 1, status: null },
      { lane: "6", place: null, status: "DNF" as const },
      { lane: "7", place: 2, status: null },
    ];
    expect(resultOrder(rows, compareLanes).map((r) => r.lane)).toEqual(["5", "3", "7", "6", "4", "1", "2"]);
  });
});

describe("formatResult and reading it back", () => {
  const base = { timeMs: null, status: null, penaltyMs: 0, wins: null, losses: null };
  it("formats a time, a penalty, a status and a record", () => {
    expect(formatResult({ ...base, timeMs: 155_190 })).toBe("2:35.19");
    expect(formatResult({ ...base, timeMs: 155_190, penaltyMs: 2_000 })).toBe("2:37.19 (+2.00)");
    expect(formatResult({ ...base, status: "DSQ", timeMs: null })).toBe("DSQ");
    expect(formatResult({ ...base, wins: 2, losses: 1 }, true)).toBe("2-1");
    expect(formatResult(base)).toBeNull();
    expect(formatRaceTime(3_723_400)).toBe("1:02:03.40");
    expect(formatRaceTime(3_603_400)).toBe("1:00:03.40");
  });
  it("reads a typed score into the columns, the penalty note included (both screens agree)", () => {
    expect(resultOfScore("2:37.19 (+2.00)")).toEqual({ ...base, timeMs: 155_190, penaltyMs: 2_000 });
    expect(resultOfScore("58.20")).toEqual({ ...base, timeMs: 58_200 });
    expect(resultOfScore("dnf")).toEqual({ ...base, status: "DNF" });
    expect(resultOfScore("2-1")).toEqual({ ...base, wins: 2, losses: 1 });
    expect(resultOfScore("1st")).toEqual(base);
    expect(resultOfScore("fast")).toEqual(base);
    expect(resultOfScore(null)).toEqual(base);
    for (const ms of [155_190, 58_200, 3_723_400]) {
      const text = formatResult({ ...base, timeMs: ms, penaltyMs: 1_500 }) as string;
      expect(text.length).toBeLessThanOrEqual(20);
      expect(resultOfScore(text)).toEqual({ ...base, timeMs: ms, penaltyMs: 1_500 });
    }
  });
  it("reads times with hours; refuses the ambiguous", () => {
    expect(parseRaceTime("1:02:03.4")).toBe(3_723_400);
    expect(parseRaceTime("2:35.19")).toBe(155_190);
    expect(parseRaceTime("58")).toBeNull();
    expect(parseRaceTime("1:60.00")).toBeNull();
    expect(parseRaceTime("0:00.00")).toBeNull();
  });
  it("tells a Tug of War event by its name", () => {
    expect(isTugOfWar("Tug  of War Mixed")).toBe(true);
    expect(isTugOfWar("250M PREMIER MIXED")).toBe(false);
  });
});

describe("the per-lane form", () => {
  const L = EN.LABELS;
  const ok = { time: "", status: "", statusReason: "", penalty: "", penaltyReason: "" };
  const errorOf = (row: Record<string, string>, tug = false) => {
    const r = laneSchemaFor(EN, tug).safeParse(row);
    return r.success ? null : r.error.issues[0].message;
  };
  it("reads a time, a penalty, a status", () => {
    const r = laneSchemaFor(EN).parse({
      ...ok,
      time: " 2:35.19 ",
      penalty: "2.5",
      penaltyReason: "Late start",
    });
    expect(r).toMatchObject({ timeMs: 155_190, status: null, penaltyMs: 2_500, penaltyReason: "Late start" });
    expect(laneSchemaFor(EN).parse({ ...ok, status: "DNS" })).toMatchObject({ timeMs: null, status: "DNS" });
    expect(laneSchemaFor(EN).parse(ok)).toMatchObject({ timeMs: null, status: null, penaltyMs: 0 });
  });
  it("refuses a time and a status together, a DSQ without reason, a penalty without reason", () => {
    expect(errorOf({ ...ok, time: "58.20", status: "DNF" })).toBe(L.rsTimeAndStatus);
    expect(errorOf({ ...ok, status: "DSQ", statusReason: "  " })).toBe(L.rsDsqReason);
    expect(errorOf({ ...ok, status: "DSQ", statusReason: "Wash" })).toBeNull();
    expect(errorOf({ ...ok, time: "58.20", penalty: "2" })).toBe(L.rsPenaltyReasonNeeded);
    expect(errorOf({ ...ok, status: "XYZ" })).toBe(L.rsStatusBad);
  });
  it("keeps the penalty to 0-600 seconds with two decimals", () => {
    expect(parsePenalty("600")).toBe(600_000);
    expect(parsePenalty("0.01")).toBe(10);
    for (const bad of ["600.01", "-1", "1.234", "1e2", "abc"]) {
      expect(parsePenalty(bad), bad).toBeNull();
      expect(errorOf({ ...ok, penalty: bad, penaltyReason: "x" }), bad).toBe(L.rsPenaltyBad(600));
    }
  });
  it("caps every text", () => {
    expect(errorOf({ ...ok, status: "DSQ", statusReason: "x".repeat(201) })).toBe(
      EN.MSG.tooLong(L.rsStatusReason, 200),
    );
    expect(errorOf({ ...ok, penaltyReason: "x".repeat(201) })).toBe(EN.MSG.tooLong(L.rsPenaltyReason, 200));
    expect(errorOf({ ...ok, time: "1".repeat(21) })).toBe(EN.MSG.tooLong(L.rsTime, 20));
    expect(errorOf({ ...ok, time: "2:35.1x" })).toBe(L.rsTimeBad);
  });
  it("reads a record for Tug of War", () => {
    expect(laneSchemaFor(EN, true).parse({ ...ok, time: "2-1" })).toMatchObject({
      wins: 2,
      losses: 1,
      timeMs: null,
    });
    expect(errorOf({ ...ok, time: "2:35.19" }, true)).toBe(L.rsRecordBad);
  });
  it("says it in Malay", () => {
    expect(laneSchemaFor(MS).safeParse({ ...ok, status: "DSQ" }).error?.issues[0].message).toBe(
      MS.LABELS.rsDsqReason,
    );
  });

  const form = (rows: Record<string, string>[], extra: [string, string][] = []) => {
    const f = new FormData();
    for (const r of rows) for (const [k, v] of Object.entries(r)) f.append(k, v);
    for (const [k, v] of extra) f.append(k, v);
    return f;
  };
  it("reads every row, or every row's errors with what was typed", () => {
    const good = parseLaneRows(
      form([
        { race: "7", ...ok, time: "58.20" },
        { race: "8", ...ok, status: "DNF" },
      ]),
    );
    expect(good.ok && good.lanes.map((l) => [l.raceId, l.timeMs, l.status])).toEqual([
      [7, 58_200, null],
      [8, null, "DNF"],
    ]);
    const bad = parseLaneRows(
      form([
        { race: "7", ...ok, time: "58.2x" },
        { race: "8", ...ok, status: "DSQ" },
      ]),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok || bad.error !== "invalid") return;
    expect(bad.errors[7]).toEqual({ time: L.rsTimeBad });
    expect(bad.errors[8]).toEqual({ statusReason: L.rsDsqReason });
    expect(bad.typed[7].time).toBe("58.2x");
    expect(bad.first).toBe(L.rsTimeBad);
  });
  it("calls a forged row list malformed", () => {
    expect(parseLaneRows(form([]))).toEqual({ ok: false, error: "malformed" });
    expect(
      parseLaneRows(
        form([
          { race: "7", ...ok },
          { race: "7", ...ok },
        ]),
      ),
    ).toEqual({
      ok: false,
      error: "malformed",
    });
    expect(parseLaneRows(form([{ race: "x", ...ok }]))).toEqual({ ok: false, error: "malformed" });
    expect(parseLaneRows(form([{ race: "7", ...ok }], [["time", "1"]]))).toEqual({
      ok: false,
      error: "malformed",
    });
  });
});
