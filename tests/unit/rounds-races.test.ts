// Rounds and races models against a real SQLite file: round names unique per event in any case,
// rounds of deleted events hidden, deleting a round cascades to its races, scan logs and
// scoreboard entry; races keep one lane and one team per round, take only the round's event's
// teams, delete their team's scan logs in the round, Save Scores writes only changed boxes; every
// change is audited and (once committed) reaches the scoreboard emitter.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { raceEvents } from "~/lib/race-events.server";
import { listAudit } from "~/models/audit.server";
import {
  createRace,
  deleteRace,
  findRace,
  racesOfRound,
  saveScores,
  teamsForRound,
  updateRace,
} from "~/models/race.server";
import {
  createRound,
  deleteRound,
  findRound,
  liveEvents,
  roundsOfEvent,
  updateRound,
} from "~/models/round.server";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

let admin = { id: 0, name: "ROUND ADMIN", email: "round.admin@example.test" };
let eventId = 0;
let otherEventId = 0;
let deletedEventId = 0;
let clubId = 0;
let teams: number[] = [];
let otherTeam = 0;
let paddler = 0;

const notified: number[] = [];
const listener = (roundId: number) => notified.push(roundId);

/** The audit entries of an action, newest first (by id: several land in the same millisecond). */
function auditFor(action: string) {
  return listAudit({ action }, { sort: "createdAt", dir: "desc" }, null).rows.sort((a, b) => b.id - a.id);
}
function event(name: string, deleted = false) {
  return db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
}
function team(evId: number, name: string) {
  return db().insert(schema.teams).values({ associationId: clubId, eventId: evId, name }).returning().get()
    .id;
}
function newRound(name: string, ev = eventId) {
  const made = createRound(ED, admin, { event: ev, name, description: `${name} description` });
  if (!made.ok) throw new Error(made.code);
  return made.id;
}

beforeAll(() => {
  const { name, email } = admin;
  admin = {
    name,
    email,
    id: db().insert(schema.users).values({ name, email, hash: "x", role: "ADMIN" }).returning().get().id,
  };
  clubId = db()
    .insert(schema.associations)
    .values({ name: "Lane Club", country: "MY", token: "lc" })
    .returning()
    .get().id;
  paddler = db()
    .insert(schema.users)
    .values({
      email: "paddler@example.test",
      hash: "x",
      name: "PADDLER",
      role: "COMPETITOR",
      associationId: clubId,
    })
    .returning()
    .get().id;
  eventId = event("ROUNDS EVENT");
  otherEventId = event("OTHER EVENT");
  deletedEventId = event("GONE EVENT", true);
  teams = ["LANE CLUB A", "LANE CLUB B", "LANE CLUB C"].map((n) => team(eventId, n));
  otherTeam = team(otherEventId, "LANE CLUB A");
  raceEvents.on("changed", listener);
});
afterEach(() => {
  notified.length = 0;
});

