// The results desk (issue 20 section 2) on a real SQLite file: Save as Provisional (places, scores,
// protest window), Declare Official (only from Provisional, every lane done), a change after that
// is a new revision with old and new audited; a forged lane changes nothing; the All Races dialog
// writes the same columns; the route lets COMMITTEE in, keeps MANAGER out, 404s a deleted event's
// round, and an import only previews (a refused file lists its reasons and writes nothing). Two
// desks: a save or a Declare Official from a page older than the stored results is refused (409),
// writing and auditing nothing, with the typed rows and the new version back.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runWithTestContext } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { listAudit } from "~/models/audit.server";
import { createRace, saveScores, updateRace } from "~/models/race.server";
import { resultsDesk, resultsLanes, resultsRound, resultsVersion } from "~/models/results.server";
import { createRound } from "~/models/round.server";
import { EN } from "~/messages";
import { action, loader } from "~/routes/_app.rounds_.$id.results/route";
import { declareOfficial, saveProvisional } from "~/services/results.server";
import type { LaneInput } from "~/rules/results-schema";
import {
  type Caller,
  callerOf,
  getRequest,
  type Made,
  makeClub,
  makeUser,
  ORIGIN,
  run,
  writes,
} from "./route-request";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

const L = EN.LABELS;
let admin: Made;
let committee: Made;
let manager: Made;
let clubId = 0;
let seq = 0;
const actorOf = (u: Made) => ({ id: u.id, name: `${u.role} user`, email: u.email });

function event(name: string, deleted = false) {
  return db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
}

