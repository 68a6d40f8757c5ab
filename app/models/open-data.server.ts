// The public JSON API's documents (issue 29 part 3; ADR 0039): team and club names only, never a
// person's (no member, manager, user or email; no free-text reasons either: a DSQ's or a penalty's
// reason is typed by staff and may name someone, and no public page shows it). The webhooks
// (part 4) send exactly these documents for a round, the timetable and the standings.
//
// One SQL statement per document (the edition joined in, the lanes in the same rows), whatever the
// number of races: no query per race. Archived editions read as they are (reads only). Only
// rounds of live (not deleted) events count, as on the board and /results.
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { crewsByPlace } from "~/rules/board";
import { iso, type RaceState, raceState } from "~/rules/open-data";
import { compareLanes } from "~/rules/race-fields";
import { isTugOfWar } from "~/rules/results";
import type { EditionState, LaneStatus, PointsScheme, ResultState } from "../../db/enums";
import { type Edition, getEdition, publicEditions } from "./edition.server";
import { standingsOf } from "./standings.server";

export type ApiEditionRef = { year: number; name: string };
export type ApiRef = { id: number; name: string };

/** GET /api/v1/editions/{year}: an edition the public sees (OPEN: the current one; ARCHIVED). */
export type ApiEdition = {
  year: number;
  name: string;
  /** "YYYY-MM-DD". */
  startsOn: string;
  endsOn: string;
  state: Exclude<EditionState, "DRAFT">;
  current: boolean;
  links: { timetable: string; standings: string };
};
/** GET /api/v1/editions */
export type ApiEditions = { editions: ApiEdition[] };

export type ApiLane = { lane: string; team: ApiRef; club: ApiRef };
export type ApiRace = {
  /** The round's id: its results are /api/v1/editions/{year}/rounds/{id}/results. */
  id: number;
  raceNumber: number;
  event: ApiRef;
  round: string;
  /** ISO 8601 UTC; null: no start time yet. */
  scheduledStart: string | null;
  /** Not started: the scheduled start plus how late the day runs; started: the actual start. */
  expectedStart: string | null;
  startedAt: string | null;
  state: RaceState;
  /** 0 until declared Official; 1 when declared; each revision after that adds one. */
  revision: number;
  /** In lane order. */
  lanes: ApiLane[];
};

/** GET /api/v1/editions/{year}/timetable: the races with a race number, in race-number order. */
export type ApiTimetable = {
  edition: ApiEditionRef;
  /** Minutes the day runs late (negative: early), from the latest started race; 0 before any. */
  delayMinutes: number;
  races: ApiRace[];
};

export type ApiResultLane = ApiLane & {
  /** Ties share a place; null: no place (a status, or no result yet). */
  place: number | null;
  /** The finish time as timed, in ms (null: none). */
  timeMs: number | null;
  penaltyMs: number;
  /** The time with the penalty added: what places are decided on (null: no time). */
  resultMs: number | null;
  status: LaneStatus | null;
  /** Tug of War: the win-loss record (null elsewhere). */
  wins: number | null;
  losses: number | null;
};

/** GET /api/v1/editions/{year}/rounds/{id}/results: lanes by place (ties by lane), then DNF, DSQ,
 * DNS; before any result (SCHEDULED, RACING) in lane order with every result field null. */
export type ApiRoundResults = {
  edition: ApiEditionRef;
  round: {
    id: number;
    raceNumber: number | null;
    event: ApiRef;
    name: string;
    tugOfWar: boolean;
    state: RaceState;
    revision: number;
    /** When the results were last saved, declared or revised (ISO 8601 UTC). */
    resultsAt: string | null;
    /** Provisional results: protests until then. */
    protestUntil: string | null;
  };
  lanes: ApiResultLane[];
};

export type ApiStandingsRow = {
  rank: number;
  club: ApiRef;
  /** From Official results (may be fractional: crews tied on a place share its points). */
  points: number;
  /** From Provisional results, apart. */
  provisionalPoints: number;
  first: number;
  second: number;
  third: number;
  races: number;
};

