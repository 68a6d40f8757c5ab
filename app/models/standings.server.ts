// The club championship's table (issue 29 part 1; ADR 0039). OWNER: helper of part 1. The types
// and the signature of `standingsOf` are fixed here for parts 2-4 (the prize-giving sheet, the API,
// the standings.changed webhook). One query over the lanes of the edition's Provisional and
// Official rounds of live events (index rounds_race_number on edition_id, then races by round),
// one over the edition's round names and states (is every final Official?); the points, ties and
// ranking are rules/standings.ts's. Points go to the team's club (teams.association_id, never
// null); a lane's team is never null either, so every crew result belongs to a club.
import { eq, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import {
  clubTotals,
  type PointsLane,
  rankClubs,
  type SchemeSetting,
  standingsProvisional,
  UNIT,
} from "~/rules/standings";
import type { LaneStatus } from "../../db/enums";
import { getSettings } from "./settings.server";

export type StandingsRow = {
  /** 1-based; clubs level on points, firsts, seconds and thirds share a rank. */
  rank: number;
  clubId: number;
  club: string;
  /** From Official results; may be fractional (crews tied on a place share its points). */
  points: number;
  /** From Provisional results, shown apart ("+ 12 provisional"). */
  provisionalPoints: number;
  /** Places 1, 2 and 3 in finals (Official results). */
  first: number;
  second: number;
  third: number;
  /** The crew results counted (Official, of the rounds the scheme counts). */
  races: number;
};

export type Standings = {
  editionId: number;
  scheme: SchemeSetting;
  /** Not every final of the edition is Official yet (the page says "Provisional"). */
  provisional: boolean;
  rows: StandingsRow[];
};

/** The edition's points scheme as its settings hold it. */
export function schemeOf(editionId: number): SchemeSetting {
  const s = getSettings(editionId);
  return { kind: s.pointsScheme, custom: s.pointsCustom, finalsOnly: s.pointsFinalsOnly };
}

type LaneRow = {
  roundId: number;
  roundName: string;
  state: "PROVISIONAL" | "OFFICIAL";
  clubId: number;
  club: string;
  place: number | null;
  status: LaneStatus | null;
};

/** The edition's club table, ordered by rank (points, then firsts, seconds, thirds; then club name). */
export function standingsOf(editionId: number): Standings {
  const d = db();
  const scheme = schemeOf(editionId);
  const lanes = d.all<LaneRow>(sql`
    SELECT r.id AS roundId, r.name AS roundName, r.result_state AS state,
           a.id AS clubId, a.name AS club, ra.place AS place, ra.status AS status
    FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    JOIN races ra ON ra.round_id = r.id
    JOIN teams t ON t.id = ra.team_id
    JOIN associations a ON a.id = t.association_id
    WHERE r.edition_id = ${editionId} AND r.result_state IN ('PROVISIONAL', 'OFFICIAL')
  `);
  const rounds = d.all<{ name: string; state: string }>(sql`
    SELECT r.name AS name, r.result_state AS state FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.edition_id = ${editionId}
  `);
  const points: PointsLane[] = lanes.map((l) => ({
    roundId: Number(l.roundId),
    roundName: l.roundName,
    official: l.state === "OFFICIAL",
    clubId: Number(l.clubId),
    club: l.club,
    place: l.place === null ? null : Number(l.place),
    status: l.status,
  }));
  return {
    editionId,
    scheme,
    provisional: standingsProvisional(
      rounds.map((r) => ({ name: r.name, official: r.state === "OFFICIAL" })),
    ),
    rows: rankClubs(clubTotals(points, scheme)).map((c) => ({
      rank: c.rank,
      clubId: c.clubId,
      club: c.club,
      points: c.units / UNIT,
      provisionalPoints: c.provisionalUnits / UNIT,
      first: c.first,
      second: c.second,
      third: c.third,
      races: c.races,
    })),
  };
}

/** Saves an edition's points scheme as given, no audit entry (the test factories; staff save it
 * through settings.server.ts's updateSettings).
 * @testOnly test factories only: no audit entry. */
export function setPointsScheme(
  editionId: number,
  scheme: Pick<typeof schema.settings.$inferInsert, "pointsScheme" | "pointsCustom" | "pointsFinalsOnly">,
): void {
  db().update(schema.settings).set(scheme).where(eq(schema.settings.id, editionId)).run();
}
