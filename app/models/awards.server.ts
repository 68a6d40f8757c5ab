// The prize-giving sheet's finals (issue 29 part 2; /race-control/awards.pdf): every final of the
// edition (`isFinalRound`) in race order, with places 1-3 of the Official ones: team, club and time.
// Two queries whatever the number of finals: the rounds whose name may say FINAL or AKHIR (the rule
// decides), then the placed lanes of the Official ones. Only rounds of live events count. The club
// table is the standings model's (models/standings.server.ts).
import type { ResultState } from "../../db/enums";
import { db } from "~/lib/db.server";
import { type PodiumLane, podium, type ResultLaneRow } from "~/rules/overlay";
import { isFinalRound } from "~/rules/standings";

export type AwardsFinal = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  /** Places 1-3 (ties share a place), Official finals only. */
  places: (PodiumLane & { club: string })[];
};

type RoundRow = Omit<AwardsFinal, "places">;

const sqlite = () => db().$client;

/** The edition's finals in race order (numbered ones by race number, then the rest by start). */
export function awardsFinals(editionId: number): AwardsFinal[] {
  const rounds = (
    sqlite()
      .prepare(
        `SELECT r.id AS id, r.race_number AS raceNumber, e.name AS eventName, r.name AS roundName,
           r.started_at AS startedAt, r.result_state AS resultState, r.revision AS revision
         FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
         WHERE r.edition_id = ? AND (r.name LIKE '%FINAL%' OR r.name LIKE '%AKHIR%')
         ORDER BY r.race_number IS NULL, r.race_number, r.scheduled_at IS NULL, r.scheduled_at, e.name, r.id`,
      )
      .all(editionId) as RoundRow[]
  ).filter((r) => isFinalRound(r.roundName));
  const official = rounds.filter((r) => r.resultState === "OFFICIAL").map((r) => r.id);
  const lanes = new Map<number, (ResultLaneRow & { club: string })[]>();
  if (official.length > 0) {
    const rows = sqlite()
      .prepare(
        `SELECT ra.round_id AS roundId, ra.lane AS lane, t.name AS team, a.name AS club, ra.place AS place,
           ra.status AS status, ra.time_ms AS timeMs, ra.penalty_ms AS penaltyMs, ra.wins AS wins,
           ra.losses AS losses, ra.score AS score
         FROM races ra JOIN teams t ON t.id = ra.team_id JOIN associations a ON a.id = t.association_id
         WHERE ra.place BETWEEN 1 AND 3 AND ra.status IS NULL
           AND ra.round_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(official)) as (ResultLaneRow & { club: string; roundId: number })[];
    for (const row of rows) lanes.set(row.roundId, [...(lanes.get(row.roundId) ?? []), row]);
  }
  return rounds.map((r) => {
    const mine = lanes.get(r.id) ?? [];
    const clubOf = new Map(mine.map((l) => [l.lane, l.club]));
    return { ...r, places: podium(mine).map((p) => ({ ...p, club: clubOf.get(p.lane) ?? "" })) };
  });
}
