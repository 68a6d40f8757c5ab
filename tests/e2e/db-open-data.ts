// Factories of tests/e2e/open-data.spec.ts (issue 29 part 3): a race of two clubs' teams with
// Official results, in the open edition, whose crew holds a member with a name and email nobody
// else has (the API must never show either).
import { randomBytes } from "node:crypto";
import { club, user } from "../factories";
import * as raceDay from "../factories/race-day";
import { findCredentials } from "../../app/models/user.server";
import { createEvent, createTeam, e2eDb, unique } from "./db";
import { DEMO } from "./helpers";

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
  const person = {
    name: `ZEPHYRINE ${randomBytes(4).toString("hex").toUpperCase()} QUILLFEATHER`,
    email: `${unique("quillfeather")}@example.test`,
  };
  const [a, b] = [createClub(), createClub()];
  // tests/e2e/db.ts's createUser's verified COMPETITOR (the seeded password), with the person's
  // name, in the first club.
  const member = user({
    email: person.email,
    hash: findCredentials(DEMO.ADMIN)!.hash,
    name: person.name,
    role: "COMPETITOR",
    verified: true,
    approved: true,
    associationId: a.id,
  });
  const event = createEvent();
  const teams: [string, string] = [`${a.name.toUpperCase()} A`, `${b.name.toUpperCase()} A`];
  const teamA = createTeam(a.id, event.id, teams[0], [member.id]);
  const teamB = createTeam(b.id, event.id, teams[1]);
  const raceNumber = freeRaceNumber();
  const at = Date.now() - 30 * 60_000;
  const roundId = raceDay.round(event.id, {
    name: `${event.name} FINAL`,
    description: "Final",
    raceNumber,
    scheduledAt: new Date(at),
    startedAt: new Date(at + 60_000),
    resultState: "OFFICIAL",
    revision: 1,
    resultsAt: new Date(at + 300_000),
  }).id;
  raceDay.race(roundId, teamA, "1", {
    timeMs: 61_000,
    penaltyMs: 2_000,
    penaltyReason: `${person.name} late`,
    place: 1,
    status: null,
    statusReason: "",
    score: "1:03.00 (+2.00)",
  });
  raceDay.race(roundId, teamB, "2", {
    timeMs: 60_000,
    penaltyMs: 0,
    penaltyReason: "",
    place: null,
    status: "DSQ",
    statusReason: `Swapped with ${person.name}`,
    score: "DSQ",
  });
  return { roundId, raceNumber, event: event.name, teams, clubs: [a.name, b.name], person };
}

/** Moves the race's first lane to a new time (a result revised): every answer's ETag moves. */
export function reviseTime(roundId: number, timeMs: number): void {
  raceDay.setLaneColumns(roundId, "1", { timeMs });
  raceDay.reviseRound(roundId);
}
