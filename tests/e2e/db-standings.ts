// Factories of the club championship's e2e tests (issue 29 part 1, standings.spec.ts): a club whose
// crews won Official finals, and one more final of theirs still Provisional for the desk to
// declare; the shared points scheme (the open edition's settings row) read and put back; and a lock
// that runs the tests reading points one at a time across the js and no-js projects (the scheme is
// one row for every test).
import { club } from "../factories";
import * as raceDay from "../factories/race-day";
import { createEvent, createTeam, e2eDb, unique } from "./db";
import { withFileLock } from "./file-lock";

export type StandingsClub = { clubId: number; club: string; team: string; provisionalFinal: number };

function newClub(prefix: string): { id: number; name: string } {
  const name = unique(prefix);
  const { id } = club({ name });
  return { id, name };
}

/** A final (its own event) where the club's crew beat a rival's: Official, or Provisional with
 * every lane timed (the desk may declare it). Returns the round's id. */
function final(
  clubId: number,
  rivalId: number,
  state: "OFFICIAL" | "PROVISIONAL",
): { round: number; team: string } {
  const event = createEvent({ name: unique("ST EVENT").toUpperCase() });
  const team = `${unique("ST").toUpperCase()} A`;
  const mine = createTeam(clubId, event.id, team);
  const theirs = createTeam(rivalId, event.id, `${unique("ST RIVAL").toUpperCase()} A`);
  const now = new Date();
  const round = raceDay.round(event.id, {
    name: `${event.name} FINAL`,
    description: "",
    resultState: state,
    revision: state === "OFFICIAL" ? 1 : 0,
    resultsAt: now,
    protestUntil: now,
  }).id;
  raceDay.race(round, mine, "1", { timeMs: 61_000, score: "1:01.00", place: 1 });
  raceDay.race(round, theirs, "2", { timeMs: 62_000, score: "1:02.00", place: 2 });
  return { round, team };
}

/** A club that won `won` Official finals, and one more final of theirs Provisional. */
export function standingsClub(won: number): StandingsClub {
  const club = newClub("St Club");
  const rival = newClub("St Rival");
  let team = "";
  for (let i = 0; i < won; i++) team = final(club.id, rival.id, "OFFICIAL").team;
  const provisional = final(club.id, rival.id, "PROVISIONAL");
  return {
    clubId: club.id,
    club: club.name,
    team: team || provisional.team,
    provisionalFinal: provisional.round,
  };
}

export type Scheme = { points_scheme: string; points_custom: string; points_finals_only: number };

const OPEN_SETTINGS = "id = (SELECT id FROM editions WHERE state = 'OPEN')";

/** The open edition's points scheme as saved. */
export function savedScheme(): Scheme | undefined {
  return e2eDb()
    .prepare(`SELECT points_scheme, points_custom, points_finals_only FROM settings WHERE ${OPEN_SETTINGS}`)
    .get() as Scheme | undefined;
}

/** Puts the default scheme back (Finals 9-7-5-3-2-1, finals only). */
export function restoreDefaultScheme(): void {
  raceDay.pointsScheme({ pointsScheme: "FINALS", pointsCustom: "", pointsFinalsOnly: true });
}

/** Runs `fn` while no other test holds the points-scheme lock (tests/e2e/file-lock.ts). */
export function withSchemeLock<T>(fn: () => Promise<T>): Promise<T> {
  return withFileLock("standings-scheme", fn);
}
