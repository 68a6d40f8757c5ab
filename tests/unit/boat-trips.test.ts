// Boats out and back (issue 28 part 2): the pontoon scan through services/pontoon.server.ts (out, a
// second member, back, a Back whose Out was missed, not racing today, invalid and voided tags), the
// On the water list (oldest first, on the partial index), the day's trips for the CSV, Mark Back
// (audited; refused changing nothing), and the routes: race control's markBack (MANAGER refused,
// changing nothing; COMMITTEE allowed), the pontoon POST refused to a browser that is not a kiosk.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runWithTestContext } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { signedCode } from "~/lib/scan-code.server";
import { markBack, memberLanes, onTheWater, tripsOfDay } from "~/models/boat-trips.server";
import { action as raceControl, loader as raceControlLoader } from "~/routes/_app.race-control/route";
import { loader as boatsCsv } from "~/routes/race-control.boats[.]csv";
import { action as pontoonPage } from "~/routes/scanning.pontoon/route";
import { action as pontoonJson } from "~/routes/scanning.pontoon.scan";
import { pontoonScan, scanTime } from "~/services/pontoon.server";
import { type Caller, callerOf, getRequest, makeClub, makeUser, postRequest, run } from "./route-request";

const ED = 1;
const MIN = 60_000;
const DAY = "2027-01-09";
const at = (hhmm: string, day = DAY) => Date.parse(`${day}T${hhmm}:00+08:00`);

let admin: Caller;
let committee: Caller;
let manager: Caller;
let crew: number[] = []; // team A: crew[0..2]; crew[2] also paddles in team B
let loner = 0; // in no team
let teamA = 0;
let teamB = 0;
let r14 = 0; // race 14, 11:00, A in lane 3, B in lane 5
let r20 = 0; // race 20, 13:00, A in lane 2
let r30 = 0; // race 30, 15:00, B in lane 1

const one = <T>(q: ReturnType<typeof sql>) => db().get<T>(q);
const trip = (roundId: number, teamId: number) =>
  one<{
    out_at: number | null;
    back_at: number | null;
    out_user_id: number | null;
    back_reason: string | null;
  }>(
    sql`SELECT out_at, back_at, out_user_id, back_reason FROM boat_trips WHERE round_id = ${roundId} AND team_id = ${teamId}`,
  );
