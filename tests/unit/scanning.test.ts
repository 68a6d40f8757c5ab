// The entrance kiosk's server half and its models against a real SQLite file (issue 10): finding a
// round by name (case, live events, shared names), a team racing in a round, the history replayed
// against the roster as it is now (forged ids, members who left, staff, signatures when required),
// the female question, scan logs written once per round/team/user, the context cache seeing
// writes, the profile and the Scan Logs list.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { kioskContext, lookupOne, save, scan } from "~/services/kiosk.server";
import { signedCode } from "~/lib/scan-code.server";
import { crewTagVersion, rotateCrewTags } from "~/models/settings.server";
import { findRoundsByName, listScanLogs, racesOf, scanProfile } from "~/models/scan.server";
import { defaultSettings } from "~/rules/settings-schema";
import { VALID_IMAGE } from "../../db/enums";
import { uniq } from "../factories";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

/** A save from a staff login on a device that is not enrolled (no user row needed: null). */
const BY = { kioskId: null, staffId: null };

function setup(limits: { maxRace?: number; maxMale?: number; minFemale?: number } = {}) {
  const d = db();
  const club = d
    .insert(schema.associations)
    .values({ name: `SC CLUB ${uniq()}`, country: "MY", token: `sc-${uniq()}` })
    .returning()
    .get();
  const event = d
    .insert(schema.events)
    .values({ name: `SC EVENT ${uniq()}`, maxRace: 12, maxMale: 12, minFemale: 0, ...limits })
    .returning()
    .get();
  const user = (i: number, role: "COMPETITOR" | "MANAGER" | "ADMIN" = "COMPETITOR") =>
    d
      .insert(schema.users)
      .values({
        email: `sc-${uniq()}@example.test`,
        hash: "x",
        name: `SC MEMBER ${i} ${uniq()}`,
        role,
        gender: i % 2 ? "FEMALE" : "MALE",
        associationId: role === "ADMIN" ? null : club.id,
        image: `sc-${uniq()}.jpg`,
        validImage: i === 3 ? VALID_IMAGE.PENDING : VALID_IMAGE.APPROVED,
        yob: 1990 + i,
      })
      .returning()
      .get();
  const members = [user(0, "MANAGER"), user(1), user(2), user(3)];
  const outsider = user(4);
  const staff = user(5, "ADMIN");
  const team = d
    .insert(schema.teams)
    .values({ name: `SC TEAM ${uniq()}`, associationId: club.id, eventId: event.id })
    .returning()
    .get();
  const other = d
    .insert(schema.teams)
    .values({ name: `SC OTHER ${uniq()}`, associationId: club.id, eventId: event.id })
    .returning()
    .get();
  for (const m of members) d.insert(schema.teamMembers).values({ teamId: team.id, userId: m.id }).run();
  d.insert(schema.teamMembers).values({ teamId: other.id, userId: outsider.id }).run();
  const round = d
    .insert(schema.rounds)
    .values({ name: `Sc Heat ${uniq()}`, eventId: event.id })
    .returning()
    .get();
  d.insert(schema.races).values({ roundId: round.id, teamId: other.id, lane: "10" }).run();
  d.insert(schema.races).values({ roundId: round.id, teamId: team.id, lane: "2" }).run();
  return { club, event, members, outsider, staff, team, other, round };
}

/** 'Require signed crew tags' on or off (the other settings: the defaults). */
const setSigned = (on: boolean) =>
  db()
    .insert(schema.settings)
    .values({ id: 1, ...defaultSettings(), entriesCloseAt: null, crewCloseAt: null, requireSignedTags: on })
    .onConflictDoUpdate({ target: schema.settings.id, set: { requireSignedTags: on } })
    .run();

afterEach(() => setSigned(false));

