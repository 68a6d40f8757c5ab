// Factories of the pontoon kiosk and race control's On the water panel (tests/e2e/pontoon.spec.ts;
// issue 28 part 2): a crew (a team of a new club) racing in a timed round on a fixed race day, a
// member in no team, boats put out by hand, the trips and audit entries read back, and a lock.
//
// The lock: the On the water panel lists every boat of the edition on the water, and "All boats
// are back." can only be seen while no test has a boat out. pontoon.spec.ts is the only spec that
// puts boats out, so each of its tests that does holds this lock (a file made with O_EXCL, taken
// back from a test that died holding it after a minute; tests/e2e/file-lock.ts) from its first boat out until its last is
// back; the js and no-js projects then take turns.
import * as raceDay from "../factories/race-day";
import { createClub, createEvent, createTeam, e2eDb, type Member } from "./db";
import { withFileLock } from "./file-lock";

/** The race day of these tests (Malaysia time), far from any other spec's. */
export const RACE_DAY = "2033-06-18";
export const myt = (hhmm: string, day = RACE_DAY) => Date.parse(`${day}T${hhmm}:00+08:00`);

/** A race number nobody else holds in this database. */
function freeRaceNumber(): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number = ?");
  for (;;) {
    const n = 2000 + Math.floor(Math.random() * 7900);
    if (!taken.get(n)) return n;
  }
}

export type Crew = {
  eventName: string;
  teamId: number;
  teamName: string;
  roundId: number;
  raceNumber: number;
  lane: string;
  members: Member[];
  /** A member of the club in no team: not racing today. */
  loner: Member;
};

/** A team of three (a new club's) in lane `lane` of a round scheduled at `at` on the race day,
 * plus a club member in no team. */
export async function createCrew(opts: { at?: number; lane?: string } = {}): Promise<Crew> {
  const club = await createClub({ members: 4 });
  const [loner, ...members] = club.members;
  const event = createEvent();
  const teamName = `${club.name.toUpperCase()} A`;
  const teamId = createTeam(
    club.id,
    event.id,
    teamName,
    members.map((m) => m.id),
  );
  const raceNumber = freeRaceNumber();
  const roundId = raceDay.round(event.id, {
    name: "HEAT 1",
    description: "Heat",
    raceNumber,
    scheduledAt: new Date(opts.at ?? myt("11:00")),
  }).id;
  const lane = opts.lane ?? "3";
  raceDay.race(roundId, teamId, lane);
  return { eventName: event.name, teamId, teamName, roundId, raceNumber, lane, members, loner };
}

export type TripRecord = {
  id: number;
  out_at: number | null;
  back_at: number | null;
  out_user_id: number | null;
  out_kiosk_id: number | null;
  back_user_id: number | null;
  back_reason: string | null;
  back_by: number | null;
};

/** The boat trip of a crew's race, or undefined. */
export function tripOf(crew: Crew): TripRecord | undefined {
  return e2eDb()
    .prepare(
      `SELECT id, out_at, back_at, out_user_id, out_kiosk_id, back_user_id, back_reason, back_by
       FROM boat_trips WHERE round_id = ? AND team_id = ?`,
    )
    .get(crew.roundId, crew.teamId) as TripRecord | undefined;
}

/** Puts a crew's boat out at `at` (as a scan would). */
export function putOut(crew: Crew, at: number): void {
  raceDay.boatOut(crew.roundId, crew.teamId, crew.lane, at, crew.members[0].id);
}

/** Brings a crew's boat back (the end of a test that left it out). */
export function bringBack(crew: Crew): void {
  raceDay.boatBack(crew.roundId, crew.teamId, Date.now());
}

/** The audit entries of a boat trip. */
export function tripAudit(tripId: number): { action: string; actor_id: number | null; details: string }[] {
  return e2eDb()
    .prepare(
      "SELECT action, actor_id, details FROM audit_log WHERE target_type = 'boat_trip' AND target_id = ?",
    )
    .all(String(tripId)) as { action: string; actor_id: number | null; details: string }[];
}

/** Runs `fn` holding the On the water lock (see the top of this file). */
export function withWaterLock<T>(fn: () => Promise<T>): Promise<T> {
  return withFileLock("pontoon-water", fn);
}
