// Progression plans against a real SQLite file (issue 20, section 4): seedAfterOfficial seeds a
// plan's round once every source is Official (lanes by the plan, seeded_at, audited as the
// System), leaves a round that already has races alone (audited as skipped), and the undo; the
// plan editor and the undo step through their actions (ADMIN only; forged sources change nothing).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { raceEvents } from "~/lib/race-events.server";
import {
  PROGRESSION_AUDIT,
  planOf,
  reseedRound,
  savePlan,
  seedAfterOfficial,
  staleSeedings,
  unseedRound,
} from "~/models/progression.server";
import type { PlanRule } from "~/rules/progression";
import type { LaneInput } from "~/rules/results-schema";
import { declareOfficial, saveProvisional } from "~/services/results.server";
import { action as raceControlAction, loader as raceControlLoader } from "~/routes/_app.race-control/route";
import { action as planAction, loader as planLoader } from "~/routes/_app.rounds.$id.plan";
import { action as unseedAction } from "~/routes/_app.rounds.$id.unseed";
import { callerOf, getRequest, makeUser, ORIGIN, postRequest, run, writes } from "./route-request";
import { uniq } from "../factories";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

const n = 0;

/** The teams in a round's lanes 1, 2, 3 ... in order; the races' ids. */
const lanesOfHeat = (roundId: number, teams: number[]) =>
  teams.map(
    (teamId, i) =>
      db()
        .insert(schema.races)
        .values({ roundId, teamId, lane: String(i + 1) })
        .returning()
        .get().id,
  );

let admin: { id: number; name: string; email: string };
let clubId: number;
beforeAll(() => {
  admin = db()
    .insert(schema.users)
    .values({ email: `pg${uniq()}@example.test`, hash: "x", name: "PG ADMIN", role: "ADMIN" })
    .returning()
    .get();
  clubId = db()
    .insert(schema.associations)
    .values({ name: `PG CLUB ${uniq()}`, country: "MY", token: `pg-${uniq()}` })
    .returning()
    .get().id;
});

function event(teams: number) {
  const eventId = db()
    .insert(schema.events)
    .values({ name: `PG EVENT ${uniq()}` })
    .returning()
    .get().id;
  const teamIds = Array.from(
    { length: teams },
    (_, i) =>
      db()
        .insert(schema.teams)
        .values({ name: `PG TEAM ${i + 1} ${uniq()}`, eventId, associationId: clubId })
        .returning()
        .get().id,
  );
  return { eventId, teamIds };
}

const round = (eventId: number, name: string) =>
  db().insert(schema.rounds).values({ eventId, name }).returning().get().id;

/** A source round's lanes with results (seconds, or a status), its state set in SQL. */
function results(
  roundId: number,
  lanes: [teamId: number, result: number | "DNS" | "DNF" | "DSQ"][],
  state = "OFFICIAL",
) {
  lanes.forEach(([teamId, r], i) => {
    db()
      .insert(schema.races)
      .values({
        roundId,
        teamId,
        lane: String(i + 1),
        timeMs: typeof r === "number" ? r * 1000 : null,
        status: typeof r === "string" ? r : null,
      })
      .run();
  });
  db().$client.prepare("UPDATE rounds SET result_state = ? WHERE id = ?").run(state, roundId);
}

const officially = (roundId: number) => db().transaction((tx) => seedAfterOfficial(tx, ED, roundId));

const lanesOf = (roundId: number) =>
  db()
    .select({ lane: schema.races.lane, teamId: schema.races.teamId })
    .from(schema.races)
    .where(eq(schema.races.roundId, roundId))
    .all()
    .sort((a, b) => Number(a.lane) - Number(b.lane))
    .map((r) => [Number(r.lane), r.teamId]);

const auditOf = (action: string, roundId: number) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, String(roundId))))
    .all();

const seededAt = (roundId: number) =>
  db().select({ s: schema.rounds.seededAt }).from(schema.rounds).where(eq(schema.rounds.id, roundId)).get()
    ?.s;

const place3plus1: PlanRule = { mode: "PLACE", count: 2, plusTimes: 1, lanes: 6 };

