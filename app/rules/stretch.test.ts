import { describe, expect, it } from "vitest";
import { stretchOf } from "./stretch";

describe("stretchOf", () => {
  it("counts the instants at or before now: one stretch from each instant up to the next", () => {
    const ends = [10, 20, 20, 30];
    expect([0, 9, 10, 19, 20, 29, 30, 99].map((now) => stretchOf(ends, now))).toEqual([
      0, 0, 1, 1, 3, 3, 4, 4,
    ]);
    expect(stretchOf([], 5)).toBe(0);
  });
});
