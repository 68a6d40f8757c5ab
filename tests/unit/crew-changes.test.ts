// Race-day crew changes (issue 28 part 3) against a real SQLite file: a manager's request after the
// crew deadline (own club only, races left, the cut-off, one pending per team, the crew after the
// change checked with Pick Crew's rules), and staff's decision: Approve re-checks and applies in
// one transaction (change_id on who came in, crew before/after kept and audited, the requester's
// email queued in their language), Reject needs no crew check. Every refusal changes nothing.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { CREW_CHANGE_AUDIT, changeWindowOf, listChanges, requestChange } from "~/models/crew-change.server";
import { startListOf } from "~/models/race-paper.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import type { User } from "~/models/user.server";
import { decideCrewChange, refusalOf } from "~/services/crew-change.server";
import { action as crewChangesAction } from "~/routes/_app.crew-changes/route";
import { action as teamAction } from "~/routes/_app.events_.teams.$teamId";
import { VALID_IMAGE } from "../../db/enums";
import { callerOf, makeUser, postRequest, run } from "./route-request";
import { club, user, uniq } from "../factories";

const MIN = 60_000;
const NOW = Date.now();
let n = 0;

const year = () => getSettings(1).regattaYear;

describe("crew changes", () => {
  let a: ReturnType<typeof club>;
  let b: ReturnType<typeof club>;
  let managerA: User;
  let managerB: User;
  let committee: User;
  let eventId = 0;
  const eligible = (associationId: number, values: Partial<typeof schema.users.$inferInsert> = {}) =>
    user({
      associationId,
      gender: "MALE",
      yob: year() - 30,
      identification: "900101-07-1234",
      membershipPaid: true,
      validImage: VALID_IMAGE.APPROVED,
      approved: true,
      ...values,
    }).id;
  const team = (associationId: number) =>
    db()
      .insert(schema.teams)
      .values({ name: `CC TEAM ${uniq()}`, eventId, associationId })
      .returning()
      .get().id;
  const crewOf = (teamId: number) =>
    db().all<{ userId: number; changeId: number | null }>(
      sql`SELECT user_id AS userId, change_id AS changeId FROM team_members WHERE team_id = ${teamId} ORDER BY user_id`,
    );
  const setCrew = (teamId: number, ids: number[]) => {
    for (const userId of ids) db().insert(schema.teamMembers).values({ teamId, userId }).run();
  };
  /** A round the team races in (lane 1), scheduled `inMinutes` from NOW, started or not. */
  const raceIn = (teamId: number, inMinutes: number, started = false) => {
    const raceNumber = 5000 + n++;
    const roundId = db()
      .insert(schema.rounds)
      .values({
        name: `CC R ${uniq()}`,
        eventId,
        raceNumber,
        scheduledAt: new Date(NOW + inMinutes * MIN),
        startedAt: started ? new Date(NOW + inMinutes * MIN) : null,
      })
      .returning()
      .get().id;
    db().insert(schema.races).values({ roundId, teamId, lane: "1" }).run();
    return raceNumber;
  };
  const changes = () => db().all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM crew_changes`)[0].n;
  const audits = (action: string) =>
    db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, action))
      .all()
      .map((r) => JSON.parse(r.details));
  const mailsTo = (email: string) =>
    db().all<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM mail_queue WHERE "to" = ${email}`,
    );

  // A crew of 2..3 (maxRace 2 + 1 reserve), at least 1 woman, at most 1 man (0 + 1 reserve).
  const ids: Record<string, number> = {};
  let teamA = 0;
  let teamB = 0;

  beforeAll(() => {
    eventId = db()
      .insert(schema.events)
      .values({
        name: `CC EVENT ${uniq()}`,
        price: 15000,
        minRace: 2,
        maxRace: 2,
        reserveCount: 1,
        maxMale: 0,
        minFemale: 1,
        minAge: 18,
        maxAge: 60,
      })
      .returning()
      .get().id;
    a = club();
    b = club();
    managerA = user({ role: "MANAGER", associationId: a.id, approved: true, locale: "ms" });
    managerB = user({ role: "MANAGER", associationId: b.id, approved: true });
    committee = user({ role: "COMMITTEE" });
    updateSettings(
      committee,
      { ...getSettings(1), crewCloseAt: NOW - 60 * MIN, crewChangeCutoffMinutes: 30 },
      1,
    );
    ids.m1 = eligible(a.id);
    ids.m2 = eligible(a.id);
    ids.f1 = eligible(a.id, { gender: "FEMALE" });
    ids.f2 = eligible(a.id, { gender: "FEMALE" });
    ids.f3 = eligible(a.id, { gender: "FEMALE" });
    ids.unpaid = eligible(a.id, { gender: "FEMALE", membershipPaid: false, name: "Unpaid Ummi" });
    ids.b1 = eligible(b.id, { gender: "FEMALE" });
  });

  beforeEach(() => {
    teamA = team(a.id);
    teamB = team(b.id);
    setCrew(teamA, [ids.m1, ids.f1]);
    setCrew(teamB, [ids.b1]);
    raceIn(teamA, 120);
    raceIn(teamB, 120);
  });
  // Each test has its own teams; a member may race once per event, so free them again.
  afterEach(() => release());
  const release = () => db().run(sql`DELETE FROM team_members WHERE team_id IN (${teamA}, ${teamB})`);

  const ask = (
    leaving: number[],
    joining: number[],
    who = managerA,
    scope = a.scope,
    teamId = teamA,
    at = NOW,
  ) => requestChange(who, 1, scope, { teamId, leaving, joining, reason: "Sick" }, at);

  it("requests a change: written PENDING with the reason, audited", () => {
    const result = ask([ids.f1], [ids.f2]);
    expect(result).toMatchObject({ ok: true });
    const row = db().get<{
      status: string;
      leaving: string;
      joining: string;
      reason: string;
      edition_id: number;
    }>(sql`SELECT * FROM crew_changes WHERE team_id = ${teamA}`);
    expect(row).toMatchObject({
      status: "PENDING",
      leaving: `[${ids.f1}]`,
      joining: `[${ids.f2}]`,
      reason: "Sick",
      edition_id: 1,
    });
    expect(audits(CREW_CHANGE_AUDIT.requested).at(-1)).toMatchObject({ reason: "Sick" });
    expect(listChanges(1, { limit: 50, offset: 0 }).rows[0]).toMatchObject({
      teamId: teamA,
      status: "PENDING",
    });
  });

  it("one pending request per team", () => {
    expect(ask([ids.f1], [ids.f2])).toMatchObject({ ok: true });
    const before = changes();
    expect(ask([ids.m1], [ids.m2])).toEqual({ ok: false, code: "pending" });
    expect(changes()).toBe(before);
  });

  it("refuses another club's team, and a team before the crew deadline, changing nothing", () => {
    const before = changes();
    expect(ask([ids.b1], [ids.f2], managerA, a.scope, teamB)).toEqual({ ok: false, code: "gone" });
    expect(ask([ids.f1], [ids.b1], managerB, b.scope, teamA)).toEqual({ ok: false, code: "gone" });
    expect(ask([ids.f1], [ids.f2], managerA, a.scope, teamA, NOW - 2 * 60 * MIN)).toEqual({
      ok: false,
      code: "notClosed",
    });
    expect(changes()).toBe(before);
    expect(crewOf(teamB).map((m) => m.userId)).toEqual([ids.b1]);
  });

  it("refuses when the next race starts within the cut-off, the day's delay included", () => {
    const race = raceIn(teamA, 25);
    const result = ask([ids.f1], [ids.f2]);
    expect(result).toEqual({ ok: false, code: "tooLate", raceNumber: race, at: NOW + 25 * MIN });
    if (!result.ok)
      expect(refusalOf(EN, result).message).toMatch(/^Too late: race \d+ starts at \d\d:\d\d\.$/);
    expect(changeWindowOf(1, teamA, NOW)).toMatchObject({ kind: "tooLate" });
  });

  it("refuses a team with no races left", () => {
    const t = team(a.id);
    raceIn(t, -60, true);
    expect(ask([], [ids.f3], managerA, a.scope, t)).toEqual({ ok: false, code: "noRaces" });
  });

  it("checks the crew after the change with Pick Crew's rules and messages", () => {
    expect(ask([ids.f1], [])).toEqual({ ok: false, code: "rule", message: EN.MSG.crewMinRace(2) });
    expect(ask([], [ids.m2])).toEqual({ ok: false, code: "rule", message: EN.MSG.crewMaxMale(1) }); // 0 + 1 reserve
    const r = ask([], [ids.unpaid]);
    expect(r).toEqual({ ok: false, code: "ineligible", name: "Unpaid Ummi", reason: "fee" });
    if (!r.ok)
      expect(refusalOf(EN, r).message).toBe(EN.MSG.ccIneligible("Unpaid Ummi", EN.LABELS.ineligible.fee));
    expect(ask([], [ids.b1])).toEqual({ ok: false, code: "notMember" }); // another club's member
    expect(ask([ids.f2], [])).toEqual({ ok: false, code: "notInCrew" });
    expect(ask([], [ids.f1])).toEqual({ ok: false, code: "alreadyIn" });
    expect(ask([], [])).toEqual({ ok: false, code: "empty" });
  });

  it("approve re-checks, applies in one go with change_id, audits before/after, mails in the requester's language", () => {
    const asked = ask([ids.f1], [ids.f2]);
    if (!asked.ok) throw new Error("not asked");
    const result = decideCrewChange(committee, 1, asked.id, { approve: true }, EN);
    expect(result).toMatchObject({ ok: true, change: { status: "APPROVED" } });
    expect(crewOf(teamA)).toEqual(
      [
        { userId: ids.m1, changeId: null },
        { userId: ids.f2, changeId: asked.id },
      ].sort((x, y) => x.userId - y.userId),
    );
    const row = db().get<{ status: string; crew_before: string; crew_after: string; decided_by: number }>(
      sql`SELECT * FROM crew_changes WHERE id = ${asked.id}`,
    );
    expect(row).toMatchObject({ status: "APPROVED", decided_by: committee.id });
    expect(JSON.parse(row?.crew_before ?? "[]").sort((x: number, y: number) => x - y)).toEqual(
      [ids.m1, ids.f1].sort((x, y) => x - y),
    );
    expect(JSON.parse(row?.crew_after ?? "[]").sort((x: number, y: number) => x - y)).toEqual(
      [ids.m1, ids.f2].sort((x, y) => x - y),
    );
    expect(audits(CREW_CHANGE_AUDIT.approved).at(-1)).toMatchObject({ change: asked.id });
    const mail = mailsTo(managerA.email).at(-1);
    expect(mail?.subject).toBe(
      MS.MSG.ccMailSubjectApproved(
        db().get<{ name: string }>(sql`SELECT name FROM teams WHERE id = ${teamA}`)?.name ?? "",
      ),
    );
    // The start list marks who came in.
    const roundId =
      db().get<{ id: number }>(sql`SELECT round_id AS id FROM races WHERE team_id = ${teamA} LIMIT 1`)?.id ??
      0;
    const lane = startListOf(1, roundId)?.lanes.find((l) => l.team.startsWith("CC TEAM"));
    const joinerName = db().get<{ name: string }>(sql`SELECT name FROM users WHERE id = ${ids.f2}`)?.name;
    expect(lane?.cameIn).toEqual([joinerName]);
    // decided once
    expect(decideCrewChange(committee, 1, asked.id, { approve: true }, EN)).toEqual({
      ok: false,
      code: "notPending",
    });
  });

  it("approve refuses, changing nothing, when the crew is no longer eligible", () => {
    const asked = ask([ids.f1], [ids.f3]);
    if (!asked.ok) throw new Error("not asked");
    // Meanwhile the joiner's fee order was cancelled.
    db().update(schema.users).set({ membershipPaid: false }).where(eq(schema.users.id, ids.f3)).run();
    const mails = mailsTo(managerA.email).length;
    const result = decideCrewChange(committee, 1, asked.id, { approve: true }, EN);
    expect(result).toMatchObject({ ok: false, code: "ineligible", reason: "fee" });
    expect(crewOf(teamA).map((m) => m.userId)).toEqual([ids.m1, ids.f1].sort((x, y) => x - y));
    expect(
      db().get<{ status: string }>(sql`SELECT status FROM crew_changes WHERE id = ${asked.id}`)?.status,
    ).toBe("PENDING");
    expect(mailsTo(managerA.email).length).toBe(mails);
    db().update(schema.users).set({ membershipPaid: true }).where(eq(schema.users.id, ids.f3)).run();
    decideCrewChange(committee, 1, asked.id, { approve: false, reason: "Tidy up" }, EN);
  });

  it("approve refuses, changing nothing, when the team's next race has come within the cut-off", () => {
    const asked = ask([ids.f1], [ids.f3]);
    if (!asked.ok) throw new Error("not asked");
    // Meanwhile race control brought the team's race forward: it starts in 10 minutes.
    const moved = db().run(sql`
      UPDATE rounds SET scheduled_at = ${Date.now() + 10 * MIN}
      WHERE id IN (SELECT round_id FROM races WHERE team_id = ${teamA})`);
    expect(moved.changes).toBe(1);
    const mails = mailsTo(managerA.email).length;
    const result = decideCrewChange(committee, 1, asked.id, { approve: true }, EN);
    expect(result).toMatchObject({ ok: false, code: "tooLate" });
    if (!result.ok)
      expect(refusalOf(EN, result).message).toMatch(/^Too late: race \d+ starts at \d\d:\d\d\.$/);
    expect(crewOf(teamA).map((m) => m.userId)).toEqual([ids.m1, ids.f1].sort((x, y) => x - y));
    expect(
      db().get<{ status: string }>(sql`SELECT status FROM crew_changes WHERE id = ${asked.id}`)?.status,
    ).toBe("PENDING");
    expect(mailsTo(managerA.email).length).toBe(mails);
    decideCrewChange(committee, 1, asked.id, { approve: false, reason: "Too late" }, EN);
  });

  it("a race whose results were saved without a Start is over: not the next race", () => {
    // The team's heat this morning was raced and its results saved, Start never pressed.
    const heat = raceIn(teamA, -180);
    db().run(sql`UPDATE rounds SET result_state = 'OFFICIAL' WHERE race_number = ${heat}`);
    expect(changeWindowOf(1, teamA, Date.now())).toEqual({ kind: "open" });
  });

  it("reject keeps the crew, stores the reason and mails it", () => {
    const asked = ask([ids.f1], [ids.f2]);
    if (!asked.ok) throw new Error("not asked");
    const result = decideCrewChange(committee, 1, asked.id, { approve: false, reason: "No proof" }, EN);
    expect(result).toMatchObject({ ok: true, change: { status: "REJECTED", decisionReason: "No proof" } });
    expect(crewOf(teamA).map((m) => m.userId)).toEqual([ids.m1, ids.f1].sort((x, y) => x - y));
    expect(mailsTo(managerA.email).at(-1)?.text).toContain(MS.MSG.ccMailReason("No proof"));
    expect(audits(CREW_CHANGE_AUDIT.rejected).at(-1)).toMatchObject({ reason: "No proof" });
    // A new request may follow once decided.
    expect(ask([ids.f1], [ids.f2])).toMatchObject({ ok: true });
  });

  it("a change of another edition is not found", () => {
    const asked = ask([ids.f1], [ids.f2]);
    if (!asked.ok) throw new Error("not asked");
    expect(decideCrewChange(committee, 999, asked.id, { approve: true }, EN)).toEqual({
      ok: false,
      code: "gone",
    });
    expect(
      db().get<{ status: string }>(
        sql`SELECT status FROM crew_changes WHERE id = ${asked.id} AND status = 'PENDING'`,
      ),
    ).toBeTruthy();
  });

  describe("through the routes", () => {
    const fields = (leave: number, join: number) => ({
      intent: "requestChange",
      leave: String(leave),
      join: String(join),
      reason: "Injured",
    });
    const request = async (who: Parameters<typeof callerOf>[0], teamId: number, f: Record<string, string>) =>
      run(teamAction, postRequest(await callerOf(who), `/events/teams/${teamId}`, f), {
        teamId: String(teamId),
      });
    const decide = async (who: Parameters<typeof callerOf>[0], f: Record<string, string>) =>
      run(crewChangesAction, postRequest(await callerOf(who), "/crew-changes", f));

    it("a manager of the club requests; another club's manager, a competitor and ADMIN are refused, changing nothing", async () => {
      const other = await request(makeUser("MANAGER", b.id), teamA, fields(ids.f1, ids.f2));
      expect(other.status).toBe(404);
      const competitor = await request(makeUser("COMPETITOR", a.id), teamA, fields(ids.f1, ids.f2));
      expect(competitor.status).not.toBe(200);
      expect(competitor.location ?? "").not.toContain("/events/teams");
      const admin = await request(makeUser("ADMIN"), teamA, fields(ids.f1, ids.f2));
      expect(admin.status).toBe(403);
      expect(db().get(sql`SELECT 1 FROM crew_changes WHERE team_id = ${teamA}`)).toBeUndefined();
      const own = await request(makeUser("MANAGER", a.id), teamA, fields(ids.f1, ids.f2));
      expect(own).toMatchObject({
        status: 302,
        location: `/events/teams/${teamA}`,
        toasts: [EN.MSG.ccRequested],
      });
    });

    it("an empty reason is refused with the sentence", async () => {
      const answer = await request(makeUser("MANAGER", a.id), teamA, {
        ...fields(ids.f1, ids.f2),
        reason: "  ",
      });
      expect(answer.status).toBe(400);
      expect(db().get(sql`SELECT 1 FROM crew_changes WHERE team_id = ${teamA}`)).toBeUndefined();
    });

    it("a manager cannot decide; COMMITTEE approves, and a reject without a reason is refused", async () => {
      const asked = ask([ids.f1], [ids.f2]);
      if (!asked.ok) throw new Error("not asked");
      const manager = await decide(makeUser("MANAGER", a.id), { intent: "approve", id: String(asked.id) });
      expect(manager.status).not.toBe(200);
      expect(manager.toasts).not.toContain(expect.stringContaining("approved"));
      expect(
        db().get<{ status: string }>(sql`SELECT status FROM crew_changes WHERE id = ${asked.id}`)?.status,
      ).toBe("PENDING");
      const committeeUser = makeUser("COMMITTEE");
      const empty = await decide(committeeUser, { intent: "reject", id: String(asked.id), reason: "" });
      expect(empty.status).toBe(400);
      const ok = await decide(committeeUser, { intent: "approve", id: String(asked.id) });
      expect(ok).toMatchObject({ status: 302, location: "/crew-changes" });
      expect(crewOf(teamA).find((m) => m.userId === ids.f2)?.changeId).toBe(asked.id);
    });
  });
});
