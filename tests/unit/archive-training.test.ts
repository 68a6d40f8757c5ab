// Training and EOI per edition (issue 21, docs/decisions/0033-editions.md), on this worker's real
// SQLite file: two editions, each with its training sessions, reservations, EOI events and answers.
// - Lists and lookups show only the edition asked for: another edition's sessions, reservations,
//   EOI events and answers are not listed, and a forged id (a row of another edition) is not
//   found: every write by such an id is refused and changes nothing, through the models and
//   through the routes (a staff member looking at one edition, a manager on the open one).
// - The archive sweep: once edition 1 is archived (edition 2 opened), EVERY exported write of the
//   training and EOI models, called against edition 1's rows, is refused (EDITION_ARCHIVED, from
//   migration 0018's triggers, or saveInterest's own check) and the tables are unchanged.
//   services/training-mail.server.ts writes nothing to the database (it sends email only).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { MSG } from "~/messages";
import { editionCookie, isArchivedWrite } from "~/services/edition.server";
import {
  countryResults,
  createEoiEvent,
  deleteEoiEvent,
  eventResults,
  findEoiEvent,
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
  updateSession,
} from "~/models/training.server";
import * as eoiEdit from "~/routes/_app.eoi-events.$id.edit";
import * as eoiIndex from "~/routes/_app.eoi._index";
import * as training from "~/routes/_app.training";
import * as cancelRoute from "~/routes/_app.training.$id.cancel";
import * as decideRoute from "~/routes/_app.training-reservations.$id";
import * as reservationsRoute from "~/routes/_app.training-reservations";
import * as sessionEdit from "~/routes/_app.training-sessions.$id.edit";
import * as sessionsRoute from "~/routes/_app.training-sessions";
import * as sessionsCsv from "~/routes/training-sessions[.]csv";
import {
  type Caller,
  callerOf,
  getRequest,
  type Made,
  makeClub,
  makeUser,
  postRequest,
  run,
} from "./route-request";

const DAY = 86_400_000;
/** Far ahead: every session is bookable and decidable whatever the clock says. */
const FUTURE = Date.UTC(2099, 5, 1, 0, 0, 0);
const ONE = 1; // migration 0018's edition (the unit database's data), open at first
let TWO = 0; // a second edition, a draft while the data is made

type Side = {
  session: number;
  full: number; // a session whose approved boats fill it (not bookable)
  pending: number;
  approved: number;
  eoiEvent: number;
  eoiName: string;
};
const sides: Record<number, Side> = {};
let club: { id: number; name: string };
let manager: Made;
let admin: Made & { name: string };
let otherClub: { id: number; name: string }; // no request yet: only the archive refuses its booking
const owner = () => ({ email: manager.email, name: "ARCHIVE MANAGER", team: club.name, country: "MY" });

/** Rows written straight into an edition (a draft is writable; only an archive refuses). */
function makeSide(editionId: number, tag: string): Side {
  const session = createSession(editionId, admin, {
    startTime: FUTURE + editionId * DAY,
    endTime: FUTURE + editionId * DAY + 7_200_000,
    maxBoat: 10,
  });
  const full = createSession(editionId, admin, {
    startTime: FUTURE + editionId * DAY + 3_600_000,
    endTime: FUTURE + editionId * DAY + 7_200_000,
    maxBoat: 2,
  });
  const r = schema.trainingReservations;
  const reserve = (sessionId: number, boat: number, status: "PENDING" | "APPROVED") =>
    db()
      .insert(r)
      .values({
        associationId: club.id,
        sessionId,
        boat,
        status,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: r.id })
      .get().id;
  const pending = reserve(session, 1, "PENDING");
  const approved = reserve(session, 2, "APPROVED");
  reserve(full, 2, "APPROVED");
  const eoiName = `400M ${tag} OPEN`;
  const made = createEoiEvent(editionId, admin, eoiName);
  if (!made.ok) throw new Error(made.code);
  return { session, full, pending, approved, eoiEvent: made.id, eoiName };
}

