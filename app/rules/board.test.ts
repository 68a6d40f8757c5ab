import { describe, expect, it } from "vitest";
import { clockTime, crewsByPlace, delayMinutes, hasResults } from "./board";

const crew = (lane: string, place: number | null, status: "DNS" | "DNF" | "DSQ" | null = null) => ({
  lane,
  place,
  status,
});

describe("crewsByPlace", () => {
  it("orders by place (ties by lane), then DNF, DSQ, DNS, then lanes without a result", () => {
    const crews = [
      crew("1", null, "DNS"),
      crew("2", 2),
      crew("3", null, "DSQ"),
      crew("4", 1),
      crew("5", null, "DNF"),
      crew("6", 2),
      crew("7", null),
    ];
    expect(crewsByPlace(crews).map((c) => c.lane)).toEqual(["4", "2", "6", "5", "3", "1", "7"]);
    expect(crews[0].lane).toBe("1"); // a copy
  });

  it("keeps lane order (numeric) for a round without results", () => {
    const crews = [crew("10", null), crew("2", null), crew("1", null)];
    expect(hasResults(crews)).toBe(false);
    expect(crewsByPlace(crews).map((c) => c.lane)).toEqual(["1", "2", "10"]);
  });
});

describe("delayMinutes", () => {
  const at = (min: number) => Date.UTC(2026, 11, 1, 2, 0) + min * 60_000;
  it("is the most recently started race's start against its schedule, never negative", () => {
    expect(delayMinutes([])).toBe(0);
    expect(
      delayMinutes([
        { scheduledAt: at(0), startedAt: at(5) },
        { scheduledAt: at(10), startedAt: at(22.5) },
        { scheduledAt: at(20), startedAt: null },
      ]),
    ).toBe(12);
    expect(delayMinutes([{ scheduledAt: at(10), startedAt: at(8) }])).toBe(0);
    expect(delayMinutes([{ scheduledAt: null, startedAt: at(8) }])).toBe(0);
  });
});

describe("clockTime", () => {
  it("shows Malaysia time, 24-hour", () => {
    expect(clockTime(Date.UTC(2026, 11, 1, 6, 35))).toBe("14:35");
    expect(clockTime(Date.UTC(2026, 11, 1, 16, 5))).toBe("00:05");
  });
});
