// The broadcast overlay's content (issue 29 part 2; /overlay): the race on the water with its lanes
// and teams, and the round that went Official in the last 30 s with its top three and their times.
// Team names only, never a person's (the page is public). Three small queries whatever the day's
// size: the started rounds without results (a handful), the newest Official round inside the time
// window (index rounds_results), and the lanes of both in one go. Only rounds of live events count.
import { db } from "~/lib/db.server";
import { byLane } from "~/models/scoreboard.server";
import {
  officialWindow,
  type PodiumLane,
  podium,
  type ResultLaneRow,
  raceOnWater,
  shownUntil,
} from "~/rules/overlay";

export type OverlayRace = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  lanes: { lane: string; team: string }[];
};

export type OverlayResult = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  revision: number;
  /** When it leaves the screen (ms): results_at + 30 s. */
  until: number;
  podium: PodiumLane[];
};

export type OverlayData = { onWater: OverlayRace | null; official: OverlayResult | null };

type RoundRow = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  startedAt: number;
  revision: number;
  resultsAt: number;
};

const sqlite = () => db().$client;

const COLUMNS = `r.id AS id, r.race_number AS raceNumber, e.name AS eventName, r.name AS roundName,
  r.started_at AS startedAt, r.revision AS revision, r.results_at AS resultsAt`;

/** What the overlay shows at `at` (ms) for the edition (the open one). */
export function overlayData(editionId: number, at: number): OverlayData {
  const started = sqlite()
    .prepare(
      `SELECT ${COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
       WHERE r.edition_id = ? AND r.result_state = 'NONE' AND r.started_at IS NOT NULL`,
    )
    .all(editionId) as RoundRow[];
  const onWater = raceOnWater(started);
  const { after, before } = officialWindow(at);
  const official = sqlite()
    .prepare(
      `SELECT ${COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
       WHERE r.result_state = 'OFFICIAL' AND r.results_at > ? AND r.results_at < ? AND r.edition_id = ?
       ORDER BY r.results_at DESC, r.id DESC LIMIT 1`,
    )
    .get(after, before, editionId) as RoundRow | undefined;

  const ids = [onWater?.id, official?.id].filter((id): id is number => id !== undefined);
  const lanes = new Map<number, (ResultLaneRow & { roundId: number })[]>();
  if (ids.length > 0) {
    const rows = sqlite()
      .prepare(
        `SELECT ra.round_id AS roundId, ra.lane AS lane, COALESCE(t.name, '') AS team, ra.place AS place,
           ra.status AS status, ra.time_ms AS timeMs, ra.penalty_ms AS penaltyMs, ra.wins AS wins,
           ra.losses AS losses, ra.score AS score
         FROM races ra LEFT JOIN teams t ON t.id = ra.team_id
         WHERE ra.round_id IN (${ids.map(() => "?").join(", ")})`,
      )
      .all(...ids) as (ResultLaneRow & { roundId: number })[];
    for (const row of rows) lanes.set(row.roundId, [...(lanes.get(row.roundId) ?? []), row]);
  }
  const head = (r: RoundRow) => ({
    id: r.id,
    raceNumber: r.raceNumber,
    eventName: r.eventName,
    roundName: r.roundName,
  });
  return {
    onWater: onWater
      ? {
          ...head(onWater),
          lanes: (lanes.get(onWater.id) ?? []).map((l) => ({ lane: l.lane, team: l.team })).sort(byLane),
        }
      : null,
    official: official
      ? {
          ...head(official),
          revision: official.revision,
          until: shownUntil(official.resultsAt),
          podium: podium(lanes.get(official.id) ?? []),
        }
      : null,
  };
}
