// Factories of readiness.spec.ts (issue 28 part 1): a race whose lanes' crews are scanned at the
// entrance or not. The race takes a race number below every other test's (negative: the board's
// Next shows the three lowest numbers not started), and `retire` takes its number away again so
// it leaves the board's Next for the next test (two workers: at most two such races at a time).
import { club as makeClub, event as makeEvent, user as makeUser } from "../factories";
import * as raceDay from "../factories/race-day";
import { createTeam, e2eDb, unique } from "./db";

export type CrewMember = { id: number; gender: "MALE" | "FEMALE" };
export type ReadyLane = {
  raceId: number;
  lane: string;
  teamId: number;
  teamName: string;
  crew: CrewMember[];
};
export type ReadyRace = {
  eventName: string;
  roundId: number;
  raceNumber: number;
  /** "Race -123 EVENT HEAT 1", as buttons and toasts name it. */
  label: string;
  lanes: ReadyLane[];
};

/** A negative race number nobody holds (the seeds and the other specs use positive ones). */
function lowRaceNumber(): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number = ?");
  for (;;) {
    const n = -1 - Math.floor(Math.random() * 900_000);
    if (!taken.get(n)) return n;
  }
}

/**
 * An event with crew rules for racing (default: 4 to 6 paddlers, at most 3 men, at least 2
 * women), a round "HEAT 1" scheduled an hour from now with a race number of its own, and `lanes`
 * teams of a club, each a crew of 2 men and 2 women (COMPETITORs), in lanes 1, 2, ...
 */
export function createReadyRace(
  lanes = 2,
  rules = { minRace: 4, maxRace: 6, maxMale: 3, minFemale: 2 },
): ReadyRace {
  // tests/e2e/db.ts's createEvent's row, with the crew rules.
  const name = unique("RDY EVENT").toUpperCase();
  const event = makeEvent({
    name,
    description: `Description of ${name}.`,
    price: 10000,
    deleted: false,
    ...rules,
  });
  const club = makeClub({ name: unique("Rdy Club") }).id;
  const member = (gender: CrewMember["gender"]) =>
    makeUser({
      email: `${unique("rdy")}@example.test`,
      hash: "x",
      name: unique("RDY PADDLER").toUpperCase(),
      role: "COMPETITOR",
      gender,
      verified: true,
      approved: true,
      associationId: club,
    }).id;
  const raceNumber = lowRaceNumber();
  const roundId = raceDay.round(event.id, {
    name: "HEAT 1",
    description: "",
    raceNumber,
    scheduledAt: new Date(Date.now() + 3_600_000),
  }).id;
  const prefix = unique("RDY").toUpperCase();
  const made = Array.from({ length: lanes }, (_, i): ReadyLane => {
    const crew = (["MALE", "MALE", "FEMALE", "FEMALE"] as const).map((gender) => ({
      id: member(gender),
      gender,
    }));
    const teamName = `${prefix} ${String.fromCharCode(65 + i)}`;
    const teamId = createTeam(
      club,
      event.id,
      teamName,
      crew.map((m) => m.id),
    );
    const lane = String(i + 1);
    const raceId = raceDay.race(roundId, teamId, lane).id;
    return { raceId, lane, teamId, teamName, crew };
  });
  return {
    eventName: event.name,
    roundId,
    raceNumber,
    label: `Race ${raceNumber} ${event.name} HEAT 1`,
    lanes: made,
  };
}

/** Scan logs of these crew members for the lane's round and team, as the entrance kiosk saves them. */
export function scanCrew(roundId: number, lane: ReadyLane, members: CrewMember[]): void {
  for (const m of members) raceDay.scanLog(roundId, lane.teamId, m.id, Date.now());
}

/** Takes the race's number away: it leaves the board's Next. */
export function retire(race: ReadyRace): void {
  raceDay.setRoundColumns(race.roundId, { raceNumber: null });
}

export type LaneReadyRecord = {
  ready_at: number | null;
  ready_reason: string | null;
  ready_by: number | null;
};
export function laneReadyRecord(raceId: number): LaneReadyRecord {
  return e2eDb()
    .prepare("SELECT ready_at, ready_reason, ready_by FROM races WHERE id = ?")
    .get(raceId) as LaneReadyRecord;
}

/** The audit entries of a lane (newest first). */
export function laneAudit(raceId: number): { action: string; details: string; actor_name: string }[] {
  return e2eDb()
    .prepare(
      "SELECT action, details, actor_name FROM audit_log WHERE target_type = 'race' AND target_id = ? ORDER BY id DESC",
    )
    .all(String(raceId)) as { action: string; details: string; actor_name: string }[];
}
