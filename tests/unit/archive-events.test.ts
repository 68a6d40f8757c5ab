// Issue 21, the events area per edition: events, entries and the waitlist, crews, draws, the
// Confirmed Events Summary, the Teams table, the overview figures and the members' crew tag fee.
// 1. The archive sweep: every write of the area's models and services against the rows of an
//    archived edition is refused (EDITION_ARCHIVED from migration 0018's triggers, or a refusal)
//    and the tables are unchanged.
// 2. Lists and lookups of one edition never show another's rows; a forged id of another edition is
//    not found, and a write with it changes nothing.
// The edition is archived inside this file: each unit test file starts from its own migrated
// database (tests/setup-unit.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "~/services/access.server";
import { db, schema } from "~/lib/db.server";
import { crewCandidates, crewTeamsOf, findCrewTeam, saveCrew } from "~/models/crew.server";
import { type DrawInput, drawRound, planDraw, saveDraw, saveProgress } from "~/models/draw.server";
import { createEdition, openEdition } from "~/models/edition.server";
import {
  availableEvents,
  checkoutEntries,
  entriesDraft,
  joinWaitlist,
  leaveWaitlist,
  serveWaitlist,
  waitlistOf,
} from "~/models/entries.server";
import {
  assignedEvents,
  createEvent,
  deleteEvent,
  findEvent,
  listEvents,
  updateEvent,
} from "~/models/event.server";
import { listTeams } from "~/models/association.server";
import { listMembers, memberCounts } from "~/models/member.server";
import { eventsSummary } from "~/models/summary.server";
import { statistics, type User } from "~/models/user.server";
import { listUsers } from "~/models/user-list.server";
import { checkoutEventEntries } from "~/services/checkout.server";
import { crewPickerData } from "~/services/crew-form.server";
import { serveWaitlistNow } from "~/services/waitlist-mail.server";
import { EVENT_DEFAULTS } from "~/rules/event-fields";
import type { EventInput } from "~/rules/event-schema";
import { VALID_IMAGE } from "../../db/enums";
import { editionCookie } from "~/services/edition.server";
import * as eventsRoute from "~/routes/_app.events/route";
import * as editEvent from "~/routes/_app.events.$id.edit";
import * as deleteEventRoute from "~/routes/_app.events.$id.delete";
import * as waitlistRoute from "~/routes/_app.events.waitlist";
import * as pickCrew from "~/routes/_app.events_.teams.$teamId";
import * as manageTeams from "~/routes/_app.teams.manage";
import { type Caller, callerOf, getRequest, type Made, postRequest, run, writes } from "./route-request";

const ALL: Scope = { kind: "all" };
const OLD = 1; // the unit database's edition (migration 0018), archived below
let NEW = 0;

let admin: User;
let manager: User;
let clubId: number;
let scope: Scope;
let otherClub: number;
let crew: number[];
let fresh: number; // a member of the club who never paid
const ids = { event: 0, full: 0, free: 0, team: 0, round: 0, entry: 0, newEvent: 0 };

type Values = Partial<typeof schema.users.$inferInsert>;
function person(values: Values): User {
  const row = db()
    .insert(schema.users)
    .values({
      email: `ae${Math.random()}@example.test`,
      hash: "x",
      name: "AE",
      role: "COMPETITOR",
      ...values,
    })
    .returning()
    .get();
  const { hash: _h, ...safe } = row;
  return safe;
}

const input = (over: Partial<EventInput> = {}): EventInput => ({
  ...EVENT_DEFAULTS,
  name: "AE NEW",
  description: "An event.",
  ...over,
});

