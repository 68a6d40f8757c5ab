// Race-day test data through the models (issue 30): rounds, races (lanes), scan logs, scoreboard
// entries, boat trips, results and the points scheme, each written with a model's insert or set
// function on the database `~/lib/db.server` opens (DATABASE_PATH), as tests/factories/index.ts's.
// No SQL here: a factory that needs a row no model can write adds a small function to that model.
// The set functions write the columns alone: no audit entry, no recompute, no scoreboard notice.
import { db, type schema } from "~/lib/db.server";
import { insertBoatTrip, setTripBack } from "~/models/boat-trips.server";
import { setMembershipPaid } from "~/models/crew-tags.server";
import { currentEdition } from "~/models/edition.server";
import { insertKiosk } from "~/models/kiosk.server";
import { insertPlan } from "~/models/progression.server";
import { insertRace, setLane } from "~/models/race.server";
import { bumpRevision, insertRound, setRound } from "~/models/round.server";
import { insertScanLog } from "~/models/scan.server";
import { insertScoreboardRound } from "~/models/scoreboard.server";
import { setPointsScheme } from "~/models/standings.server";
import { uniq } from "./index";

type RoundValues = typeof schema.rounds.$inferInsert;
type RaceValues = typeof schema.races.$inferInsert;

/** A round of an event, by default `ROUND <uniq>` with no description, race number or start. */
export function round(eventId: number, values: Partial<RoundValues> = {}): typeof schema.rounds.$inferSelect {
  return insertRound({ name: `ROUND ${uniq()}`, eventId, ...values });
}

/** A race (a lane) of a team in a round, no result unless given. */
export function race(
  roundId: number,
  teamId: number,
  lane: string,
  values: Partial<RaceValues> = {},
): typeof schema.races.$inferSelect {
  return insertRace({ roundId, teamId, lane, ...values });
}

/** Sets a round's columns (race number, start, result state ...). */
export function setRoundColumns(roundId: number, values: Partial<RoundValues>): void {
  setRound(roundId, values);
}

/** Sets a lane's columns (score, time, place, status ...), by round and lane. */
export function setLaneColumns(roundId: number, lane: string, values: Partial<RaceValues>): void {
  setLane(roundId, lane, values);
}

/** One more revision of a round's results. */
export const reviseRound = bumpRevision;

/** A scan log of a member of a team in a round (created now unless `at`). */
export function scanLog(roundId: number, teamId: number, userId: number, at?: number): void {
  insertScanLog({ roundId, teamId, userId, ...(at === undefined ? {} : { createdAt: new Date(at) }) });
}

/** Puts a round on the public scoreboard. */
export const showRound = insertScoreboardRound;

/** A crew's boat put out at `at` by `userId`'s scan (no kiosk). */
export function boatOut(roundId: number, teamId: number, lane: string, at: number, userId: number): void {
  insertBoatTrip({ roundId, teamId, lane, outAt: new Date(at), outUserId: userId });
}

/** Brings a crew's boat of a round back now (if it is out). */
export function boatBack(roundId: number, teamId: number, at = Date.now()): void {
  setTripBack(roundId, teamId, at);
}

/** Marks these users' crew tag fee paid. */
export function paid(userIds: number[]): void {
  for (const id of userIds) setMembershipPaid(id);
}

/** The open edition's points scheme saved as given. */
export function pointsScheme(
  scheme: Pick<typeof schema.settings.$inferInsert, "pointsScheme" | "pointsCustom" | "pointsFinalsOnly">,
): void {
  setPointsScheme(currentEdition().id, scheme);
}

/** Runs `fn` in one transaction of the models' connection (factories only inside: never a raw
 * connection's transaction, ADR 0040). */
export function atomically<T>(fn: () => T): T {
  return db().transaction(() => fn());
}

/** A progression plan filling `toRoundId` from these rounds (by default the best 2 times over 6
 * lanes), as saved: no audit, no seeding. */
export function progressionPlan(
  eventId: number,
  toRoundId: number,
  fromRoundIds: number[],
  values: Partial<Omit<typeof schema.progressionPlans.$inferInsert, "eventId" | "toRoundId">> = {},
): void {
  insertPlan({ toRoundId, eventId, mode: "TIME", count: 2, plusTimes: 0, lanes: 6, ...values }, fromRoundIds);
}

/** An enrolled kiosk device with this secret's hash (no enrolling user, no audit); its id. */
export function kiosk(
  name: string,
  secretHash: string,
  values: Partial<typeof schema.kiosks.$inferInsert> = {},
): number {
  return insertKiosk({ name, secretHash, enrolledByName: "factory", ...values });
}
