import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatRM } from "./format";

describe("formatRM", () => {
  it.each([
    [0, "RM 0.00"],
    [5, "RM 0.05"],
    [10000, "RM 100.00"],
    [123450, "RM 1,234.50"],
    [-2550, "-RM 25.50"],
    [123456789, "RM 1,234,567.89"],
    [100000000, "RM 1,000,000.00"],
  ])("%i sen -> %s", (sen, text) => expect(formatRM(sen)).toBe(text));
  it("agrees with Intl's en-MY money format", () => {
    const intl = new Intl.NumberFormat("en-MY", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let sen = 1; sen < 250_000_000; sen = sen * 3 + 7) {
      expect(formatRM(sen)).toBe(`RM ${intl.format(sen / 100)}`);
      expect(formatRM(-sen)).toBe(`-RM ${intl.format(sen / 100)}`);
    }
  });
});

describe("formatDateTime", () => {
  it("shows UTC instants in Malaysia time (UTC+8), 12-hour clock", () => {
    expect(formatDateTime(Date.UTC(2026, 2, 5, 13, 7))).toBe("05/03/2026 09:07 PM");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 30))).toBe("02/01/2026 12:30 AM");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 0))).toBe("01/01/2026 12:00 PM");
  });
  it("says PG and PTG for AM and PM in Malay, the rest the same", () => {
    expect(formatDateTime(Date.UTC(2026, 2, 5, 13, 7), "ms")).toBe("05/03/2026 09:07 PTG");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 30), "ms")).toBe("02/01/2026 12:30 PG");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 0), "en")).toBe("01/01/2026 12:00 PM");
  });
  it("agrees with Intl's Asia/Kuala_Lumpur formatting across a year, and refuses an invalid date", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kuala_Lumpur",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: true,
    });
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 3_600_000 + 13 * 60_000) {
      const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
      const hour = p.hour === "00" ? "12" : p.hour;
      expect(formatDateTime(ms)).toBe(
        `${p.day}/${p.month}/${p.year} ${hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()}`,
      );
    }
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
  });
});

describe("formatDay", () => {
  it("agrees with Intl's short dates in English (en-GB) and Malay (ms-MY) for every month", () => {
    for (const [locale, tag] of [
      ["en", "en-GB"],
      ["ms", "ms-MY"],
    ] as const) {
      const intl = new Intl.DateTimeFormat(tag, {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      });
      for (let month = 0; month < 12; month++) {
        const day = ((month * 5) % 28) + 1;
        const iso = `2026-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(formatDay(iso, locale)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }
    }
  });
  it("gives back what is not a day", () => {
    expect(formatDay("tomorrow")).toBe("tomorrow");
    expect(formatDay("")).toBe("");
  });
});
