// Draws and progression against a real SQLite file (issue 10): a draw of an event's teams into
// this round and further heat rounds (made, or used when empty), the seed reproducing the preview,
// refusals that write nothing (races already there, a changed team list, mis-typed scores), a
// progression of the top N with the fastest in the centre lanes, and the audit entries.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { raceEvents } from "~/lib/race-events.server";
import {
  DRAW_AUDIT,
  type DrawInput,
  drawRound,
  planDraw,
  planProgress,
  saveDraw,
  saveProgress,
  sourceRounds,
} from "~/models/draw.server";
import type { User } from "~/models/user.server";
import { SCORE_HELP } from "~/rules/race-time";
import { formatResult } from "~/rules/results";
import { uniq } from "../factories";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

let admin: User;
let clubId: number;
beforeAll(() => {
  const row = db()
    .insert(schema.users)
    .values({ email: `dr${uniq()}@example.test`, hash: "x", name: "DR ADMIN", role: "ADMIN" })
    .returning()
    .get();
  const { hash: _hash, ...safe } = row;
  admin = safe;
  clubId = db()
    .insert(schema.associations)
    .values({ name: `DR CLUB ${uniq()}`, country: "MY", token: `dr-${uniq()}` })
    .returning()
    .get().id;
});

function eventWithTeams(count: number) {
  const eventId = db()
    .insert(schema.events)
    .values({ name: `DR EVENT ${uniq()}` })
    .returning()
    .get().id;
  const teamIds = Array.from(
    { length: count },
    (_, i) =>
      db()
        .insert(schema.teams)
        .values({ name: `TEAM ${String.fromCharCode(65 + i)}`, eventId, associationId: clubId })
        .returning()
        .get().id,
  );
  return { eventId, teamIds };
}

function round(eventId: number, name: string) {
  return db().insert(schema.rounds).values({ eventId, name }).returning().get().id;
}

const racesOf = (roundId: number) =>
  db()
    .select({ lane: schema.races.lane, teamId: schema.races.teamId, id: schema.races.id })
    .from(schema.races)
    .where(eq(schema.races.roundId, roundId))
    .all()
    .sort((a, b) => Number(a.lane) - Number(b.lane));

const roundsOf = (eventId: number) =>
  db().select().from(schema.rounds).where(eq(schema.rounds.eventId, eventId)).orderBy(schema.rounds.id).all();

const auditOf = (action: string, roundId: number) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, String(roundId))))
    .all();

function scores(roundId: number, byLane: Record<string, string | null>) {
  for (const [lane, score] of Object.entries(byLane))
    db()
      .update(schema.races)
      .set({ score })
      .where(and(eq(schema.races.roundId, roundId), eq(schema.races.lane, lane)))
      .run();
}

const eventDraw = (seed: number, lanes = 6): DrawInput => ({ lanes, seed, source: { kind: "event" } });

