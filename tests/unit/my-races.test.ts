// My Races (issue 28 part 4), its routes called directly (tests/unit/route-request.ts) on this
// worker's SQLite file: who sees which races (one club's manager, a crew member, COMMITTEE refused),
// the calendar key made by a POST only, the feed (parsed back by node-ical; a wrong or old key is a
// bare 404), Regenerate, the call choice, and SEQUENCE bumped where starts move. Every refusal
// writes nothing.
import { eq } from "drizzle-orm";
import ical from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { myRaces } from "~/models/my-races.server";
import { scheduleRounds, startRound, undoStart } from "~/models/race-control.server";
import { action as regenerate } from "~/routes/_app.my-races.regenerate";
import { action, loader } from "~/routes/_app.my-races";
import { loader as ics } from "~/routes/my-races[.]ics";
import {
  type Caller,
  callerOf,
  getRequest,
  makeClub,
  makeUser,
  ORIGIN,
  postRequest,
  run,
  writes,
} from "./route-request";

const ED = 1;
const MIN = 60_000;
const T = Date.UTC(2027, 3, 10, 4, 6); // 12:06 in Malaysia

let manager: Caller;
let otherManager: Caller;
let crew: Caller;
let committee: Caller;
const r: number[] = [];
let teamA = 0;

const userRow = (id: number) => db().select().from(schema.users).where(eq(schema.users.id, id)).get();
const seqOf = (id: number) =>
  db().select({ s: schema.rounds.startSeq }).from(schema.rounds).where(eq(schema.rounds.id, id)).get()?.s;

async function loaderData(c: Caller) {
  const res = (await loader({ request: getRequest(c, "/my-races"), params: {}, context: {} })) as Response;
  return res.json() as Promise<{ rows: { roundId: number; teamName: string }[]; calendar: string | null }>;
}
async function feed(key: string) {
  try {
    return (await ics({
      request: new Request(`${ORIGIN}/my-races.ics?key=${key}`),
      params: {},
      context: {},
    })) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  const clubA = makeClub().id;
  const clubB = makeClub().id;
  const m = makeUser("MANAGER", clubA);
  const c = makeUser("COMPETITOR", clubA);
  manager = await callerOf(m);
  crew = await callerOf(c);
  otherManager = await callerOf(makeUser("MANAGER", clubB));
  committee = await callerOf(makeUser("COMMITTEE"));
  const ev = db().insert(schema.events).values({ name: "MINE 200M", description: "" }).returning().get().id;
  teamA = db()
    .insert(schema.teams)
    .values({ name: "Kuching, Dragons; A", associationId: clubA, eventId: ev })
    .returning()
    .get().id;
  const teamA2 = db()
    .insert(schema.teams)
    .values({ name: "A2", associationId: clubA, eventId: ev })
    .returning()
    .get().id;
  const teamB = db()
    .insert(schema.teams)
    .values({ name: "B1", associationId: clubB, eventId: ev })
    .returning()
    .get().id;
  db().insert(schema.teamMembers).values({ teamId: teamA, userId: c.id }).run();
  for (const [i, name] of ["Heat 1", "Heat 2", "Final"].entries()) {
    r.push(
      db()
        .insert(schema.rounds)
        .values({ name, eventId: ev, raceNumber: 951 + i, scheduledAt: new Date(T + i * 10 * MIN) })
        .returning()
        .get().id,
    );
  }
  db().insert(schema.races).values({ roundId: r[0], teamId: teamA, lane: "1" }).run();
  db().insert(schema.races).values({ roundId: r[0], teamId: teamB, lane: "2" }).run();
  db().insert(schema.races).values({ roundId: r[1], teamId: teamA2, lane: "1" }).run();
  db().insert(schema.races).values({ roundId: r[2], teamId: teamA, lane: "3" }).run();
});