describe("rounds", () => {
  it("lists live events by name, creates rounds with audit entries, refuses a name taken in any case", () => {
    expect(liveEvents(ED).map((x) => x.name)).toEqual(
      expect.arrayContaining(["OTHER EVENT", "ROUNDS EVENT"]),
    );
    expect(liveEvents(ED).some((x) => x.id === deletedEventId)).toBe(false);
    const heat = newRound("Heat 1");
    expect(createRound(ED, admin, { event: eventId, name: "HEAT 1", description: "x" })).toEqual({
      ok: false,
      code: "exists",
    });
    // The same name in another event is fine; a deleted or unknown event is refused.
    expect(createRound(ED, admin, { event: otherEventId, name: "Heat 1", description: "x" }).ok).toBe(true);
    expect(createRound(ED, admin, { event: deletedEventId, name: "Heat 1", description: "x" })).toEqual({
      ok: false,
      code: "eventGone",
    });
    expect(createRound(ED, admin, { event: 999_999, name: "Heat 1", description: "x" })).toEqual({
      ok: false,
      code: "eventGone",
    });
    expect(roundsOfEvent(ED, eventId)).toEqual([
      { id: heat, name: "Heat 1", description: "Heat 1 description", eventId, races: 0 },
    ]);
    expect(auditFor("round.created").find((a) => a.targetId === String(heat))).toMatchObject({
      actorId: admin.id,
      details: JSON.stringify({ eventId, name: "Heat 1", description: "Heat 1 description" }),
    });
  });

  it("updates name and description, refuses another round's name, audits the changed fields", () => {
    const a = newRound("Semi A");
    const b = newRound("Semi B");
    expect(updateRound(ED, admin, b, { name: "semi a", description: "x" })).toEqual({
      ok: false,
      code: "exists",
    });
    // Its own name in another case is fine.
    expect(updateRound(ED, admin, a, { name: "SEMI A", description: "Semi A description" })).toEqual({
      ok: true,
      id: a,
      eventId,
    });
    expect(findRound(ED, a)).toMatchObject({ name: "SEMI A", eventName: "ROUNDS EVENT", races: 0 });
    expect(JSON.parse(auditFor("round.updated")[0].details)).toEqual({
      old: { name: "Semi A" },
      new: { name: "SEMI A" },
    });
    expect(notified).toEqual([a]);
    expect(updateRound(ED, admin, 999_999, { name: "n", description: "d" })).toEqual({
      ok: false,
      code: "notFound",
    });
  });

  it("deletes a round with its races, scan logs and scoreboard entry", () => {
    const round = newRound("Final");
    const made = createRace(ED, admin, { round, lane: "1", team: teams[0] });
    expect(made.ok).toBe(true);
    db().insert(schema.scanLogs).values({ roundId: round, teamId: teams[0], userId: paddler }).run();
    db().insert(schema.scoreboardRounds).values({ roundId: round }).run();
    expect(findRound(ED, round)).toMatchObject({ races: 1, scanLogs: 1, onScoreboard: true });
    notified.length = 0;
    expect(deleteRound(ED, admin, round)).toEqual({ ok: true, id: round, eventId });
    expect(findRound(ED, round)).toBeUndefined();
    expect(db().select().from(schema.races).where(eq(schema.races.roundId, round)).all()).toEqual([]);
    expect(db().select().from(schema.scanLogs).where(eq(schema.scanLogs.roundId, round)).all()).toEqual([]);
    expect(
      db().select().from(schema.scoreboardRounds).where(eq(schema.scoreboardRounds.roundId, round)).all(),
    ).toEqual([]);
    expect(JSON.parse(auditFor("round.deleted")[0].details)).toEqual({
      eventId,
      name: "Final",
      races: 1,
      scanLogs: 1,
      onScoreboard: true,
    });
    expect(notified).toEqual([round]);
    expect(deleteRound(ED, admin, round)).toEqual({ ok: false, code: "notFound" });
  });

  it("hides the rounds of a deleted event", () => {
    const ev = event("SOON GONE");
    const round = newRound("Heat 1", ev);
    db().update(schema.events).set({ deleted: true }).where(eq(schema.events.id, ev)).run();
    expect(findRound(ED, round)).toBeUndefined();
    expect(updateRound(ED, admin, round, { name: "x", description: "y" })).toEqual({
      ok: false,
      code: "notFound",
    });
    expect(deleteRound(ED, admin, round)).toEqual({ ok: false, code: "notFound" });
  });
});