describe("Generate Draw", () => {
  it("previews, then saves the same draw into this round, audited, and tells the scoreboard", () => {
    const { eventId, teamIds } = eventWithTeams(5);
    const id = round(eventId, "HEAT 1");
    const r = drawRound(ED, id)!;
    const plan = planDraw(r, eventDraw(77));
    expect(plan.errors).toEqual([]);
    expect(plan.heats).toHaveLength(1);
    expect(plan.heats[0].roundId).toBe(id);
    expect(plan.heats[0].lanes.map((l) => l.lane)).toEqual([1, 2, 3, 4, 5]);
    expect(plan.heats[0].lanes.map((l) => l.teamId).sort()).toEqual([...teamIds].sort());
    expect(planDraw(r, eventDraw(77))).toEqual(plan);
    expect(racesOf(id)).toEqual([]); // a preview writes nothing

    const heard: number[] = [];
    const listener = (roundId: number) => heard.push(roundId);
    raceEvents.on("changed", listener);
    const saved = saveDraw(ED, admin, id, eventDraw(77), plan.fingerprint);
    raceEvents.off("changed", listener);
    expect(saved).toEqual({ ok: true, heats: 1, teams: 5, roundIds: [id] });
    expect(heard).toEqual([id]);
    expect(racesOf(id).map((x) => [Number(x.lane), x.teamId])).toEqual(
      plan.heats[0].lanes.map((l) => [l.lane, l.teamId]),
    );
    const [entry] = auditOf(DRAW_AUDIT.drawn, id);
    expect(JSON.parse(entry.details)).toMatchObject({ seed: 77, lanes: 6, source: "event teams" });
  });

  it("refuses a round that already has races, writing nothing", () => {
    const { eventId } = eventWithTeams(3);
    const id = round(eventId, "HEAT 1");
    const plan = planDraw(drawRound(ED, id)!, eventDraw(1));
    expect(saveDraw(ED, admin, id, eventDraw(1), plan.fingerprint).ok).toBe(true);
    const again = planDraw(drawRound(ED, id)!, eventDraw(2));
    expect(again.errors).toEqual([{ code: "roundHasRaces" }]);
    const refused = saveDraw(ED, admin, id, eventDraw(2), again.fingerprint);
    expect(refused).toMatchObject({ ok: false, code: "refused" });
    expect(racesOf(id)).toHaveLength(3);
    expect(auditOf(DRAW_AUDIT.drawn, id)).toHaveLength(1);
  });

  it("refuses a stale preview (a team added since), writing nothing", () => {
    const { eventId } = eventWithTeams(4);
    const id = round(eventId, "HEAT 1");
    const plan = planDraw(drawRound(ED, id)!, eventDraw(5));
    db().insert(schema.teams).values({ name: "LATE", eventId, associationId: clubId }).run();
    const saved = saveDraw(ED, admin, id, eventDraw(5), plan.fingerprint);
    expect(saved).toMatchObject({ ok: false, code: "stale" });
    if (!saved.ok && saved.code === "stale") expect(saved.plan.teams).toBe(5);
    expect(racesOf(id)).toEqual([]);
  });

  it("draws 13 teams into three heats: this round, an existing empty HEAT 2, a new HEAT 3", () => {
    const { eventId, teamIds } = eventWithTeams(13);
    const id = round(eventId, "HEAT 1");
    const heat2 = round(eventId, "heat 2");
    const plan = planDraw(drawRound(ED, id)!, eventDraw(9));
    expect(plan.errors).toEqual([]);
    expect(plan.heats.map((h) => [h.name, h.roundId, h.lanes.length])).toEqual([
      ["HEAT 1", id, 5],
      ["HEAT 2", heat2, 4],
      ["HEAT 3", null, 4],
    ]);
    const saved = saveDraw(ED, admin, id, eventDraw(9), plan.fingerprint);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const rounds = roundsOf(eventId);
    expect(rounds.map((r) => r.name)).toEqual(["HEAT 1", "heat 2", "HEAT 3"]);
    expect(rounds[2].description).toBe("Heat 3 of 3 (drawn with HEAT 1)");
    expect(saved.roundIds).toEqual(rounds.map((r) => r.id));
    const drawn = rounds.flatMap((r) => racesOf(r.id).map((x) => x.teamId));
    expect(drawn.sort()).toEqual([...teamIds].sort());
    expect(racesOf(heat2).map((x) => x.lane)).toEqual(["2", "3", "4", "5"]);
    expect(auditOf("round.created", rounds[2].id)).toHaveLength(1);
  });

  it("refuses when a further heat's round already has races", () => {
    const { eventId, teamIds } = eventWithTeams(7);
    const id = round(eventId, "HEAT 1");
    const heat2 = round(eventId, "HEAT 2");
    db().insert(schema.races).values({ roundId: heat2, teamId: teamIds[0], lane: "1" }).run();
    expect(planDraw(drawRound(ED, id)!, eventDraw(3)).errors).toEqual([
      { code: "otherHasRaces", name: "HEAT 2" },
    ]);
  });

  it("says so for an event without teams", () => {
    const { eventId } = eventWithTeams(0);
    const plan = planDraw(drawRound(ED, round(eventId, "HEAT 1"))!, eventDraw(3));
    expect(plan.errors).toEqual([{ code: "noTeams" }]);
    expect(plan.heats).toEqual([]);
  });
});

