// Factories of readiness.spec.ts (issue 28 part 1): a race whose lanes' crews are scanned at the
// entrance or not. The race takes a race number below every other test's (negative: the board's
// Next shows the three lowest numbers not started), and `retire` takes its number away again so
// it leaves the board's Next for the next test (two workers: at most two such races at a time).
import { club as makeClub } from "../factories";
import { createEvent, createTeam, e2eDb, unique } from "./db";

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
  const db = e2eDb();
  const event = createEvent({ name: unique("RDY EVENT").toUpperCase() });
  db.prepare("UPDATE events SET min_race = ?, max_race = ?, max_male = ?, min_female = ? WHERE id = ?").run(
    rules.minRace,
    rules.maxRace,
    rules.maxMale,
    rules.minFemale,
    event.id,
  );
  const club = makeClub({ name: unique("Rdy Club") }).id;
  const member = db.prepare(
    `INSERT INTO users (email, hash, name, role, gender, verified, approved, association_id)
     VALUES (?, 'x', ?, 'COMPETITOR', ?, 1, 1, ?)`,
  );
  const raceNumber = lowRaceNumber();
  const roundId = Number(
    db
      .prepare(
        "INSERT INTO rounds (event_id, name, description, race_number, scheduled_at) VALUES (?, ?, '', ?, ?)",
      )
      .run(event.id, "HEAT 1", raceNumber, Date.now() + 3_600_000).lastInsertRowid,
  );
  const prefix = unique("RDY").toUpperCase();
  const made = Array.from({ length: lanes }, (_, i): ReadyLane => {
    const crew = (["MALE", "MALE", "FEMALE", "FEMALE"] as const).map((gender) => ({
      id: Number(
        member.run(`${unique("rdy")}@example.test`, unique("RDY PADDLER").toUpperCase(), gender, club)
          .lastInsertRowid,
      ),
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
    const raceId = Number(
      db.prepare("INSERT INTO races (round_id, team_id, lane) VALUES (?, ?, ?)").run(roundId, teamId, lane)
        .lastInsertRowid,
    );
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
  const add = e2eDb().prepare(
    "INSERT INTO scan_logs (created_at, round_id, team_id, user_id) VALUES (?, ?, ?, ?)",
  );
  for (const m of members) add.run(Date.now(), roundId, lane.teamId, m.id);
}

/** Takes the race's number away: it leaves the board's Next. */
export function retire(race: ReadyRace): void {
  e2eDb().prepare("UPDATE rounds SET race_number = NULL WHERE id = ?").run(race.roundId);
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
