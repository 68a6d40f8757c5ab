// Ready or not, per lane (issue 28 section 1), against this worker's SQLite file: what the scans
// say (a member who left the crew no longer counts, one scanned twice counts once, men and women
// from users), read for many rounds in ONE statement; Mark Ready (reason required and capped) and
// Undo, audited in the same transaction and told to the board; a kiosk save tells the board too;
// the board's next races say Ready / Not ready. Through the routes: race control and the results
// desk accept ADMIN and COMMITTEE; MANAGER and COMPETITOR are refused and nothing changes; a lane
// of another round, or of another edition, is refused.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { raceEvents } from "~/lib/race-events.server";
import { EN } from "~/messages";
import { listAudit } from "~/models/audit.server";
import { boardData } from "~/models/board.server";
import { markReady, readinessOf, undoReady } from "~/models/readiness.server";
import { saveScanLogs } from "~/models/scan.server";
import { action as rcAction, loader as rcLoader } from "~/routes/_app.race-control/route";
import { action as resultsAction } from "~/routes/_app.rounds_.$id.results/route";
import { READY_REASON_MAX } from "~/rules/readiness";
import {
  type Caller,
  callerOf,
  getRequest,
  makeClub,
  makeUser,
  postRequest,
  run,
  writes,
} from "./route-request";
import { uniq } from "../factories";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

let admin: Caller;
let committee: Caller;
let manager: Caller;
let competitor: Caller;
let clubId = 0;

type Person = { id: number };
function person(gender: "MALE" | "FEMALE" | null): Person {
  return db()
    .insert(schema.users)
    .values({
      email: `rdy-${uniq()}@example.test`,
      hash: "x",
      name: `RDY ${uniq()}`,
      role: "COMPETITOR",
      gender,
      associationId: clubId,
      verified: true,
      approved: true,
    })
    .returning({ id: schema.users.id })
    .get();
}

/** An event (crew rules: 4 to 6 paddlers, at most 3 men, at least 2 women), a round numbered
 * `raceNumber` with `lanes` teams, each of `crew` members (2 men, 2 women). */
function raceOf(raceNumber: number, lanes = 2, rules = { minRace: 4, maxRace: 6, maxMale: 3, minFemale: 2 }) {
  const event = db()
    .insert(schema.events)
    .values({ name: `RDY EVENT ${uniq()}`, ...rules, editionId: ED })
    .returning()
    .get();
  const round = db()
    .insert(schema.rounds)
    .values({
      eventId: event.id,
      name: "HEAT 1",
      raceNumber,
      scheduledAt: new Date(Date.UTC(2030, 0, 1, 1, raceNumber)),
    })
    .returning()
    .get();
  const teams = Array.from({ length: lanes }, (_, i) => {
    const team = db()
      .insert(schema.teams)
      .values({ name: `RDY TEAM ${uniq()}`, associationId: clubId, eventId: event.id })
      .returning()
      .get();
    const crew = [person("MALE"), person("MALE"), person("FEMALE"), person("FEMALE")];
    for (const m of crew) db().insert(schema.teamMembers).values({ teamId: team.id, userId: m.id }).run();
    const race = db()
      .insert(schema.races)
      .values({ roundId: round.id, teamId: team.id, lane: String(i + 1) })
      .returning()
      .get();
    return { ...team, crew, raceId: race.id };
  });
  return { event, round, teams };
}

const scan = (roundId: number, teamId: number, userIds: number[]) =>
  saveScanLogs(ED, roundId, teamId, userIds, { kioskId: null, staffId: null });

const race = (id: number) => db().select().from(schema.races).where(eq(schema.races.id, id)).get();
const actor = (c: Caller) => ({ id: c.user?.id ?? 0, name: "T", email: c.user?.email ?? "" });
const auditFor = (action: string, raceId: number) =>
  listAudit({ action }, { sort: "createdAt", dir: "desc" }, null).rows.filter(
    (r) => r.targetId === String(raceId),
  );

beforeAll(async () => {
  clubId = makeClub().id;
  admin = await callerOf(makeUser("ADMIN"));
  committee = await callerOf(makeUser("COMMITTEE"));
  manager = await callerOf(makeUser("MANAGER"));
  competitor = await callerOf(makeUser("COMPETITOR"));
});

