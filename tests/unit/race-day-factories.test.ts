// tests/factories/race-day.ts: the race-day factories write the rows and columns they are given
// through the models' small insert and set functions, and nothing else (no audit entry).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { currentEdition } from "~/models/edition.server";
import { schemeOf } from "~/models/standings.server";
import * as make from "../factories";
import * as raceDay from "../factories/race-day";

function setup() {
  const club = make.club();
  const event = make.event();
  const a = make.team(club.id, event.id);
  const b = make.team(club.id, event.id);
  const member = make.user({ associationId: club.id });
  return { club, event, a, b, member };
}

const audits = () => db().select().from(schema.auditLog).all().length;

describe("race-day factories", () => {
  it("make a round and its lanes with the columns given, the round in its event's edition", () => {
    const { event, a, b } = setup();
    const before = audits();
    const at = new Date(Date.UTC(2033, 5, 18, 3));
    const round = raceDay.round(event.id, { name: "HEAT 1", raceNumber: -42, scheduledAt: at });
    expect(round).toMatchObject({ name: "HEAT 1", description: "", raceNumber: -42, resultState: "NONE" });
    expect(round.scheduledAt?.getTime()).toBe(at.getTime());
    const stored = db().select().from(schema.rounds).where(eq(schema.rounds.id, round.id)).get();
    const ofEvent = db().select().from(schema.events).where(eq(schema.events.id, event.id)).get();
    expect(stored?.editionId).toBe(ofEvent?.editionId);
    expect(stored?.editionId).toBe(currentEdition().id);
    const lane1 = raceDay.race(round.id, a.id, "1", { score: "1:01.00", timeMs: 61_000 });
    raceDay.race(round.id, b.id, "2");
    expect(lane1).toMatchObject({ lane: "1", score: "1:01.00", timeMs: 61_000, place: null, status: null });
    expect(audits()).toBe(before);
  });

  it("set a round's and a lane's columns, one revision more, atomically", () => {
    const { event, a, b } = setup();
    const round = raceDay.round(event.id);
    raceDay.race(round.id, a.id, "1");
    raceDay.race(round.id, b.id, "2");
    raceDay.atomically(() => {
      raceDay.setLaneColumns(round.id, "2", { status: "DSQ", statusReason: "Lane", score: "DSQ" });
      raceDay.setRoundColumns(round.id, { resultState: "OFFICIAL", revision: 1 });
    });
    raceDay.reviseRound(round.id);
    const r = db().select().from(schema.rounds).where(eq(schema.rounds.id, round.id)).get();
    expect(r).toMatchObject({ resultState: "OFFICIAL", revision: 2 });
    const lanes = db().select().from(schema.races).where(eq(schema.races.roundId, round.id)).all();
    expect(lanes.map((l) => [l.lane, l.status, l.statusReason, l.score])).toEqual([
      ["1", null, "", null],
      ["2", "DSQ", "Lane", "DSQ"],
    ]);
  });

  it("write scan logs (now or at a time), a scoreboard entry, a boat trip out and back, paid fees", () => {
    const { event, a, member } = setup();
    const round = raceDay.round(event.id);
    raceDay.scanLog(round.id, a.id, member.id, 1_234_567);
    raceDay.scanLog(round.id, a.id, member.id);
    const logs = db().select().from(schema.scanLogs).where(eq(schema.scanLogs.roundId, round.id)).all();
    expect(logs.map((l) => [l.teamId, l.userId, l.kioskId, l.savedBy])).toEqual([
      [a.id, member.id, null, null],
      [a.id, member.id, null, null],
    ]);
    expect(logs[0].createdAt.getTime()).toBe(1_234_567);
    expect(Math.abs(logs[1].createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    raceDay.showRound(round.id);
    expect(
      db().select().from(schema.scoreboardRounds).where(eq(schema.scoreboardRounds.roundId, round.id)).all(),
    ).toHaveLength(1);

    raceDay.boatOut(round.id, a.id, "3", 5_000, member.id);
    const trip = () =>
      db().select().from(schema.boatTrips).where(eq(schema.boatTrips.roundId, round.id)).get();
    expect(trip()).toMatchObject({ lane: "3", outUserId: member.id, backAt: null, outKioskId: null });
    raceDay.boatBack(round.id, a.id, 9_000);
    raceDay.boatBack(round.id, a.id, 10_000);
    expect(trip()?.backAt?.getTime()).toBe(9_000);

    raceDay.paid([member.id]);
    const u = db().select().from(schema.users).where(eq(schema.users.id, member.id)).get();
    expect(u?.membershipPaid).toBe(true);
  });

  it("save the open edition's points scheme in its settings row", () => {
    const id = currentEdition().id;
    const s = schema.settings;
    // This worker's database may have no settings row (getSettings' defaults): one for the test.
    const made = db()
      .insert(s)
      .values({
        id,
        crewTagFeeSen: 0,
        ticketPriceSen: 0,
        ticketDescription: "",
        regattaName: "",
        regattaYear: 2026,
        paymentDueHours: 48,
      })
      .onConflictDoNothing()
      .run().changes;
    const before = db().select().from(s).where(eq(s.id, id)).get()!;
    try {
      raceDay.pointsScheme({ pointsScheme: "LEAGUE", pointsCustom: "5,3", pointsFinalsOnly: false });
      expect(schemeOf(id)).toMatchObject({ kind: "LEAGUE", custom: "5,3", finalsOnly: false });
    } finally {
      if (made) db().delete(s).where(eq(s.id, id)).run();
      else
        raceDay.pointsScheme({
          pointsScheme: before.pointsScheme,
          pointsCustom: before.pointsCustom,
          pointsFinalsOnly: before.pointsFinalsOnly,
        });
    }
  });
});