describe("finding a round and its teams", () => {
  it("by whole name in any case, live events only; a shared name lists each event's round", () => {
    const s = setup();
    expect(findRoundsByName(ED, `  ${s.round.name.toUpperCase()} `).map((r) => r.id)).toEqual([s.round.id]);
    expect(findRoundsByName(ED, s.round.name.slice(0, -1))).toEqual([]);
    expect(findRoundsByName(ED, "")).toEqual([]);
    const twin = setup();
    db().update(schema.rounds).set({ name: s.round.name }).where(eq(schema.rounds.id, twin.round.id)).run();
    expect(findRoundsByName(ED, s.round.name)).toHaveLength(2);
    db().update(schema.events).set({ deleted: true }).where(eq(schema.events.id, twin.event.id)).run();
    expect(findRoundsByName(ED, s.round.name).map((r) => r.id)).toEqual([s.round.id]);
    // Lanes in number order (2 before 10), and only teams racing in the round have a context.
    expect(racesOf(ED, s.round.id).map((r) => r.lane)).toEqual(["2", "10"]);
    expect(kioskContext(ED, s.round.id, s.team.id)?.team.teamName).toBe(s.team.name);
    expect(kioskContext(ED, twin.round.id, s.team.id)).toBeUndefined();
  });
});

describe("the kiosk's checks on the server", () => {
  it("replays the returned history against the roster now, then the new scan", () => {
    const s = setup({ maxRace: 3 });
    const [m0, m1, m2] = s.members;
    const ctx = kioskContext(ED, s.round.id, s.team.id)!;
    const forged = [`#${m0.id}`, `#${s.outsider.id}`, `#${s.staff.id}`, "junk", `#${m0.id}`, `#${m1.id}`];
    const r = scan(ctx, forged, `#${m2.id}`);
    expect(r.history.map((e) => e.person.id)).toEqual([m0.id, m1.id, m2.id]);
    expect(r.dropped.map((d) => d.outcome.kind)).toEqual([
      "notMember",
      "notParticipant",
      "invalid",
      "repeat",
    ]);
    expect(r.outcome.kind).toBe("added");
    expect(scan(ctx, [`#${m0.id}`, `#${m1.id}`, `#${m2.id}`], `#${s.members[3].id}`).outcome).toEqual({
      kind: "full",
      max: 3,
    });
    expect(lookupOne(ctx, "#999999999")).toEqual({ kind: "unknown" });
    expect(lookupOne(ctx, `#${s.staff.id}`)).toEqual({ kind: "outsider", participant: false });
    // The roster shows approved photos only.
    expect(ctx.roster.get(s.members[3].id)?.image).toBeNull();
    expect(ctx.roster.get(m1.id)?.image).toBe(m1.image);
  });

  it("with signed tags required, only a correct signature passes; the context sees the change at once", () => {
    const s = setup();
    const [m0] = s.members;
    expect(kioskContext(ED, s.round.id, s.team.id)!.requireSigned).toBe(false);
    setSigned(true);
    const ctx = kioskContext(ED, s.round.id, s.team.id)!;
    expect(ctx.requireSigned).toBe(true);
    expect(lookupOne(ctx, `#${m0.id}`)).toEqual({ kind: "invalid" });
    expect(lookupOne(ctx, `#${m0.id}.AAAAAAAAAA`)).toEqual({ kind: "invalid" });
    expect(lookupOne(ctx, signedCode(m0.id, crewTagVersion(1))).kind).toBe("member");
  });

  it("after ADMIN voids the printed crew tags, an earlier tag is 'voided' (said so), the new one a member", () => {
    const s = setup();
    const [m0, m1] = s.members;
    const before = signedCode(m0.id, crewTagVersion(1));
    const admin = { id: s.staff.id, name: s.staff.name, email: s.staff.email };
    expect(rotateCrewTags(admin, 1).kind).toBe("rotated");
    for (const on of [true, false]) {
      setSigned(on);
      const ctx = kioskContext(ED, s.round.id, s.team.id)!;
      expect(lookupOne(ctx, before)).toEqual({ kind: "voided" });
      expect(lookupOne(ctx, signedCode(m0.id, crewTagVersion(1))).kind).toBe("member");
      // A history holding the voided tag drops it, saying why.
      const r = scan(ctx, [before], signedCode(m1.id, crewTagVersion(1)));
      expect(r.dropped.map((d) => d.outcome.kind)).toEqual(["voided"]);
      expect(r.history.map((e) => e.person.id)).toEqual([m1.id]);
    }
  });

  it("a member who left the team meanwhile is dropped from the history", () => {
    const s = setup();
    const [m0, m1] = s.members;
    db().delete(schema.teamMembers).where(eq(schema.teamMembers.userId, m1.id)).run();
    const ctx = kioskContext(ED, s.round.id, s.team.id)!;
    const r = save(ctx, [`#${m0.id}`, `#${m1.id}`], true, BY);
    expect(r.kind).toBe("saved");
    expect(r.kind === "saved" && r.dropped.map((d) => d.code)).toEqual([`#${m1.id}`]);
  });
});