describe("races", () => {
  it("keeps one lane and one team per round and takes only the round's event's teams", () => {
    const round = newRound("Race Heat");
    const created = auditFor("race.created").length;
    const first = createRace(ED, admin, { round, lane: "2", team: teams[0] });
    expect(first).toMatchObject({ ok: true, roundId: round });
    expect(notified).toEqual([round]);
    expect(createRace(ED, admin, { round, lane: "2", team: teams[1] })).toEqual({
      ok: false,
      code: "laneUsed",
    });
    expect(createRace(ED, admin, { round, lane: "3", team: teams[0] })).toEqual({
      ok: false,
      code: "teamExists",
    });
    expect(createRace(ED, admin, { round, lane: "3", team: otherTeam })).toEqual({
      ok: false,
      code: "teamNotInEvent",
    });
    expect(createRace(ED, admin, { round: 999_999, lane: "3", team: teams[1] })).toEqual({
      ok: false,
      code: "roundGone",
    });
    createRace(ED, admin, { round, lane: "10", team: teams[1] });
    expect(racesOfRound(ED, round).map((x) => [x.lane, x.teamName])).toEqual([
      ["2", "LANE CLUB A"],
      ["10", "LANE CLUB B"],
    ]);
    expect(teamsForRound(ED, round)).toEqual([{ id: teams[2], name: "LANE CLUB C" }]);
    expect(auditFor("race.created")).toHaveLength(created + 2);
    expect(notified).toEqual([round, round]);
  });

  it("updates lane and score (audited), refusing a lane in use", () => {
    const round = newRound("Edit Heat");
    const a = createRace(ED, admin, { round, lane: "1", team: teams[0] });
    const b = createRace(ED, admin, { round, lane: "2", team: teams[1] });
    if (!a.ok || !b.ok) throw new Error("setup");
    expect(updateRace(ED, admin, b.id, { lane: "1", score: null })).toEqual({ ok: false, code: "laneUsed" });
    notified.length = 0;
    expect(updateRace(ED, admin, b.id, { lane: "3", score: "1:02.50" })).toEqual({
      ok: true,
      id: b.id,
      roundId: round,
    });
    expect(findRace(ED, b.id)).toMatchObject({
      lane: "3",
      score: "1:02.50",
      teamName: "LANE CLUB B",
      roundName: "Edit Heat",
    });
    expect(JSON.parse(auditFor("race.updated")[0].details)).toEqual({
      roundId: round,
      old: { lane: "2", score: null },
      new: { lane: "3", score: "1:02.50" },
    });
    expect(notified).toEqual([round]);
    expect(updateRace(ED, admin, 999_999, { lane: "1", score: null })).toEqual({
      ok: false,
      code: "notFound",
    });
  });

  it("deletes a race with its team's scan logs in that round only", () => {
    const round = newRound("Delete Heat");
    const later = newRound("Delete Final");
    const race = createRace(ED, admin, { round, lane: "1", team: teams[0] });
    if (!race.ok) throw new Error("setup");
    db().insert(schema.scanLogs).values({ roundId: round, teamId: teams[0], userId: paddler }).run();
    db().insert(schema.scanLogs).values({ roundId: later, teamId: teams[0], userId: paddler }).run();
    expect(findRace(ED, race.id)?.scanLogs).toBe(1);
    expect(deleteRace(ED, admin, race.id)).toEqual({ ok: true, id: race.id, roundId: round });
    expect(findRace(ED, race.id)).toBeUndefined();
    expect(db().select().from(schema.scanLogs).where(eq(schema.scanLogs.roundId, round)).all()).toEqual([]);
    expect(db().select().from(schema.scanLogs).where(eq(schema.scanLogs.roundId, later)).all()).toHaveLength(
      1,
    );
    expect(JSON.parse(auditFor("race.deleted")[0].details)).toMatchObject({ roundId: round, scanLogs: 1 });
    expect(deleteRace(ED, admin, race.id)).toEqual({ ok: false, code: "notFound" });
  });

  it("Save Scores writes only the changed boxes in one audited change, refusing races of other rounds", () => {
    const round = newRound("Scores Heat");
    const other = newRound("Scores Other");
    const ids = teams.map((team, i) => {
      const made = createRace(ED, admin, { round, lane: String(i + 1), team });
      if (!made.ok) throw new Error("setup");
      return made.id;
    });
    const foreign = createRace(ED, admin, { round: other, lane: "1", team: teams[0] });
    if (!foreign.ok) throw new Error("setup");
    // Another desk set race 3's score after this form was shown.
    db().update(schema.races).set({ score: "DNS" }).where(eq(schema.races.id, ids[2])).run();
    notified.length = 0;
    expect(
      saveScores(ED, admin, round, [
        { raceId: ids[0], score: "1:01.10", was: null },
        { raceId: ids[1], score: null, was: null },
        { raceId: ids[2], score: null, was: null },
      ]),
    ).toEqual({ ok: true, changed: 1 });
    expect(racesOfRound(ED, round).map((x) => x.score)).toEqual(["1:01.10", null, "DNS"]);
    expect(JSON.parse(auditFor("race.scores")[0].details)).toEqual({
      changes: [{ race: ids[0], old: null, new: "1:01.10" }],
    });
    expect(notified).toEqual([round]);

    const before = auditFor("race.scores").length;
    expect(
      saveScores(ED, admin, round, [
        { raceId: ids[0], score: "9:99.99", was: "1:01.10" },
        { raceId: foreign.id, score: "1", was: null },
      ]),
    ).toEqual({ ok: false, code: "stale" });
    expect(racesOfRound(ED, round)[0].score).toBe("1:01.10");
    expect(saveScores(ED, admin, 999_999, [{ raceId: ids[0], score: "1", was: null }])).toEqual({
      ok: false,
      code: "roundGone",
    });
    // Nothing changed: no audit entry, no notification.
    notified.length = 0;
    expect(saveScores(ED, admin, round, [{ raceId: ids[0], score: "1:01.10", was: "1:01.10" }])).toEqual({
      ok: true,
      changed: 0,
    });
    expect(auditFor("race.scores")).toHaveLength(before);
    expect(notified).toEqual([]);
  });
});