describe("/my-races", () => {
  it("a manager sees every team of the club, a crew member only their team's races, in race order", async () => {
    expect((await loaderData(manager)).rows.map((x) => [x.roundId, x.teamName])).toEqual([
      [r[0], "Kuching, Dragons; A"],
      [r[1], "A2"],
      [r[2], "Kuching, Dragons; A"],
    ]);
    expect((await loaderData(crew)).rows.map((x) => x.roundId)).toEqual([r[0], r[2]]);
    expect((await loaderData(otherManager)).rows.map((x) => [x.roundId, x.teamName])).toEqual([[r[0], "B1"]]);
  });

  it("COMMITTEE is refused the page and every form, changing nothing", async () => {
    const before = writes();
    expect((await run(loader, getRequest(committee, "/my-races"))).location).toBe("/");
    for (const fields of [{ intent: "makeKey" }, { intent: "callEmails" }]) {
      expect((await run(action, postRequest(committee, "/my-races", fields))).location).toBe("/");
    }
    expect((await run(regenerate, postRequest(committee, "/my-races/regenerate"))).location).toBe("/");
    expect(writes()).toBe(before);
  });

  it("no key is made by a page view; Make Calendar Link makes one (a forged post without CSRF is refused)", async () => {
    expect((await loaderData(crew)).calendar).toBeNull();
    expect(userRow(crew.user?.id ?? 0)?.calendarKey).toBeNull();
    const before = writes();
    expect(
      (await run(action, postRequest(crew, "/my-races", { intent: "makeKey" }, { csrf: false }))).status,
    ).toBe(403);
    expect(writes()).toBe(before);
    const made = await run(action, postRequest(crew, "/my-races", { intent: "makeKey" }));
    expect(made).toMatchObject({ status: 302, location: "/my-races" });
    const key = userRow(crew.user?.id ?? 0)?.calendarKey ?? "";
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await loaderData(crew)).calendar).toBe(`${ORIGIN}/my-races.ics?key=${key}`);
    // Pressed again (two tabs): the same key.
    await run(action, postRequest(crew, "/my-races", { intent: "makeKey" }));
    expect(userRow(crew.user?.id ?? 0)?.calendarKey).toBe(key);
  });

  it("the feed: the crew's races, parsed back; wrong, malformed and old keys are the same bare 404", async () => {
    const key = userRow(crew.user?.id ?? 0)?.calendarKey ?? "";
    const res = await feed(key);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("\r\n");
    const evs = Object.values(ical.sync.parseICS(text)).filter((x) => x?.type === "VEVENT") as ical.VEvent[];
    expect(evs.map((e) => e.summary)).toEqual([
      "Race 951: MINE 200M Heat 1 (Kuching, Dragons; A, lane 1)",
      "Race 953: MINE 200M Final (Kuching, Dragons; A, lane 3)",
    ]);
    expect(evs[0]?.uid).toBe(`round-${r[0]}-team-${teamA}@127.0.0.1`);

    const wrong = await feed("x".repeat(32));
    const bad = await feed("<script>");
    expect(wrong.status).toBe(404);
    expect(bad.status).toBe(404);
    expect(await wrong.text()).toBe(await bad.text());

    expect(await run(regenerate, postRequest(crew, "/my-races/regenerate"))).toMatchObject({
      status: 302,
      location: "/my-races",
      toasts: ["The calendar link has been regenerated. The old link no longer works."],
    });
    const next = userRow(crew.user?.id ?? 0)?.calendarKey ?? "";
    expect(next).not.toBe(key);
    expect((await feed(key)).status).toBe(404);
    expect((await feed(next)).status).toBe(200);
    const audit = db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "calendar.key_regenerated"))
      .all();
    expect(audit.map((a) => a.targetId)).toEqual([String(crew.user?.id)]);
  });

  it("the profile's call choice: off, then on again", async () => {
    const id = manager.user?.id ?? 0;
    expect(userRow(id)?.callEmails).toBe(true);
    expect(await run(action, postRequest(manager, "/my-races", { intent: "callEmails" }))).toMatchObject({
      location: "/",
      toasts: ["You will not get an email when your race is called."],
    });
    expect(userRow(id)?.callEmails).toBe(false);
    await run(action, postRequest(manager, "/my-races", { intent: "callEmails", callEmails: "on" }));
    expect(userRow(id)?.callEmails).toBe(true);
    // A value the page does not send is a 400, changing nothing.
    const before = writes();
    expect(
      (await run(action, postRequest(manager, "/my-races", { intent: "callEmails", callEmails: "yes" })))
        .status,
    ).toBe(400);
    expect((await run(action, postRequest(manager, "/my-races", { intent: "drop" }))).status).toBe(400);
    expect(writes()).toBe(before);
  });
});

describe("SEQUENCE (rounds.start_seq) where starts move", () => {
  it("Schedule bumps the rounds it moves; Start bumps the race and, when the delay changes, every race not started", () => {
    const made = makeUser("ADMIN");
    const admin = { id: made.id, name: "A", email: made.email };
    expect(r.map(seqOf)).toEqual([0, 0, 0]);
    // Schedule the Final alone at a new time: only it moves.
    const planned = scheduleRounds(ED, admin, {
      ids: [r[2] as number],
      firstNumber: 953,
      firstStart: T + 30 * MIN,
      gapMinutes: 5,
    });
    expect(planned.ok).toBe(true);
    expect(r.map(seqOf)).toEqual([0, 0, 1]);
    // Heat 1 started on time (no delay before: null -> 0 is a change of the day's delay).
    const started = startRound(ED, admin, r[0] as number);
    expect(started.ok).toBe(true);
    const afterStart = r.map(seqOf);
    expect(afterStart[0]).toBe(1);
    // Undo: the delay goes back to none; every race not started moves again.
    expect(undoStart(ED, admin, r[0] as number).ok).toBe(true);
    const afterUndo = r.map(seqOf);
    expect(afterUndo[0]).toBe(2);
    expect(afterUndo[1]).toBe((afterStart[1] ?? 0) + 1);
    expect(afterUndo[2]).toBe((afterStart[2] ?? 0) + 1);
    // The crew's feed carries it.
    expect(
      myRaces(ED, { id: crew.user?.id ?? 0, role: "COMPETITOR", associationId: null }).map((x) => x.startSeq),
    ).toEqual([afterUndo[0], afterUndo[2]]);
  });
});