describe("readinessOf", () => {
  it("counts the crew's scans of the round: each member once, men and women, and only the crew of now", () => {
    const { round, teams } = raceOf(9101);
    const [a, b] = teams;
    scan(
      round.id,
      a.id,
      a.crew.map((m) => m.id),
    );
    // Saved twice (a second save adds nobody): still four.
    scan(round.id, a.id, [a.crew[0].id]);
    // Lane 2: three scanned, one woman.
    scan(round.id, b.id, [b.crew[0].id, b.crew[1].id, b.crew[2].id]);
    let lanes = readinessOf(ED, [round.id]).get(round.id) ?? [];
    expect(lanes.map((l) => [l.lane, l.teamName, l.readiness])).toEqual([
      ["1", a.name, { ready: true, byHand: false }],
      [
        "2",
        b.name,
        {
          ready: false,
          reasons: [
            { kind: "few", scanned: 3, min: 4 },
            { kind: "women", needed: 1 },
          ],
        },
      ],
    ]);
    // A race-day crew change: a woman of lane 1 leaves the crew; her scan no longer counts.
    db()
      .delete(schema.teamMembers)
      .where(and(eq(schema.teamMembers.teamId, a.id), eq(schema.teamMembers.userId, a.crew[3].id)))
      .run();
    lanes = readinessOf(ED, [round.id]).get(round.id) ?? [];
    expect(lanes[0].readiness).toEqual({
      ready: false,
      reasons: [
        { kind: "few", scanned: 3, min: 4 },
        { kind: "women", needed: 1 },
      ],
    });
    // The woman who came in instead is scanned: Ready again.
    const joined = person("FEMALE");
    db().insert(schema.teamMembers).values({ teamId: a.id, userId: joined.id, changeId: null }).run();
    scan(round.id, a.id, [joined.id]);
    expect(readinessOf(ED, [round.id]).get(round.id)?.[0].readiness).toEqual({ ready: true, byHand: false });
  });

  it("a scan for another round or another team does not count", () => {
    const first = raceOf(9102, 1);
    const second = raceOf(9103, 1);
    scan(
      first.round.id,
      first.teams[0].id,
      first.teams[0].crew.map((m) => m.id),
    );
    expect(readinessOf(ED, [second.round.id]).get(second.round.id)?.[0].readiness).toEqual({
      ready: false,
      reasons: [{ kind: "nobody" }],
    });
  });

  it("reads every lane of many rounds in one statement, and nothing of another edition", () => {
    const made = [raceOf(9104, 3), raceOf(9105, 3), raceOf(9106, 3)];
    const client = db().$client;
    const prepare = vi.spyOn(client, "prepare");
    const byRound = readinessOf(
      ED,
      made.map((m) => m.round.id),
    );
    expect(prepare).toHaveBeenCalledTimes(1);
    prepare.mockRestore();
    expect([...byRound.keys()].sort()).toEqual(made.map((m) => m.round.id).sort());
    expect(made.map((m) => byRound.get(m.round.id)?.length)).toEqual([3, 3, 3]);
    expect(readinessOf(ED + 1000, [made[0].round.id]).size).toBe(0);
    expect(readinessOf(ED, []).size).toBe(0);
  });
});

