import { describe, expect, it } from "vitest";
import { ageGroupOf, malaysiaYear } from "./age-group";

describe("ageGroupOf", () => {
  it("Junior up to 18 this year, Premier from 19 to 39, Senior (S40) from 40", () => {
    expect(ageGroupOf(2026, 2026)).toBe("JUNIOR"); // 0
    expect(ageGroupOf(2008, 2026)).toBe("JUNIOR"); // 18
    expect(ageGroupOf(2007, 2026)).toBe("PREMIER"); // 19
    expect(ageGroupOf(1987, 2026)).toBe("PREMIER"); // 39
    expect(ageGroupOf(1986, 2026)).toBe("SENIOR"); // 40
    expect(ageGroupOf(1950, 2026)).toBe("SENIOR");
  });

  it("moves with the current year, not the date of birth", () => {
    expect(ageGroupOf(2008, 2027)).toBe("PREMIER");
    expect(ageGroupOf(1987, 2027)).toBe("SENIOR");
  });

  it("no group without a year of birth or with an impossible one", () => {
    expect(ageGroupOf(null, 2026)).toBeNull();
    expect(ageGroupOf(undefined, 2026)).toBeNull();
    expect(ageGroupOf(2027, 2026)).toBeNull(); // in the future
    expect(ageGroupOf(1907, 2026)).toBe("SENIOR"); // 119
    expect(ageGroupOf(1906, 2026)).toBeNull(); // 120
    expect(ageGroupOf(1990.5, 2026)).toBeNull();
  });
});

describe("malaysiaYear", () => {
  it("turns at midnight in Malaysia (16:00 UTC on 31 December)", () => {
    expect(malaysiaYear(new Date("2026-12-31T15:59:59Z"))).toBe(2026);
    expect(malaysiaYear(new Date("2026-12-31T16:00:00Z"))).toBe(2027);
  });
});