const TABLES = [
  "events",
  "teams",
  "team_members",
  "waitlist",
  "rounds",
  "races",
  "progression_plans",
  "orders",
  "order_lines",
  "audit_log",
  "settings",
] as const;
const snapshot = () =>
  Object.fromEntries(TABLES.map((t) => [t, db().$client.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));

const eventDraw: DrawInput = { lanes: 6, seed: 7, source: { kind: "event" } };

beforeAll(() => {
  admin = person({ role: "ADMIN", name: "AE ADMIN" });
  clubId = db()
    .insert(schema.associations)
    .values({ name: "AE CLUB", country: "MY", token: "ae-club" })
    .returning()
    .get().id;
  otherClub = db()
    .insert(schema.associations)
    .values({ name: "AE OTHER", country: "MY", token: "ae-other" })
    .returning()
    .get().id;
  scope = { kind: "association", associationId: clubId };
  manager = person({
    role: "MANAGER",
    associationId: clubId,
    verified: true,
    approved: true,
    name: "AE MGR",
  });
  const paid = { associationId: clubId, verified: true, approved: true, membershipPaid: true };
  const eligible = { ...paid, validImage: VALID_IMAGE.APPROVED, gender: "MALE" as const, yob: 1990 };
  crew = [person(eligible).id, person(eligible).id];
  fresh = person({ associationId: clubId, verified: true, approved: true }).id;

  // Edition 1: an event with a paid team and its crew, a round, a club waiting; a full event.
  const crewRules = {
    minRace: 1,
    maxRace: 2,
    reserveCount: 0,
    maxMale: 2,
    minFemale: 0,
    minAge: 0,
    maxAge: 150,
  };
  ids.event = createEvent(admin, OLD, input({ name: "AE 500M", maxTeam: 10, ...crewRules })).id;
  ids.full = createEvent(admin, OLD, input({ name: "AE FULL", maxTeam: 1 })).id;
  ids.free = createEvent(admin, OLD, input({ name: "AE 200M", maxTeam: 10 })).id;
  ids.team = db()
    .insert(schema.teams)
    .values({ name: "AE TEAM 1", eventId: ids.event, associationId: clubId })
    .returning()
    .get().id;
  db().insert(schema.teams).values({ name: "AE TEAM 2", eventId: ids.event, associationId: otherClub }).run();
  db()
    .insert(schema.teams)
    .values({ name: "AE OTHER FULL", eventId: ids.full, associationId: otherClub })
    .run();
  db().insert(schema.teamMembers).values({ teamId: ids.team, userId: crew[0] }).run();
  ids.round = db().insert(schema.rounds).values({ eventId: ids.event, name: "AE HEAT" }).returning().get().id;
  ids.entry = db()
    .insert(schema.waitlist)
    .values({ eventId: ids.event, associationId: clubId, userId: manager.id, teams: 1 })
    .returning()
    .get().id;

  // A paid dinner ticket order of the club in edition 1 (a raw insert lands in the open edition).
  const order = db()
    .insert(schema.orders)
    .values({ ownerId: manager.id, status: "PAID", token: "ae-order-token-0123456789" })
    .returning()
    .get().id;
  db().insert(schema.orderLines).values({ orderId: order, kind: "TICKET", count: 3, price: 5000 }).run();

  // Regatta 2099 made from it and opened: edition 1 is archived, its paid members kept.
  const made = createEdition(admin, {
    fromId: OLD,
    name: "Regatta 2099",
    year: 2099,
    startsOn: "2099-06-01",
    endsOn: "2099-06-02",
  });
  if (!made.ok) throw new Error("createEdition refused");
  NEW = made.id;
  const opened = openEdition(admin, NEW);
  if (!opened.ok) throw new Error("openEdition refused");
  ids.newEvent = listEvents(NEW, { name: "AE 500M" }, { sort: "id", dir: "asc" }, null).rows[0].id;
});

/** Runs a write against the archived edition: it must throw EDITION_ARCHIVED or answer a refusal,
 * and leave every table of the area as it was. */
async function refused(write: () => unknown, refusal?: (answer: unknown) => void) {
  const before = snapshot();
  let answer: unknown;
  let error: unknown = null;
  try {
    answer = await write();
  } catch (e) {
    error = e;
  }
  if (refusal) refusal(answer);
  else expect(String((error as Error | null)?.message)).toMatch(/EDITION_ARCHIVED/);
  expect(snapshot()).toEqual(before);
}

describe("archive sweep: the events area's writes into an archived edition", () => {
  it("the edition under test is archived and the rows are its", () => {
    const state = db().select().from(schema.editions).where(eq(schema.editions.id, OLD)).get()?.state;
    expect(state).toBe("ARCHIVED");
    expect(findEvent(OLD, ids.event)?.teams).toBe(2);
  });

  it("events: create, update, delete", async () => {
    await refused(() => createEvent(admin, OLD, input({ name: "AE LATE" })));
    await refused(() => updateEvent(admin, OLD, ids.event, input({ name: "AE 500M", maxTeam: 11 })));
    await refused(() => deleteEvent(admin, OLD, ids.event));
  });

  it("entries: checkout (model and service), join and leave the waitlist, serve it", async () => {
    await refused(() => checkoutEntries(OLD, manager, scope, [{ eventId: ids.event, teams: 1 }]));
    // No waitlist entry of the club to close: the order itself is refused (it is the edition's).
    await refused(() => checkoutEntries(OLD, manager, scope, [{ eventId: ids.free, teams: 1 }]));
    await refused(() => checkoutEventEntries(OLD, manager, scope, [{ eventId: ids.event, teams: 1 }]));
    await refused(() => joinWaitlist(OLD, manager, scope, ids.full, 1));
    await refused(() => leaveWaitlist(OLD, scope, ids.entry));
    await refused(() => serveWaitlist(OLD));
    // The service serves only the open edition's waitlists: nothing for an archived one.
    await refused(
      () => serveWaitlistNow(undefined, OLD),
      (offers) => expect(offers).toEqual([]),
    );
  });

  it("crews: the save (ADMIN, any deadline)", async () => {
    // Eligible in that edition: their fee of 2098 was kept when it was archived.
    const team = findCrewTeam(OLD, ids.team, ALL);
    expect(team).toBeDefined();
    if (!team) return;
    expect(
      crewCandidates(OLD, team)
        .filter((c) => c.ineligible === null)
        .map((c) => c.id),
    ).toEqual(expect.arrayContaining(crew));
    await refused(() => saveCrew({ ...admin, role: "ADMIN" }, OLD, ALL, ids.team, crew));
    // The picker of an archived edition offers no Save.
    const picker = crewPickerData({ id: OLD, name: "Regatta 1", state: "ARCHIVED" }, team, admin);
    expect(picker.deadline).toMatchObject({ mayChange: false, archived: "Regatta 1" });
  });

  it("draws and progressions", async () => {
    const round = drawRound(OLD, ids.round);
    expect(round).toBeDefined();
    if (!round) return;
    const plan = planDraw(round, eventDraw);
    expect(plan.errors).toEqual([]);
    await refused(() => saveDraw(OLD, admin, ids.round, eventDraw, plan.fingerprint));
    await refused(
      () => saveProgress(OLD, admin, ids.round, { from: [], top: 2, lanes: 6 }, "x"),
      (answer) => expect(answer).toMatchObject({ ok: false }),
    );
  });
});

describe("one edition's lists and lookups never show another's", () => {
  it("events: the list, a lookup by id, the CSV rows, assigned events", () => {
    const names = (edition: number) =>
      listEvents(edition, {}, { sort: "id", dir: "asc" }, null).rows.map((r) => r.id);
    expect(names(OLD)).toEqual(expect.arrayContaining([ids.event, ids.full]));
    expect(names(OLD)).not.toContain(ids.newEvent);
    expect(names(NEW)).toContain(ids.newEvent);
    expect(names(NEW)).not.toContain(ids.event);
    // The copy keeps the name: names are unique per edition.
    expect(findEvent(NEW, ids.newEvent)).toMatchObject({ name: "AE 500M", teams: 0, waiting: 0 });
    expect(findEvent(NEW, ids.event)).toBeUndefined();
    expect(findEvent(OLD, ids.newEvent)).toBeUndefined();
    expect(assignedEvents(OLD, manager, scope).map((r) => r.teamId)).toEqual([ids.team]);
    expect(assignedEvents(NEW, manager, scope)).toEqual([]);
  });

  it("a forged id of another edition is not found and changes nothing", () => {
    const before = snapshot();
    expect(updateEvent(admin, NEW, ids.event, input({ name: "FORGED" }))).toBeNull();
    expect(deleteEvent(admin, NEW, ids.event)).toBe(false);
    expect(joinWaitlist(NEW, manager, scope, ids.full, 1)).toEqual({ ok: false, code: "gone" });
    expect(leaveWaitlist(NEW, scope, ids.entry)).toBe(false);
    expect(checkoutEntries(NEW, manager, scope, [{ eventId: ids.event, teams: 1 }])).toEqual({
      ok: false,
      code: "gone",
    });
    expect(entriesDraft(NEW, scope, [{ eventId: ids.event, teams: 1 }])).toEqual({ ok: false, code: "gone" });
    expect(saveCrew({ ...admin, role: "ADMIN" }, NEW, ALL, ids.team, crew)).toEqual({
      ok: false,
      code: "gone",
    });
    expect(saveDraw(NEW, admin, ids.round, eventDraw, "x")).toEqual({ ok: false, code: "notFound" });
    expect(snapshot()).toEqual(before);
    expect(findCrewTeam(NEW, ids.team, ALL)).toBeUndefined();
    expect(drawRound(NEW, ids.round)).toBeUndefined();
    expect(waitlistOf(NEW, ids.event)).toEqual([]);
    expect(waitlistOf(OLD, ids.event).map((r) => r.id)).toEqual([ids.entry]);
  });

  it("entries: the buy list is the edition's events", () => {
    expect(availableEvents(NEW, clubId).map((e) => e.id)).toContain(ids.newEvent);
    expect(availableEvents(NEW, clubId).map((e) => e.id)).not.toContain(ids.event);
    const old = availableEvents(OLD, clubId).find((e) => e.id === ids.event);
    expect(old).toMatchObject({ paidTeams: 2, waitlistId: ids.entry });
  });

  it("crews: the teams of the club are the edition's", () => {
    expect(crewTeamsOf(OLD, clubId).map((t) => t.teamId)).toEqual([ids.team]);
    expect(crewTeamsOf(NEW, clubId)).toEqual([]);
  });

  it("the summary, the Teams table and the overview count the edition's teams and fees", () => {
    const club = (edition: number) => eventsSummary(edition).rows.find((r) => r.name === "AE CLUB");
    expect(club(OLD)?.total).toBe(1);
    expect(club(NEW)).toBeUndefined();
    const row = (edition: number) =>
      listTeams(edition, { name: "AE CLUB" }, { sort: "id", dir: "asc" }, null).rows[0];
    expect(row(OLD)).toMatchObject({ eventTeams: 1, events: 1, membersPaid: 2 });
    // The fee is due again in the new edition (every member's flag was reset when it opened).
    expect(row(NEW)).toMatchObject({ eventTeams: 0, events: 0, membersPaid: 0 });
    expect(statistics(OLD).teams).toBeGreaterThanOrEqual(3);
    expect(statistics(NEW).teams).toBe(0);
    expect(statistics(NEW).usersPaid).toBe(0);
    expect(statistics(NEW)).toMatchObject({ ordersPaid: 0, totalPaid: 0, tickets: 0 });
    expect(statistics(OLD).ordersPaid).toBeGreaterThanOrEqual(1);
    expect(statistics(OLD).tickets).toBeGreaterThanOrEqual(3);
    expect(row(OLD).tickets).toBe(3);
    expect(row(NEW).tickets).toBe(0);
    expect(statistics(OLD).usersPaid).toBeGreaterThanOrEqual(2);
  });

  it("members: the crew tag fee tabs are the edition's (due again in the new one)", () => {
    const page = { limit: 50, offset: 0 };
    expect(memberCounts(OLD, scope)).toMatchObject({ paid: 2 });
    expect(memberCounts(NEW, scope)).toMatchObject({ paid: 0, fee: 4 });
    expect(listMembers(NEW, scope, "fee", page).rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([...crew, fresh]),
    );
    expect(
      listMembers(OLD, scope, "paid", page)
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual([...crew].sort());
  });

  it("users: the Paid column and filter are the edition's crew tag fee", () => {
    const order = { sort: "id" as const, dir: "asc" as const };
    const paid = (edition: number) =>
      listUsers(edition, { team: String(clubId), paid: "yes" }, order, null).rows.map((r) => r.id);
    expect(paid(OLD).sort()).toEqual([...crew].sort());
    expect(paid(NEW)).toEqual([]);
    const row = (edition: number) =>
      listUsers(edition, { team: String(clubId) }, order, null).rows.find((r) => r.id === crew[0]);
    expect(row(OLD)?.paid).toBe(true);
    expect(row(NEW)?.paid).toBe(false);
  });
});

describe("routes: the request's edition", () => {
  const as = (user: User): Made => ({
    id: user.id,
    role: user.role,
    associationId: user.associationId,
    email: user.email,
  });
  /** The caller, looking at an edition (the staff picker's cookie) when `edition` is given. */
  async function caller(user: User, edition?: number): Promise<Caller> {
    const c = await callerOf(as(user));
    if (edition === undefined) return c;
    return { ...c, cookie: `${c.cookie}; ${editionCookie(edition).split(";")[0]}` };
  }
  type Listed = { kind: string; rows: { id: number }[]; canEdit?: boolean };
  async function eventsPage(c: Caller): Promise<Listed> {
    const answer = (await eventsRoute.loader({
      request: getRequest(c, "/events"),
      params: {},
      context: {},
    } as never)) as Response;
    return (await answer.json()) as Listed;
  }

  it("staff see the edition they look at; an archived one has no Create, Edit or Delete", async () => {
    const open = await eventsPage(await caller(admin));
    expect(open.canEdit).toBe(true);
    expect(open.rows.map((r) => r.id)).toContain(ids.newEvent);
    expect(open.rows.map((r) => r.id)).not.toContain(ids.event);
    const archived = await eventsPage(await caller(admin, OLD));
    expect(archived.canEdit).toBe(false);
    expect(archived.rows.map((r) => r.id)).toContain(ids.event);
    expect(archived.rows.map((r) => r.id)).not.toContain(ids.newEvent);
  });

  it("a manager always gets the open edition, whatever cookie they send", async () => {
    const page = await eventsPage(await caller(manager, OLD));
    expect(page.kind).toBe("assigned");
    expect(page.rows).toEqual([]);
  });

  it("a forged id of the archived edition, posted while looking at the open one: 404, nothing written", async () => {
    const c = await caller(admin);
    const m = await caller(manager);
    const before = writes();
    const edit = await run(
      editEvent.action,
      postRequest(c, `/events/${ids.event}/edit`, { ...formOf(input({ name: "AE 500M" })) }),
      { id: String(ids.event) },
    );
    expect(edit.status).toBe(404);
    const del = await run(deleteEventRoute.action, postRequest(c, `/events/${ids.event}/delete`), {
      id: String(ids.event),
    });
    expect(del.status).toBe(404);
    const leave = await run(
      waitlistRoute.action,
      postRequest(m, "/events/waitlist", { intent: "leave", entry: String(ids.entry) }),
    );
    expect(leave.status).toBe(404);
    const save = await run(
      manageTeams.action,
      postRequest(c, "/teams/manage", { team: String(ids.team), member: String(crew[0]) }),
    );
    expect(save.status).toBe(404);
    expect(writes()).toBe(before);
    const crewPage = await run(pickCrew.loader, getRequest(c, `/events/teams/${ids.team}`), {
      teamId: String(ids.team),
    });
    expect(crewPage.status).toBe(404);
  });
});

/** An event's form fields as the Create/Edit dialog posts them. */
function formOf(values: EventInput): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "on" : "") : String(v)]),
  );
}
