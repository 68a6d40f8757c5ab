// Factories of tests/e2e/open-data.spec.ts (issue 29 part 3): a race of two clubs' teams with
// Official results, in the open edition, whose crew holds a member with a name and email nobody
// else has (the API must never show either).
import { randomBytes } from "node:crypto";
import { club } from "../factories";
import { createEvent, createTeam, createUser, e2eDb, unique } from "./db";

export type OpenDataRace = {
  roundId: number;
  raceNumber: number;
  event: string;
  teams: [string, string];
  clubs: [string, string];
  person: { name: string; email: string };
};

/** A race number nobody holds, clear of the other specs. */
function freeRaceNumber(): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number = ?");
  for (;;) {
    const n = 10_000_000 + Math.floor(Math.random() * 80_000_000);
    if (!taken.get(n)) return n;
  }
}

/** A club of its own. */
function createClub(): { id: number; name: string } {
  const name = unique("OD Club");
  const { id } = club({ name });
  return { id, name };
}

/** A final of two crews, Official: the first club's crew 1st (with a 2 s penalty), the other DSQ
 * (its reason names the member: reasons are never public). */
export function createOpenDataRace(): OpenDataRace {
  const db = e2eDb();
  const person = {
    name: `ZEPHYRINE ${randomBytes(4).toString("hex").toUpperCase()} QUILLFEATHER`,
    email: `${unique("quillfeather")}@example.test`,
  };
  const member = createUser("COMPETITOR", { email: person.email });
  const [a, b] = [createClub(), createClub()];
  db.prepare("UPDATE users SET name = ?, association_id = ? WHERE id = ?").run(person.name, a.id, member.id);
  const event = createEvent();
  const teams: [string, string] = [`${a.name.toUpperCase()} A`, `${b.name.toUpperCase()} A`];
  const teamA = createTeam(a.id, event.id, teams[0], [member.id]);
  const teamB = createTeam(b.id, event.id, teams[1]);
  const raceNumber = freeRaceNumber();
  const at = Date.now() - 30 * 60_000;
  const roundId = Number(
    db
      .prepare(
        `INSERT INTO rounds (event_id, name, description, race_number, scheduled_at, started_at,
           result_state, revision, results_at)
         VALUES (?, ?, 'Final', ?, ?, ?, 'OFFICIAL', 1, ?)`,
      )
      .run(event.id, `${event.name} FINAL`, raceNumber, at, at + 60_000, at + 300_000).lastInsertRowid,
  );
  const lane = db.prepare(
    `INSERT INTO races (round_id, team_id, lane, time_ms, penalty_ms, penalty_reason, place, status,
       status_reason, score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  lane.run(roundId, teamA, "1", 61_000, 2_000, `${person.name} late`, 1, null, "", "1:03.00 (+2.00)");
  lane.run(roundId, teamB, "2", 60_000, 0, "", null, "DSQ", `Swapped with ${person.name}`, "DSQ");
  return { roundId, raceNumber, event: event.name, teams, clubs: [a.name, b.name], person };
}

/** Moves the race's first lane to a new time (a result revised): every answer's ETag moves. */
export function reviseTime(roundId: number, timeMs: number): void {
  e2eDb().prepare("UPDATE races SET time_ms = ? WHERE round_id = ? AND lane = '1'").run(timeMs, roundId);
  e2eDb().prepare("UPDATE rounds SET revision = revision + 1 WHERE id = ?").run(roundId);
}
