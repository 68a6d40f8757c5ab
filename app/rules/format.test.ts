import { describe, expect, it } from "vitest";
import { formatDateTime, formatRM } from "./format";

describe("formatRM", () => {
  it.each([
    [0, "RM 0.00"],
    [5, "RM 0.05"],
    [10000, "RM 100.00"],
    [123450, "RM 1,234.50"],
    [-2550, "-RM 25.50"],
  ])("%i sen -> %s", (sen, text) => expect(formatRM(sen)).toBe(text));
});

describe("formatDateTime", () => {
  it("shows UTC instants in Malaysia time (UTC+8), 12-hour clock", () => {
    expect(formatDateTime(Date.UTC(2026, 2, 5, 13, 7))).toBe("05/03/2026 09:07 PM");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 30))).toBe("02/01/2026 12:30 AM");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 0))).toBe("01/01/2026 12:00 PM");
  });
});