describe("Mark Ready and Undo (the model)", () => {
  it("needs a reason, capped; marks by hand, audited with the reason, and tells the board", () => {
    const { round, teams } = raceOf(9110, 1);
    const lane = teams[0].raceId;
    const before = writes();
    expect(markReady(ED, actor(admin), lane, "   ")).toEqual({ ok: false, code: "empty" });
    expect(markReady(ED, actor(admin), lane, "x".repeat(READY_REASON_MAX + 1))).toEqual({
      ok: false,
      code: "tooLong",
    });
    expect(writes()).toBe(before);

    const heard: number[] = [];
    const listen = (id: number) => heard.push(id);
    raceEvents.on("changed", listen);
    try {
      expect(markReady(ED, actor(admin), lane, "  Scanner down at the gate ")).toMatchObject({
        ok: true,
        lane: { raceId: lane, roundId: round.id, lane: "1", raceNumber: 9110 },
      });
    } finally {
      raceEvents.off("changed", listen);
    }
    expect(heard).toEqual([round.id]);
    expect(race(lane)).toMatchObject({ readyReason: "Scanner down at the gate", readyBy: admin.user?.id });
    const l = readinessOf(ED, [round.id]).get(round.id)?.[0];
    expect(l?.readiness).toEqual({ ready: true, byHand: true, reason: "Scanner down at the gate" });
    expect(l?.readyByName).toBe(`ADMIN ${admin.user?.email.split("-")[1]}`);
    const [entry] = auditFor("lane.ready_marked", lane);
    expect(JSON.parse(entry.details)).toMatchObject({
      roundId: round.id,
      raceNumber: 9110,
      lane: "1",
      teamId: teams[0].id,
      reason: "Scanner down at the gate",
    });

    // Marked twice: refused, nothing written.
    const again = writes();
    expect(markReady(ED, actor(committee), lane, "again")).toEqual({ ok: false, code: "marked" });
    expect(writes()).toBe(again);

    expect(undoReady(ED, actor(committee), lane)).toMatchObject({ ok: true });
    expect(race(lane)).toMatchObject({ readyAt: null, readyReason: null, readyBy: null });
    expect(readinessOf(ED, [round.id]).get(round.id)?.[0].readiness.ready).toBe(false);
    expect(JSON.parse(auditFor("lane.ready_undone", lane)[0].details)).toMatchObject({
      reason: "Scanner down at the gate",
    });
    const undone = writes();
    expect(undoReady(ED, actor(committee), lane)).toEqual({ ok: false, code: "notMarked" });
    expect(writes()).toBe(undone);
  });

  it("refuses a lane of another round (when one is named), of another edition, or of none", () => {
    const a = raceOf(9111, 1);
    const b = raceOf(9112, 1);
    const before = writes();
    expect(markReady(ED, actor(admin), a.teams[0].raceId, "why", b.round.id)).toEqual({
      ok: false,
      code: "notFound",
    });
    expect(markReady(ED + 1000, actor(admin), a.teams[0].raceId, "why")).toEqual({
      ok: false,
      code: "notFound",
    });
    expect(markReady(ED, actor(admin), 99_999_999, "why")).toEqual({ ok: false, code: "notFound" });
    expect(undoReady(ED, actor(admin), 99_999_999)).toEqual({ ok: false, code: "notFound" });
    expect(writes()).toBe(before);
  });
});

describe("the kiosk and the board", () => {
  it("a kiosk save tells the board (once something was written); the next races say Ready or not", () => {
    const { round, teams } = raceOf(1, 2);
    const heard: number[] = [];
    const listen = (id: number) => heard.push(id);
    raceEvents.on("changed", listen);
    try {
      scan(
        round.id,
        teams[0].id,
        teams[0].crew.map((m) => m.id),
      );
      // The same again writes nothing: nobody is told.
      scan(
        round.id,
        teams[0].id,
        teams[0].crew.map((m) => m.id),
      );
    } finally {
      raceEvents.off("changed", listen);
    }
    expect(heard).toEqual([round.id]);
    const next = boardData(ED).next.find((r) => r.id === round.id);
    expect(next?.lanes.map((l) => [l.lane, l.ready])).toEqual([
      ["1", true],
      ["2", false],
    ]);
    // By hand, the public sees plain Ready.
    markReady(ED, actor(admin), teams[1].raceId, "Missed scan");
    expect(
      boardData(ED)
        .next.find((r) => r.id === round.id)
        ?.lanes.map((l) => l.ready),
    ).toEqual([true, true]);
  });
});