/** Each table the area writes (and the audit log), as it is now. */
function snapshot(): Record<string, unknown[]> {
  const tables = [
    "training_sessions",
    "training_reservations",
    "eoi_events",
    "eois",
    "eoi_users",
    "audit_log",
    "editions",
  ];
  return Object.fromEntries(
    tables.map((t) => [t, db().$client.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]),
  );
}

/** A staff or manager caller looking at an edition (the sidebar's picker cookie). */
function looking(caller: Caller, editionId: number): Caller {
  return { ...caller, cookie: `${caller.cookie}; ${editionCookie(editionId).split(";")[0]}` };
}

beforeAll(() => {
  club = makeClub(`ARCHIVE CLUB ${process.pid}`);
  manager = makeUser("MANAGER", club.id);
  admin = { ...makeUser("ADMIN"), name: "ARCHIVE ADMIN" };
  otherClub = makeClub(`ARCHIVE CLUB B ${process.pid}`);
  TWO = db()
    .insert(schema.editions)
    .values({ name: "Regatta 2099", year: 2099, startsOn: "2099-06-01", endsOn: "2099-06-30" })
    .returning({ id: schema.editions.id })
    .get().id;
  sides[ONE] = makeSide(ONE, "ONE");
  sides[TWO] = makeSide(TWO, "TWO");
  // The same manager answered in each edition.
  expect(saveInterest(ONE, owner(), [sides[ONE].eoiEvent])).toBe("saved");
  expect(saveInterest(TWO, owner(), [sides[TWO].eoiEvent])).toBe("saved");
});

