// Race paper (issue 20, section 5): what the start list and result sheet PDFs print, read in a few
// queries whatever the number of rounds (a day's start lists read every round of the day, their
// lanes and their crews in three queries). Only rounds of live events count: a round of a
// soft-deleted event is as absent as a deleted one. services/race-pdf.server.ts lays the pages out.
import type { LaneStatus, ResultState } from "../../db/enums";
import { db } from "~/lib/db.server";
import { byLane } from "~/models/scoreboard.server";
import { compareText } from "~/rules/compare";

export type PaperRound = {
  id: number;
  name: string;
  eventName: string;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  resultsAt: number | null;
  protestUntil: number | null;
};

/** A lane of a start list: the team, its club and its crew's names (sorted); `cameIn`: those of
 * them who came in by an approved race-day crew change (issue 28: team_members.change_id). */
export type StartLane = { lane: string; team: string; club: string; crew: string[]; cameIn?: string[] };

/** A lane of a result sheet, as the results save left it. */
export type ResultLane = {
  lane: string;
  team: string;
  club: string;
  place: number | null;
  timeMs: number | null;
  status: LaneStatus | null;
  statusReason: string;
  penaltyMs: number;
  penaltyReason: string;
  wins: number | null;
  losses: number | null;
  score: string | null;
};

export type StartList = { round: PaperRound; lanes: StartLane[] };

/** The most rounds one day's PDF may hold (a regatta day has a few hundred at most). */
export const DAY_ROUNDS_MAX = 500;

const ROUND_COLUMNS = `r.id AS id, r.name AS name, e.name AS eventName, r.race_number AS raceNumber,
  r.scheduled_at AS scheduledAt, r.started_at AS startedAt, r.result_state AS resultState,
  r.revision AS revision, r.results_at AS resultsAt, r.protest_until AS protestUntil`;

const sqlite = () => db().$client;

/** A round of a live event of the edition, or undefined (unknown, deleted, its event deleted, or
 * another edition's). */
export function paperRound(editionId: number, id: number): PaperRound | undefined {
  return sqlite()
    .prepare(
      `SELECT ${ROUND_COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id
       WHERE r.id = ? AND r.edition_id = ? AND e.deleted = 0`,
    )
    .get(id, editionId) as PaperRound | undefined;
}

/** A member's name as printed: their name, or the part of their email before the @. */
const crewName = (name: string, email: string) => name.trim() || email.split("@")[0];

type LaneRow = { roundId: number; teamId: number; lane: string; team: string; club: string };
type CrewRow = { teamId: number; name: string; email: string; cameIn: number };

/** Lanes (and crews) of the rounds `where` picks from `rounds r JOIN events e`, by round. */
function startLanesWhere(where: string, args: unknown[]): Map<number, StartLane[]> {
  const lanes = sqlite()
    .prepare(
      `SELECT ra.round_id AS roundId, ra.team_id AS teamId, ra.lane AS lane, t.name AS team, a.name AS club
       FROM races ra JOIN teams t ON t.id = ra.team_id JOIN associations a ON a.id = t.association_id
       WHERE ra.round_id IN (SELECT r.id FROM rounds r JOIN events e ON e.id = r.event_id WHERE ${where})`,
    )
    .all(...args) as LaneRow[];
  const crews = sqlite()
    .prepare(
      `SELECT tm.team_id AS teamId, u.name AS name, u.email AS email, tm.change_id IS NOT NULL AS cameIn
       FROM team_members tm JOIN users u ON u.id = tm.user_id
       WHERE tm.team_id IN (SELECT ra.team_id FROM races ra WHERE ra.round_id IN
         (SELECT r.id FROM rounds r JOIN events e ON e.id = r.event_id WHERE ${where}))`,
    )
    .all(...args) as CrewRow[];
  const crewOf = new Map<number, string[]>();
  const cameInOf = new Map<number, string[]>();
  for (const c of crews) {
    const list = crewOf.get(c.teamId) ?? [];
    list.push(crewName(c.name, c.email));
    crewOf.set(c.teamId, list);
    if (c.cameIn) cameInOf.set(c.teamId, [...(cameInOf.get(c.teamId) ?? []), crewName(c.name, c.email)]);
  }
  for (const list of crewOf.values()) list.sort(compareText);
  const out = new Map<number, StartLane[]>();
  for (const l of lanes) {
    const list = out.get(l.roundId) ?? [];
    list.push({
      lane: l.lane,
      team: l.team,
      club: l.club,
      crew: crewOf.get(l.teamId) ?? [],
      cameIn: cameInOf.get(l.teamId) ?? [],
    });
    out.set(l.roundId, list);
  }
  for (const list of out.values()) list.sort(byLane);
  return out;
}