describe("the routes", () => {
  const rcPost = (caller: Caller, fields: Record<string, string>) =>
    run(rcAction, postRequest(caller, "/race-control", fields));
  const deskPost = (caller: Caller, roundId: number, fields: Record<string, string>) =>
    run(resultsAction, postRequest(caller, `/rounds/${roundId}/results`, fields), { id: String(roundId) });

  it("race control: ADMIN and COMMITTEE mark and undo; the loader has the page's readiness", async () => {
    const { event, round, teams } = raceOf(9120, 2);
    const [lane1, lane2] = teams.map((t) => t.raceId);
    const empty = await rcPost(committee, { intent: "markReady", race: String(lane1), reason: " " });
    expect(empty.status).toBe(400);
    expect(race(lane1)?.readyAt).toBeNull();
    const marked = await rcPost(committee, { intent: "markReady", race: String(lane1), reason: "Tag lost" });
    expect(marked.status).toBe(302);
    expect(marked.toasts).toEqual([EN.LABELS.rdyMarkedDone("1", `Race 9120 ${event.name} HEAT 1`)]);
    expect(race(lane1)?.readyReason).toBe("Tag lost");
    // The page's readiness, every round in one go: lane 1 by hand, lane 2 not.
    const page = (await rcLoader({
      request: getRequest(committee, "/race-control"),
      params: {},
      context: {},
    })) as Response;
    // The loader writes the table as HTML (issue 30): the round's row shows its lanes' states.
    const { tables } = (await page.json()) as { tables: { scheduled: { serverHtml: string } | null } };
    const row = (tables.scheduled?.serverHtml ?? "")
      .split("<tr>")
      .find((tr) => tr.includes(`id="rdy-${round.id}"`));
    expect(row?.match(/data-testid="lane-ready">([^<]*)</g)).toEqual([
      `data-testid="lane-ready">${EN.LABELS.rdyReadyByHand}<`,
      `data-testid="lane-ready">${EN.LABELS.rdyNotReadyWhy(EN.LABELS.rdyNobody)}<`,
    ]);
    expect(row).toContain('<span class="rdy-reason">Tag lost (by ');
    // Back to the same Day and the same race's lanes (the URL the form posted to); nothing else.
    const undone = await run(
      rcAction,
      postRequest(committee, `/race-control?day=2030-01-01&lanes=${round.id}&x=1`, {
        intent: "undoReady",
        race: String(lane1),
      }),
    );
    expect([undone.status, undone.location]).toEqual([302, `/race-control?day=2030-01-01&lanes=${round.id}`]);
    expect(race(lane1)?.readyAt).toBeNull();
    const tooLong = await rcPost(admin, {
      intent: "markReady",
      race: String(lane2),
      reason: "x".repeat(READY_REASON_MAX + 1),
    });
    expect(tooLong.status).toBe(400);
    // A forged id is a 400; a lane that is not there a 404.
    expect((await rcPost(admin, { intent: "markReady", race: "abc", reason: "x" })).status).toBe(400);
    expect((await rcPost(admin, { intent: "markReady", race: "99999999", reason: "x" })).status).toBe(404);
  });

  it("MANAGER and COMPETITOR are refused Mark Ready and Undo on both screens, and nothing changes", async () => {
    const { round, teams } = raceOf(9121, 1);
    const lane = teams[0].raceId;
    markReady(ED, actor(admin), lane, "Marked before");
    const other = raceOf(9122, 1).teams[0].raceId;
    const before = writes();
    for (const caller of [manager, competitor]) {
      for (const fields of [
        { intent: "markReady", race: String(other), reason: "Forged" },
        { intent: "undoReady", race: String(lane), reason: "" },
      ] as Record<string, string>[]) {
        for (const out of [await rcPost(caller, fields), await deskPost(caller, round.id, fields)]) {
          // The guard's refusal: home, with the Unauthorized toast.
          expect([out.status, out.location, out.toasts]).toEqual([302, "/", [EN.MSG.unauthorized]]);
        }
      }
    }
    expect(writes()).toBe(before);
    expect(race(lane)?.readyReason).toBe("Marked before");
    expect(race(other)?.readyAt).toBeNull();
  });

  it("the results desk marks only a lane of its own round", async () => {
    const a = raceOf(9123, 1);
    const b = raceOf(9124, 1);
    const before = writes();
    const wrong = await deskPost(admin, a.round.id, {
      intent: "markReady",
      race: String(b.teams[0].raceId),
      reason: "Wrong round",
    });
    expect(wrong.status).toBe(404);
    expect(writes()).toBe(before);
    const right = await deskPost(committee, a.round.id, {
      intent: "markReady",
      race: String(a.teams[0].raceId),
      reason: "Scanner down",
    });
    expect(right.status).toBe(302);
    expect(right.location).toBe(`/rounds/${a.round.id}/results`);
    expect(race(a.teams[0].raceId)?.readyReason).toBe("Scanner down");
  });
});
