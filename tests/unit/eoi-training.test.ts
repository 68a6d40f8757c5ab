// EOI and training models (issue 11) against a real SQLite file.
// EOI: event names unique among live events in any case (a deleted event's name is free again);
// deleting removes the interest links and is audited; a manager's interest is one EOIUser per email
// (any case), replaced on each save, refused whole when a ticked event is gone; the result tabs'
// counts, orders, paging and the exclusion of teams whose only ticks are on deleted events.
// Training: sessions created/updated/deleted with audit entries, max boats never below the approved
// boats; only APPROVED reservations count; requests refused for past, full or too-small sessions;
// decisions only on pending reservations and never past max boats; a manager cancels only their
// own club's pending request; the decision email.
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { mailSenderIdle } from "~/services/mailer.server";
import {
  RESERVATION_SUBJECT,
  reservationDecisionLines,
  sendReservationDecisionEmails,
} from "~/services/training-mail.server";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";
import { listAudit } from "~/models/audit.server";
import {
  countryResults,
  createEoiEvent,
  deleteEoiEvent,
  EOI_AUDIT,
  eventResults,
  findEoiEvent,
  type InterestOwner,
  interestedIn,
  interestedTeamCount,
  interestOf,
  liveEoiEvents,
  matrixTotals,
  saveInterest,
  teamInterests,
  teamMatrix,
  updateEoiEvent,
} from "~/models/eoi.server";
import {
  bookableSessions,
  cancelBooking,
  clubManagers,
  clubReservations,
  createSession,
  decideReservation,
  deleteSession,
  findReservation,
  findSession,
  listReservations,
  listSessions,
  requestBoats,
  reservationCounts,
  reservedTeams,
  sessionCount,
  TRAINING_AUDIT,
  updateSession,
} from "~/models/training.server";
import { club } from "../factories";

/** The unit database's open edition (migration 0018 makes it). */
const ED = 1;

let admin = { id: 0, name: "EOI ADMIN", email: "eoi.admin@example.test" };
const HOUR = 3_600_000;
const NOW = new Date("2027-03-01T00:00:00Z");
const T0 = NOW.getTime();

/** The audit entries of an action, newest first (by id: several land in the same millisecond). */
function auditFor(action: string) {
  return listAudit({ action }, { sort: "createdAt", dir: "desc" }, null).rows.sort((a, b) => b.id - a.id);
}
const auditOf = (action: string, targetId: number) =>
  auditFor(action).filter((a) => a.targetId === String(targetId));

let n = 0;
function manager(associationId: number | null, role: "MANAGER" | "COMPETITOR" = "MANAGER") {
  return db()
    .insert(schema.users)
    .values({
      email: `et${++n}-${process.pid}@example.test`,
      hash: "x",
      name: `ET USER ${n}`,
      role,
      associationId,
    })
    .returning()
    .get();
}
function eoiEvent(name: string): number {
  const made = createEoiEvent(ED, admin, name);
  if (!made.ok) throw new Error(made.code);
  return made.id;
}
const linksOfEvent = (eventId: number) =>
  db().select().from(schema.eois).where(eq(schema.eois.eoiEventId, eventId)).all();
const eoiUsersWith = (email: string) =>
  db().select().from(schema.eoiUsers).where(eq(schema.eoiUsers.email, email)).all();

beforeAll(() => {
  const { name, email } = admin;
  admin = {
    name,
    email,
    id: db().insert(schema.users).values({ name, email, hash: "x", role: "ADMIN" }).returning().get().id,
  };
});

// ---------------------------------------------------------------------------------------------
// EOI events