describe("training per edition", () => {
  it("lists and counts only the edition's sessions and reservations", () => {
    for (const [ed, other] of [
      [ONE, TWO],
      [TWO, ONE],
    ]) {
      const mine = sides[ed];
      const theirs = sides[other];
      const sessions = listSessions(ed, null).map((s) => s.id);
      expect(sessions).toEqual(expect.arrayContaining([mine.session, mine.full]));
      expect(sessions).not.toContain(theirs.session);
      expect(sessions).not.toContain(theirs.full);
      expect(sessionCount(ed)).toBe(sessions.length);
      const bookable = bookableSessions(ed, new Date(FUTURE - DAY)).map((s) => s.id);
      expect(bookable).toContain(mine.session);
      expect(bookable).not.toContain(mine.full);
      expect(bookable).not.toContain(theirs.session);
      const pending = listReservations(ed, "PENDING", null).map((r) => r.id);
      const approved = listReservations(ed, "APPROVED", null).map((r) => r.id);
      expect(pending).toContain(mine.pending);
      expect(pending).not.toContain(theirs.pending);
      expect(approved).toContain(mine.approved);
      expect(approved).not.toContain(theirs.approved);
      expect(reservationCounts(ed)).toEqual({ PENDING: pending.length, APPROVED: approved.length });
      const own = clubReservations(ed, club.id).map((r) => r.id);
      expect(own).toEqual(expect.arrayContaining([mine.pending, mine.approved]));
      expect(own).toHaveLength(3); // and the full session's
      expect(own).not.toContain(theirs.pending);
      expect(own).not.toContain(theirs.approved);
    }
  });

  it("finds nothing by another edition's id, and refuses every write by it (nothing changes)", () => {
    const theirs = sides[ONE];
    const before = snapshot();
    expect(findSession(TWO, theirs.session)).toBeUndefined();
    expect(reservedTeams(TWO, theirs.session)).toEqual([]);
    expect(findReservation(TWO, theirs.pending)).toBeUndefined();
    const times = { startTime: FUTURE, endTime: FUTURE + 3_600_000, maxBoat: 20 };
    expect(updateSession(TWO, admin, theirs.session, times)).toEqual({ ok: false, code: "notFound" });
    expect(deleteSession(TWO, admin, theirs.session)).toEqual({ ok: false, code: "notFound" });
    for (const action of ["APPROVE", "REJECT"] as const)
      expect(decideReservation(TWO, admin, theirs.pending, { action, rejectReason: "No" })).toEqual({
        ok: false,
        code: "notFound",
      });
    expect(requestBoats(TWO, club.id, theirs.session, 1, new Date(FUTURE - DAY))).toMatchObject({
      ok: false,
    });
    expect(cancelBooking(TWO, club.id, theirs.pending)).toBe("refused");
    expect(snapshot()).toEqual(before);
    // Its own edition finds them.
    expect(findSession(ONE, theirs.session)?.id).toBe(theirs.session);
    expect(findReservation(ONE, theirs.pending)?.id).toBe(theirs.pending);
  });

  it("routes: staff see the edition they look at; a forged id of another edition is 404", async () => {
    const staff = await callerOf(admin);
    const listed = async (caller: Caller) => {
      const res = (await sessionsRoute.loader({
        request: getRequest(caller, "/training-sessions?size=100"),
        params: {},
        context: {},
      })) as Response;
      return ((await res.json()) as { rows: { id: number }[] }).rows.map((r) => r.id);
    };
    expect(await listed(looking(staff, TWO))).toContain(sides[TWO].session);
    expect(await listed(looking(staff, TWO))).not.toContain(sides[ONE].session);
    expect(await listed(staff)).toContain(sides[ONE].session); // no choice: the open edition
    expect(await listed(staff)).not.toContain(sides[TWO].session);
    const csv = (await sessionsCsv.loader({
      request: getRequest(looking(staff, TWO), "/training-sessions.csv"),
      params: {},
      context: {},
    })) as Response;
    expect((await csv.text()).trim().split("\n")).toHaveLength(1 + sessionCount(TWO));
    const reservations = (await reservationsRoute.loader({
      request: getRequest(looking(staff, TWO), "/training-reservations?tab=pending"),
      params: {},
      context: {},
    })) as Response;
    const tab = (await reservations.json()) as { rows: { id: number }[]; counts: unknown };
    expect(tab.rows.map((r) => r.id)).toContain(sides[TWO].pending);
    expect(tab.rows.map((r) => r.id)).not.toContain(sides[ONE].pending);
    expect(tab.counts).toEqual(reservationCounts(TWO));

    const at2 = looking(staff, TWO);
    const one = sides[ONE];
    const id = String(one.session);
    expect(
      (await run(sessionEdit.loader, getRequest(at2, `/training-sessions/${id}/edit`), { id })).status,
    ).toBe(404);
    const before = snapshot();
    const edit = postRequest(at2, `/training-sessions/${id}/edit`, {
      startTime: "2099-06-01T10:00",
      endTime: "2099-06-01T12:00",
      maxBoat: "30",
    });
    expect((await run(sessionEdit.action, edit, { id })).status).toBe(404);
    const rid = String(one.pending);
    const decide = postRequest(at2, `/training-reservations/${rid}`, { action: "APPROVE" });
    expect((await run(decideRoute.action, decide, { id: rid })).status).toBe(404);
    expect(snapshot()).toEqual(before);
  });

  it("a manager books, sees and cancels in the open edition only, whatever cookie they send", async () => {
    const mgr = looking(await callerOf(manager), TWO); // the picker is staff's: ignored for a manager
    const page = (await training.loader({
      request: getRequest(mgr, "/training"),
      params: {},
      context: {},
    })) as Response;
    const data = (await page.json()) as { requests: { id: number }[] };
    expect(data.requests.map((r) => r.id)).toContain(sides[ONE].pending);
    expect(data.requests.map((r) => r.id)).not.toContain(sides[TWO].pending);
    const before = snapshot();
    const book = postRequest(mgr, "/training", { session: String(sides[TWO].session), boat: "1" });
    expect((await run(training.action, book)).status).toBe(409);
    const rid = String(sides[TWO].pending);
    expect(
      (await run(cancelRoute.loader, getRequest(mgr, `/training/${rid}/cancel`), { id: rid })).status,
    ).toBe(404);
    const cancel = await run(cancelRoute.action, postRequest(mgr, `/training/${rid}/cancel`), { id: rid });
    expect(cancel.toasts).toEqual([MSG.bookingNotCancellable]);
    expect(snapshot()).toEqual(before);
  });
});

