// Race-day crew changes (tests/e2e/crew-changes.spec.ts): a club with a team racing in a round of
// its own (a race number nobody holds, a scheduled start), members who may join, and reading the
// outcome back (crew_changes rows, team_members with change_id). Crew changes and the crew tag fee
// are written through the models (tests/factories/club-life.ts); the round and its lane are raw SQL
// still (rounds and races belong to models this file may not extend yet).
import { createClub, createCrewEvent, createRaceRow, createTeam, e2eDb, type Member, unique } from "./db";
import * as make from "../factories/club-life";
import * as raceDay from "../factories/race-day";

export type ChangeSetup = {
  eventName: string;
  round: { id: number; name: string; raceNumber: number };
  team: { id: number; name: string };
  manager: Member;
  /** In the crew (lane 1), besides the manager. */
  crew: Member[];
  /** Members of the club not in the crew, who may join. */
  outside: Member[];
};

/** A race number no round holds (race numbers are unique across the regatta). */
function freeRaceNumber(): number {
  const db = e2eDb();
  for (;;) {
    const n = 5000 + Math.floor(Math.random() * 4000);
    if (!db.prepare("SELECT 1 FROM rounds WHERE race_number = ?").get(n)) return n;
  }
}

/** A club of six (the manager first; all paid, approved photos), a team of the first four in a
 * round of its own scheduled `startsIn` ms from now; crews of 2..8 and no gender caps. */
export async function createChangeSetup(startsIn = 3 * 3_600_000): Promise<ChangeSetup> {
  const event = createCrewEvent({ minRace: 2, maxRace: 8, maxMale: 8, minFemale: 0, reserveCount: 0 });
  const club = await createClub({ members: 6, manager: true, photo: "approved" });
  raceDay.paid(club.members.map((m) => m.id));
  const crew = club.members.slice(0, 4);
  const teamName = `${club.name.toUpperCase()} A`;
  const teamId = createTeam(
    club.id,
    event.id,
    teamName,
    crew.map((m) => m.id),
  );
  const name = unique("E2E CC ROUND").toUpperCase();
  const raceNumber = freeRaceNumber();
  const roundId = raceDay.round(event.id, {
    name,
    description: "Heat",
    raceNumber,
    scheduledAt: new Date(Date.now() + startsIn),
  }).id;
  createRaceRow(roundId, teamId, "1");
  return {
    eventName: event.name,
    round: { id: roundId, name, raceNumber },
    team: { id: teamId, name: teamName },
    manager: club.members[0],
    crew: crew.slice(1),
    outside: club.members.slice(4),
  };
}

/** Moves a round's scheduled start to `at` (ms). */
export function scheduleRound(roundId: number, at: number): void {
  raceDay.setRoundColumns(roundId, { scheduledAt: new Date(at) });
}

export type ChangeRecord = {
  id: number;
  status: string;
  leaving: string;
  joining: string;
  reason: string;
  decision_reason: string | null;
};

/** The team's crew changes, oldest first. */
export function changesOf(teamId: number): ChangeRecord[] {
  return e2eDb()
    .prepare(
      "SELECT id, status, leaving, joining, reason, decision_reason FROM crew_changes WHERE team_id = ? ORDER BY id",
    )
    .all(teamId) as ChangeRecord[];
}

/** A pending change written directly (as a manager's request would be). */
export function createPendingChange(
  setup: ChangeSetup,
  leaving: number[],
  joining: number[],
  reason = "Injured",
): number {
  const team = e2eDb().prepare("SELECT association_id AS a FROM teams WHERE id = ?").get(setup.team.id) as {
    a: number;
  };
  return make.crewChange(setup.team.id, team.a, { leaving, joining, reason, requestedBy: setup.manager.id })
    .id;
}

/** The crew (user id and the change that brought them in), by user id. */
export function crewWithChanges(teamId: number): { user_id: number; change_id: number | null }[] {
  return e2eDb()
    .prepare("SELECT user_id, change_id FROM team_members WHERE team_id = ? ORDER BY user_id")
    .all(teamId) as { user_id: number; change_id: number | null }[];
}