describe("EOI events", () => {
  it("creates with an audit entry and refuses a live name in any case", () => {
    const id = eoiEvent("250M Open Dup");
    expect(findEoiEvent(ED, id)).toEqual({ id, name: "250M Open Dup", teams: 0 });
    expect(liveEoiEvents(ED)).toContainEqual({ id, name: "250M Open Dup" });
    expect(createEoiEvent(ED, admin, "250m OPEN dup")).toEqual({ ok: false, code: "exists" });
    expect(createEoiEvent(ED, admin, "250M Open Dup")).toEqual({ ok: false, code: "exists" });
    expect(auditOf(EOI_AUDIT.created, id)).toHaveLength(1);
    expect(auditOf(EOI_AUDIT.created, id)[0]).toMatchObject({
      actorId: admin.id,
      targetType: "eoi-event",
      details: JSON.stringify({ name: "250M Open Dup" }),
    });
  });

  it("renames (its own name in another case too) and refuses another live event's name", () => {
    const a = eoiEvent("Rename A");
    const b = eoiEvent("Rename B");
    expect(updateEoiEvent(ED, admin, b, "RENAME a")).toEqual({ ok: false, code: "exists" });
    expect(findEoiEvent(ED, b)?.name).toBe("Rename B");
    expect(updateEoiEvent(ED, admin, b, "RENAME B")).toEqual({ ok: true, id: b });
    expect(findEoiEvent(ED, b)?.name).toBe("RENAME B");
    expect(auditOf(EOI_AUDIT.updated, b)[0]).toMatchObject({
      details: JSON.stringify({ from: "Rename B", to: "RENAME B" }),
    });
    expect(updateEoiEvent(ED, admin, 999_999, "Anything")).toEqual({ ok: false, code: "notFound" });
    expect(findEoiEvent(ED, a)?.name).toBe("Rename A");
  });

  it("delete marks it deleted, removes every team's interest in it and writes an audit row", () => {
    const keep = eoiEvent("Keep Me");
    const gone = eoiEvent("Delete Me");
    const owner = { email: "del@example.test", name: "DEL", team: "DEL TEAM", country: "MY" };
    const other = { email: "del2@example.test", name: "DEL2", team: "DEL TEAM 2", country: "SG" };
    expect(saveInterest(ED, owner, [keep, gone])).toBe("saved");
    expect(saveInterest(ED, other, [gone])).toBe("saved");
    expect(linksOfEvent(gone)).toHaveLength(2);
    expect(findEoiEvent(ED, gone)?.teams).toBe(2);

    expect(deleteEoiEvent(ED, admin, gone)).toEqual({ ok: true, id: gone });
    expect(linksOfEvent(gone)).toEqual([]);
    expect(linksOfEvent(keep)).toHaveLength(1);
    expect(findEoiEvent(ED, gone)).toBeUndefined();
    expect(liveEoiEvents(ED).some((e) => e.id === gone)).toBe(false);
    expect(db().select().from(schema.eoiEvents).where(eq(schema.eoiEvents.id, gone)).get()?.deleted).toBe(
      true,
    );
    expect(interestOf(ED, owner.email).eventIds).toEqual([keep]);
    expect(auditOf(EOI_AUDIT.deleted, gone)).toHaveLength(1);
    expect(auditOf(EOI_AUDIT.deleted, gone)[0]).toMatchObject({
      actorId: admin.id,
      details: JSON.stringify({ name: "Delete Me", interestRemoved: 2 }),
    });

    // Gone for good: no second delete, no rename; its name is free again.
    expect(deleteEoiEvent(ED, admin, gone)).toEqual({ ok: false, code: "notFound" });
    expect(updateEoiEvent(ED, admin, gone, "Back")).toEqual({ ok: false, code: "notFound" });
    expect(auditOf(EOI_AUDIT.deleted, gone)).toHaveLength(1);
    const again = eoiEvent("DELETE me");
    expect(again).not.toBe(gone);
    expect(updateEoiEvent(ED, admin, keep, "delete ME")).toEqual({ ok: false, code: "exists" });
  });
});

// ---------------------------------------------------------------------------------------------
// A manager's interest