describe("EOI per edition", () => {
  it("lists only the edition's EOI events and answers", () => {
    for (const [ed, other] of [
      [ONE, TWO],
      [TWO, ONE],
    ]) {
      const mine = sides[ed];
      const theirs = sides[other];
      expect(liveEoiEvents(ed).map((e) => e.id)).toContain(mine.eoiEvent);
      expect(liveEoiEvents(ed).map((e) => e.id)).not.toContain(theirs.eoiEvent);
      const results = eventResults(ed);
      expect(results.find((e) => e.id === mine.eoiEvent)?.teams).toBe(1);
      expect(results.map((e) => e.id)).not.toContain(theirs.eoiEvent);
      expect(interestOf(ed, manager.email).eventIds).toEqual([mine.eoiEvent]);
      expect(interestedIn(ed, mine.eoiEvent).map((t) => t.email)).toEqual([manager.email]);
      expect(interestedIn(ed, theirs.eoiEvent)).toEqual([]);
      const team = teamInterests(ed, null).find((t) => t.email === manager.email);
      expect(team?.events).toEqual([mine.eoiName]);
      expect(interestedTeamCount(ed)).toBe(teamInterests(ed, null).length);
      expect(teamMatrix(ed, null).length).toBeGreaterThan(0);
      expect(countryResults(ed).total).toBe(interestedTeamCount(ed));
      expect(matrixTotals(ed)[1]).toBeGreaterThan(0); // the 400M column
    }
  });

  it("a name is unique within an edition only", () => {
    const name = "TUG OF WAR EVERY YEAR";
    const a = createEoiEvent(ONE, admin, name);
    const b = createEoiEvent(TWO, admin, name.toLowerCase());
    expect(a.ok && b.ok).toBe(true);
    expect(createEoiEvent(TWO, admin, name)).toEqual({ ok: false, code: "exists" });
    if (b.ok)
      expect(updateEoiEvent(TWO, admin, b.id, sides[TWO].eoiName)).toEqual({ ok: false, code: "exists" });
    if (a.ok) expect(deleteEoiEvent(ONE, admin, a.id).ok).toBe(true);
    if (b.ok) expect(deleteEoiEvent(TWO, admin, b.id).ok).toBe(true);
  });

  it("a saved answer replaces only its edition's; last year's does not show as this year's", () => {
    // Saving nothing in edition 2 leaves edition 1's answer.
    expect(saveInterest(TWO, owner(), [])).toBe("saved");
    expect(interestOf(ONE, manager.email).eventIds).toEqual([sides[ONE].eoiEvent]);
    expect(interestOf(TWO, manager.email).eventIds).toEqual([]);
    expect(interestOf(TWO, manager.email).savedAt).not.toBeNull(); // saved (nothing) this edition
    // An edition whose EOI events came after the save: not saved there.
    const later = db()
      .insert(schema.editions)
      .values({ name: "Regatta 2098", year: 2098, startsOn: "2098-06-01", endsOn: "2098-06-30" })
      .returning({ id: schema.editions.id })
      .get().id;
    const made = createEoiEvent(later, admin, "250M LATER", new Date(Date.now() + 60_000));
    expect(made.ok).toBe(true);
    expect(interestOf(later, manager.email)).toEqual({ eventIds: [], savedAt: null });
    expect(saveInterest(TWO, owner(), [sides[TWO].eoiEvent])).toBe("saved");
  });

  it("finds nothing by another edition's id, and refuses every write by it (nothing changes)", async () => {
    const theirs = sides[ONE];
    const before = snapshot();
    expect(findEoiEvent(TWO, theirs.eoiEvent)).toBeUndefined();
    expect(updateEoiEvent(TWO, admin, theirs.eoiEvent, "RENAMED")).toEqual({ ok: false, code: "notFound" });
    expect(deleteEoiEvent(TWO, admin, theirs.eoiEvent)).toEqual({ ok: false, code: "notFound" });
    expect(saveInterest(TWO, owner(), [theirs.eoiEvent])).toBe("gone");
    // Routes: staff looking at edition 2; the manager (always the open edition, 1 here).
    const at2 = looking(await callerOf(admin), TWO);
    const id = String(theirs.eoiEvent);
    expect((await run(eoiEdit.loader, getRequest(at2, `/eoi-events/${id}/edit`), { id })).status).toBe(404);
    const rename = postRequest(at2, `/eoi-events/${id}/edit`, { name: "RENAMED" });
    expect((await run(eoiEdit.action, rename, { id })).status).toBe(404);
    const mgr = await callerOf(manager);
    const save = postRequest(mgr, "/eoi", { event: String(sides[TWO].eoiEvent) });
    expect((await run(eoiIndex.action, save)).status).toBe(409);
    expect(snapshot()).toEqual(before);
  });
});