function twoHeatsAndFinal(plan: PlanRule = place3plus1) {
  const { eventId, teamIds: t } = event(8);
  const h1 = round(eventId, "HEAT 1");
  const h2 = round(eventId, "HEAT 2");
  const final = round(eventId, "FINAL");
  expect(savePlan(ED, admin, final, plan, [h1, h2])).toEqual({ ok: true, eventId });
  return { eventId, t, h1, h2, final };
}

describe("seedAfterOfficial", () => {
  it("waits for every source, then seeds the plan's round once, audited as the System", () => {
    const { t, h1, h2, final } = twoHeatsAndFinal();
    results(h1, [
      [t[0], 61],
      [t[1], 62],
      [t[2], 63],
      [t[3], "DNF"],
    ]);
    results(
      h2,
      [
        [t[4], 60],
        [t[5], 62.5],
        [t[6], 64],
        [t[7], 65],
      ],
      "PROVISIONAL",
    );
    expect(officially(h1)).toEqual([]); // heat 2 is not official yet
    expect(lanesOf(final)).toEqual([]);
    expect(auditOf(PROGRESSION_AUDIT.skipped, final)).toEqual([]);

    db().$client.prepare("UPDATE rounds SET result_state = 'OFFICIAL' WHERE id = ?").run(h2);
    expect(officially(h2)).toEqual([final]);
    // Winners t4 (60) and t0 (61), seconds t5 (62.5)... t1 (62) first by time, then the best
    // other time: t2 (63). Centre out over 6 lanes: 3, 4, 2, 5, 1.
    expect(lanesOf(final)).toEqual([
      [1, t[2]],
      [2, t[1]],
      [3, t[4]],
      [4, t[0]],
      [5, t[5]],
    ]);
    expect(seededAt(final)).toBeInstanceOf(Date);
    const [entry] = auditOf(PROGRESSION_AUDIT.seeded, final);
    expect(entry.actorId).toBeNull();
    expect(entry.actorName).toBe("System");
    expect(JSON.parse(entry.details)).toMatchObject({
      from: [h1, h2],
      after: h2,
      mode: "PLACE",
      lanes: `1=${t[2]},2=${t[1]},3=${t[4]},4=${t[0]},5=${t[5]}`,
    });

    // Called again for a source (another plan, a later declare): the round has races now, so it is left alone (and says why).
    expect(officially(h1)).toEqual([]);
    const [skipped] = auditOf(PROGRESSION_AUDIT.skipped, final);
    expect(JSON.parse(skipped.details)).toMatchObject({ reason: "The round already has races." });
    expect(lanesOf(final)).toHaveLength(5);
  });

  it("a round drawn by hand before the sources went official is skipped, not overwritten", () => {
    const { t, h1, h2, final } = twoHeatsAndFinal({ mode: "TIME", count: 2, plusTimes: 0, lanes: 6 });
    db().insert(schema.races).values({ roundId: final, teamId: t[7], lane: "3" }).run();
    results(h1, [[t[0], 61]]);
    results(h2, [[t[4], 60]]);
    expect(officially(h2)).toEqual([]);
    expect(lanesOf(final)).toEqual([[3, t[7]]]);
    expect(seededAt(final)).toBeNull();
    expect(auditOf(PROGRESSION_AUDIT.skipped, final)).toHaveLength(1);
  });

  it("results that cannot decide (no finisher) seed nothing and say why", () => {
    const { t, h1, h2, final } = twoHeatsAndFinal({ mode: "TIME", count: 2, plusTimes: 0, lanes: 6 });
    results(h1, [[t[0], "DNS"]]);
    results(h2, [[t[4], "DSQ"]]);
    expect(officially(h2)).toEqual([]);
    expect(lanesOf(final)).toEqual([]);
    const [skipped] = auditOf(PROGRESSION_AUDIT.skipped, final);
    expect(JSON.parse(skipped.details).reason).toMatch(/No crew finished/);
  });

  it("undo: deletes the seeded lanes and clears seeded_at; refused once a lane has a result", () => {
    const { t, h1, h2, final } = twoHeatsAndFinal({ mode: "TIME", count: 3, plusTimes: 0, lanes: 6 });
    results(h1, [
      [t[0], 61],
      [t[1], 62],
    ]);
    results(h2, [
      [t[4], 60],
      [t[5], 63],
    ]);
    expect(officially(h2)).toEqual([final]);

    db().$client.prepare("UPDATE races SET time_ms = 59000 WHERE round_id = ? AND lane = '3'").run(final);
    expect(unseedRound(ED, admin, final)).toMatchObject({ ok: false, code: "hasResults" });
    expect(lanesOf(final)).toHaveLength(3);

    db().$client.prepare("UPDATE races SET time_ms = NULL WHERE round_id = ?").run(final);
    const heard: number[] = [];
    const listener = (id: number) => heard.push(id);
    raceEvents.on("changed", listener);
    expect(unseedRound(ED, admin, final)).toMatchObject({ ok: true, races: 3 });
    raceEvents.off("changed", listener);
    expect(heard).toEqual([final]);
    expect(lanesOf(final)).toEqual([]);
    expect(seededAt(final)).toBeNull();
    expect(auditOf(PROGRESSION_AUDIT.unseeded, final)[0].actorId).toBe(admin.id);
    expect(unseedRound(ED, admin, final)).toMatchObject({ ok: false, code: "notSeeded" });
  });
});

