// The public JSON API's documents (issue 29 part 3; ADR 0039): team and club names only, never a
// person's. OWNER: helper of part 3. The signatures are fixed here so the webhooks (part 4) send
// the same JSON as the API for a round, the timetable and the standings; part 3 writes the bodies
// and the types' fields.

/** GET /api/v1/editions/{year}/rounds/{id}/results */
export type ApiRoundResults = Record<string, unknown>;
/** GET /api/v1/editions/{year}/timetable */
export type ApiTimetable = Record<string, unknown>;
/** GET /api/v1/editions/{year}/standings */
export type ApiStandings = Record<string, unknown>;

/** A round's results document, or undefined (no such round in the edition). */
export function roundResultsJson(_editionId: number, _roundId: number): ApiRoundResults | undefined {
  return undefined;
}

/** The edition's timetable document. */
export function timetableJson(_editionId: number): ApiTimetable {
  return {};
}

/** The edition's standings document. */
export function standingsJson(_editionId: number): ApiStandings {
  return {};
}