describe("archive sweep: every training and EOI write into an archived edition is refused", () => {
  beforeAll(() => {
    // Opening edition 2 archives edition 1 (as models/edition.server.ts openEdition does).
    db().run(sql`UPDATE editions SET state = 'ARCHIVED', archived_at = ${Date.now()} WHERE id = ${ONE}`);
    db().run(sql`UPDATE editions SET state = 'OPEN', opened_at = ${Date.now()} WHERE id = ${TWO}`);
  });

  const refused = (write: () => unknown) => {
    let outcome: unknown;
    try {
      outcome = write();
    } catch (error) {
      expect(isArchivedWrite(error), String(error)).toBe(true);
      return;
    }
    throw new Error(`not refused: ${JSON.stringify(outcome)}`);
  };

  it("refuses each write against edition 1's rows, and the tables stay as they were", () => {
    const s = sides[ONE];
    const now = new Date(FUTURE - DAY);
    const times = { startTime: FUTURE + 5 * DAY, endTime: FUTURE + 5 * DAY + 3_600_000, maxBoat: 12 };
    const before = snapshot();
    const writes: [string, () => unknown][] = [
      ["createSession", () => createSession(ONE, admin, times)],
      ["updateSession", () => updateSession(ONE, admin, s.session, times)],
      ["deleteSession", () => deleteSession(ONE, admin, s.session)],
      [
        "decideReservation APPROVE",
        () => decideReservation(ONE, admin, s.pending, { action: "APPROVE", rejectReason: null }, now),
      ],
      [
        "decideReservation REJECT",
        () => decideReservation(ONE, admin, s.pending, { action: "REJECT", rejectReason: "Late" }, now),
      ],
      ["requestBoats", () => requestBoats(ONE, otherClub.id, s.session, 1, now)],
      ["cancelBooking", () => cancelBooking(ONE, club.id, s.pending, now)],
      ["createEoiEvent", () => createEoiEvent(ONE, admin, "500M ARCHIVED")],
      ["updateEoiEvent", () => updateEoiEvent(ONE, admin, s.eoiEvent, "500M RENAMED")],
      ["deleteEoiEvent", () => deleteEoiEvent(ONE, admin, s.eoiEvent)],
      ["saveInterest (ticks)", () => saveInterest(ONE, owner(), [s.eoiEvent])],
      ["saveInterest (none)", () => saveInterest(ONE, owner(), [])],
    ];
    for (const [name, write] of writes) {
      try {
        refused(write);
      } catch (error) {
        throw new Error(`${name}: ${String(error)}`);
      }
    }
    expect(snapshot()).toEqual(before);
    // The reads still answer for the archive (staff may look at it).
    expect(findSession(ONE, s.session)?.id).toBe(s.session);
    expect(findEoiEvent(ONE, s.eoiEvent)?.teams).toBe(1);
  });

  it("the same writes work in the open edition (the refusal is the archive's, not the test's)", () => {
    const s = sides[TWO];
    const now = new Date(FUTURE - DAY);
    expect(requestBoats(TWO, club.id, s.session, 1, now)).toMatchObject({ ok: false }); // pending already
    expect(cancelBooking(TWO, club.id, s.pending, now)).toBe("cancelled");
    expect(requestBoats(TWO, club.id, s.session, 1, now)).toMatchObject({ ok: true });
    expect(
      updateSession(TWO, admin, s.session, { startTime: FUTURE, endTime: FUTURE + 3_600_000, maxBoat: 11 }),
    ).toEqual({ ok: true });
    expect(updateEoiEvent(TWO, admin, s.eoiEvent, `${s.eoiName} B`)).toEqual({ ok: true, id: s.eoiEvent });
    expect(saveInterest(TWO, owner(), [])).toBe("saved");
    expect(
      createSession(TWO, admin, { startTime: FUTURE, endTime: FUTURE + 3_600_000, maxBoat: 3 }),
    ).toBeGreaterThan(0);
  });
});