/** A round of a new event with `n` lanes "1".."n"; the race ids in lane order. */
function roundWithLanes(n: number, eventName = `RESULTS EVENT ${++seq}`) {
  const ev = event(eventName);
  const made = createRound(ED, actorOf(admin), { event: ev, name: `HEAT ${seq}`, description: "" });
  if (!made.ok) throw new Error(made.code);
  const races: number[] = [];
  for (let i = 1; i <= n; i++) {
    const team = db()
      .insert(schema.teams)
      .values({ associationId: clubId, eventId: ev, name: `TEAM ${seq}-${i}` })
      .returning()
      .get().id;
    const race = createRace(ED, actorOf(admin), { round: made.id, lane: String(i), team });
    if (!race.ok) throw new Error(race.code);
    races.push(race.id);
  }
  return { eventId: ev, roundId: made.id, races };
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
const roundRow = (id: number) => db().select().from(schema.rounds).where(eq(schema.rounds.id, id)).get();
const raceRow = (id: number) => db().select().from(schema.races).where(eq(schema.races.id, id)).get();
const auditOf = (action: string, roundId: number) =>
  listAudit({ action }, { sort: "createdAt", dir: "desc" }, null).rows.filter(
    (x) => x.targetId === String(roundId),
  );

beforeAll(() => {
  clubId = makeClub().id;
  admin = makeUser("ADMIN");
  committee = makeUser("COMMITTEE");
  manager = makeUser("MANAGER");
});

describe("saveProvisional, declareOfficial, revisions", () => {
  it("saves provisional: places with a tie and a penalty, scores, protest window, audit", () => {
    const { roundId, races } = roundWithLanes(5);
    const at = Date.UTC(2026, 10, 28, 6, 20);
    const saved = runWithTestContext({ now: at, settings: { protestMinutes: 15 } }, () =>
      saveProvisional(ED, actorOf(committee), roundId, [
        lane(races[0], { timeMs: 155_190 }),
        lane(races[1], { timeMs: 150_000, penaltyMs: 5_190, penaltyReason: "Wash" }),
        lane(races[2], { timeMs: 163_850 }),
        lane(races[3], { status: "DSQ", statusReason: "Left lane" }),
        lane(races[4], { status: "DNS" }),
      ]),
    );
    expect(saved).toMatchObject({ ok: true, kind: "provisional", changed: 5 });
    expect(races.map((id) => raceRow(id)?.place)).toEqual([1, 1, 3, null, null]);
    expect(races.map((id) => raceRow(id)?.score)).toEqual([
      "2:35.19",
      "2:35.19 (+5.19)",
      "2:43.85",
      "DSQ",
      "DNS",
    ]);
    const round = roundRow(roundId);
    expect(round?.resultState).toBe("PROVISIONAL");
    expect(round?.revision).toBe(0);
    expect(round?.resultsAt?.getTime()).toBe(at);
    expect(round?.protestUntil?.getTime()).toBe(at + 15 * 60_000);
    const entry = auditOf("results.provisional", roundId)[0];
    expect(JSON.parse(entry.details)).toMatchObject({ from: "NONE", changes: expect.any(Array) });
    expect(entry.actorId).toBe(committee.id);
  });

  it("the desk's round, lanes and readiness are kept until the database changes, a copy to each caller", () => {
    const { roundId, races } = roundWithLanes(2);
    const first = resultsDesk(ED, roundId);
    expect(first?.round.resultState).toBe("NONE");
    expect(first?.lanes.map((x) => x.id)).toEqual(races);
    expect(first?.ready.map((x) => x.raceId)).toEqual(races);
    // A caller's edit stays its own.
    if (first) {
      first.lanes[0].teamName = "EDITED";
      first.round.name = "EDITED";
    }
    expect(resultsDesk(ED, roundId)?.lanes[0].teamName).not.toBe("EDITED");
    expect(resultsDesk(ED, roundId)?.round.name).not.toBe("EDITED");
    // A save moves the data's version: the next read has it.
    const saved = saveProvisional(ED, actorOf(committee), roundId, [
      lane(races[0], { timeMs: 150_000 }),
      lane(races[1], { status: "DNS" }),
    ]);
    expect(saved).toMatchObject({ ok: true });
    const after = resultsDesk(ED, roundId);
    expect(after?.round.resultState).toBe("PROVISIONAL");
    expect(after?.lanes.map((x) => x.score)).toEqual(["2:30.00", "DNS"]);
    expect(resultsDesk(ED, 999_999)).toBeUndefined();
  });

  it("declares official only from provisional with every lane done, then revises with old and new", () => {
    const { roundId, races } = roundWithLanes(3);
    const committeeActor = actorOf(committee);
    expect(declareOfficial(ED, committeeActor, roundId)).toEqual({ ok: false, code: "notProvisional" });
    saveProvisional(ED, committeeActor, roundId, [
      lane(races[0], { timeMs: 60_000 }),
      lane(races[1], { timeMs: 61_000 }),
    ]);
    expect(declareOfficial(ED, committeeActor, roundId)).toEqual({ ok: false, code: "incomplete" });
    expect(roundRow(roundId)?.resultState).toBe("PROVISIONAL");
    saveProvisional(ED, committeeActor, roundId, [lane(races[2], { status: "DNF" })]);
    expect(declareOfficial(ED, committeeActor, roundId)).toEqual({ ok: true, seeded: [] });
    expect(roundRow(roundId)).toMatchObject({ resultState: "OFFICIAL", revision: 1 });
    expect(auditOf("results.official", roundId)).toHaveLength(1);
    expect(declareOfficial(ED, committeeActor, roundId)).toEqual({ ok: false, code: "notProvisional" });

    // Unchanged: no revision.
    const same = saveProvisional(ED, committeeActor, roundId, [lane(races[0], { timeMs: 60_000 })]);
    expect(same).toMatchObject({ ok: true, kind: "unchanged", revision: 1 });
    // A protest upheld: lane 1 gets a penalty, now second.
    const revised = saveProvisional(ED, committeeActor, roundId, [
      lane(races[0], { timeMs: 60_000, penaltyMs: 2_000, penaltyReason: "Protest upheld" }),
    ]);
    expect(revised).toMatchObject({ ok: true, kind: "revised", revision: 2 });
    expect(roundRow(roundId)).toMatchObject({ resultState: "OFFICIAL", revision: 2 });
    expect([raceRow(races[0])?.place, raceRow(races[1])?.place]).toEqual([2, 1]);
    const entry = auditOf("results.revised", roundId)[0];
    expect(JSON.parse(entry.details)).toEqual({
      revision: 2,
      changes: [
        {
          race: races[0],
          lane: "1",
          old: { penaltyMs: 0, penaltyReason: "" },
          new: { penaltyMs: 2_000, penaltyReason: "Protest upheld" },
        },
      ],
    });
  });

  it("a save or a declaration with a version that is no longer the stored one writes nothing", () => {
    const { roundId, races } = roundWithLanes(1);
    const before = writes();
    const input = [lane(races[0], { timeMs: 60_000 })];
    expect(saveProvisional(ED, actorOf(committee), roundId, input, "old")).toEqual({
      ok: false,
      code: "stale",
    });
    expect(declareOfficial(ED, actorOf(committee), roundId, "old")).toEqual({ ok: false, code: "stale" });
    expect(writes()).toBe(before);
    // Saving again with nothing changed (it restarts the protest window) keeps the version.
    saveProvisional(ED, actorOf(committee), roundId, input);
    const round = resultsRound(ED, roundId);
    const version = round && resultsVersion(round, resultsLanes(ED, roundId));
    expect(saveProvisional(ED, actorOf(committee), roundId, input, version ?? "")).toMatchObject({
      ok: true,
    });
    const after = resultsRound(ED, roundId);
    expect(after && resultsVersion(after, resultsLanes(ED, roundId))).toBe(version);
  });

  it("a lane of another round changes nothing", () => {
    const { roundId, races } = roundWithLanes(2);
    const other = roundWithLanes(1);
    const before = writes();
    const answer = saveProvisional(ED, actorOf(committee), roundId, [
      lane(races[0], { timeMs: 60_000 }),
      lane(other.races[0], { timeMs: 1_000 }),
    ]);
    expect(answer).toEqual({ ok: false, code: "forged" });
    expect(writes()).toBe(before);
    expect(raceRow(races[0])?.timeMs).toBeNull();
    expect(roundRow(roundId)?.resultState).toBe("NONE");
  });

  it("Tug of War ranks records", () => {
    const { roundId, races } = roundWithLanes(3, `TUG OF WAR MIXED ${++seq}`);
    saveProvisional(ED, actorOf(committee), roundId, [
      lane(races[0], { wins: 1, losses: 2 }),
      lane(races[1], { wins: 3, losses: 0 }),
      lane(races[2], { wins: 1, losses: 2 }),
    ]);
    expect(races.map((id) => [raceRow(id)?.place, raceRow(id)?.score])).toEqual([
      [2, "1-2"],
      [1, "3-0"],
      [2, "1-2"],
    ]);
  });

  it("the All Races edit and Save Scores write the same columns and places", () => {
    const { roundId, races } = roundWithLanes(3);
    updateRace(ED, actorOf(committee), races[0], { lane: "1", score: "1:01.00 (+2.00)" });
    updateRace(ED, actorOf(committee), races[1], { lane: "2", score: "1:02.5" });
    expect(raceRow(races[0])).toMatchObject({
      timeMs: 59_000,
      penaltyMs: 2_000,
      place: 1,
      score: "1:01.00 (+2.00)",
    });
    expect(raceRow(races[1])).toMatchObject({ timeMs: 62_500, place: 2, score: "1:02.5" });
    saveScores(ED, actorOf(committee), roundId, [
      { raceId: races[2], score: "DNF", was: null },
      { raceId: races[1], score: "58.00", was: "1:02.5" },
    ]);
    expect(raceRow(races[2])).toMatchObject({ status: "DNF", place: null });
    expect([raceRow(races[1])?.place, raceRow(races[0])?.place]).toEqual([1, 2]);
    updateRace(ED, actorOf(committee), races[2], { lane: "3", score: "3rd" });
    expect(raceRow(races[2])).toMatchObject({ status: null, place: 3, score: "3rd" });
  });

  it("a score changed on All Races after Official is a revision too", () => {
    const { roundId, races } = roundWithLanes(2);
    saveProvisional(ED, actorOf(committee), roundId, [
      lane(races[0], { timeMs: 60_000 }),
      lane(races[1], { timeMs: 61_000 }),
    ]);
    declareOfficial(ED, actorOf(committee), roundId);
    updateRace(ED, actorOf(committee), races[1], { lane: "2", score: "59.00" });
    expect(roundRow(roundId)).toMatchObject({ resultState: "OFFICIAL", revision: 2 });
    expect([raceRow(races[0])?.place, raceRow(races[1])?.place]).toEqual([2, 1]);
    saveScores(ED, actorOf(committee), roundId, [{ raceId: races[0], score: "DSQ", was: "1:00.00" }]);
    expect(roundRow(roundId)?.revision).toBe(3);
    const entry = auditOf("results.revised", roundId)[0];
    expect(JSON.parse(entry.details)).toEqual({
      revision: 3,
      changes: [{ race: races[0], old: { score: "1:00.00" }, new: { score: "DSQ" } }],
    });
  });
});

/** A POST of repeated fields (the rows) as a form, or multipart with a file. */
function post(
  caller: { cookie: string; csrf: string },
  path: string,
  fields: [string, string][],
  file?: string,
) {
  const headers: Record<string, string> = { Cookie: caller.cookie, Origin: ORIGIN };
  if (file === undefined) {
    const body = new URLSearchParams([...fields, ["csrf", caller.csrf]]);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
  }
  const body = new FormData();
  for (const [k, v] of [...fields, ["csrf", caller.csrf]]) body.append(k, v);
  body.append("file", new File([file], "race.lif", { type: "text/plain" }));
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}
const row = (raceId: number, time = "", status = ""): [string, string][] => [
  ["race", String(raceId)],
  ["time", time],
  ["status", status],
  ["statusReason", ""],
  ["penalty", ""],
  ["penaltyReason", ""],
];

/** The page as a desk loads it: its `version` (what its writes carry). */
async function loaded(me: Caller, roundId: number): Promise<string> {
  const path = `/rounds/${roundId}/results`;
  const page = (await loader({
    request: getRequest(me, path),
    params: { id: String(roundId) },
    context: {},
  })) as Response;
  expect(page.status).toBe(200);
  return (await page.json()).version;
}

/** An action's answer as a Response with its JSON. */
async function answerOf(roundId: number, request: Request) {
  const answer = (await action({ request, params: { id: String(roundId) }, context: {} })) as Response;
  return { status: answer.status, data: answer.status === 302 ? null : await answer.json() };
}

describe("/rounds/:id/results", () => {
  it("COMMITTEE saves and declares; the round shows", async () => {
    const { roundId, races } = roundWithLanes(2);
    const me = await callerOf(committee);
    const path = `/rounds/${roundId}/results`;
    const version = await loaded(me, roundId);
    const saved = await run(
      action,
      post(me, path, [
        ["intent", "save"],
        ["version", version],
        ...row(races[0], "58.20"),
        ...row(races[1], "", "DNS"),
      ]),
      { id: String(roundId) },
    );
    expect(saved).toMatchObject({ status: 302, location: path, toasts: [L.rsSavedProvisional] });
    const declared = await run(
      action,
      post(me, path, [
        ["intent", "declare"],
        ["version", await loaded(me, roundId)],
      ]),
      { id: String(roundId) },
    );
    expect(declared.toasts).toEqual([L.rsDeclared]);
    expect(roundRow(roundId)).toMatchObject({ resultState: "OFFICIAL", revision: 1 });
  });

  it("a refused row keeps what was typed and writes nothing", async () => {
    const { roundId, races } = roundWithLanes(2);
    const me = await callerOf(admin);
    const path = `/rounds/${roundId}/results`;
    const before = writes();
    const request = post(me, path, [
      ["intent", "save"],
      ["version", "as-loaded"],
      ...row(races[0], "58.20", "DNF"),
      ...row(races[1], "1:0x"),
    ]);
    const answer = (await action({ request, params: { id: String(roundId) }, context: {} })) as Response;
    expect(answer.status).toBe(400);
    const data = await answer.json();
    expect(data.errors[races[0]]).toEqual({ status: L.rsTimeAndStatus });
    expect(data.errors[races[1]]).toEqual({ time: L.rsTimeBad });
    expect(data.typed[races[1]].time).toBe("1:0x");
    expect(data.toast.message).toBe(L.rsLaneError("1", L.rsTimeAndStatus));
    // The form keeps the version it was loaded from, not the one stored now.
    expect(data.version).toBe("as-loaded");
    expect(writes()).toBe(before);
  });

  it("two desks: the later save is refused, nothing written or audited, typed rows and stored marks back", async () => {
    const { roundId, races } = roundWithLanes(3);
    const path = `/rounds/${roundId}/results`;
    const deskA = await callerOf(committee);
    const deskB = await callerOf(admin);
    const versionA = await loaded(deskA, roundId);
    const versionB = await loaded(deskB, roundId);
    expect(versionB).toBe(versionA);

    const first = await answerOf(
      roundId,
      post(deskA, path, [
        ["intent", "save"],
        ["version", versionA],
        ...row(races[0], "58.20"),
        ...row(races[1], "59.00"),
        ...row(races[2], "", "DNS"),
      ]),
    );
    expect(first.status).toBe(302);
    const tables = () => ({ round: roundRow(roundId), lanes: races.map(raceRow) });
    const stored = tables();
    const audits = auditOf("results.provisional", roundId).length;
    const before = writes();

    const typedB = [...row(races[0], "58.20"), ...row(races[1], "57.10"), ...row(races[2], "1:01.00")];
    const second = await answerOf(
      roundId,
      post(deskB, path, [["intent", "save"], ["version", versionB], ...typedB]),
    );
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({ kind: "conflict", message: L.rsConflict });
    expect(second.data.toast.message).toBe(L.rsConflict);
    expect(writes()).toBe(before);
    expect(tables()).toEqual(stored);
    expect(auditOf("results.provisional", roundId)).toHaveLength(audits);
    // What desk B typed comes back; the lanes whose stored result differs are marked with it.
    expect(races.map((id) => second.data.typed[id].time)).toEqual(["58.20", "57.10", "1:01.00"]);
    expect(Object.keys(second.data.stored).map(Number)).toEqual([races[1], races[2]]);
    expect(second.data.stored[races[1]]).toMatchObject({ time: "59.00", status: "" });
    expect(second.data.stored[races[2]]).toMatchObject({ time: "", status: "DNS" });
    // The new version is what a page loaded now shows: saving again, deliberately, works.
    expect(second.data.version).toBe(await loaded(deskB, roundId));
    expect(second.data.version).not.toBe(versionB);
    const again = await answerOf(
      roundId,
      post(deskB, path, [["intent", "save"], ["version", second.data.version], ...typedB]),
    );
    expect(again.status).toBe(302);
    expect(races.map((id) => raceRow(id)?.timeMs)).toEqual([58_200, 57_100, 61_000]);

    // A form without a version (or a made-up one) is refused the same way.
    const none = await answerOf(roundId, post(deskA, path, [["intent", "save"], ...typedB]));
    expect(none.status).toBe(409);
    // A forged round id is still a 404, version or not.
    const forged = await run(
      action,
      post(deskA, "/rounds/99999999/results", [["intent", "save"], ["version", versionA], ...typedB]),
      { id: "99999999" },
    );
    expect(forged.status).toBe(404);
  });

  it("Declare Official from a page older than the stored results is refused; declaring again works", async () => {
    const { roundId, races } = roundWithLanes(2);
    const path = `/rounds/${roundId}/results`;
    const deskA = await callerOf(committee);
    const deskB = await callerOf(admin);
    saveProvisional(ED, actorOf(committee), roundId, [
      lane(races[0], { timeMs: 60_000 }),
      lane(races[1], { timeMs: 61_000 }),
    ]);
    const stale = await loaded(deskA, roundId);
    // Desk B upholds a protest while desk A's page is open.
    const b = await answerOf(
      roundId,
      post(deskB, path, [
        ["intent", "save"],
        ["version", await loaded(deskB, roundId)],
        ...row(races[0], "1:00.00"),
        ["race", String(races[1])],
        ["time", "1:01.00"],
        ["status", ""],
        ["statusReason", ""],
        ["penalty", "3"],
        ["penaltyReason", "Wash"],
      ]),
    );
    expect(b.data).toBeNull();
    const before = writes();
    const round = roundRow(roundId);
    const declared = await answerOf(
      roundId,
      post(deskA, path, [
        ["intent", "declare"],
        ["version", stale],
      ]),
    );
    expect(declared.status).toBe(409);
    expect(declared.data).toMatchObject({ kind: "conflict", message: L.rsConflictDeclare, typed: null });
    expect(writes()).toBe(before);
    expect(roundRow(roundId)).toEqual(round);
    expect(auditOf("results.official", roundId)).toHaveLength(0);
    const again = await run(
      action,
      post(deskA, path, [
        ["intent", "declare"],
        ["version", declared.data.version],
      ]),
      {
        id: String(roundId),
      },
    );
    expect(again.toasts).toEqual([L.rsDeclared]);
    expect(roundRow(roundId)).toMatchObject({ resultState: "OFFICIAL", revision: 1 });
  });

  it("MANAGER is refused and nothing is written; a deleted event's round is a 404", async () => {
    const { roundId, races, eventId } = roundWithLanes(1);
    const me = await callerOf(manager);
    const path = `/rounds/${roundId}/results`;
    const before = writes();
    const o = await run(action, post(me, path, [["intent", "save"], ...row(races[0], "58.20")]), {
      id: String(roundId),
    });
    expect(o).toMatchObject({ status: 302, location: "/" });
    expect(writes()).toBe(before);
    db().update(schema.events).set({ deleted: true }).where(eq(schema.events.id, eventId)).run();
    const staff = await callerOf(admin);
    expect((await run(loader, getRequest(staff, path), { id: String(roundId) })).status).toBe(404);
    const gone = await run(action, post(staff, path, [["intent", "save"], ...row(races[0], "58.20")]), {
      id: String(roundId),
    });
    expect(gone.status).toBe(404);
    expect(raceRow(races[0])?.timeMs).toBeNull();
  });

  it("an import previews without writing; a refused file lists every reason and writes nothing", async () => {
    const { roundId } = roundWithLanes(3);
    const me = await callerOf(committee);
    const path = `/rounds/${roundId}/results`;
    const before = writes();
    const good =
      "0,0,0,800m 14,,,,,,,11:47:50.9326\r\n1,,1,,,,2:35.19,,2:35.190,,,,,,\r\nDNF,,2,,,,DNF,,,,,,,,\r\n";
    const ok = (await action({
      request: post(me, path, [["intent", "import"]], good),
      params: { id: String(roundId) },
      context: {},
    })) as Response;
    expect(ok.status).toBe(200);
    const preview = (await ok.json()).preview;
    expect(preview.lanes).toEqual({
      "1": { time: "2:35.19", status: "", filePlace: 1 },
      "2": { time: "", status: "DNF", filePlace: null },
    });
    const bad = "0,0,0,800m 14\r\n1,,1,,,,2:3x.19\r\n2,,9,,,,2:40.00\r\n3,,1,,,,2:41.00\r\n";
    const refused = (await action({
      request: post(me, path, [["intent", "import"]], bad),
      params: { id: String(roundId) },
      context: {},
    })) as Response;
    expect(refused.status).toBe(400);
    const errors: string[] = (await refused.json()).importErrors;
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(writes()).toBe(before);
    expect(roundRow(roundId)?.resultState).toBe("NONE");
  });
});