describe("Progress", () => {
  function heatWithTimes() {
    const { eventId, teamIds } = eventWithTeams(8);
    const heats = round(eventId, "HEAT 1");
    const plan = planDraw(drawRound(ED, heats)!, { lanes: 8, seed: 11, source: { kind: "event" } });
    const saved = saveDraw(
      ED,
      admin,
      heats,
      { lanes: 8, seed: 11, source: { kind: "event" } },
      plan.fingerprint,
    );
    expect(saved.ok).toBe(true);
    const final = round(eventId, "FINAL");
    return { eventId, teamIds, heats, final };
  }

  it("lists the event's other rounds with races and scores", () => {
    const { heats, final } = heatWithTimes();
    scores(heats, { 1: "1:01.00" });
    expect(sourceRounds(drawRound(ED, final)!)).toEqual([{ id: heats, name: "HEAT 1", races: 8, scored: 1 }]);
  });

  it("refuses mis-typed and missing times with the lane, team and text, writing nothing", () => {
    const { heats, final } = heatWithTimes();
    scores(heats, {
      1: "1:05.00",
      2: "1:04.00",
      3: "1.02.35",
      4: "1:03.00",
      5: "1:02.00",
      6: "1:01.00",
      7: "1:00.00",
    });
    const input = { from: [heats], top: 6, lanes: 6 };
    const plan = planProgress(drawRound(ED, final)!, input);
    const team3 = racesOf(heats).find((r) => r.lane === "3")!.teamId;
    const name3 = db().select().from(schema.teams).where(eq(schema.teams.id, team3)).get()!.name;
    const team8 = racesOf(heats).find((r) => r.lane === "8")!.teamId;
    const name8 = db().select().from(schema.teams).where(eq(schema.teams.id, team8)).get()!.name;
    expect(plan.errors).toEqual([
      { code: "ranking", text: `HEAT 1, lane 3 (${name3}): "1.02.35" is not a score. ${SCORE_HELP}` },
      { code: "ranking", text: `HEAT 1, lane 8 (${name8}) has no score yet. Enter every score first.` },
    ]);
    expect(plan.ranking?.filter((r) => r.problem).map((r) => r.lane)).toEqual(["3", "8"]);
    expect(saveProgress(ED, admin, final, input, plan.fingerprint)).toMatchObject({
      ok: false,
      code: "refused",
    });
    expect(racesOf(final)).toEqual([]);
  });

  it("progresses the top 6 with the fastest in lanes 3 and 4, audited", () => {
    const { heats, final } = heatWithTimes();
    scores(heats, {
      1: "1:05.00",
      2: "1:04.00",
      3: "DNF",
      4: "1:03.00",
      5: "1:02.00",
      6: "59.50",
      7: "1:00.00",
      8: "1:01.00",
    });
    const byLane = new Map(racesOf(heats).map((r) => [r.lane, r.teamId]));
    const input = { from: [heats], top: 6, lanes: 6 };
    const plan = planProgress(drawRound(ED, final)!, input);
    expect(plan.errors).toEqual([]);
    expect(plan.ranking?.map((r) => [r.place, r.lane, r.qualifies])).toEqual([
      ["1st", "6", true],
      ["2nd", "7", true],
      ["3rd", "8", true],
      ["4th", "5", true],
      ["5th", "4", true],
      ["6th", "2", true],
      ["7th", "1", false],
      ["", "3", false],
    ]);
    const saved = saveProgress(ED, admin, final, input, plan.fingerprint);
    expect(saved).toEqual({ ok: true, heats: 1, teams: 6, roundIds: [final] });
    expect(racesOf(final).map((r) => [r.lane, r.teamId])).toEqual([
      ["1", byLane.get("4")],
      ["2", byLane.get("8")],
      ["3", byLane.get("6")],
      ["4", byLane.get("7")],
      ["5", byLane.get("5")],
      ["6", byLane.get("2")],
    ]);
    expect(JSON.parse(auditOf(DRAW_AUDIT.progressed, final)[0].details)).toMatchObject({
      from: [heats],
      top: 6,
      lanes: 6,
    });
  });

  it("ranks a round race control scored from its columns: time plus penalty, DSQ out", () => {
    const { heats, final } = heatWithTimes();
    // lane: [time s, penalty s] or a status; the text is what race control writes (formatResult).
    const lanes: Record<string, [number, number] | "DSQ"> = {
      1: [61, 0],
      2: [59, 2], // 1:01.00 with its penalty: ties lane 1, and lane 1 wins on the lane order
      3: [60, 0],
      4: "DSQ",
      5: [62, 0],
      6: [58, 5], // fastest on the water, 4th after its penalty
      7: [64, 0],
      8: [65, 0],
    };
    for (const [lane, r] of Object.entries(lanes)) {
      const columns =
        r === "DSQ"
          ? { timeMs: 57_000, penaltyMs: 2000, status: "DSQ" as const }
          : { timeMs: r[0] * 1000, penaltyMs: r[1] * 1000, status: null };
      db()
        .update(schema.races)
        .set({ ...columns, score: formatResult({ ...columns, wins: null, losses: null }) })
        .where(and(eq(schema.races.roundId, heats), eq(schema.races.lane, lane)))
        .run();
    }
    const byLane = new Map(racesOf(heats).map((r) => [r.lane, r.teamId]));
    const input = { from: [heats], top: 4, lanes: 6 };
    const plan = planProgress(drawRound(ED, final)!, input);
    expect(plan.errors).toEqual([]);
    expect(plan.ranking?.map((r) => [r.place, r.lane, r.typed, r.shown, r.qualifies])).toEqual([
      ["1st", "3", "1:00.00", "1:00.00", true],
      ["=2nd", "1", "1:01.00", "1:01.00", true],
      ["=2nd", "2", "1:01.00 (+2.00)", "1:01.00 (+2.00)", true],
      ["4th", "5", "1:02.00", "1:02.00", true],
      ["5th", "6", "1:03.00 (+5.00)", "1:03.00 (+5.00)", false],
      ["6th", "7", "1:04.00", "1:04.00", false],
      ["7th", "8", "1:05.00", "1:05.00", false],
      ["", "4", "DSQ", "DSQ", false],
    ]);
    expect(sourceRounds(drawRound(ED, final)!)[0]).toMatchObject({ races: 8, scored: 8 });
    const saved = saveProgress(ED, admin, final, input, plan.fingerprint);
    expect(saved).toMatchObject({ ok: true, teams: 4 });
    // The best in the centre: 3 and 4 to lanes 3 and 4 of 6 (centre order 3, 4, 2, 5).
    expect(racesOf(final).map((r) => [r.lane, r.teamId])).toEqual([
      ["2", byLane.get("2")],
      ["3", byLane.get("3")],
      ["4", byLane.get("1")],
      ["5", byLane.get("5")],
    ]);
  });

  it("refuses rounds of another event or this round itself, and no rounds at all", () => {
    const { final } = heatWithTimes();
    const other = heatWithTimes();
    const r = drawRound(ED, final)!;
    expect(planProgress(r, { from: [other.heats], top: 6, lanes: 6 }).errors).toEqual([
      { code: "foreignRound" },
    ]);
    expect(planProgress(r, { from: [final], top: 6, lanes: 6 }).errors).toEqual([{ code: "foreignRound" }]);
    expect(planProgress(r, { from: [], top: 6, lanes: 6 }).errors).toEqual([{ code: "chooseRounds" }]);
  });

  it("draws qualifiers at random when Generate Draw takes them from a round", () => {
    const { heats, final } = heatWithTimes();
    scores(heats, { 1: "DNS", 2: "DNS", 3: "DNS", 4: "DNS", 5: "DNS", 6: "59.50", 7: "1:00.00", 8: "DSQ" });
    const plan = planDraw(drawRound(ED, final)!, {
      lanes: 6,
      seed: 4,
      source: { kind: "rounds", from: [heats], top: 4 },
    });
    expect(plan.errors).toEqual([]);
    expect(plan.teams).toBe(2); // only two finished
    expect(plan.heats[0].lanes.map((l) => l.lane)).toEqual([3, 4]);
  });
});