/** The start list of a round of a live event of the edition, or undefined. */
export function startListOf(editionId: number, id: number): StartList | undefined {
  const round = paperRound(editionId, id);
  if (!round) return undefined;
  const lanes =
    startLanesWhere("r.id = ? AND r.edition_id = ? AND e.deleted = 0", [id, editionId]).get(id) ?? [];
  return { round, lanes };
}

/**
 * The start lists of the edition's rounds scheduled in [from, to) (UTC ms), by race number
 * (unnumbered ones last, by start), or `tooMany` when there are more than `max`.
 */
export function startListsBetween(
  editionId: number,
  from: number,
  to: number,
  max = DAY_ROUNDS_MAX,
): { kind: "ok"; lists: StartList[] } | { kind: "tooMany"; count: number } {
  const where = "r.edition_id = ? AND e.deleted = 0 AND r.scheduled_at >= ? AND r.scheduled_at < ?";
  const rounds = sqlite()
    .prepare(
      `SELECT ${ROUND_COLUMNS} FROM rounds r JOIN events e ON e.id = r.event_id WHERE ${where}
       ORDER BY r.race_number IS NULL, r.race_number, r.scheduled_at, r.id LIMIT ?`,
    )
    .all(editionId, from, to, max + 1) as PaperRound[];
  if (rounds.length > max) {
    const { n } = sqlite()
      .prepare(`SELECT COUNT(*) AS n FROM rounds r JOIN events e ON e.id = r.event_id WHERE ${where}`)
      .get(editionId, from, to) as { n: number };
    return { kind: "tooMany", count: n };
  }
  const lanes =
    rounds.length > 0 ? startLanesWhere(where, [editionId, from, to]) : new Map<number, StartLane[]>();
  return { kind: "ok", lists: rounds.map((round) => ({ round, lanes: lanes.get(round.id) ?? [] })) };
}

const OUT_ORDER: Record<LaneStatus, number> = { DNF: 0, DSQ: 1, DNS: 2 };

/** The order of a result sheet: the stored places (the results save computed them; ties by lane),
 * then DNF, DSQ, DNS, then lanes with no result yet. */
export function sheetOrder(lanes: ResultLane[]): ResultLane[] {
  const key = (l: ResultLane) =>
    l.place !== null && l.status === null ? [0, l.place] : l.status ? [1, OUT_ORDER[l.status]] : [2, 0];
  return [...lanes].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || byLane(a, b);
  });
}

/** A round of a live event of the edition with its lanes in ranking order, or undefined. */
export function resultSheetOf(
  editionId: number,
  id: number,
): { round: PaperRound; lanes: ResultLane[] } | undefined {
  const round = paperRound(editionId, id);
  if (!round) return undefined;
  const lanes = sqlite()
    .prepare(
      `SELECT ra.lane AS lane, t.name AS team, a.name AS club, ra.place AS place, ra.time_ms AS timeMs,
         ra.status AS status, ra.status_reason AS statusReason, ra.penalty_ms AS penaltyMs,
         ra.penalty_reason AS penaltyReason, ra.wins AS wins, ra.losses AS losses, ra.score AS score
       FROM races ra JOIN teams t ON t.id = ra.team_id JOIN associations a ON a.id = t.association_id
       WHERE ra.round_id = ?`,
    )
    .all(id) as ResultLane[];
  return { round, lanes: sheetOrder(lanes) };
}