describe("through the results desk", () => {
  it("Declare Official of the last heat seeds the final and tells the scoreboard of it", () => {
    const { t, h1, h2, final } = twoHeatsAndFinal({ mode: "PLACE", count: 1, plusTimes: 1, lanes: 6 });
    const r1 = lanesOfHeat(h1, [t[0], t[1], t[2]]);
    const r2 = lanesOfHeat(h2, [t[4], t[5], t[6]]);
    const lane = (raceId: number, r: Partial<LaneInput>): LaneInput => ({
      raceId,
      timeMs: null,
      status: null,
      statusReason: "",
      penaltyMs: 0,
      penaltyReason: "",
      wins: null,
      losses: null,
      ...r,
    });
    // Heat 1: t1 wins after t0's 3 s penalty; heat 2: t4 wins, t5 is the next best time (62.0).
    saveProvisional(ED, admin, h1, [
      lane(r1[0], { timeMs: 60_000, penaltyMs: 3_000, penaltyReason: "Steering" }),
      lane(r1[1], { timeMs: 61_000 }),
      lane(r1[2], { status: "DNS" }),
    ]);
    saveProvisional(ED, admin, h2, [
      lane(r2[0], { timeMs: 59_000 }),
      lane(r2[1], { timeMs: 62_000 }),
      lane(r2[2], { status: "DSQ", statusReason: "Wrong lane" }),
    ]);
    expect(declareOfficial(ED, admin, h1)).toEqual({ ok: true, seeded: [] });
    const heard: number[] = [];
    const listener = (id: number) => heard.push(id);
    raceEvents.on("changed", listener);
    expect(declareOfficial(ED, admin, h2)).toEqual({ ok: true, seeded: [final] });
    raceEvents.off("changed", listener);
    expect(heard).toContain(final);
    // Winners t4 (59.0) and t1 (61.0), then the best other time: t5 (62.0) before t0 (63.0).
    expect(lanesOf(final)).toEqual([
      [2, t[5]],
      [3, t[4]],
      [4, t[1]],
    ]);
  });
});

describe("savePlan", () => {
  it("refuses the round itself, another event's round and a loop", () => {
    const { eventId, h1, h2, final } = twoHeatsAndFinal();
    const other = round(event(0).eventId, "HEAT 1");
    const plan: PlanRule = { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 };
    expect(savePlan(ED, admin, final, plan, [final])).toMatchObject({ ok: false, code: "foreignSource" });
    expect(savePlan(ED, admin, final, plan, [h1, other])).toMatchObject({
      ok: false,
      code: "foreignSource",
    });
    // FINAL is fed by HEAT 1: HEAT 1 fed by FINAL would loop (and through a round between, too).
    expect(savePlan(ED, admin, h1, plan, [final])).toMatchObject({ ok: false, code: "cycle" });
    const semi = round(eventId, "SEMI");
    expect(savePlan(ED, admin, semi, plan, [final])).toEqual({ ok: true, eventId });
    expect(savePlan(ED, admin, h2, plan, [semi])).toMatchObject({ ok: false, code: "cycle" });
    expect(planOf(ED, final)).toMatchObject({ mode: "PLACE", count: 2, plusTimes: 1, lanes: 6 });
    expect(planOf(ED, final)?.sources.map((s) => s.id)).toEqual([h1, h2]);
  });
});

