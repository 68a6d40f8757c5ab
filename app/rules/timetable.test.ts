import { describe, expect, it } from "vitest";
import {
  delayKind,
  delayMinutes,
  expectedStart,
  formatClock,
  formatRaceTime,
  malaysiaDay,
  nextRaces,
  nowRacing,
  planSchedule,
  timetableOrder,
} from "./timetable";

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 5, 0, 0); // 08:00 MYT

describe("delayMinutes", () => {
  it("is null before any scheduled race started", () => {
    expect(delayMinutes([])).toBeNull();
    expect(delayMinutes([{ raceNumber: 1, scheduledAt: T0, startedAt: null }])).toBeNull();
    expect(delayMinutes([{ raceNumber: 1, scheduledAt: null, startedAt: T0 }])).toBeNull();
  });
  it("uses the latest started race, rounded to minutes", () => {
    const rounds = [
      { raceNumber: 1, scheduledAt: T0, startedAt: T0 + 2 * MIN },
      { raceNumber: 2, scheduledAt: T0 + 6 * MIN, startedAt: T0 + 18 * MIN + 29_000 },
      { raceNumber: 3, scheduledAt: T0 + 12 * MIN, startedAt: null },
    ];
    expect(delayMinutes(rounds)).toBe(12);
  });
  it("accepts Dates and reports early and on time", () => {
    expect(
      delayMinutes([{ raceNumber: 4, scheduledAt: new Date(T0), startedAt: new Date(T0 - 3 * MIN) }]),
    ).toBe(-3);
    expect(delayMinutes([{ raceNumber: 4, scheduledAt: T0, startedAt: T0 - 20_000 }])).toBe(0);
    expect(Object.is(delayMinutes([{ raceNumber: 4, scheduledAt: T0, startedAt: T0 - 20_000 }]), -0)).toBe(
      false,
    );
  });
  it("breaks a tie of start times by the higher race number", () => {
    const rounds = [
      { raceNumber: 9, scheduledAt: T0 - 5 * MIN, startedAt: T0 },
      { raceNumber: 3, scheduledAt: T0 - 1 * MIN, startedAt: T0 },
    ];
    expect(delayMinutes(rounds)).toBe(5);
  });
  it("delayKind names the sentence", () => {
    expect(delayKind(12)).toEqual({ kind: "late", minutes: 12 });
    expect(delayKind(0)).toEqual({ kind: "onTime", minutes: 0 });
    expect(delayKind(-3)).toEqual({ kind: "early", minutes: 3 });
  });
});

describe("next races and now racing", () => {
  const rounds = [
    { id: 1, raceNumber: 3, scheduledAt: T0 + 12 * MIN, startedAt: null },
    { id: 2, raceNumber: 1, scheduledAt: T0, startedAt: T0 + MIN },
    { id: 3, raceNumber: null, scheduledAt: null, startedAt: null },
    { id: 4, raceNumber: 2, scheduledAt: T0 + 6 * MIN, startedAt: null },
    { id: 5, raceNumber: 5, scheduledAt: T0 + 24 * MIN, startedAt: null },
    { id: 6, raceNumber: 4, scheduledAt: T0 + 18 * MIN, startedAt: null },
  ];
  it("lists the next unstarted races by race number", () => {
    expect(nextRaces(rounds).map((r) => r.id)).toEqual([4, 1, 6]);
    expect(nextRaces(rounds, 10).map((r) => r.raceNumber)).toEqual([2, 3, 4, 5]);
  });
  it("finds the latest started race", () => {
    expect(nowRacing(rounds)?.id).toBe(2);
    expect(nowRacing(rounds.filter((r) => r.startedAt === null))).toBeNull();
  });
  it("expectedStart adds the delay", () => {
    expect(expectedStart(T0, 12)).toBe(T0 + 12 * MIN);
    expect(expectedStart(T0, null)).toBe(T0);
    expect(expectedStart(null, 3)).toBeNull();
  });
});

describe("planSchedule", () => {
  const base = { firstNumber: 10, firstStart: T0, gapMinutes: 6 };
  it("numbers and spaces the ticked rounds in the given order", () => {
    const r = planSchedule({
      ...base,
      ticked: [
        { id: 7, raceNumber: 40 },
        { id: 3, raceNumber: null },
      ],
      others: [
        { id: 7, raceNumber: 40 },
        { id: 3, raceNumber: null },
        { id: 9, raceNumber: 12 },
      ],
    });
    expect(r).toEqual({
      ok: true,
      plan: [
        { id: 7, raceNumber: 10, scheduledAt: T0 },
        { id: 3, raceNumber: 11, scheduledAt: T0 + 6 * MIN },
      ],
    });
  });
  it("lets ticked rounds swap numbers among themselves", () => {
    const r = planSchedule({
      ...base,
      firstNumber: 1,
      ticked: [
        { id: 2, raceNumber: 2 },
        { id: 1, raceNumber: 1 },
      ],
      others: [
        { id: 1, raceNumber: 1 },
        { id: 2, raceNumber: 2 },
      ],
    });
    expect(r.ok).toBe(true);
  });
  it("refuses every clash with a round not ticked", () => {
    const r = planSchedule({
      ...base,
      ticked: [
        { id: 1, raceNumber: null },
        { id: 2, raceNumber: null },
        { id: 3, raceNumber: null },
      ],
      others: [
        { id: 8, raceNumber: 10 },
        { id: 9, raceNumber: 12 },
      ],
    });
    expect(r).toEqual({
      ok: false,
      code: "clash",
      clashes: [
        { raceNumber: 10, roundId: 8 },
        { raceNumber: 12, roundId: 9 },
      ],
    });
  });
  it("refuses nothing ticked and numbers past 9999", () => {
    expect(planSchedule({ ...base, ticked: [], others: [] })).toEqual({ ok: false, code: "none" });
    expect(
      planSchedule({
        ...base,
        firstNumber: 9999,
        ticked: [
          { id: 1, raceNumber: null },
          { id: 2, raceNumber: null },
        ],
        others: [],
      }),
    ).toEqual({ ok: false, code: "range", last: 10000 });
  });
});

describe("timetableOrder", () => {
  it("puts numbered races first, then unscheduled by event and round", () => {
    const rows = [
      { id: 1, raceNumber: null, eventName: "B", name: "Heat 1" },
      { id: 2, raceNumber: 5, eventName: "Z", name: "Final" },
      { id: 3, raceNumber: null, eventName: "A", name: "Heat 2" },
      { id: 4, raceNumber: 2, eventName: "Z", name: "Heat 1" },
      { id: 5, raceNumber: null, eventName: "A", name: "Heat 1" },
    ];
    expect(timetableOrder(rows).map((r) => r.id)).toEqual([4, 2, 5, 3, 1]);
  });
});

describe("display", () => {
  it("shows Malaysia time", () => {
    const at = Date.UTC(2026, 11, 4, 16, 5); // 00:05 on 5 December in Malaysia
    expect(formatClock(at)).toBe("00:05");
    expect(formatRaceTime(at)).toBe("05/12 00:05");
    expect(malaysiaDay(at)).toBe("2026-12-05");
  });
});
