// The write wrapper and the audit diff shared by rounds and races (the queries are covered against
// a real database by tests/unit/rounds-races.test.ts).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { raceEvents } from "~/lib/race-events.server";
import { changedFields, raceDayWrite } from "./race-day.server";

const notified: number[] = [];
const listener = (roundId: number) => notified.push(roundId);
beforeEach(() => {
  notified.length = 0;
  raceEvents.on("changed", listener);
});
afterEach(() => {
  raceEvents.off("changed", listener);
});

describe("raceDayWrite", () => {
  it("returns the write's result and tells the scoreboard the round it names, none when null", () => {
    expect(raceDayWrite(() => ({ ok: true, roundId: 7 }), { notifies: (x) => x.roundId })).toEqual({
      ok: true,
      roundId: 7,
    });
    expect(raceDayWrite(() => "no change", { notifies: () => null })).toBe("no change");
    expect(raceDayWrite(() => 1, {})).toBe(1);
    expect(notified).toEqual([7]);
  });

  it("answers a refused write with `refused`'s answer, without telling the scoreboard", () => {
    const conflict = new Error("UNIQUE constraint failed");
    const result = raceDayWrite<{ ok: boolean }>(
      () => {
        throw conflict;
      },
      { refused: (error) => (error === conflict ? { ok: false } : null), notifies: () => 1 },
    );
    expect(result).toEqual({ ok: false });
    expect(notified).toEqual([]);
  });

  it("throws on what `refused` does not answer, and when there is no `refused`", () => {
    const other = new Error("disk I/O error");
    const fail = () => {
      throw other;
    };
    expect(() => raceDayWrite(fail, { refused: () => null })).toThrow(other);
    expect(() => raceDayWrite(fail, {})).toThrow(other);
  });
});

describe("changedFields", () => {
  it("keeps only the fields of `next` that changed, old and new, in `next`'s order", () => {
    const before = { id: 3, lane: "1", score: null as string | null };
    expect(changedFields(before, { lane: "2", score: null })).toEqual({
      old: { lane: "1" },
      new: { lane: "2" },
    });
    expect(changedFields(before, { lane: "1", score: null })).toEqual({ old: {}, new: {} });
    expect(Object.keys(changedFields(before, { score: "1:00.00", lane: "4" }).new)).toEqual([
      "score",
      "lane",
    ]);
  });
});
