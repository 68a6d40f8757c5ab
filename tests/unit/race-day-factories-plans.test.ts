// tests/factories/race-day.ts's progression plan and kiosk factories: the rows they are given,
// through the models' insert functions (insertPlan, insertKiosk), and nothing else (no audit entry,
// no seeding).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { currentEdition } from "~/models/edition.server";
import { findKiosk, liveKiosk } from "~/models/kiosk.server";
import { planOf } from "~/models/progression.server";
import * as make from "../factories";
import * as raceDay from "../factories/race-day";

const audits = () => db().select().from(schema.auditLog).all().length;

describe("race-day factories: plans and kiosks", () => {
  it("make a progression plan with its sources, the defaults or the values given, unseeded", () => {
    const club = make.club();
    const event = make.event();
    const a = make.team(club.id, event.id);
    const h1 = raceDay.round(event.id, { name: "HEAT 1" });
    const h2 = raceDay.round(event.id, { name: "HEAT 2" });
    const final = raceDay.round(event.id, { name: "FINAL" });
    const semi = raceDay.round(event.id, { name: "SEMI" });
    raceDay.race(h1.id, a.id, "1", { timeMs: 60_000 });
    const before = audits();
    raceDay.progressionPlan(event.id, final.id, [h1.id, h2.id]);
    raceDay.progressionPlan(event.id, semi.id, [h1.id], { mode: "PLACE", count: 3, plusTimes: 1, lanes: 8 });
    const edition = currentEdition().id;
    expect(planOf(edition, final.id)).toMatchObject({
      toRoundId: final.id,
      mode: "TIME",
      count: 2,
      plusTimes: 0,
      lanes: 6,
    });
    expect(
      planOf(edition, final.id)
        ?.sources.map((s) => s.id)
        .sort(),
    ).toEqual([h1.id, h2.id].sort());
    expect(planOf(edition, semi.id)).toMatchObject({ mode: "PLACE", count: 3, plusTimes: 1, lanes: 8 });
    const plan = db()
      .select()
      .from(schema.progressionPlans)
      .where(eq(schema.progressionPlans.toRoundId, final.id))
      .get();
    expect(plan?.eventId).toBe(event.id);
    expect(Math.abs((plan?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(db().select().from(schema.races).where(eq(schema.races.roundId, final.id)).all()).toEqual([]);
    expect(audits()).toBe(before);
  });

  it("make an enrolled kiosk device with the secret hash and the values given, no audit", () => {
    const before = audits();
    const id = raceDay.kiosk("KIOSK A", "hash-a", { enrolledByName: "e2e" });
    expect(liveKiosk(id)).toEqual({ id, name: "KIOSK A", secretHash: "hash-a" });
    expect(findKiosk(id)).toMatchObject({
      name: "KIOSK A",
      enrolledByName: "e2e",
      lastSeenAt: null,
      revokedAt: null,
    });
    const other = raceDay.kiosk("KIOSK B", "hash-b");
    const row = db().select().from(schema.kiosks).where(eq(schema.kiosks.id, other)).get();
    expect(row).toMatchObject({ enrolledBy: null, enrolledByName: "factory", revokedAt: null });
    expect(audits()).toBe(before);
  });
});