describe("the plan and unseed actions", () => {
  it("ADMIN saves and removes a plan (audited); COMMITTEE and MANAGER change nothing", async () => {
    const { eventId, h1, h2, final } = twoHeatsAndFinal();
    const fields = { from: "", mode: "TIME", count: "3", plusTimes: "0", lanes: "6", intent: "save" };
    const body = (extra: Record<string, string> = {}) => {
      const f = new URLSearchParams({ ...fields, ...extra });
      f.delete("from");
      return f;
    };
    const callers = {
      ADMIN: await callerOf(makeUser("ADMIN")),
      COMMITTEE: await callerOf(makeUser("COMMITTEE")),
      MANAGER: await callerOf(makeUser("MANAGER")),
    };
    const post = async (role: keyof typeof callers, form: URLSearchParams) => {
      const caller = callers[role];
      form.set("csrf", caller.csrf);
      const req = postRequest(caller, `/rounds/${final}/plan`);
      return run(planAction, new Request(req.url, { method: "POST", headers: req.headers, body: form }), {
        id: String(final),
      });
    };
    const withFrom = (ids: number[], extra: Record<string, string> = {}) => {
      const f = body(extra);
      for (const id of ids) f.append("from", String(id));
      return f;
    };

    for (const role of ["COMMITTEE", "MANAGER"] as const) {
      const before = writes();
      const out = await post(role, withFrom([h1, h2]));
      expect(out.status).toBe(302);
      expect(out.location).toBe("/");
      expect(writes()).toBe(before);
    }
    const otherEventRound = round(event(0).eventId, "HEAT 9");
    const forged = await post("ADMIN", withFrom([h1, otherEventRound]));
    expect(forged.status).toBe(400);
    expect(planOf(ED, final)?.mode).toBe("PLACE"); // unchanged

    const tooMany = await post("ADMIN", withFrom([h1, h2], { count: "7" }));
    expect(tooMany.status).toBe(400);

    const saved = await post("ADMIN", withFrom([h1, h2]));
    expect(saved).toMatchObject({ status: 302, location: `/rounds?event=${eventId}` });
    expect(planOf(ED, final)).toMatchObject({ mode: "TIME", count: 3, plusTimes: 0, lanes: 6 });
    expect(auditOf(PROGRESSION_AUDIT.planSaved, final).length).toBeGreaterThanOrEqual(2);

    const removed = await post("ADMIN", withFrom([], { intent: "remove" }));
    expect(removed).toMatchObject({ status: 302, location: `/rounds?event=${eventId}` });
    expect(planOf(ED, final)).toBeNull();
    expect(auditOf(PROGRESSION_AUDIT.planRemoved, final)).toHaveLength(1);

    const page = await run(
      planLoader,
      getRequest(await callerOf(makeUser("ADMIN")), `/rounds/${final}/plan`),
      {
        id: String(final),
      },
    );
    expect(page.status).toBe(200);
  });

  it("unseed: ADMIN only; refused clearly once a lane has a result", async () => {
    const { eventId, t, h1, h2, final } = twoHeatsAndFinal({
      mode: "TIME",
      count: 2,
      plusTimes: 0,
      lanes: 6,
    });
    results(h1, [[t[0], 61]]);
    results(h2, [[t[4], 60]]);
    expect(officially(h2)).toEqual([final]);
    for (const role of ["COMMITTEE", "MANAGER"] as const) {
      const caller = await callerOf(makeUser(role));
      const before = writes();
      const out = await run(unseedAction, postRequest(caller, `/rounds/${final}/unseed`), {
        id: String(final),
      });
      expect(out.location).toBe("/");
      expect(writes()).toBe(before);
    }
    const adminCaller = await callerOf(makeUser("ADMIN"));
    db().$client.prepare("UPDATE races SET status = 'DNS' WHERE round_id = ?").run(final);
    const refused = await run(unseedAction, postRequest(adminCaller, `/rounds/${final}/unseed`), {
      id: String(final),
    });
    expect(refused.status).toBe(409);
    expect(lanesOf(final)).toHaveLength(2);
    // Race control's button posts straight here: the refusal goes back there as a toast.
    const fromRaceControl = () => {
      const req = postRequest(adminCaller, `/rounds/${final}/unseed`);
      req.headers.set("Referer", `${ORIGIN}/race-control`);
      return req;
    };
    expect(await run(unseedAction, fromRaceControl(), { id: String(final) })).toMatchObject({
      status: 302,
      location: "/race-control",
      toasts: [
        "A lane of this round already has a result, so its seeding cannot be undone. Clear the results first.",
      ],
    });
    db().$client.prepare("UPDATE races SET status = NULL WHERE round_id = ?").run(final);
    const done = await run(unseedAction, postRequest(adminCaller, `/rounds/${final}/unseed`), {
      id: String(final),
    });
    expect(done).toMatchObject({ status: 302, location: `/rounds?event=${eventId}` });
    expect(done.toasts).toEqual(["Seeding undone: the round's lanes were removed."]);
    expect(lanesOf(final)).toEqual([]);
  });
});

