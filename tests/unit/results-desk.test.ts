// The results desk's service (issue 30; services/results-desk.server.ts) on a real SQLite file: the
// import preview (no file, too large, unreadable with every reason, a .lif and a CSV read against
// the round's lanes) writes nothing; the two-desk conflict (a save or a Declare Official from a
// page older than the stored results) answers `{ ok: false, code: "stale" }` with the stored
// results of the lanes that differ and the version stored now, writing nothing; the other
// refusals pass through as their codes.
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { createRace } from "~/models/race.server";
import { resultsLanes, resultsRound, resultsVersion } from "~/models/results.server";
import { createRound } from "~/models/round.server";
import { IMPORT_MAX_BYTES } from "~/rules/lynx-import";
import type { LaneInput } from "~/rules/results-form";
import { conflictOf, declareFromDesk, importPreview, saveFromDesk } from "~/services/results-desk.server";
import { action as raceControlAction } from "~/routes/_app.race-control/route";
import { action as deskAction } from "~/routes/_app.rounds_.$id.results/route";
import { callerOf, type Made, makeClub, makeUser, postRequest, run, writes } from "./route-request";

const ED = 1;
let committee: Made;
let manager: Made;
let clubId = 0;
let seq = 0;
const actor = () => ({ id: committee.id, name: "COMMITTEE user", email: committee.email });

/** A round of a new event with `n` lanes "1".."n"; the race ids in lane order. */
function roundWithLanes(n: number) {
  const ev = db()
    .insert(schema.events)
    .values({ name: `DESK EVENT ${++seq} ${process.pid}`, description: "" })
    .returning()
    .get().id;
  const made = createRound(ED, actor(), { event: ev, name: `HEAT ${seq}`, description: "" });
  if (!made.ok) throw new Error("round");
  const races: number[] = [];
  for (let i = 1; i <= n; i++) {
    const team = db()
      .insert(schema.teams)
      .values({ associationId: clubId, eventId: ev, name: `DESK TEAM ${seq}-${i}` })
      .returning()
      .get().id;
    const race = createRace(ED, actor(), { round: made.id, lane: String(i), team });
    if (!race.ok) throw new Error("race");
    races.push(race.id);
  }
  return { roundId: made.id, races };
}

