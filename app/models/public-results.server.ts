// The public results of an edition (issue 21; /results/:year): its rounds declared OFFICIAL, grouped
// by event (by name) then round (race number order), each round's crews by place (then DNF, DSQ,
// DNS) with the lane's time, penalty and status as stored. Only rounds of live events count, as on
// the board. One query; the caller names the edition (docs/decisions/0033-editions.md).
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { crewsByPlace } from "~/rules/board";
import { isTugOfWar } from "~/rules/results";
import type { ResultLaneRow } from "~/rules/overlay";
import type { LaneStatus } from "../../db/enums";

/** A lane of a published result: the overlay's and the prize-giving sheet's lane (rules/overlay.ts). */
export type PublicLane = ResultLaneRow;
export type PublicRound = {
  id: number;
  name: string;
  raceNumber: number | null;
  /** 1 when declared Official; above 1: revised after that ("Official (revised)"). */
  revision: number;
  /** Tug of War: a win-loss record instead of a time. */
  tug: boolean;
  lanes: PublicLane[];
};
export type PublicEvent = { id: number; name: string; rounds: PublicRound[] };

type Line = {
  eventId: number;
  eventName: string;
  roundId: number;
  roundName: string;
  raceNumber: number | null;
  revision: number;
  lane: string | null;
  team: string | null;
  place: number | null;
  status: LaneStatus | null;
  timeMs: number | null;
  penaltyMs: number | null;
  wins: number | null;
  losses: number | null;
  score: string | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** An edition's official results, by event then round; events without an official round are left
 * out (an edition without any: an empty list). */
export function officialResults(editionId: number): PublicEvent[] {
  const lines = db().all<Line>(sql`
    SELECT e.id AS eventId, e.name AS eventName, r.id AS roundId, r.name AS roundName,
           r.race_number AS raceNumber, r.revision AS revision,
           ra.lane AS lane, t.name AS team, ra.place AS place, ra.status AS status,
           ra.time_ms AS timeMs, ra.penalty_ms AS penaltyMs, ra.wins AS wins, ra.losses AS losses,
           ra.score AS score
    FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    LEFT JOIN races ra ON ra.round_id = r.id
    LEFT JOIN teams t ON t.id = ra.team_id
    WHERE r.edition_id = ${editionId} AND r.result_state = 'OFFICIAL'
    ORDER BY e.name COLLATE NOCASE, e.id, r.race_number IS NULL, r.race_number, r.name COLLATE NOCASE, r.id
  `);
  const events: PublicEvent[] = [];
  let event: PublicEvent | undefined;
  let round: PublicRound | undefined;
  for (const l of lines) {
    if (event?.id !== l.eventId) {
      event = { id: l.eventId, name: l.eventName, rounds: [] };
      events.push(event);
    }
    if (round?.id !== l.roundId) {
      round = {
        id: l.roundId,
        name: l.roundName,
        raceNumber: num(l.raceNumber),
        revision: Number(l.revision),
        tug: isTugOfWar(l.eventName),
        lanes: [],
      };
      event.rounds.push(round);
    }
    if (l.lane === null) continue;
    round.lanes.push({
      lane: l.lane,
      team: l.team ?? "",
      place: num(l.place),
      status: l.status,
      timeMs: num(l.timeMs),
      penaltyMs: Number(l.penaltyMs ?? 0),
      wins: num(l.wins),
      losses: num(l.losses),
      score: l.score?.trim() ? l.score.trim() : null,
    });
  }
  for (const e of events) for (const r of e.rounds) r.lanes = crewsByPlace(r.lanes);
  return events;
}