const tripCount = () => one<{ n: number }>(sql`SELECT count(*) AS n FROM boat_trips`)?.n ?? 0;
const auditCount = (action: string) =>
  one<{ n: number }>(sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`)?.n ?? 0;
const code = (userId: number) => signedCode(userId, 1);

function round(name: string, raceNumber: number, scheduledAt: number): number {
  return Number(
    db().run(
      sql`INSERT INTO rounds (event_id, name, description, race_number, scheduled_at)
        VALUES ((SELECT id FROM events WHERE name = 'BT 500M'), ${name}, '', ${raceNumber}, ${scheduledAt})`,
    ).lastInsertRowid,
  );
}
const race = (roundId: number, teamId: number, lane: string) =>
  db().run(sql`INSERT INTO races (round_id, team_id, lane) VALUES (${roundId}, ${teamId}, ${lane})`);

beforeAll(async () => {
  admin = await callerOf(makeUser("ADMIN"));
  committee = await callerOf(makeUser("COMMITTEE"));
  manager = await callerOf(makeUser("MANAGER"));
  const club = makeClub();
  crew = [1, 2, 3].map(() => makeUser("COMPETITOR", club.id).id);
  loner = makeUser("COMPETITOR", club.id).id;
  const eventId = db()
    .insert(schema.events)
    .values({ name: "BT 500M", description: "" })
    .returning()
    .get().id;
  const team = (name: string) =>
    db().insert(schema.teams).values({ name, associationId: club.id, eventId }).returning().get().id;
  teamA = team("BT A");
  teamB = team("BT B");
  for (const u of crew) db().insert(schema.teamMembers).values({ teamId: teamA, userId: u }).run();
  db().insert(schema.teamMembers).values({ teamId: teamB, userId: crew[2] }).run();
  r14 = round("HEAT 1", 14, at("11:00"));
  r20 = round("HEAT 2", 20, at("13:00"));
  r30 = round("HEAT 3", 30, at("15:00"));
  race(r14, teamA, "3");
  race(r14, teamB, "5");
  race(r20, teamA, "2");
  race(r30, teamB, "1");
  // Another day's race of team A: never today's.
  race(round("HEAT 0", 4, at("11:00", "2027-01-08")), teamA, "1");
});

describe("the pontoon scan", () => {
  it("reads only the day's lanes, in one query", () => {
    const lanes = memberLanes(ED, crew[0], at("10:00"));
    expect(lanes.map((l) => l.raceNumber).sort()).toEqual([14, 20]);
  });

  it("refuses what is not a crew tag, and a voided tag, writing nothing", () => {
    expect(pontoonScan(ED, "hello", "out", at("10:30"), null)).toEqual({ kind: "invalid" });
    const voided = runWithTestContext({ settings: { crewTagVersion: 2 } }, () =>
      pontoonScan(ED, signedCode(crew[0], 1), "out", at("10:30"), null),
    );
    expect(voided).toEqual({ kind: "voided" });
    // A plain code while signed tags are required (the default).
    expect(pontoonScan(ED, `#${crew[0]}`, "out", at("10:30"), null)).toEqual({ kind: "invalid" });
    expect(tripCount()).toBe(0);
  });

  it("says not racing today for someone in no team, or on a day without races", () => {
    expect(pontoonScan(ED, code(loner), "out", at("10:30"), null)).toEqual({ kind: "notRacing" });
    expect(pontoonScan(ED, code(crew[0]), "out", at("10:30", "2027-01-10"), null)).toEqual({
      kind: "notRacing",
    });
    expect(tripCount()).toBe(0);
  });

  it("Out: the next race's lane, with the time; a second member changes nothing and is told", () => {
    expect(pontoonScan(ED, code(crew[0]), "out", at("10:40"), null)).toEqual({
      kind: "marked",
      direction: "out",
      raceNumber: 14,
      lane: "3",
    });
    expect(trip(r14, teamA)).toMatchObject({ out_at: at("10:40"), back_at: null, out_user_id: crew[0] });
    expect(pontoonScan(ED, code(crew[1]), "out", at("10:41"), null)).toEqual({
      kind: "already",
      direction: "out",
      raceNumber: 14,
      lane: "3",
    });
    expect(trip(r14, teamA)).toMatchObject({ out_at: at("10:40"), out_user_id: crew[0] });
  });

  it("On the water lists the boats out, oldest first, on the partial index", () => {
    // crew[2] is in team A (out) and team B: B's nearest race not out is race 14, lane 5... but the
    // member's boat out (team A) answers first.
    expect(pontoonScan(ED, code(crew[2]), "out", at("10:45"), null)).toMatchObject({
      kind: "already",
      lane: "3",
    });
    db().run(
      sql`INSERT INTO boat_trips (round_id, team_id, lane, out_at) VALUES (${r14}, ${teamB}, '5', ${at("10:35")})`,
    );
    expect(onTheWater(ED).map((b) => [b.raceNumber, b.lane, b.teamName])).toEqual([
      [14, "5", "BT B"],
      [14, "3", "BT A"],
    ]);
    const plan = db()
      .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT id FROM boat_trips INDEXED BY boat_trips_on_water
        WHERE edition_id = ${ED} AND back_at IS NULL AND out_at IS NOT NULL ORDER BY out_at, id`)
      .map((r) => r.detail)
      .join(" ");
    expect(plan).toContain("boat_trips_on_water");
  });

  it("Back: the boat out comes back; a second member is told it is back already", () => {
    expect(pontoonScan(ED, code(crew[1]), "back", at("11:20"), null)).toMatchObject({
      kind: "marked",
      lane: "3",
    });
    expect(trip(r14, teamA)).toMatchObject({ out_at: at("10:40"), back_at: at("11:20") });
    db().run(sql`UPDATE rounds SET started_at = ${at("11:02")} WHERE id = ${r14}`);
    expect(pontoonScan(ED, code(crew[0]), "back", at("11:21"), null)).toMatchObject({
      kind: "already",
      direction: "back",
      lane: "3",
    });
    expect(trip(r14, teamA)).toMatchObject({ back_at: at("11:20") });
  });

  it("a Back whose Out was missed records back with no out time", () => {
    db().run(sql`UPDATE rounds SET started_at = ${at("13:01")} WHERE id = ${r20}`);
    expect(pontoonScan(ED, code(crew[0]), "back", at("13:15"), null)).toMatchObject({
      kind: "marked",
      raceNumber: 20,
      lane: "2",
    });
    expect(trip(r20, teamA)).toMatchObject({ out_at: null, back_at: at("13:15") });
    expect(onTheWater(ED).some((b) => b.raceNumber === 20)).toBe(false);
  });

  it("believes a queued scan's own time only when it is recent and not in the future", () => {
    const now = at("12:00");
    expect(scanTime(String(now - 5 * MIN), now)).toBe(now - 5 * MIN);
    expect(scanTime(String(now + MIN), now)).toBe(now);
    expect(scanTime(String(now - 3 * 60 * MIN), now)).toBe(now);
    expect(scanTime("soon", now)).toBe(now);
    expect(scanTime(null, now)).toBe(now);
  });
});

describe("Mark Back", () => {
  const actor = () => ({ id: committee.user?.id ?? 0, name: "C", email: committee.user?.email ?? "" });
  const idOf = (roundId: number, teamId: number) =>
    one<{ id: number }>(sql`SELECT id FROM boat_trips WHERE round_id = ${roundId} AND team_id = ${teamId}`)
      ?.id ?? 0;

  it("refuses an empty reason, a trip not out, one of another edition, changing nothing", () => {
    const id = idOf(r14, teamB);
    expect(markBack(ED, actor(), id, "  ")).toEqual({ ok: false, code: "reason" });
    expect(markBack(ED, actor(), idOf(r20, teamA), "missed")).toEqual({ ok: false, code: "notFound" });
    expect(markBack(ED + 99, actor(), id, "missed")).toEqual({ ok: false, code: "notFound" });
    expect(trip(r14, teamB)?.back_at).toBeNull();
    expect(auditCount("boat.marked_back")).toBe(0);
  });

  it("a MANAGER posting markBack is refused and nothing changes", async () => {
    const id = idOf(r14, teamB);
    const outcome = await run(
      raceControl,
      postRequest(manager, "/race-control", { intent: "markBack", id: String(id), reason: "Seen ashore" }),
    );
    expect(outcome.status).not.toBe(200);
    expect(outcome.location ?? "").not.toContain("/race-control");
    expect(trip(r14, teamB)?.back_at).toBeNull();
    expect(auditCount("boat.marked_back")).toBe(0);
  });

  it("COMMITTEE marks a boat back with a reason: audited, off the water; again is refused", async () => {
    const id = idOf(r14, teamB);
    const empty = await run(
      raceControl,
      postRequest(committee, "/race-control", { intent: "markBack", id: String(id), reason: " " }),
    );
    expect(empty.status).toBe(400);
    expect(trip(r14, teamB)?.back_at).toBeNull();
    const done = await run(
      raceControl,
      postRequest(committee, "/race-control", { intent: "markBack", id: String(id), reason: "Seen ashore" }),
    );
    expect(done.status).toBe(302);
    expect(done.toasts.join(" ")).toContain("Race 14, lane 5 marked back.");
    expect(trip(r14, teamB)).toMatchObject({ back_reason: "Seen ashore" });
    expect(auditCount("boat.marked_back")).toBe(1);
    expect(onTheWater(ED)).toEqual([]);
    const again = await run(
      raceControl,
      postRequest(committee, "/race-control", { intent: "markBack", id: String(id), reason: "Twice" }),
    );
    expect(again.status).toBe(409);
    expect(auditCount("boat.marked_back")).toBe(1);
  });

  it("race control's loader carries the panel; the CSV lists the day's outs and backs", async () => {
    const page = await run(raceControlLoader, getRequest(admin, "/race-control"));
    expect(page.status).toBe(200);
    const trips = tripsOfDay(ED, DAY);
    expect(trips.map((t) => [t.raceNumber, t.lane, t.backReason])).toEqual([
      [14, "5", "Seen ashore"],
      [14, "3", null],
      [20, "2", null],
    ]);
    const res = (await boatsCsv({
      request: getRequest(admin, `/race-control/boats.csv?day=${DAY}`),
      params: {},
      context: {},
    })) as Response;
    const text = await res.text();
    expect(text.split("\r\n")[0]).toContain("Race,Event,Round,Lane,Team,Out");
    expect(text).toContain("Seen ashore");
    const refused = await run(boatsCsv, getRequest(manager, `/race-control/boats.csv?day=${DAY}`));
    expect(refused.status).not.toBe(200);
  });
});

describe("the pontoon routes refuse a browser that is not a kiosk", () => {
  it("the page's POST and the JSON scan: 403, nothing written", async () => {
    const before = tripCount();
    const anon = await callerOf(null);
    const page = await run(
      pontoonPage,
      postRequest(anon, "/scanning/pontoon?dir=out", { direction: "out", code: code(crew[1]) }),
    );
    expect(page.status).toBe(403);
    const competitor = await callerOf(makeUser("COMPETITOR"));
    const scan = await run(
      pontoonJson,
      postRequest(competitor, "/scanning/pontoon/scan", { direction: "out", code: code(crew[1]) }),
    );
    expect(scan.status).toBe(403);
    expect(tripCount()).toBe(before);
  });

  it("staff logged in may scan (their browser is a kiosk device)", async () => {
    const res = await run(
      pontoonJson,
      postRequest(admin, "/scanning/pontoon/scan", { direction: "out", code: "nope" }),
    );
    expect(res.status).toBe(200);
  });
});