const lane = (raceId: number, r: Partial<LaneInput> = {}): LaneInput => ({
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
const versionOf = (roundId: number) => {
  const round = resultsRound(ED, roundId);
  return round ? resultsVersion(round, resultsLanes(ED, roundId)) : "";
};
const file = (text: string, name = "heat.lif") => new File([text], name, { type: "text/plain" });

beforeAll(() => {
  clubId = makeClub().id;
  committee = makeUser("COMMITTEE");
  manager = makeUser("MANAGER", clubId);
});

describe("importPreview", () => {
  it("refuses no file, an empty one and one over the limit, reading nothing", async () => {
    const { roundId } = roundWithLanes(2);
    expect(await importPreview(ED, roundId, undefined)).toEqual({ ok: false, code: "noFile" });
    expect(await importPreview(ED, roundId, null)).toEqual({ ok: false, code: "noFile" });
    expect(await importPreview(ED, roundId, file(""))).toEqual({ ok: false, code: "noFile" });
    const big = file("x".repeat(IMPORT_MAX_BYTES + 1));
    expect(await importPreview(ED, roundId, big)).toEqual({ ok: false, code: "tooLarge" });
  });

  it("answers every reason of an unreadable file", async () => {
    const { roundId } = roundWithLanes(2);
    const bad = "0,0,0,800m 14\r\n1,,1,,,,2:3x.19\r\n2,,9,,,,2:40.00\r\n3,,1,,,,2:41.00\r\n";
    const answer = await importPreview(ED, roundId, file(bad));
    expect(answer.ok).toBe(false);
    if (answer.ok || answer.code !== "unreadable") throw new Error("not unreadable");
    expect(answer.errors.map((e) => e.code)).toEqual(expect.arrayContaining(["badTime", "laneNotInRound"]));
    expect(answer.errors.every((e) => e.line > 0)).toBe(true);
  });

  it("previews a .lif and a CSV against the round's lanes, writing nothing", async () => {
    const { roundId } = roundWithLanes(3);
    const before = writes();
    const lif =
      "0,0,0,800m 14,,,,,,,11:47:50.9326\r\n1,,1,,,,2:35.19,,2:35.190,,,,,,\r\nDNF,,2,,,,DNF,,,,,,,,\r\n";
    expect(await importPreview(ED, roundId, file(lif))).toEqual({
      ok: true,
      preview: {
        format: ".lif",
        lanes: {
          "1": { time: "2:35.19", status: "", filePlace: 1 },
          "2": { time: "", status: "DNF", filePlace: null },
        },
      },
    });
    const csv = "lane,time\n03,58.204\n";
    expect(await importPreview(ED, roundId, file(csv, "heat.csv"))).toEqual({
      ok: true,
      preview: { format: "CSV", lanes: { "3": { time: "58.204", status: "", filePlace: null } } },
    });
    expect(writes()).toBe(before);
  });
});

describe("the two-desk conflict", () => {
  it("a save from an older page: stale, the stored lanes that differ and the new version, nothing written", () => {
    const { roundId, races } = roundWithLanes(3);
    const loaded = versionOf(roundId);
    // The other desk saves lanes 1 and 2.
    const theirs = saveFromDesk(
      ED,
      actor(),
      roundId,
      [lane(races[0], { timeMs: 60_000 }), lane(races[1], { status: "DSQ", statusReason: "Left lane" })],
      loaded,
    );
    expect(theirs).toMatchObject({ ok: true, kind: "provisional" });
    const now = versionOf(roundId);
    const before = writes();
    // This desk typed lane 1 as the other desk did, lane 2 otherwise, lane 3 new.
    const mine = [
      lane(races[0], { timeMs: 60_000 }),
      lane(races[1], { timeMs: 61_000 }),
      lane(races[2], { timeMs: 62_000 }),
    ];
    const answer = saveFromDesk(ED, actor(), roundId, mine, loaded);
    expect(answer).toEqual({
      ok: false,
      code: "stale",
      version: now,
      stored: {
        [races[1]]: { time: "", status: "DSQ", statusReason: "Left lane", penalty: "", penaltyReason: "" },
        [races[2]]: { time: "", status: "", statusReason: "", penalty: "", penaltyReason: "" },
      },
    });
    expect(writes()).toBe(before);
    expect(conflictOf(ED, roundId, mine)).toEqual({
      version: now,
      stored: (answer as { stored: object }).stored,
    });
    // Saving again from the new version is a deliberate choice, and works.
    expect(saveFromDesk(ED, actor(), roundId, mine, now)).toMatchObject({ ok: true });
  });

  it("Declare Official from an older page: stale with nothing typed to compare; then declares", () => {
    const { roundId, races } = roundWithLanes(1);
    const loaded = versionOf(roundId);
    saveFromDesk(ED, actor(), roundId, [lane(races[0], { timeMs: 60_000 })], loaded);
    const before = writes();
    expect(declareFromDesk(ED, actor(), roundId, loaded)).toEqual({
      ok: false,
      code: "stale",
      version: versionOf(roundId),
      stored: {},
    });
    expect(writes()).toBe(before);
    expect(declareFromDesk(ED, actor(), roundId, versionOf(roundId))).toEqual({ ok: true, seeded: [] });
  });

  it("other refusals pass through as their codes; a round gone is roundGone", () => {
    const { roundId, races } = roundWithLanes(1);
    const other = roundWithLanes(1);
    const version = versionOf(roundId);
    expect(saveFromDesk(ED, actor(), roundId, [lane(other.races[0], { timeMs: 1 })], version)).toEqual({
      ok: false,
      code: "forged",
    });
    expect(declareFromDesk(ED, actor(), roundId, version)).toEqual({ ok: false, code: "notProvisional" });
    saveFromDesk(ED, actor(), roundId, [lane(races[0])], version);
    expect(declareFromDesk(ED, actor(), roundId, versionOf(roundId))).toEqual({
      ok: false,
      code: "incomplete",
    });
    expect(saveFromDesk(ED, actor(), 999_999_999, [], "x")).toEqual({ ok: false, code: "roundGone" });
    expect(conflictOf(ED, 999_999_999, [])).toEqual({ ok: false, code: "roundGone" });
  });
});

describe("the actions' intent unions (issue 30)", () => {
  it("a missing, unknown or malformed intent is a 400 on both screens, writing nothing", async () => {
    const { roundId, races } = roundWithLanes(1);
    const me = await callerOf(committee);
    const desk = `/rounds/${roundId}/results`;
    const before = writes();
    for (const fields of [
      {},
      { intent: "publish" },
      { intent: "markReady", race: "x", reason: "By hand" },
      { intent: "undoReady" },
    ] as Record<string, string>[]) {
      const out = await run(deskAction, postRequest(me, desk, fields), { id: String(roundId) });
      expect([out.status, out.thrown], JSON.stringify(fields)).toEqual([400, true]);
    }
    for (const fields of [
      {},
      { intent: "declareAll" },
      { intent: "start", id: "x" },
      { intent: "reseed" },
      { intent: "markBack", id: "1", reason: "x".repeat(801) },
      { intent: "schedule", ids: "1;2" },
    ] as Record<string, string>[]) {
      const out = await run(raceControlAction, postRequest(me, "/race-control", fields));
      expect([out.status, out.thrown], JSON.stringify(fields)).toEqual([400, true]);
    }
    expect(writes()).toBe(before);
    expect(resultsLanes(ED, roundId).map((x) => x.id)).toEqual(races);
  });

  it("MANAGER is refused every intent of both screens, writing nothing", async () => {
    const { roundId, races } = roundWithLanes(1);
    const me = await callerOf(manager);
    const before = writes();
    const desk = await run(
      deskAction,
      postRequest(me, `/rounds/${roundId}/results`, {
        intent: "save",
        race: String(races[0]),
        time: "1:00.00",
      }),
      { id: String(roundId) },
    );
    expect(desk.status).toBeGreaterThanOrEqual(300);
    expect(desk.status).not.toBe(200);
    const rc = await run(
      raceControlAction,
      postRequest(me, "/race-control", { intent: "start", id: String(roundId) }),
    );
    expect(rc.status).not.toBe(200);
    expect(writes()).toBe(before);
    expect(resultsRound(ED, roundId)?.startedAt).toBeNull();
  });
});
