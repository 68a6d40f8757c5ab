// Factories of tests/e2e/my-races.spec.ts (issue 28 part 4): a club with a manager and a crew
// member in a team that races, and another club's team in the same races.
import { randomBytes } from "node:crypto";
import { user } from "../factories";
import * as raceDay from "../factories/race-day";
import { findCredentials, findUserById } from "../../app/models/user.server";
import { createEvent, createTeam, createUser, e2eDb, type Made, unique } from "./db";
import { DEMO, PASSWORD } from "./helpers";

export type MyRacesSetup = {
  manager: Made;
  crew: Made;
  otherManager: Made;
  team: string;
  otherTeam: string;
  event: string;
  races: number[];
};

/** Race numbers nobody holds, clear of the other specs (they stay under 1,000,000). */
function freeRaceNumbers(count: number): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number BETWEEN ? AND ?");
  for (;;) {
    const n = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    if (!taken.get(n, n + count - 1)) return n;
  }
}

/** A competitor in the manager's club (tests/e2e/db.ts's createUser's verified COMPETITOR, the
 * seeded password, made in that club). */
function competitorOf(clubId: number): Made {
  const email = `${unique("competitor")}@example.test`;
  const { id } = user({
    email,
    hash: findCredentials(DEMO.ADMIN)!.hash,
    name: unique("NAME").toUpperCase(),
    role: "COMPETITOR",
    verified: true,
    approved: true,
    associationId: clubId,
  });
  return { id, email, password: PASSWORD };
}

const clubOf = (userId: number) => findUserById(userId)!.associationId!;

/** The day's delay as the app computes it (rules/timetable.ts delayMinutes over the latest start). */
function delayNow(): number {
  const row = e2eDb()
    .prepare(
      `SELECT r.scheduled_at AS s, r.started_at AS t FROM rounds r JOIN events e ON e.id = r.event_id
       WHERE r.edition_id = (SELECT id FROM editions WHERE state = 'OPEN') AND e.deleted = 0
         AND r.started_at IS NOT NULL AND r.scheduled_at IS NOT NULL
       ORDER BY r.started_at DESC, r.race_number DESC LIMIT 1`,
    )
    .get() as { s: number; t: number } | undefined;
  return row ? Math.round((row.t - row.s) / 60_000) : 0;
}

/** Moves the setup's first race so that its expected start is `minutes` from now (the call job
 * calls it at its next tick when `minutes` is within the call setting). */
export function expectRaceIn(raceNumber: number, minutes: number): void {
  const { id } = e2eDb().prepare("SELECT id FROM rounds WHERE race_number = ?").get(raceNumber) as {
    id: number;
  };
  raceDay.setRoundColumns(id, { scheduledAt: new Date(Date.now() + (minutes - delayNow()) * 60_000) });
}

/** Two races (heat and final, a day ahead so the call never fires) of a new event: the manager's
 * team with the crew member in lane 2 of both, another club's team in lane 3 of the heat. */
export function createMyRaces(): MyRacesSetup {
  const manager = createUser("MANAGER");
  const otherManager = createUser("MANAGER");
  const club = clubOf(manager.id);
  const crew = competitorOf(club);
  const event = createEvent();
  const team = `${unique("MR TEAM").toUpperCase()}, A`;
  const otherTeam = unique("MR OTHER").toUpperCase();
  const mine = createTeam(club, event.id, team, [crew.id]);
  const theirs = createTeam(clubOf(otherManager.id), event.id, otherTeam);
  const first = freeRaceNumbers(2);
  const at = Date.now() + 86_400_000;
  const round = (name: string, raceNumber: number, scheduledAt: number) =>
    raceDay.round(event.id, { name, description: "", raceNumber, scheduledAt: new Date(scheduledAt) }).id;
  const heat = round("HEAT 1", first, at);
  const final = round("FINAL", first + 1, at + 3_600_000);
  raceDay.race(heat, mine, "2");
  raceDay.race(heat, theirs, "3");
  raceDay.race(final, mine, "2");
  return { manager, crew, otherManager, team, otherTeam, event: event.name, races: [first, first + 1] };
}

/** The user's calendar key and call choice. */
export function calendarOf(userId: number): { key: string | null; callEmails: boolean } {
  const row = e2eDb()
    .prepare("SELECT calendar_key AS key, call_emails AS c FROM users WHERE id = ?")
    .get(userId) as {
    key: string | null;
    c: number;
  };
  return { key: row.key, callEmails: row.c === 1 };
}

/** A key nobody holds. */
export const strangerKey = () => randomBytes(24).toString("base64url");
