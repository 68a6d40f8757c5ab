// The public JSON API (issue 29 part 3; ADR 0039): which document a path under /api/v1 names, a
// race's public state, and instants as ISO 8601 UTC. Pure; models/open-data.server.ts reads the
// documents, services/open-data-api.server.ts answers them.
import type { ResultState } from "../../db/enums";

/** The API's version prefix: every document lives under it. */
export const API_PREFIX = "/api/v1";

/** A race as the public sees it: not started yet, on the water (no results yet), results
 * Provisional (protests possible), results Official. */
export const RACE_STATES = ["SCHEDULED", "RACING", "PROVISIONAL", "OFFICIAL"] as const;
export type RaceState = (typeof RACE_STATES)[number];

export function raceState(startedAt: number | null, resultState: ResultState): RaceState {
  if (resultState === "OFFICIAL") return "OFFICIAL";
  if (resultState === "PROVISIONAL") return "PROVISIONAL";
  return startedAt === null ? "SCHEDULED" : "RACING";
}

/** UTC ms as ISO 8601 UTC ("2026-11-29T01:30:00.000Z"), null stays null. */
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** A year in a path: four digits, or `current` (the open edition). */
export type YearRef = number | "current";

export type ApiPath =
  | { kind: "index" }
  | { kind: "openapi" }
  | { kind: "editions" }
  | { kind: "edition"; year: YearRef }
  | { kind: "timetable"; year: YearRef }
  | { kind: "standings"; year: YearRef }
  | { kind: "results"; year: YearRef; roundId: number }
  | { kind: "bad"; error: string }
  | { kind: "unknown" };

export const API_ERRORS = {
  notFound: "Not found.",
  badYear: 'The year must be four digits (e.g. 2026) or "current".',
  badRoundId: "The round id must be a whole number from 1.",
  noEdition: "No edition with public results has that year.",
  noRound: "No round of that edition has that id.",
  method: "Only GET, HEAD and OPTIONS are allowed.",
} as const;

const YEAR = /^\d{4}$/;
const ID = /^[1-9]\d{0,14}$/;

function yearOf(segment: string): YearRef | null {
  if (segment === "current") return "current";
  return YEAR.test(segment) ? Number(segment) : null;
}

/**
 * The document a request path names (no query string). Paths outside /api/v1 and unknown shapes are
 * `unknown` (404); a known shape with a malformed year or round id is `bad` (400).
 *
 *   /api/v1, /api/v1/                                  index
 *   /api/v1/openapi.json                               the OpenAPI 3.1 document
 *   /api/v1/editions                                   the public editions
 *   /api/v1/editions/{year}                            one edition ({year}: 2026 or current)
 *   /api/v1/editions/{year}/timetable                  its races with lanes
 *   /api/v1/editions/{year}/standings                  its club table
 *   /api/v1/editions/{year}/rounds/{roundId}/results   one round's results
 */
export function parseApiPath(path: string): ApiPath {
  if (path === API_PREFIX || path === `${API_PREFIX}/`) return { kind: "index" };
  if (!path.startsWith(`${API_PREFIX}/`)) return { kind: "unknown" };
  const parts = path.slice(API_PREFIX.length + 1).split("/");
  if (parts.includes("")) return { kind: "unknown" }; // a trailing or doubled slash
  if (parts.length === 1 && parts[0] === "openapi.json") return { kind: "openapi" };
  if (parts[0] !== "editions") return { kind: "unknown" };
  if (parts.length === 1) return { kind: "editions" };
  const shape =
    parts.length === 2
      ? "edition"
      : parts.length === 3 && (parts[2] === "timetable" || parts[2] === "standings")
        ? parts[2]
        : parts.length === 5 && parts[2] === "rounds" && parts[4] === "results"
          ? "results"
          : null;
  if (shape === null) return { kind: "unknown" };
  const year = yearOf(parts[1]);
  if (year === null) return { kind: "bad", error: API_ERRORS.badYear };
  if (shape !== "results") return { kind: shape, year };
  if (!ID.test(parts[3]) || !Number.isSafeInteger(Number(parts[3])))
    return { kind: "bad", error: API_ERRORS.badRoundId };
  return { kind: "results", year, roundId: Number(parts[3]) };
}