describe("saving", () => {
  it("asks about the female minimum unless confirmed, writes once per round/team/user, and lists the logs", () => {
    const s = setup({ minFemale: 2 });
    const [m0, m1, m2] = s.members;
    const ctx = kioskContext(ED, s.round.id, s.team.id)!;
    const codes = [`#${m0.id}`, `#${m1.id}`, `#${m2.id}`];
    expect(save(ctx, codes, false, BY).kind).toBe("confirm");
    expect(listScanLogs(ED, s.round.id, "desc", null).total).toBe(0);
    const first = save(ctx, codes, true, BY);
    expect(first.kind === "saved" && first.written).toBe(3);
    // The same save again (a kiosk that lost the answer) and a bigger one: only the new row.
    const again = save(kioskContext(ED, s.round.id, s.team.id)!, [...codes, `#${s.members[3].id}`], true, BY);
    expect(again.kind === "saved" && again.written).toBe(1);
    expect(save(ctx, ["junk"], true, BY).kind).toBe("empty");
    const page = listScanLogs(ED, s.round.id, "asc", { limit: 2, offset: 0 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.userId)).toEqual([m0.id, m1.id]);
    expect(page.rows[0].teamName).toBe(s.team.name);
    expect(listScanLogs(ED, s.round.id, "desc", null).rows.map((r) => r.userId)[0]).toBe(s.members[3].id);
  });

  it("records which kiosk saved it and the staff member logged in on it (issue 18)", () => {
    const s = setup();
    const [m0, m1] = s.members;
    const kiosk = db()
      .insert(schema.kiosks)
      .values({ name: `GATE ${uniq()}`, secretHash: "x", enrolledByName: "unit" })
      .returning()
      .get();
    const ctx = kioskContext(ED, s.round.id, s.team.id)!;
    save(ctx, [`#${m0.id}`], true, { kioskId: kiosk.id, staffId: null });
    save(ctx, [`#${m1.id}`], true, { kioskId: null, staffId: s.staff.id });
    const rows = listScanLogs(ED, s.round.id, "asc", null).rows;
    expect(rows.map((r) => [r.userId, r.kioskName, r.staffName])).toEqual([
      [m0.id, kiosk.name, null],
      [m1.id, null, s.staff.name],
    ]);
  });
});

describe("scanProfile", () => {
  it("a participant with their live events' teams, sorted by event name then team", () => {
    const s = setup();
    const [, m1] = s.members;
    db().insert(schema.teamMembers).values({ teamId: s.other.id, userId: m1.id }).run();
    const p = scanProfile(ED, m1.id)!;
    expect(p).toMatchObject({ name: m1.name, yob: 1991, gender: "FEMALE", associationName: s.club.name });
    expect(p.teams).toEqual(
      [s.team.name, s.other.name].sort().map((teamName) => ({ eventName: s.event.name, teamName })),
    );
    expect(scanProfile(ED, s.members[3].id)?.image).toBeNull();
    expect(scanProfile(ED, 999_999_999)).toBeUndefined();
  });
});
