// Ready or not, per lane (issue 28 section 1): what the entrance scans say about every lane of many
// rounds, read in ONE query, and Mark Ready / Undo by hand (ADMIN, COMMITTEE: a missed scan), each
// one transaction with its audit entry; the board and the scoreboard hear of it once committed.
// Who counts: the distinct users scanned for the lane's round and team (scan_logs) who are in the
// team's crew NOW (team_members), so a race-day crew change is respected (a member who left no
// longer counts, one who came in counts once scanned); men and women from users.gender. The
// decision and its words are rules/readiness.ts.
import { sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import { checkReason, type LaneReadiness, laneReadiness } from "~/rules/readiness";
import { type Actor, audit } from "./audit.server";

export const READINESS_AUDIT = {
  marked: "lane.ready_marked",
  undone: "lane.ready_undone",
} as const;

/** One lane as the screens show it. */
export type LaneReady = {
  /** The `races` row. */
  raceId: number;
  roundId: number;
  lane: string;
  teamId: number;
  teamName: string;
  readiness: LaneReadiness;
  /** Marked Ready by hand: when and by whom (null otherwise). */
  readyAt: number | null;
  readyByName: string | null;
};

type Row = {
  raceId: number;
  roundId: number;
  lane: string;
  teamId: number;
  teamName: string;
  readyAt: number | null;
  readyReason: string | null;
  readyByName: string | null;
  minRace: number;
  maxRace: number;
  maxMale: number;
  minFemale: number;
  total: number;
  men: number;
  women: number;
};

/**
 * Every lane of these rounds (rounds of the edition, live events only), by round then lane
 * (numeric lanes in number order), with its readiness: one query whatever the number of rounds
 * (the ids travel as one JSON parameter). Rounds with no lanes are absent from the map.
 */
export function readinessOf(editionId: number, roundIds: readonly number[]): Map<number, LaneReady[]> {
  const out = new Map<number, LaneReady[]>();
  if (roundIds.length === 0) return out;
  const ids = JSON.stringify([...new Set(roundIds)]);
  const rows = db().all<Row>(sql`
    WITH ids(id) AS (SELECT value FROM json_each(${ids})),
    scans AS (
      SELECT s.round_id AS roundId, s.team_id AS teamId,
        COUNT(DISTINCT s.user_id) AS total,
        COUNT(DISTINCT CASE WHEN u.gender = 'MALE' THEN s.user_id END) AS men,
        COUNT(DISTINCT CASE WHEN u.gender = 'FEMALE' THEN s.user_id END) AS women
      FROM scan_logs s
      JOIN team_members tm ON tm.team_id = s.team_id AND tm.user_id = s.user_id
      JOIN users u ON u.id = s.user_id
      WHERE s.round_id IN (SELECT id FROM ids)
      GROUP BY s.round_id, s.team_id
    )
    SELECT ra.id AS raceId, ra.round_id AS roundId, ra.lane AS lane, ra.team_id AS teamId,
      t.name AS teamName, ra.ready_at AS readyAt, ra.ready_reason AS readyReason,
      CASE WHEN b.id IS NULL THEN NULL WHEN b.name = '' THEN b.email ELSE b.name END AS readyByName,
      e.min_race AS minRace, e.max_race AS maxRace, e.max_male AS maxMale, e.min_female AS minFemale,
      COALESCE(sc.total, 0) AS total, COALESCE(sc.men, 0) AS men, COALESCE(sc.women, 0) AS women
    FROM races ra
    JOIN rounds r ON r.id = ra.round_id AND r.edition_id = ${editionId}
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    JOIN teams t ON t.id = ra.team_id
    LEFT JOIN users b ON b.id = ra.ready_by
    LEFT JOIN scans sc ON sc.roundId = ra.round_id AND sc.teamId = ra.team_id
    WHERE ra.round_id IN (SELECT id FROM ids)
    ORDER BY ra.round_id, CAST(ra.lane AS INTEGER), ra.lane
  `);
  for (const row of rows) {
    const list = out.get(row.roundId) ?? [];
    list.push({
      raceId: row.raceId,
      roundId: row.roundId,
      lane: row.lane,
      teamId: row.teamId,
      teamName: row.teamName,
      readiness: laneReadiness(
        { total: Number(row.total), men: Number(row.men), women: Number(row.women) },
        {
          minRace: row.minRace,
          maxRace: row.maxRace,
          maxMale: row.maxMale,
          minFemale: row.minFemale,
        },
        row.readyAt === null ? null : (row.readyReason ?? ""),
      ),
      readyAt: row.readyAt === null ? null : Number(row.readyAt),
      readyByName: row.readyByName,
    });
    out.set(row.roundId, list);
  }
  return out;
}

/** The lane a Mark Ready or Undo names, as its toast names it. */
export type ReadyLane = {
  raceId: number;
  roundId: number;
  lane: string;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
};

export type ReadyResult =
  | { ok: true; lane: ReadyLane }
  | { ok: false; code: "notFound" | "marked" | "notMarked" | "empty" | "tooLong" };

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** A lane of a live event's round of the edition (of round `roundId` when given), or undefined. */
function laneIn(tx: Tx, editionId: number, raceId: number, roundId: number | undefined) {
  return tx.get<ReadyLane & { teamId: number; readyAt: number | null; readyReason: string | null }>(sql`
    SELECT ra.id AS raceId, ra.round_id AS roundId, ra.lane AS lane, ra.team_id AS teamId,
      ra.ready_at AS readyAt, ra.ready_reason AS readyReason,
      r.race_number AS raceNumber, e.name AS eventName, r.name AS roundName
    FROM races ra
    JOIN rounds r ON r.id = ra.round_id AND r.edition_id = ${editionId}
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE ra.id = ${raceId} ${roundId === undefined ? sql`` : sql`AND ra.round_id = ${roundId}`}
  `);
}

const laneOf = (row: ReadyLane): ReadyLane => ({
  raceId: row.raceId,
  roundId: row.roundId,
  lane: row.lane,
  raceNumber: row.raceNumber === null ? null : Number(row.raceNumber),
  eventName: row.eventName,
  roundName: row.roundName,
});

/**
 * Mark Ready by hand (a missed scan): the reason is required (trimmed, at most READY_REASON_MAX).
 * Refused for a lane not in a live round of the edition (or not of `roundId` when given) and for
 * one already marked; audited `lane.ready_marked` with the reason, in the same transaction.
 */
export function markReady(
  editionId: number,
  actor: Actor,
  raceId: number,
  rawReason: unknown,
  roundId?: number,
): ReadyResult {
  const checked = checkReason(rawReason);
  if (!checked.ok) return { ok: false, code: checked.error };
  const at = now();
  const result = db().transaction((tx): ReadyResult => {
    const row = laneIn(tx, editionId, raceId, roundId);
    if (!row) return { ok: false, code: "notFound" };
    if (row.readyAt !== null) return { ok: false, code: "marked" };
    // The guard in the WHERE too: two desks marking at once record one mark.
    const done = tx.run(sql`
      UPDATE races SET ready_at = ${at}, ready_reason = ${checked.reason}, ready_by = ${actor.id}
      WHERE id = ${raceId} AND ready_at IS NULL
    `);
    if (done.changes !== 1) return { ok: false, code: "marked" };
    audit(tx, actor, {
      editionId,
      action: READINESS_AUDIT.marked,
      targetType: "race",
      targetId: raceId,
      details: {
        roundId: row.roundId,
        raceNumber: row.raceNumber,
        lane: row.lane,
        teamId: row.teamId,
        reason: checked.reason,
      },
    });
    return { ok: true, lane: laneOf(row) };
  });
  if (result.ok) notifyScoreboard(result.lane.roundId);
  return result;
}

/** Undo: the lane's readiness goes back to its scans. Refused for a lane not marked by hand;
 * audited `lane.ready_undone` with the reason it had. */
export function undoReady(editionId: number, actor: Actor, raceId: number, roundId?: number): ReadyResult {
  const result = db().transaction((tx): ReadyResult => {
    const row = laneIn(tx, editionId, raceId, roundId);
    if (!row) return { ok: false, code: "notFound" };
    if (row.readyAt === null) return { ok: false, code: "notMarked" };
    const done = tx.run(sql`
      UPDATE races SET ready_at = NULL, ready_reason = NULL, ready_by = NULL
      WHERE id = ${raceId} AND ready_at IS NOT NULL
    `);
    if (done.changes !== 1) return { ok: false, code: "notMarked" };
    audit(tx, actor, {
      editionId,
      action: READINESS_AUDIT.undone,
      targetType: "race",
      targetId: raceId,
      details: {
        roundId: row.roundId,
        raceNumber: row.raceNumber,
        lane: row.lane,
        teamId: row.teamId,
        reason: row.readyReason,
        markedAt: Number(row.readyAt),
      },
    });
    return { ok: true, lane: laneOf(row) };
  });
  if (result.ok) notifyScoreboard(result.lane.roundId);
  return result;
}
