import { describe, expect, it } from "vitest";
import { API_ERRORS, iso, parseApiPath, raceState } from "./open-data";

describe("parseApiPath", () => {
  it("names every document", () => {
    expect(parseApiPath("/api/v1")).toEqual({ kind: "index" });
    expect(parseApiPath("/api/v1/")).toEqual({ kind: "index" });
    expect(parseApiPath("/api/v1/openapi.json")).toEqual({ kind: "openapi" });
    expect(parseApiPath("/api/v1/editions")).toEqual({ kind: "editions" });
    expect(parseApiPath("/api/v1/editions/2026")).toEqual({ kind: "edition", year: 2026 });
    expect(parseApiPath("/api/v1/editions/current")).toEqual({ kind: "edition", year: "current" });
    expect(parseApiPath("/api/v1/editions/2025/timetable")).toEqual({ kind: "timetable", year: 2025 });
    expect(parseApiPath("/api/v1/editions/current/standings")).toEqual({
      kind: "standings",
      year: "current",
    });
    expect(parseApiPath("/api/v1/editions/2026/rounds/42/results")).toEqual({
      kind: "results",
      year: 2026,
      roundId: 42,
    });
  });

  it("a known shape with a malformed year or round id is a 400", () => {
    for (const year of ["26", "20260", "20x6", "CURRENT", "-2026"])
      expect(parseApiPath(`/api/v1/editions/${year}/timetable`), year).toEqual({
        kind: "bad",
        error: API_ERRORS.badYear,
      });
    expect(parseApiPath("/api/v1/editions/abc")).toEqual({ kind: "bad", error: API_ERRORS.badYear });
    for (const id of ["0", "-1", "1.5", "01", "x", "1e3", "99999999999999999999"])
      expect(parseApiPath(`/api/v1/editions/2026/rounds/${id}/results`), id).toEqual({
        kind: "bad",
        error: API_ERRORS.badRoundId,
      });
    // The largest id accepted: 15 digits (safe integers).
    expect(parseApiPath("/api/v1/editions/2026/rounds/999999999999999/results")).toMatchObject({
      roundId: 999_999_999_999_999,
    });
  });

  it("anything else is unknown (404)", () => {
    for (const path of [
      "/api",
      "/api/v2/editions",
      "/api/v1x",
      "/api/v1/edition",
      "/api/v1/editions/",
      "/api/v1/editions/2026/",
      "/api/v1/editions//timetable",
      "/api/v1/editions/2026/rounds//results",
      "/api/v1/editions/2026/results",
      "/api/v1/editions/2026/rounds/1",
      "/api/v1/editions/2026/rounds/1/results/x",
      "/api/v1/editions/2026/timetable/1",
      "/api/v1/openapi.json/x",
      "/api/v1/openapi.yaml",
    ])
      expect(parseApiPath(path), path).toEqual({ kind: "unknown" });
  });
});

describe("raceState", () => {
  it("results first, then whether it started", () => {
    expect(raceState(null, "NONE")).toBe("SCHEDULED");
    expect(raceState(1_000, "NONE")).toBe("RACING");
    expect(raceState(1_000, "PROVISIONAL")).toBe("PROVISIONAL");
    expect(raceState(null, "PROVISIONAL")).toBe("PROVISIONAL"); // results typed without a Start
    expect(raceState(1_000, "OFFICIAL")).toBe("OFFICIAL");
  });
});

describe("iso", () => {
  it("UTC, with milliseconds; null stays null", () => {
    expect(iso(Date.UTC(2026, 10, 29, 1, 30))).toBe("2026-11-29T01:30:00.000Z");
    expect(iso(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(iso(null)).toBeNull();
  });
});