const revisionsOf = (roundId: number) =>
  db()
    .select({ r: schema.rounds.seededRevisions })
    .from(schema.rounds)
    .where(eq(schema.rounds.id, roundId))
    .get()?.r;

describe("a plan saved after its sources are Official", () => {
  const time2: PlanRule = { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 };
  function officialHeats() {
    const { eventId, teamIds: t } = event(6);
    const h1 = round(eventId, "HEAT 1");
    const h2 = round(eventId, "HEAT 2");
    const final = round(eventId, "FINAL");
    results(h1, [
      [t[0], 61],
      [t[1], 62],
    ]);
    results(h2, [
      [t[2], 60],
      [t[3], 63],
    ]);
    return { eventId, t, h1, h2, final };
  }

  it("seeds the empty round at once in the same save, audited as the System, and tells the scoreboard", () => {
    const { eventId, t, h1, h2, final } = officialHeats();
    const heard: number[] = [];
    const listener = (id: number) => heard.push(id);
    raceEvents.on("changed", listener);
    expect(savePlan(ED, admin, final, time2, [h1, h2])).toEqual({ ok: true, eventId, seeded: 2 });
    raceEvents.off("changed", listener);
    expect(heard).toEqual([final]);
    expect(lanesOf(final)).toEqual([
      [3, t[2]],
      [4, t[0]],
    ]);
    expect(seededAt(final)).toBeInstanceOf(Date);
    expect(JSON.parse(revisionsOf(final) as string)).toEqual({ [h1]: 0, [h2]: 0 });
    const [entry] = auditOf(PROGRESSION_AUDIT.seeded, final);
    expect(entry.actorName).toBe("System");
    expect(JSON.parse(entry.details)).toMatchObject({ from: [h1, h2], onPlanSave: true });
    // Saved again (the round has races now): nothing more.
    expect(savePlan(ED, admin, final, time2, [h1, h2])).toEqual({ ok: true, eventId });
    expect(lanesOf(final)).toHaveLength(2);
    expect(auditOf(PROGRESSION_AUDIT.skipped, final)).toEqual([]);
  });

  it("changes nothing while a source is not Official, nor in a round that has races", () => {
    const { eventId, t, h1, h2, final } = officialHeats();
    db().$client.prepare("UPDATE rounds SET result_state = 'PROVISIONAL' WHERE id = ?").run(h2);
    expect(savePlan(ED, admin, final, time2, [h1, h2])).toEqual({ ok: true, eventId });
    expect(lanesOf(final)).toEqual([]);
    expect(seededAt(final)).toBeNull();
    // It seeds on that source's declare instead.
    db().$client.prepare("UPDATE rounds SET result_state = 'OFFICIAL' WHERE id = ?").run(h2);
    expect(officially(h2)).toEqual([final]);

    const other = officialHeats();
    db().insert(schema.races).values({ roundId: other.final, teamId: other.t[5], lane: "1" }).run();
    expect(savePlan(ED, admin, other.final, time2, [other.h1, other.h2])).toEqual({
      ok: true,
      eventId: other.eventId,
    });
    expect(lanesOf(other.final)).toEqual([[1, other.t[5]]]);
    expect(seededAt(other.final)).toBeNull();
    expect(t).toHaveLength(6);
  });

  it("results that cannot decide: the plan is saved, the round not seeded, the System says why", () => {
    const { eventId, t, h1, h2, final } = officialHeats();
    db().$client.prepare("UPDATE races SET time_ms = NULL WHERE round_id = ? AND team_id = ?").run(h1, t[1]);
    expect(savePlan(ED, admin, final, time2, [h1, h2])).toEqual({ ok: true, eventId, seeded: "skipped" });
    expect(planOf(ED, final)?.mode).toBe("TIME");
    expect(lanesOf(final)).toEqual([]);
    expect(JSON.parse(auditOf(PROGRESSION_AUDIT.skipped, final)[0].details)).toMatchObject({
      onPlanSave: true,
      reason: expect.stringMatching(/has no result/),
    });
  });

  it("the Plan dialog's toast says the round was seeded and with how many crews", async () => {
    const { eventId, h1, h2, final } = officialHeats();
    const caller = await callerOf(makeUser("ADMIN"));
    const form = new URLSearchParams({
      intent: "save",
      mode: "TIME",
      count: "3",
      plusTimes: "0",
      lanes: "6",
    });
    form.append("from", String(h1));
    form.append("from", String(h2));
    form.set("csrf", caller.csrf);
    const req = postRequest(caller, `/rounds/${final}/plan`);
    const out = await run(
      planAction,
      new Request(req.url, { method: "POST", headers: req.headers, body: form }),
      {
        id: String(final),
      },
    );
    expect(out).toMatchObject({ status: 302, location: `/rounds?event=${eventId}` });
    expect(out.toasts).toEqual(["Plan saved. FINAL seeded with 3 crews."]);
    expect(lanesOf(final)).toHaveLength(3);
  });
});