describe("saveInterest", () => {
  let e1 = 0;
  let e2 = 0;
  let e3 = 0;
  beforeAll(() => {
    e1 = eoiEvent("Save 250M");
    e2 = eoiEvent("Save 400M");
    e3 = eoiEvent("Save TUG OF WAR");
  });
  const owner: InterestOwner = {
    email: "Save.Me@Example.TEST",
    name: "SAVE ME",
    team: "SAVERS",
    country: "MY",
  };

  it("records the ticks under one EOIUser per email, replaced on the next save, in any case of the email", () => {
    expect(interestOf(ED, owner.email)).toEqual({ eventIds: [], savedAt: null });
    const first = new Date(T0);
    expect(saveInterest(ED, owner, [e1, e2], first)).toBe("saved");
    expect(interestOf(ED, "save.me@example.test")).toEqual({ eventIds: [e1, e2], savedAt: T0 });
    expect(eoiUsersWith("save.me@example.test")).toHaveLength(1);
    expect(eoiUsersWith("save.me@example.test")[0]).toMatchObject({
      name: "SAVE ME",
      team: "SAVERS",
      country: "MY",
    });

    const later = new Date(T0 + HOUR);
    const renamed = { email: "SAVE.ME@EXAMPLE.TEST", name: "SAVE ME TOO", team: "SAVERS 2", country: "SG" };
    expect(saveInterest(ED, renamed, [e3, e2], later)).toBe("saved");
    expect(interestOf(ED, owner.email)).toEqual({ eventIds: [e2, e3], savedAt: T0 + HOUR });
    const rows = db()
      .select()
      .from(schema.eoiUsers)
      .where(inArray(schema.eoiUsers.email, ["save.me@example.test", "SAVE.ME@EXAMPLE.TEST", owner.email]))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "SAVE ME TOO", team: "SAVERS 2", country: "SG" });
    expect(rows[0].createdAt.getTime()).toBe(T0);
    expect(linksOfEvent(e1)).toEqual([]);
  });

  it("refuses the whole save when a ticked event is unknown or deleted, and nothing changes", () => {
    const before = interestOf(ED, owner.email);
    expect(before.eventIds.length).toBeGreaterThan(0);
    expect(saveInterest(ED, owner, [e1, 999_999], new Date(T0 + 2 * HOUR))).toBe("gone");
    const dead = eoiEvent("Save Dead");
    expect(deleteEoiEvent(ED, admin, dead).ok).toBe(true);
    expect(saveInterest(ED, owner, [e1, dead], new Date(T0 + 2 * HOUR))).toBe("gone");
    expect(interestOf(ED, owner.email)).toEqual(before);
    expect(eoiUsersWith("save.me@example.test")[0].name).toBe("SAVE ME TOO");
    // A manager who never saved is not created by a refused save.
    expect(saveInterest(ED, { ...owner, email: "never@example.test" }, [999_999])).toBe("gone");
    expect(eoiUsersWith("never@example.test")).toEqual([]);
  });

  it("takes no ticks as taking it all back", () => {
    expect(saveInterest(ED, owner, [], new Date(T0 + 3 * HOUR))).toBe("saved");
    expect(interestOf(ED, owner.email)).toEqual({ eventIds: [], savedAt: T0 + 3 * HOUR });
    expect(eoiUsersWith("save.me@example.test")).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Results (ADMIN, COMMITTEE)

describe("EOI results", () => {
  const ev: Record<string, number> = {};
  const owners = {
    alpha: { email: "alpha@example.test", name: "ALPHA MGR", team: "alpha dragons", country: "MY" },
    beta: { email: "beta@example.test", name: "BETA MGR", team: "Beta", country: "SG" },
    charlie: { email: "charlie@example.test", name: "CHARLIE MGR", team: "CHARLIE", country: "MY" },
    delta: { email: "delta@example.test", name: "DELTA MGR", team: "delta", country: "ID" },
    echo: { email: "echo@example.test", name: "ECHO MGR", team: "Echo", country: "TH" },
    foxtrot: { email: "foxtrot@example.test", name: "FOX MGR", team: "foxtrot", country: "VN" },
  };
  const userId = (k: keyof typeof owners) => eoiUsersWith(owners[k].email)[0].id;

  beforeAll(() => {
    // This file's database is its own: start the result tabs from nothing.
    db().delete(schema.eois).run();
    db().delete(schema.eoiUsers).run();
    db().delete(schema.eoiEvents).run();
    for (const [k, name] of Object.entries({
      open250: "250M OPEN",
      women250: "250M WOMEN",
      open400: "400M OPEN",
      tug: "TUG OF WAR",
      fun: "Fun Paddle",
      gone: "400M GONE",
      stale: "TUG OF WAR STALE",
    }))
      ev[k] = eoiEvent(name);
    const save = (k: keyof typeof owners, ids: number[], at: number) =>
      expect(saveInterest(ED, owners[k], ids, new Date(T0 + at))).toBe("saved");
    save("alpha", [ev.open250, ev.women250, ev.tug], 1);
    save("beta", [ev.open250, ev.open400], 2);
    save("charlie", [ev.fun], 3);
    save("delta", [ev.gone], 4);
    save("echo", [], 5);
    save("foxtrot", [ev.stale], 6);
    // delta's only tick goes with its event; foxtrot's stays linked to an event marked deleted by
    // hand (as older data might be): neither counts as interested.
    expect(deleteEoiEvent(ED, admin, ev.gone).ok).toBe(true);
    db().update(schema.eoiEvents).set({ deleted: true }).where(eq(schema.eoiEvents.id, ev.stale)).run();
  });

  it("Result by Events: each live event by id with its number of interested teams", () => {
    expect(eventResults(ED)).toEqual([
      { id: ev.open250, name: "250M OPEN", teams: 2 },
      { id: ev.women250, name: "250M WOMEN", teams: 1 },
      { id: ev.open400, name: "400M OPEN", teams: 1 },
      { id: ev.tug, name: "TUG OF WAR", teams: 1 },
      { id: ev.fun, name: "Fun Paddle", teams: 1 },
    ]);
  });

  it("View: the interested teams by team name in any case, with country names", () => {
    expect(interestedIn(ED, ev.open250)).toEqual([
      {
        id: userId("alpha"),
        team: "alpha dragons",
        name: "ALPHA MGR",
        country: "Malaysia",
        email: "alpha@example.test",
      },
      {
        id: userId("beta"),
        team: "Beta",
        name: "BETA MGR",
        country: "Singapore",
        email: "beta@example.test",
      },
    ]);
    expect(interestedIn(ED, ev.gone)).toEqual([]);
    expect(interestedIn(ED, 999_999)).toEqual([]);
  });

  it("counts only teams with a tick on a live event", () => {
    expect(interestedTeamCount(ED)).toBe(3);
  });

  it("Teams: every interested team with its details and its live events by name, paged", () => {
    const all = teamInterests(ED, null);
    expect(all.map((t) => t.team)).toEqual(["alpha dragons", "Beta", "CHARLIE"]);
    expect(all[0]).toEqual({
      id: userId("alpha"),
      team: "alpha dragons",
      name: "ALPHA MGR",
      country: "Malaysia",
      email: "alpha@example.test",
      updatedAt: T0 + 1,
      events: ["250M OPEN", "250M WOMEN", "TUG OF WAR"],
    });
    expect(all[1].events).toEqual(["250M OPEN", "400M OPEN"]);
    expect(all[2].events).toEqual(["Fun Paddle"]);
    expect(teamInterests(ED, { offset: 0, limit: 2 }).map((t) => t.team)).toEqual(["alpha dragons", "Beta"]);
    expect(teamInterests(ED, { offset: 2, limit: 2 }).map((t) => t.team)).toEqual(["CHARLIE"]);
    expect(teamInterests(ED, { offset: 3, limit: 2 })).toEqual([]);
  });

  it("Result by Teams: one row per team against 250M / 400M / Tug / Other, paged, and totals over all", () => {
    expect(teamMatrix(ED, null)).toEqual([
      {
        userId: userId("alpha"),
        team: "alpha dragons",
        country: "Malaysia",
        cells: [["250M OPEN", "250M WOMEN"], [], ["TUG OF WAR"], []],
      },
      {
        userId: userId("beta"),
        team: "Beta",
        country: "Singapore",
        cells: [["250M OPEN"], ["400M OPEN"], [], []],
      },
      {
        userId: userId("charlie"),
        team: "CHARLIE",
        country: "Malaysia",
        cells: [[], [], [], ["Fun Paddle"]],
      },
    ]);
    expect(teamMatrix(ED, { offset: 1, limit: 1 }).map((r) => r.team)).toEqual(["Beta"]);
    expect(teamMatrix(ED, { offset: 2, limit: 10 }).map((r) => r.team)).toEqual(["CHARLIE"]);
    expect(teamMatrix(ED, { offset: 5, limit: 10 })).toEqual([]);
    expect(matrixTotals(ED)).toEqual([2, 1, 1, 1]);
  });

  it("Countries: interested teams per country name, most first, and the total", () => {
    expect(countryResults(ED)).toEqual({
      rows: [
        { code: "MY", country: "Malaysia", teams: 2 },
        { code: "SG", country: "Singapore", teams: 1 },
      ],
      total: 3,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Training sessions

type Times = { startTime: number; endTime: number; maxBoat: number };
function session(startInHours: number, maxBoat: number, hours = 2): number {
  const start = T0 + startInHours * HOUR;
  return createSession(ED, admin, { startTime: start, endTime: start + hours * HOUR, maxBoat });
}
function reservation(
  associationId: number,
  sessionId: number,
  boat: number,
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED" = "PENDING",
): number {
  return db()
    .insert(schema.trainingReservations)
    .values({ associationId, sessionId, boat, status })
    .returning()
    .get().id;
}
const statusOf = (id: number) =>
  db()
    .select({ status: schema.trainingReservations.status })
    .from(schema.trainingReservations)
    .where(eq(schema.trainingReservations.id, id))
    .get()?.status;
const APPROVE = { action: "APPROVE", rejectReason: null } as const;
const reject = (reason: string) => ({ action: "REJECT", rejectReason: reason }) as const;

describe("training sessions", () => {
  let clubA = 0;
  let clubB = 0;
  beforeAll(() => {
    clubA = club({ name: "Alpha Boats" }).id;
    clubB = club({ name: "bravo boats" }).id;
  });

  it("creates, updates and deletes with audit entries; deleting removes its reservations", () => {
    const before = sessionCount(ED);
    const v: Times = { startTime: T0 + 24 * HOUR, endTime: T0 + 26 * HOUR, maxBoat: 5 };
    const id = createSession(ED, admin, v);
    expect(sessionCount(ED)).toBe(before + 1);
    expect(findSession(ED, id)).toEqual({ id, ...v, reserved: 0, pending: 0 });
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(auditOf(TRAINING_AUDIT.sessionCreated, id)[0]).toMatchObject({
      actorId: admin.id,
      targetType: "training-session",
      details: JSON.stringify({ startTime: iso(v.startTime), endTime: iso(v.endTime), maxBoat: 5 }),
    });

    const w: Times = { startTime: v.startTime + HOUR, endTime: v.endTime + HOUR, maxBoat: 7 };
    expect(updateSession(ED, admin, id, w)).toEqual({ ok: true });
    expect(findSession(ED, id)).toMatchObject(w);
    expect(JSON.parse(auditOf(TRAINING_AUDIT.sessionUpdated, id)[0].details)).toEqual({
      from: { startTime: iso(v.startTime), endTime: iso(v.endTime), maxBoat: 5 },
      to: { startTime: iso(w.startTime), endTime: iso(w.endTime), maxBoat: 7 },
    });
    expect(updateSession(ED, admin, 999_999, w)).toEqual({ ok: false, code: "notFound" });

    reservation(clubA, id, 2, "APPROVED");
    reservation(clubB, id, 1, "PENDING");
    expect(deleteSession(ED, admin, id)).toEqual({ ok: true });
    expect(findSession(ED, id)).toBeUndefined();
    expect(
      db()
        .select()
        .from(schema.trainingReservations)
        .where(eq(schema.trainingReservations.sessionId, id))
        .all(),
    ).toEqual([]);
    expect(JSON.parse(auditOf(TRAINING_AUDIT.sessionDeleted, id)[0].details)).toMatchObject({
      maxBoat: 7,
      reservationsRemoved: 2,
      approvedBoats: 2,
    });
    expect(deleteSession(ED, admin, id)).toEqual({ ok: false, code: "notFound" });
    expect(auditOf(TRAINING_AUDIT.sessionDeleted, id)).toHaveLength(1);
  });

  it("refuses to lower max boats below the approved boats (pending ones do not count), changing nothing", () => {
    const id = session(48, 6);
    reservation(clubA, id, 2, "APPROVED");
    reservation(clubB, id, 1, "APPROVED");
    reservation(clubB, id, 3, "PENDING");
    const was = findSession(ED, id);
    const v = { startTime: T0 + 49 * HOUR, endTime: T0 + 50 * HOUR };
    expect(updateSession(ED, admin, id, { ...v, maxBoat: 2 })).toEqual({
      ok: false,
      code: "refused",
      message: MSG.sessionMaxBelowApproved(3),
    });
    expect(findSession(ED, id)).toEqual(was);
    expect(auditOf(TRAINING_AUDIT.sessionUpdated, id)).toEqual([]);
    expect(updateSession(ED, admin, id, { ...v, maxBoat: 3 })).toEqual({ ok: true });
    expect(findSession(ED, id)).toMatchObject({ maxBoat: 3, reserved: 3, pending: 1 });
  });

  it("lists sessions by start time, whatever order they were made in, paged", () => {
    const late = session(300, 1);
    const early = session(100, 1);
    const middle = session(200, 1);
    const sameStart = session(200, 2);
    const mine = [late, early, middle, sameStart];
    const ids = listSessions(ED, null)
      .map((s) => s.id)
      .filter((id) => mine.includes(id));
    expect(ids).toEqual([early, middle, sameStart, late]);
    const all = listSessions(ED, null);
    for (let i = 1; i < all.length; i++)
      expect(all[i].startTime).toBeGreaterThanOrEqual(all[i - 1].startTime);
    expect(listSessions(ED, { offset: 1, limit: 2 })).toEqual(all.slice(1, 3));
  });

  it("counts only APPROVED boats as reserved; Reserved Teams lists each approved reservation", () => {
    const id = session(72, 20);
    const a2 = reservation(clubA, id, 2, "APPROVED");
    const a1 = reservation(clubA, id, 1, "APPROVED");
    const b3 = reservation(clubB, id, 3, "APPROVED");
    reservation(clubA, id, 5, "PENDING");
    reservation(clubB, id, 4, "REJECTED");
    reservation(clubB, id, 6, "CANCELLED");
    expect(findSession(ED, id)).toMatchObject({ reserved: 6, pending: 1 });
    // The lists read no pending count (no list shows it).
    expect(listSessions(ED, null).find((s) => s.id === id)).toEqual({
      ...findSession(ED, id),
      pending: undefined,
    });
    expect(listSessions(ED, null).find((s) => s.id === id)).not.toHaveProperty("pending");
    // A club with two approved requests has two rows (not one silently summed), by team name.
    expect(reservedTeams(ED, id)).toEqual([
      { id: a2, associationId: clubA, team: "Alpha Boats", boats: 2 },
      { id: a1, associationId: clubA, team: "Alpha Boats", boats: 1 },
      { id: b3, associationId: clubB, team: "bravo boats", boats: 3 },
    ]);
    expect(reservedTeams(ED, session(73, 1))).toEqual([]);
  });
});

describe("reservations", () => {
  let clubA = 0;
  let clubB = 0;
  let managerA = manager(null);
  beforeAll(() => {
    clubA = club({ name: "Charlie Crew", country: "MY" }).id;
    clubB = club({ name: "Delta Crew", country: "SG" }).id;
    managerA = manager(clubA);
    manager(clubA, "COMPETITOR");
  });

  it("requestBoats: a PENDING request of at most the boats left in an upcoming session", () => {
    const id = session(10, 5);
    reservation(clubB, id, 3, "APPROVED");
    reservation(clubB, id, 2, "PENDING"); // pending boats leave the boats left alone
    expect(requestBoats(ED, clubA, id, 3, NOW)).toEqual({ ok: false, message: MSG.bookingTooMany(2) });
    const made = requestBoats(ED, clubA, id, 2, NOW);
    if (!made.ok) throw new Error(made.message);
    expect(findReservation(ED, made.id)).toMatchObject({
      associationId: clubA,
      sessionId: id,
      team: "Charlie Crew",
      boat: 2,
      status: "PENDING",
      rejectReason: null,
    });
  });

  it("requestBoats refuses a second request while the club's first is pending; after a cancel or a decision it may ask again", () => {
    const id = session(11, 10);
    const other = session(12, 10);
    const first = requestBoats(ED, clubA, id, 2, NOW);
    if (!first.ok) throw new Error(first.message);
    const before = reservationCounts(ED);
    for (const n of [1, 2, 3])
      expect(requestBoats(ED, clubA, id, n, NOW)).toEqual({ ok: false, message: MSG.bookingAlreadyPending });
    expect(reservationCounts(ED)).toEqual(before);
    // Another club, or another session, is not held up.
    expect(requestBoats(ED, clubB, id, 1, NOW).ok).toBe(true);
    expect(requestBoats(ED, clubA, other, 1, NOW).ok).toBe(true);
    // Cancelled: ask again; that one rejected: ask again too.
    expect(cancelBooking(ED, clubA, first.id)).toBe("cancelled");
    const second = requestBoats(ED, clubA, id, 3, NOW);
    if (!second.ok) throw new Error(second.message);
    expect(decideReservation(ED, admin, second.id, reject("Fewer, please."), NOW).ok).toBe(true);
    expect(requestBoats(ED, clubA, id, 1, NOW).ok).toBe(true);
    expect(
      db()
        .select({ status: schema.trainingReservations.status })
        .from(schema.trainingReservations)
        .where(eq(schema.trainingReservations.sessionId, id))
        .all()
        .filter((r) => r.status === "PENDING"),
    ).toHaveLength(2); // clubA's last and clubB's
  });

  it("requestBoats refuses a past session, one starting now, an unknown one and a full one", () => {
    const before = reservationCounts(ED);
    expect(requestBoats(ED, clubA, session(-1, 5), 1, NOW)).toEqual({
      ok: false,
      message: MSG.bookingSessionGone,
    });
    expect(requestBoats(ED, clubA, session(0, 5), 1, NOW)).toEqual({
      ok: false,
      message: MSG.bookingSessionGone,
    });
    expect(requestBoats(ED, clubA, 999_999, 1, NOW)).toEqual({ ok: false, message: MSG.bookingSessionGone });
    const full = session(5, 2);
    reservation(clubB, full, 2, "APPROVED");
    const beforeFull = reservationCounts(ED);
    expect(requestBoats(ED, clubA, full, 1, NOW)).toEqual({ ok: false, message: MSG.bookingTooMany(0) });
    expect(reservationCounts(ED)).toEqual(beforeFull);
    expect(beforeFull.PENDING).toBe(before.PENDING);
  });

  it("approves with an audit entry and the reservation's details for the email", () => {
    const id = session(20, 4);
    const res = reservation(clubA, id, 3);
    const later = new Date(T0 + 5_000);
    const out = decideReservation(ED, admin, res, APPROVE, later);
    if (!out.ok) throw new Error(out.code);
    expect(out.status).toBe("APPROVED");
    expect(out.reservation).toMatchObject({
      id: res,
      team: "Charlie Crew",
      associationId: clubA,
      sessionId: id,
      startTime: T0 + 20 * HOUR,
      endTime: T0 + 22 * HOUR,
      boat: 3,
      status: "APPROVED",
      rejectReason: null,
    });
    expect(findSession(ED, id)).toMatchObject({ reserved: 3, pending: 0 });
    expect(auditOf(TRAINING_AUDIT.reservationApproved, res)[0]).toMatchObject({
      actorId: admin.id,
      targetType: "training-reservation",
      details: JSON.stringify({ sessionId: id, boat: 3, rejectReason: null }),
    });
    const row = db()
      .select()
      .from(schema.trainingReservations)
      .where(eq(schema.trainingReservations.id, res))
      .get();
    expect(row?.updatedAt.getTime()).toBe(T0 + 5_000);
  });

  it("rejects with the reason stored and audited; rejecting does not count toward reserved boats", () => {
    const id = session(21, 4);
    const res = reservation(clubA, id, 4);
    const out = decideReservation(ED, admin, res, reject("Come on Sunday instead."), NOW);
    if (!out.ok) throw new Error(out.code);
    expect(out).toMatchObject({
      status: "REJECTED",
      reservation: { rejectReason: "Come on Sunday instead." },
    });
    expect(findSession(ED, id)).toMatchObject({ reserved: 0, pending: 0 });
    expect(JSON.parse(auditOf(TRAINING_AUDIT.reservationRejected, res)[0].details)).toEqual({
      sessionId: id,
      boat: 4,
      rejectReason: "Come on Sunday instead.",
    });
  });

  it("refuses a decision on a reservation that is not pending, or unknown, and changes nothing", () => {
    const id = session(22, 10);
    for (const status of ["APPROVED", "REJECTED", "CANCELLED"] as const) {
      const res = reservation(clubA, id, 1, status);
      for (const d of [APPROVE, reject("no")])
        expect(decideReservation(ED, admin, res, d, NOW)).toEqual({
          ok: false,
          code: "refused",
          message: MSG.reservationNotPending,
        });
      expect(statusOf(res)).toBe(status);
      expect(auditOf(TRAINING_AUDIT.reservationApproved, res)).toEqual([]);
      expect(auditOf(TRAINING_AUDIT.reservationRejected, res)).toEqual([]);
    }
    expect(decideReservation(ED, admin, 999_999, APPROVE, NOW)).toEqual({ ok: false, code: "notFound" });
  });

  it("refuses approving a session that has started (at its start or after) and changes nothing; rejecting it still works", () => {
    const id = session(24, 10);
    const res = reservation(clubA, id, 1);
    for (const at of [T0 + 24 * HOUR, T0 + 25 * HOUR])
      expect(decideReservation(ED, admin, res, APPROVE, new Date(at))).toEqual({
        ok: false,
        code: "refused",
        message: MSG.reservationStarted,
      });
    expect(statusOf(res)).toBe("PENDING");
    expect(auditOf(TRAINING_AUDIT.reservationApproved, res)).toEqual([]);
    expect(decideReservation(ED, admin, res, APPROVE, new Date(T0 + 24 * HOUR - 1)).ok).toBe(true);
    const late = reservation(clubB, id, 1);
    expect(decideReservation(ED, admin, late, reject("Too late."), new Date(T0 + 25 * HOUR))).toMatchObject({
      ok: true,
      status: "REJECTED",
    });
  });

  it("two pending requests that together exceed max boats: the first approval passes, the second is refused", () => {
    const id = session(23, 5);
    const first = requestBoats(ED, clubA, id, 3, NOW);
    const second = requestBoats(ED, clubB, id, 3, NOW);
    if (!first.ok || !second.ok) throw new Error("request refused");
    expect(decideReservation(ED, admin, first.id, APPROVE, NOW).ok).toBe(true);
    expect(decideReservation(ED, admin, second.id, APPROVE, NOW)).toEqual({
      ok: false,
      code: "refused",
      message: MSG.reservationOverbooked(2, 3),
    });
    expect(statusOf(second.id)).toBe("PENDING");
    expect(findSession(ED, id)).toMatchObject({ maxBoat: 5, reserved: 3, pending: 1 });
    // Exactly up to max boats is fine; it can still be rejected.
    const third = reservation(clubB, id, 2);
    expect(decideReservation(ED, admin, third, APPROVE, NOW).ok).toBe(true);
    expect(findSession(ED, id)).toMatchObject({ reserved: 5 });
    expect(decideReservation(ED, admin, second.id, reject("Full."), NOW).ok).toBe(true);
  });

  it("cancelBooking: only the club's own PENDING request", () => {
    const id = session(30, 10);
    const mine = reservation(clubA, id, 1);
    const approved = reservation(clubA, id, 1, "APPROVED");
    const rejected = reservation(clubA, id, 1, "REJECTED");
    expect(cancelBooking(ED, clubB, mine)).toBe("refused");
    expect(statusOf(mine)).toBe("PENDING");
    expect(cancelBooking(ED, clubA, mine)).toBe("cancelled");
    expect(statusOf(mine)).toBe("CANCELLED");
    expect(cancelBooking(ED, clubA, mine)).toBe("refused");
    expect(cancelBooking(ED, clubA, approved)).toBe("refused");
    expect(cancelBooking(ED, clubA, rejected)).toBe("refused");
    expect(cancelBooking(ED, clubA, 999_999)).toBe("refused");
    expect([statusOf(approved), statusOf(rejected)]).toEqual(["APPROVED", "REJECTED"]);
    // A cancelled request cannot be decided afterwards.
    expect(decideReservation(ED, admin, mine, APPROVE, NOW)).toMatchObject({ ok: false, code: "refused" });
  });

  it("bookableSessions: upcoming sessions with boats left, by start time, with the boats left", () => {
    const past = session(-3, 5);
    const startsNow = session(0, 5);
    const full = session(40, 2);
    reservation(clubB, full, 2, "APPROVED");
    const later = session(42, 5);
    const sooner = session(41, 4);
    reservation(clubB, sooner, 1, "APPROVED");
    reservation(clubB, sooner, 3, "PENDING");
    const mine = [past, startsNow, full, later, sooner];
    const got = bookableSessions(ED, NOW).filter((s) => mine.includes(s.id));
    expect(got.map((s) => [s.id, s.left])).toEqual([
      [sooner, 3],
      [later, 5],
    ]);
    expect(bookableSessions(ED, new Date(T0 + 41 * HOUR)).some((s) => s.id === sooner)).toBe(false);
    // Kept per stretch between two sessions' starts, and until the database changes: the clock
    // going back, a second later in the same stretch, and a new approval each read what is true.
    expect(bookableSessions(ED, new Date(NOW.getTime() + 1000)).some((s) => s.id === sooner)).toBe(true);
    reservation(clubB, later, 4, "APPROVED");
    expect(bookableSessions(ED, NOW).find((s) => s.id === later)?.left).toBe(1);
  });

  it("lists reservations by status and id, counts the tabs, and a club's own newest session first", () => {
    const counts = reservationCounts(ED);
    const approved = listReservations(ED, "APPROVED", null);
    const pending = listReservations(ED, "PENDING", null);
    expect([approved.length, pending.length]).toEqual([counts.APPROVED, counts.PENDING]);
    expect(approved.every((r) => r.status === "APPROVED")).toBe(true);
    expect(pending.map((r) => r.id)).toEqual([...pending.map((r) => r.id)].sort((a, b) => a - b));
    expect(listReservations(ED, "PENDING", { offset: 1, limit: 2 })).toEqual(pending.slice(1, 3));

    const own = clubReservations(ED, clubA);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.associationId === clubA)).toBe(true);
    for (let i = 1; i < own.length; i++) expect(own[i].startTime).toBeLessThanOrEqual(own[i - 1].startTime);
    expect(clubReservations(ED, clubA, 1)).toEqual(own.slice(0, 1));
    expect(clubManagers(clubA)).toEqual([{ id: managerA.id, email: managerA.email, name: managerA.name }]);
  });
});

describe("the decision email", () => {
  const res = {
    id: 1,
    team: "Charlie Crew",
    associationId: 1,
    sessionId: 1,
    startTime: Date.parse("2027-03-05T23:00:00Z"), // 06/03/2027 07:00 AM in Malaysia
    endTime: Date.parse("2027-03-06T01:00:00Z"),
    boat: 1,
    status: "REJECTED" as const,
    rejectReason: "Bring your own paddles.",
  };

  it("says which session, how many boats, and for a rejection the reason", () => {
    expect(reservationDecisionLines({ ...res, boat: 2 }, "APPROVED")).toEqual([
      "Your request for 2 boats in the training session of 06/03/2027 07:00 AM to 06/03/2027 09:00 AM (Malaysia time) has been approved.",
    ]);
    expect(reservationDecisionLines(res, "REJECTED")).toEqual([
      "Your request for 1 boat in the training session of 06/03/2027 07:00 AM to 06/03/2027 09:00 AM (Malaysia time) has been rejected.",
      "Reason: Bring your own paddles.",
    ]);
  });

  it("goes to each manager of the club", async () => {
    const outbox = env().OUTBOX_DIR;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const to = [
      { id: 1, email: "mail1@example.test", name: "MAIL ONE" },
      { id: 2, email: "mail2@example.test", name: "" },
    ];
    await sendReservationDecisionEmails(to, res, "REJECTED");
    await mailSenderIdle(); // queued, then sent by the mail queue's sender
    const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    expect(mails).toHaveLength(2);
    for (const m of to) {
      const mail = mails.find((x) => x.to && "text" in x.to && x.to.text.includes(m.email));
      expect(mail?.subject).toBe(RESERVATION_SUBJECT.REJECTED);
      expect(mail?.text).toContain(`Hello ${m.name || m.email},`);
      expect(mail?.text).toContain("Reason: Bring your own paddles.");
      expect(mail?.text).toContain(`${env().APP_URL}/training`);
    }
  });

  it("speaks each manager's own language (users.locale): Malay for one, English for the other", async () => {
    const clubId = club({ name: "MAIL LOCALE CLUB" }).id;
    const ms = manager(clubId);
    const en = manager(clubId);
    db().update(schema.users).set({ locale: "ms" }).where(eq(schema.users.id, ms.id)).run();
    const outbox = env().OUTBOX_DIR;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await sendReservationDecisionEmails([ms, en], res, "REJECTED");
    await mailSenderIdle();
    const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    const to = (email: string) => mails.find((x) => x.to && "text" in x.to && x.to.text.includes(email));
    expect(to(ms.email)?.subject).toBe(MS.MSG.reservationMailSubject.REJECTED);
    expect(to(ms.email)?.text).toContain(MS.MSG.reservationMailReason("Bring your own paddles."));
    expect(to(ms.email)?.text).toContain("06/03/2027 07:00 PG");
    expect(to(en.email)?.subject).toBe(RESERVATION_SUBJECT.REJECTED);
  });
});
