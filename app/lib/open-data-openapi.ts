// The public JSON API's OpenAPI 3.1 document (issue 29 part 3; ADR 0039), served at
// /api/v1/openapi.json. The schemas describe models/open-data.server.ts's documents exactly
// (additionalProperties false): tests/unit/open-data.test.ts validates every document against them,
// and the e2e spec every endpoint's real answer. Change both together.

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const int = { type: "integer" };
const object = (properties: Record<string, unknown>, description?: string) => ({
  type: "object",
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const year = {
  name: "year",
  in: "path",
  required: true,
  description: 'The edition\'s year (four digits), or "current" for the edition running now.',
  schema: { type: "string", pattern: "^(\\d{4}|current)$" },
  example: "current",
};
const roundId = {
  name: "roundId",
  in: "path",
  required: true,
  description: "The round's id (a race's `id` in the timetable).",
  schema: { type: "integer", minimum: 1 },
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const ok = (description: string, schema: unknown) => ({
  description,
  headers: {
    ETag: {
      description: "Weak validator of this answer: send it back in If-None-Match.",
      schema: { type: "string" },
    },
    "Cache-Control": { schema: { type: "string" } },
    "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } },
  },
  content: { "application/json": { schema } },
});
const notModified = { description: "Not modified: the If-None-Match header named the current ETag." };
const get = (
  operationId: string,
  summary: string,
  schema: unknown,
  errors: Record<string, ReturnType<typeof errorResponse>>,
  parameters: unknown[] = [],
) => ({
  get: {
    operationId,
    summary,
    parameters: [
      ...parameters,
      {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag this API gave: 304 when the document has not changed since.",
        schema: { type: "string" },
      },
    ],
    responses: { "200": ok(summary, schema), "304": notModified, ...errors },
  },
});

const BAD_YEAR = { "400": errorResponse("The year or the round id is malformed.") };
const NO_EDITION = { "404": errorResponse("No edition with public results has that year.") };

export const OPENAPI = {
  openapi: "3.1.0",
  info: {
    title: "Regatta open data",
    version: "1.0.0",
    summary: "The regatta's timetable, results and club standings, read-only and public.",
    description:
      "Read-only, no login. Team and club names only, never a person's. Every answer carries an ETag " +
      "(send it back in If-None-Match: 304 when nothing changed), Cache-Control, and " +
      'Access-Control-Allow-Origin: *. Errors are JSON: {"error": "..."}. Times are ISO 8601 UTC. ' +
      "Signed webhooks push the same documents: see /api.",
  },
  servers: [{ url: "/" }],
  paths: {
    "/api/v1": get("index", "What the API offers", ref("Index"), {}),
    "/api/v1/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This document",
        responses: {
          "200": {
            description: "This OpenAPI 3.1 document.",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "304": notModified,
        },
      },
    },
    "/api/v1/editions": get("editions", "The public editions, newest first", ref("Editions"), {}),
    "/api/v1/editions/{year}": get("edition", "One edition", ref("Edition"), { ...BAD_YEAR, ...NO_EDITION }, [
      year,
    ]),
    "/api/v1/editions/{year}/timetable": get(
      "timetable",
      "The edition's races in race-number order, with lanes, teams and clubs",
      ref("Timetable"),
      { ...BAD_YEAR, ...NO_EDITION },
      [year],
    ),
    "/api/v1/editions/{year}/rounds/{roundId}/results": get(
      "roundResults",
      "One round's results: places, times, penalties, statuses, state and revision",
      ref("RoundResults"),
      { ...BAD_YEAR, "404": errorResponse("No such edition, or no round of it with that id.") },
      [year, roundId],
    ),
    "/api/v1/editions/{year}/standings": get(
      "standings",
      "The club championship's table",
      ref("Standings"),
      { ...BAD_YEAR, ...NO_EDITION },
      [year],
    ),
  },
  components: {
    schemas: {
      Error: object({ error: { type: "string" } }),
      Ref: object({ id: int, name: { type: "string" } }),
      EditionRef: object({ year: int, name: { type: "string" } }),
      Index: object({
        name: { type: "string" },
        version: { type: "string" },
        openapi: { type: "string" },
        docs: { type: "string" },
        editions: { type: "string" },
        current: { type: "string" },
      }),
      Edition: object({
        year: int,
        name: { type: "string" },
        startsOn: { type: "string", format: "date" },
        endsOn: { type: "string", format: "date" },
        state: { enum: ["OPEN", "ARCHIVED"] },
        current: { type: "boolean", description: "The edition running now (OPEN)." },
        links: object({ timetable: { type: "string" }, standings: { type: "string" } }),
      }),
      Editions: object({ editions: { type: "array", items: ref("Edition") } }),
      RaceState: {
        enum: ["SCHEDULED", "RACING", "PROVISIONAL", "OFFICIAL"],
        description:
          "SCHEDULED: not started; RACING: started, no results yet; PROVISIONAL: results saved, " +
          "protests possible; OFFICIAL: declared Official (revision 1, more when revised).",
      },
      Lane: object({ lane: { type: "string" }, team: ref("Ref"), club: ref("Ref") }),
      Race: object({
        id: { ...int, description: "The round's id: its results are .../rounds/{id}/results." },
        raceNumber: int,
        event: ref("Ref"),
        round: { type: "string" },
        scheduledStart: nullableDateTime,
        expectedStart: {
          ...nullableDateTime,
          description:
            "Not started: the scheduled start plus how late the day runs; started: the actual start.",
        },
        startedAt: nullableDateTime,
        state: ref("RaceState"),
        revision: { ...int, minimum: 0 },
        lanes: { type: "array", items: ref("Lane") },
      }),
      Timetable: object({
        edition: ref("EditionRef"),
        delayMinutes: { ...int, description: "How late the day runs (negative: early)." },
        races: { type: "array", items: ref("Race") },
      }),
      ResultLane: object({
        lane: { type: "string" },
        team: ref("Ref"),
        club: ref("Ref"),
        place: nullable("integer", { minimum: 1, description: "Ties share a place." }),
        timeMs: nullable("integer", { minimum: 0 }),
        penaltyMs: { ...int, minimum: 0 },
        resultMs: nullable("integer", { minimum: 0, description: "The time with the penalty added." }),
        status: { enum: ["DNS", "DNF", "DSQ", null] },
        wins: nullable("integer", { description: "Tug of War only." }),
        losses: nullable("integer", { description: "Tug of War only." }),
      }),
      RoundResults: object({
        edition: ref("EditionRef"),
        round: object({
          id: int,
          raceNumber: nullable("integer"),
          event: ref("Ref"),
          name: { type: "string" },
          tugOfWar: { type: "boolean" },
          state: ref("RaceState"),
          revision: { ...int, minimum: 0 },
          resultsAt: nullableDateTime,
          protestUntil: nullableDateTime,
        }),
        lanes: {
          type: "array",
          description: "By place (then DNF, DSQ, DNS); before any result, in lane order with null results.",
          items: ref("ResultLane"),
        },
      }),
      StandingsRow: object({
        rank: {
          ...int,
          minimum: 1,
          description: "Clubs level on points, firsts, seconds and thirds share it.",
        },
        club: ref("Ref"),
        points: {
          type: "number",
          description: "From Official results; crews tied on a place share its points.",
        },
        provisionalPoints: { type: "number", description: "From Provisional results, apart." },
        first: { ...int, minimum: 0 },
        second: { ...int, minimum: 0 },
        third: { ...int, minimum: 0 },
        races: { ...int, minimum: 0, description: "The crew results counted." },
      }),
      Standings: object({
        edition: ref("EditionRef"),
        scheme: object({
          kind: { enum: ["FINALS", "LEAGUE", "CUSTOM"] },
          finalsOnly: { type: "boolean" },
          custom: { type: "string", description: 'CUSTOM: points for places 1..N, e.g. "10,8,6".' },
        }),
        provisional: { type: "boolean", description: "Not every final of the edition is Official yet." },
        clubs: { type: "array", items: ref("StandingsRow") },
      }),
    },
  },
} as const;

/** The schema of each path's 200 answer, by the path template (tests). */
export const RESPONSE_SCHEMAS: Record<string, string> = {
  "/api/v1": "Index",
  "/api/v1/editions": "Editions",
  "/api/v1/editions/{year}": "Edition",
  "/api/v1/editions/{year}/timetable": "Timetable",
  "/api/v1/editions/{year}/rounds/{roundId}/results": "RoundResults",
  "/api/v1/editions/{year}/standings": "Standings",
};
