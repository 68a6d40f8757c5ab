// The big screen's content (issue 20, section 6; /board): the race(s) on the water, the next three
// by race number with their scheduled start and lanes, the newest Provisional and Official rounds
// with their crews by place, how late the day runs and the current notice. Only rounds of live
// events count. Four small queries (rounds by index, then their lanes in one go), and one more for
// the next races' readiness (issue 28: each lane Ready or Not ready, the public's words only).
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { crewsByPlace } from "~/rules/board";
import { delayMinutes } from "~/rules/timetable";
import type { LaneStatus } from "../../db/enums";
import { currentNotice } from "./notice.server";
import { readinessOf } from "./readiness.server";
import { type StandingsRow, standingsOf } from "./standings.server";

/** How many upcoming races and how many results the board shows. */
export const NEXT_RACES = 3;
export const LATEST_RESULTS = 6;
/** Issue 29: the club table on the board: every club ranked this or better (a tie is never split). */
export const STANDINGS_TOP = 10;

export type BoardLane = {
  lane: string;
  team: string;
  score: string | null;
  place: number | null;
  status: LaneStatus | null;
  /** The next races' lanes (issue 28): Ready or not (by scans or by hand alike); absent elsewhere. */
  ready?: boolean;
};
export type BoardRace = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  scheduledAt: number | null;
  lanes: BoardLane[];
};
export type BoardResult = BoardRace & {
  state: "PROVISIONAL" | "OFFICIAL";
  revision: number;
  protestUntil: number | null;
  resultsAt: number | null;
};
export type BoardData = {
  nowRacing: BoardRace[];
  next: BoardRace[];
  latest: BoardResult[];
  /** Minutes the day runs late (0: on time). */
  delayMinutes: number;
  notice: { id: number; text: string } | null;
  /** Issue 29: the club championship's top ten (Official results), and whether it is provisional. */
  standings: { provisional: boolean; rows: StandingsRow[] };
};

type RoundRow = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  scheduledAt: number | null;
  resultState: "NONE" | "PROVISIONAL" | "OFFICIAL";
  revision: number;
  protestUntil: number | null;
  resultsAt: number | null;
};

const ROUND_COLUMNS = sql`r.id AS id, r.race_number AS raceNumber, e.name AS eventName,
  r.name AS roundName, r.scheduled_at AS scheduledAt, r.result_state AS resultState,
  r.revision AS revision, r.protest_until AS protestUntil, r.results_at AS resultsAt`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The big screen's content for an edition (the open one). */
export function boardData(editionId: number): BoardData {
  const d = db();
  const nowRacing = d.all<RoundRow>(sql`
    SELECT ${ROUND_COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0 AND r.edition_id = ${editionId}
    WHERE r.started_at IS NOT NULL AND r.result_state = 'NONE'
    ORDER BY r.race_number IS NULL, r.race_number, r.started_at, r.id
  `);
  const next = d.all<RoundRow>(sql`
    SELECT ${ROUND_COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0 AND r.edition_id = ${editionId}
    WHERE r.started_at IS NULL AND r.result_state = 'NONE' AND r.race_number IS NOT NULL
    ORDER BY r.race_number LIMIT ${NEXT_RACES}
  `);
  const latest = d.all<RoundRow>(sql`
    SELECT ${ROUND_COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0 AND r.edition_id = ${editionId}
    WHERE r.result_state IN ('PROVISIONAL', 'OFFICIAL')
    ORDER BY r.results_at DESC, r.id DESC LIMIT ${LATEST_RESULTS}
  `);
  // The latest started race with a scheduled start: the one delayMinutes reads (rules/timetable.ts).
  const lastStart = d.all<{
    raceNumber: number | null;
    scheduledAt: number | null;
    startedAt: number | null;
  }>(sql`
    SELECT r.race_number AS raceNumber, r.scheduled_at AS scheduledAt, r.started_at AS startedAt FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0 AND r.edition_id = ${editionId}
    WHERE r.started_at IS NOT NULL AND r.scheduled_at IS NOT NULL
    ORDER BY r.started_at DESC, r.race_number DESC LIMIT 1
  `);

  const ids = [...new Set([...nowRacing, ...next, ...latest].map((r) => r.id))];
  const lanes = new Map<number, BoardLane[]>();
  if (ids.length) {
    const rows = d.all<BoardLane & { roundId: number }>(sql`
      SELECT ra.round_id AS roundId, ra.lane AS lane, COALESCE(t.name, '') AS team, ra.score AS score,
             ra.place AS place, ra.status AS status
      FROM races ra LEFT JOIN teams t ON t.id = ra.team_id
      WHERE ra.round_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    for (const row of rows) {
      const list = lanes.get(row.roundId) ?? [];
      list.push({
        lane: row.lane,
        team: row.team,
        score: row.score?.trim() ? row.score.trim() : null,
        place: num(row.place),
        status: row.status,
      });
      lanes.set(row.roundId, list);
    }
  }

  const race = (r: RoundRow): BoardRace => ({
    id: r.id,
    raceNumber: num(r.raceNumber),
    eventName: r.eventName,
    roundName: r.roundName,
    scheduledAt: num(r.scheduledAt),
    lanes: crewsByPlace(lanes.get(r.id) ?? []),
  });
  // Ready or not, for the next races only: the crews still to come to the start.
  const readiness = readinessOf(
    editionId,
    next.map((r) => r.id),
  );
  const withReady = (b: BoardRace): BoardRace => {
    const ready = new Map((readiness.get(b.id) ?? []).map((l) => [l.lane, l.readiness.ready]));
    return { ...b, lanes: b.lanes.map((l) => ({ ...l, ready: ready.get(l.lane) ?? false })) };
  };
  const notice = currentNotice(editionId);
  const table = standingsOf(editionId);
  return {
    nowRacing: nowRacing.map(race),
    next: next.map((r) => withReady(race(r))),
    latest: latest.map((r) => ({
      ...race(r),
      state: r.resultState === "OFFICIAL" ? "OFFICIAL" : "PROVISIONAL",
      revision: Number(r.revision),
      protestUntil: num(r.protestUntil),
      resultsAt: num(r.resultsAt),
    })),
    // The board says only "Running N min late" (an early start is on time for the crowd).
    delayMinutes: Math.max(
      0,
      delayMinutes(
        lastStart.map((r) => ({
          raceNumber: r.raceNumber,
          scheduledAt: num(r.scheduledAt),
          startedAt: num(r.startedAt),
        })),
      ) ?? 0,
    ),
    notice: notice ? { id: notice.id, text: notice.text } : null,
    standings: { provisional: table.provisional, rows: table.rows.filter((r) => r.rank <= STANDINGS_TOP) },
  };
}