/** GET /api/v1/editions/{year}/standings: the club championship's table. */
export type ApiStandings = {
  edition: ApiEditionRef;
  scheme: { kind: PointsScheme; finalsOnly: boolean; custom: string };
  /** Not every final of the edition is Official yet. */
  provisional: boolean;
  clubs: ApiStandingsRow[];
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const base = (year: number) => `/api/v1/editions/${year}`;

function apiEdition(e: Edition): ApiEdition {
  return {
    year: e.year,
    name: e.name,
    startsOn: e.startsOn,
    endsOn: e.endsOn,
    state: e.state === "OPEN" ? "OPEN" : "ARCHIVED",
    current: e.state === "OPEN",
    links: { timetable: `${base(e.year)}/timetable`, standings: `${base(e.year)}/standings` },
  };
}

/** The public editions (open and archived), newest first. */
export function editionsJson(): ApiEditions {
  return { editions: publicEditions().map(apiEdition) };
}

/** One public edition's document (undefined for a draft). */
export function editionJson(edition: Edition): ApiEdition | undefined {
  return edition.state === "DRAFT" ? undefined : apiEdition(edition);
}

type LaneRow = {
  lane: string | null;
  teamId: number | null;
  team: string | null;
  clubId: number | null;
  club: string | null;
};
const laneOf = (l: LaneRow): ApiLane => ({
  lane: l.lane ?? "",
  team: { id: Number(l.teamId), name: l.team ?? "" },
  club: { id: Number(l.clubId ?? 0), name: l.club ?? "" },
});

type ResultLine = LaneRow & {
  year: number;
  editionName: string;
  roundId: number;
  raceNumber: number | null;
  eventId: number;
  eventName: string;
  roundName: string;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  resultsAt: number | null;
  protestUntil: number | null;
  place: number | null;
  timeMs: number | null;
  penaltyMs: number | null;
  status: LaneStatus | null;
  wins: number | null;
  losses: number | null;
};

/** A round's results document, or undefined (no such round of a live event in the edition). */
export function roundResultsJson(editionId: number, roundId: number): ApiRoundResults | undefined {
  const lines = db().all<ResultLine>(sql`
    SELECT ed.year AS year, ed.name AS editionName, r.id AS roundId, r.race_number AS raceNumber,
           e.id AS eventId, e.name AS eventName, r.name AS roundName, r.started_at AS startedAt,
           r.result_state AS resultState, r.revision AS revision, r.results_at AS resultsAt,
           r.protest_until AS protestUntil,
           ra.lane AS lane, t.id AS teamId, t.name AS team, a.id AS clubId, a.name AS club,
           ra.place AS place, ra.time_ms AS timeMs, ra.penalty_ms AS penaltyMs, ra.status AS status,
           ra.wins AS wins, ra.losses AS losses
    FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    JOIN editions ed ON ed.id = r.edition_id
    LEFT JOIN races ra ON ra.round_id = r.id
    LEFT JOIN teams t ON t.id = ra.team_id
    LEFT JOIN associations a ON a.id = t.association_id
    WHERE r.id = ${roundId} AND r.edition_id = ${editionId}
  `);
  const first = lines[0];
  if (!first) return undefined;
  const state = raceState(num(first.startedAt), first.resultState);
  const results = state === "PROVISIONAL" || state === "OFFICIAL";
  const lanes = lines
    .filter((l) => l.lane !== null)
    .map((l): ApiResultLane => {
      const timeMs = results ? num(l.timeMs) : null;
      const penaltyMs = results ? Number(l.penaltyMs ?? 0) : 0;
      return {
        ...laneOf(l),
        place: results ? num(l.place) : null,
        timeMs,
        penaltyMs,
        resultMs: timeMs === null ? null : timeMs + penaltyMs,
        status: results ? l.status : null,
        wins: results ? num(l.wins) : null,
        losses: results ? num(l.losses) : null,
      };
    })
    .sort((x, y) => compareLanes(x.lane, y.lane));
  return {
    edition: { year: Number(first.year), name: first.editionName },
    round: {
      id: Number(first.roundId),
      raceNumber: num(first.raceNumber),
      event: { id: Number(first.eventId), name: first.eventName },
      name: first.roundName,
      tugOfWar: isTugOfWar(first.eventName),
      state,
      revision: Number(first.revision),
      resultsAt: iso(num(first.resultsAt)),
      protestUntil: iso(num(first.protestUntil)),
    },
    lanes: crewsByPlace(lanes),
  };
}

type TimetableLine = LaneRow & {
  year: number;
  editionName: string;
  lateMs: number | null;
  roundId: number | null;
  raceNumber: number | null;
  eventId: number;
  eventName: string;
  roundName: string;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
};

/** The edition's timetable document: its races with a race number, in race-number order, each
 * with its lanes (team and club). An edition without races: an empty list. */
export function timetableJson(editionId: number): ApiTimetable {
  // The delay is read once (a subquery on the parameter, not on a row), as race control reads it:
  // the latest started race with a scheduled start (rules/timetable.ts delayMinutes).
  const lines = db().all<TimetableLine>(sql`
    SELECT ed.year AS year, ed.name AS editionName,
           (SELECT r2.started_at - r2.scheduled_at FROM rounds r2
              JOIN events e2 ON e2.id = r2.event_id AND e2.deleted = 0
              WHERE r2.edition_id = ${editionId} AND r2.started_at IS NOT NULL AND r2.scheduled_at IS NOT NULL
              ORDER BY r2.started_at DESC, r2.race_number DESC LIMIT 1) AS lateMs,
           rr.id AS roundId, rr.race_number AS raceNumber, rr.event_id AS eventId,
           rr.event_name AS eventName, rr.name AS roundName, rr.scheduled_at AS scheduledAt,
           rr.started_at AS startedAt, rr.result_state AS resultState, rr.revision AS revision,
           ra.lane AS lane, t.id AS teamId, t.name AS team, a.id AS clubId, a.name AS club
    FROM editions ed
    LEFT JOIN (
      SELECT r.*, e.name AS event_name FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
      WHERE r.edition_id = ${editionId} AND r.race_number IS NOT NULL
    ) rr ON 1
    LEFT JOIN races ra ON ra.round_id = rr.id
    LEFT JOIN teams t ON t.id = ra.team_id
    LEFT JOIN associations a ON a.id = t.association_id
    WHERE ed.id = ${editionId}
    ORDER BY rr.race_number, rr.id
  `);
  const first = lines[0];
  const late = num(first?.lateMs);
  const delay = late === null ? 0 : Math.round(late / 60_000) || 0; // no -0
  const races: ApiRace[] = [];
  let race: ApiRace | undefined;
  for (const l of lines) {
    if (l.roundId === null) continue;
    if (race?.id !== Number(l.roundId)) {
      const scheduled = num(l.scheduledAt);
      const started = num(l.startedAt);
      race = {
        id: Number(l.roundId),
        raceNumber: Number(l.raceNumber),
        event: { id: Number(l.eventId), name: l.eventName },
        round: l.roundName,
        scheduledStart: iso(scheduled),
        expectedStart: iso(started ?? (scheduled === null ? null : scheduled + delay * 60_000)),
        startedAt: iso(started),
        state: raceState(started, l.resultState),
        revision: Number(l.revision),
        lanes: [],
      };
      races.push(race);
    }
    if (l.lane !== null) race.lanes.push(laneOf(l));
  }
  for (const r of races) r.lanes.sort((x, y) => compareLanes(x.lane, y.lane));
  return {
    edition: first ? { year: Number(first.year), name: first.editionName } : { year: 0, name: "" },
    delayMinutes: delay,
    races,
  };
}

/** The edition's standings document (models/standings.server.ts: the club table). */
export function standingsJson(editionId: number): ApiStandings {
  const s = standingsOf(editionId);
  const e = getEdition(editionId);
  return {
    edition: { year: e?.year ?? 0, name: e?.name ?? "" },
    scheme: { kind: s.scheme.kind, finalsOnly: s.scheme.finalsOnly, custom: s.scheme.custom },
    provisional: s.provisional,
    clubs: s.rows.map((row) => ({
      rank: row.rank,
      club: { id: row.clubId, name: row.club },
      points: row.points,
      provisionalPoints: row.provisionalPoints,
      first: row.first,
      second: row.second,
      third: row.third,
      races: row.races,
    })),
  };
}