describe("a source revised after the seeding", () => {
  /** Heats declared and a final seeded through the results desk; heat 1 then revised. */
  async function seededThenRevised() {
    const { eventId, teamIds: t } = event(6);
    const h1 = round(eventId, "HEAT 1");
    const h2 = round(eventId, "HEAT 2");
    const final = round(eventId, "FINAL");
    expect(savePlan(ED, admin, final, { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 }, [h1, h2])).toEqual({
      ok: true,
      eventId,
    });
    const lane = (raceId: number, timeMs: number, penaltyMs = 0): LaneInput => ({
      raceId,
      timeMs,
      status: null,
      statusReason: "",
      penaltyMs,
      penaltyReason: penaltyMs ? "Steering" : "",
      wins: null,
      losses: null,
    });
    const r1 = lanesOfHeat(h1, [t[0], t[1]]);
    const r2 = lanesOfHeat(h2, [t[2], t[3]]);
    saveProvisional(ED, admin, h1, [lane(r1[0], 60_000), lane(r1[1], 62_000)]);
    saveProvisional(ED, admin, h2, [lane(r2[0], 61_000), lane(r2[1], 63_000)]);
    expect(declareOfficial(ED, admin, h1)).toEqual({ ok: true, seeded: [] });
    expect(declareOfficial(ED, admin, h2)).toEqual({ ok: true, seeded: [final] });
    expect(lanesOf(final)).toEqual([
      [3, t[0]],
      [4, t[2]],
    ]);
    expect(staleSeedings(ED)[final]).toBeUndefined();
    // A protest upheld: t0 gets 5 s, so t1 (62.0) is now second behind t2 (61.0).
    expect(saveProvisional(ED, admin, h1, [lane(r1[0], 60_000, 5_000), lane(r1[1], 62_000)])).toMatchObject({
      ok: true,
    });
    return { eventId, t, h1, h2, final };
  }

  it("shows on race control, and Re-seed seeds again from the current results, audited by the admin", async () => {
    const { t, final } = await seededThenRevised();
    expect(staleSeedings(ED)[final]).toEqual(["HEAT 1"]);
    const adminCaller = await callerOf(makeUser("ADMIN"));
    const page = await raceControlLoader({
      request: getRequest(adminCaller, "/race-control"),
      params: {},
      context: {},
    });
    // The final's row says which source was revised, with Re-seed (the table is written as HTML).
    const { tables } = (await page.json()) as {
      tables: { scheduled: { serverHtml: string } | null; unscheduled: { serverHtml: string } | null };
    };
    const html = `${tables.scheduled?.serverHtml ?? ""}${tables.unscheduled?.serverHtml ?? ""}`;
    const row = html.split("<tr>").find((tr) => tr.includes(`href="/rounds/${final}/results"`)) ?? "";
    expect(row).toContain("HEAT 1 was revised after");
    expect(row).toContain(
      `<input type="hidden" name="intent" value="reseed"/><input type="hidden" name="id" value="${final}"/>`,
    );

    const heard: number[] = [];
    const listener = (id: number) => heard.push(id);
    raceEvents.on("changed", listener);
    const out = await run(
      raceControlAction,
      postRequest(adminCaller, "/race-control", { intent: "reseed", id: String(final) }),
    );
    raceEvents.off("changed", listener);
    expect(out).toMatchObject({ status: 302, location: "/race-control" });
    expect(out.toasts).toEqual(["FINAL re-seeded from the current official results with 2 crews."]);
    expect(heard).toEqual([final]);
    expect(lanesOf(final)).toEqual([
      [3, t[2]],
      [4, t[1]],
    ]);
    expect(staleSeedings(ED)[final]).toBeUndefined();
    const [entry] = auditOf(PROGRESSION_AUDIT.reseeded, final);
    expect(entry.actorName).not.toBe("System");
    expect(JSON.parse(entry.details)).toMatchObject({
      old: { lanes: `3=${t[0]},4=${t[2]}` },
      new: { lanes: `3=${t[2]},4=${t[1]}` },
    });
  });

  it("Re-seed is refused, changing nothing, once a lane of the round has a result", async () => {
    const { final } = await seededThenRevised();
    db().$client.prepare("UPDATE races SET status = 'DNS' WHERE round_id = ? AND lane = '3'").run(final);
    const before = lanesOf(final);
    const count = writes();
    expect(reseedRound(ED, admin, final)).toMatchObject({ ok: false, code: "hasResults" });
    expect(writes()).toBe(count);
    const adminCaller = await callerOf(makeUser("ADMIN"));
    const out = await run(
      raceControlAction,
      postRequest(adminCaller, "/race-control", { intent: "reseed", id: String(final) }),
    );
    expect(out.status).toBe(409);
    expect(lanesOf(final)).toEqual(before);
    expect(auditOf(PROGRESSION_AUDIT.reseeded, final)).toEqual([]);
    // Not a seeded round at all: refused too.
    const plain = round(event(0).eventId, "FINAL");
    expect(reseedRound(ED, admin, plain)).toMatchObject({ ok: false, code: "notSeeded" });
  });

  it("COMMITTEE and MANAGER are refused; a forged id of another edition is not found", async () => {
    const { final } = await seededThenRevised();
    const before = lanesOf(final);
    for (const role of ["COMMITTEE", "MANAGER"] as const) {
      const caller = await callerOf(makeUser(role));
      const count = writes();
      const out = await run(
        raceControlAction,
        postRequest(caller, "/race-control", { intent: "reseed", id: String(final) }),
      );
      expect(out.status, role).toBe(role === "COMMITTEE" ? 403 : 302);
      if (role === "MANAGER") expect(out.location).toBe("/");
      expect(writes()).toBe(count);
    }
    // A seeded round of another (draft) edition: asked through the open one, not found.
    const other = db()
      .insert(schema.editions)
      .values({
        name: `PG DRAFT ${uniq()}`,
        year: 2100 + (n % 500),
        startsOn: "2100-01-01",
        endsOn: "2100-01-02",
      })
      .returning()
      .get().id;
    const ev = db()
      .insert(schema.events)
      .values({ name: `PG OTHER ${uniq()}`, editionId: other })
      .returning()
      .get().id;
    const foreign = db()
      .insert(schema.rounds)
      .values({ eventId: ev, name: "FINAL", seededAt: new Date(), editionId: other })
      .returning()
      .get().id;
    const adminCaller = await callerOf(makeUser("ADMIN"));
    const count = writes();
    const out = await run(
      raceControlAction,
      postRequest(adminCaller, "/race-control", { intent: "reseed", id: String(foreign) }),
    );
    expect(out.status).toBe(404);
    expect(writes()).toBe(count);
    expect(lanesOf(final)).toEqual(before);
  });
});
