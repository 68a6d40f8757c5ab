// Events and Settings models against a real SQLite file: create upper-cases and audits, a live
// duplicate name is refused (any case) while a deleted event's name is free again, edit keeps the
// name's case and audits old/new values, soft delete hides an event from every list but keeps its
// teams, Assigned Events are scoped to the user's association (competitors: their own teams), and
// settings default, save in sen and audit their changes.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "~/services/access.server";
import { db, schema } from "~/lib/db.server";
import { listAudit } from "~/models/audit.server";
import {
  assignedEvents,
  createEvent,
  deleteEvent,
  EventExistsError,
  findEvent,
  listEvents,
  updateEvent,
} from "~/models/event.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { EVENT_DEFAULTS, type EventInput } from "~/rules/event-schema";
import { defaultSettings } from "~/rules/settings-schema";
import { club } from "../factories";

let admin = { id: 0, name: "EVENT ADMIN", email: "event.admin@example.test" };

function input(over: Partial<EventInput> = {}): EventInput {
  return { ...EVENT_DEFAULTS, name: "event", description: "An event.", ...over };
}

function auditFor(action: string) {
  return listAudit({ action }, { sort: "createdAt", dir: "desc" }, null).rows;
}

function person(associationId: number, role: "MANAGER" | "COMPETITOR", email: string) {
  return db()
    .insert(schema.users)
    .values({ email, hash: "x", name: email.toUpperCase(), role, associationId })
    .returning()
    .get();
}
function team(associationId: number, eventId: number, name: string, members: number[] = []) {
  const t = db().insert(schema.teams).values({ associationId, eventId, name }).returning().get();
  for (const userId of members) db().insert(schema.teamMembers).values({ teamId: t.id, userId }).run();
  return t.id;
}
const scope = (associationId: number): Scope => ({ kind: "association", associationId });

beforeAll(() => {
  const a = db()
    .insert(schema.users)
    .values({ email: admin.email, hash: "x", name: admin.name, role: "ADMIN", verified: true })
    .returning()
    .get();
  admin = { id: a.id, name: a.name, email: a.email };
});

describe("events", () => {
  it("create trims and upper-cases the name, stores the price in sen, and audits", () => {
    const created = createEvent(admin, 1, input({ name: "  250m   premier open ", price: 12345 }));
    expect(created.name).toBe("250M PREMIER OPEN");
    const row = findEvent(1, created.id);
    expect(row).toMatchObject({ name: "250M PREMIER OPEN", price: 12345, maxRace: 12, teams: 0 });
    const entry = auditFor("event.created")[0];
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "event", targetId: String(created.id) });
    expect(JSON.parse(entry.details)).toMatchObject({ name: "250M PREMIER OPEN", price: 12345 });
  });

  it("refuses a live duplicate name in any case, on create and on edit, and writes nothing", () => {
    const first = createEvent(admin, 1, input({ name: "dup race" }));
    const other = createEvent(admin, 1, input({ name: "other race" }));
    const audits = auditFor("event.created").length;
    expect(() => createEvent(admin, 1, input({ name: "DUP RACE" }))).toThrow(EventExistsError);
    expect(() => createEvent(admin, 1, input({ name: " dup   race" }))).toThrow(EventExistsError);
    expect(() => updateEvent(admin, 1, other.id, input({ name: "Dup Race" }))).toThrow(EventExistsError);
    expect(findEvent(1, other.id)?.name).toBe("OTHER RACE");
    expect(auditFor("event.created")).toHaveLength(audits);
    expect(listEvents(1, { name: "dup race" }, { sort: "name", dir: "asc" }, null).total).toBe(1);
    // Renaming an event to its own name (another case) is no conflict.
    expect(updateEvent(admin, 1, first.id, input({ name: "Dup Race" }))?.name).toBe("Dup Race");
  });

  it("a deleted event's name can be used again", () => {
    const old = createEvent(admin, 1, input({ name: "reused name" }));
    expect(deleteEvent(admin, 1, old.id)).toBe(true);
    const again = createEvent(admin, 1, input({ name: "reused name" }));
    expect(again.id).not.toBe(old.id);
    expect(
      listEvents(1, { name: "reused" }, { sort: "name", dir: "asc" }, null).rows.map((r) => r.id),
    ).toEqual([again.id]);
  });

  it("edit keeps the name's case, changes the fields and audits old and new values", () => {
    const ev = createEvent(admin, 1, input({ name: "edit me", maxRace: 12, minFemale: 0 }));
    const updated = updateEvent(
      admin,
      1,
      ev.id,
      input({ name: "  Edit  Me Mixed ", maxRace: 14, minFemale: 4 }),
    );
    expect(updated).toEqual({ id: ev.id, name: "Edit Me Mixed" });
    expect(findEvent(1, ev.id)).toMatchObject({ name: "Edit Me Mixed", maxRace: 14, minFemale: 4 });
    const entry = auditFor("event.updated")[0];
    expect(entry.targetId).toBe(String(ev.id));
    expect(JSON.parse(entry.details)).toEqual({
      old: { name: "EDIT ME", maxRace: 12, minFemale: 0 },
      new: { name: "Edit Me Mixed", maxRace: 14, minFemale: 4 },
    });
  });

  it("soft delete hides the event from every list but keeps its teams; a second delete or edit finds nothing", () => {
    const ev = createEvent(admin, 1, input({ name: "soon gone" }));
    const c = club({ name: "Gone Club" }).id;
    const m = person(c, "MANAGER", "gone.manager@example.test");
    const teamId = team(c, ev.id, "GONE A");
    expect(
      listEvents(1, {}, { sort: "name", dir: "asc" }, null).rows.find((r) => r.id === ev.id)?.teams,
    ).toBe(1);
    expect(assignedEvents(1, m, scope(c)).map((r) => r.eventId)).toEqual([ev.id]);

    expect(deleteEvent(admin, 1, ev.id)).toBe(true);
    expect(findEvent(1, ev.id)).toBeUndefined();
    expect(listEvents(1, {}, { sort: "name", dir: "asc" }, null).rows.map((r) => r.id)).not.toContain(ev.id);
    expect(assignedEvents(1, m, scope(c))).toEqual([]);
    const stored = db().select().from(schema.events).where(eq(schema.events.id, ev.id)).get();
    expect(stored?.deleted).toBe(true);
    expect(db().select().from(schema.teams).where(eq(schema.teams.id, teamId)).get()).toBeDefined();
    expect(JSON.parse(auditFor("event.deleted")[0].details)).toEqual({ name: "SOON GONE" });

    expect(deleteEvent(admin, 1, ev.id)).toBe(false);
    expect(updateEvent(admin, 1, ev.id, input({ name: "back" }))).toBeNull();
    expect(deleteEvent(admin, 1, 999_999)).toBe(false);
  });

  it("lists sorted by name (any case), pages in SQL and counts event teams", () => {
    const names = ["zz page c", "zz page a", "zz page b"];
    const ids = names.map((name) => createEvent(admin, 1, input({ name })).id);
    const c = club({ name: "Paging Club" }).id;
    team(c, ids[1], "T1");
    team(c, ids[1], "T2");
    const order = { sort: "name" as const, dir: "asc" as const };
    const all = listEvents(1, { name: "zz page" }, order, null);
    expect(all.rows.map((r) => r.name)).toEqual(["ZZ PAGE A", "ZZ PAGE B", "ZZ PAGE C"]);
    expect(all.rows.map((r) => r.teams)).toEqual([2, 0, 0]);
    const second = listEvents(1, { name: "zz page" }, order, { limit: 2, offset: 2 });
    expect(second).toMatchObject({ total: 3, rows: [{ name: "ZZ PAGE C" }] });
    expect(listEvents(1, { name: "zz page" }, { sort: "teams", dir: "desc" }, null).rows[0].id).toBe(ids[1]);
    expect(listEvents(1, { name: "%" }, order, null).total).toBe(0); // taken literally
  });
});

describe("assigned events", () => {
  it("a manager sees their association's event teams; a competitor only the teams they are in", () => {
    const b = createEvent(admin, 1, input({ name: "assigned b" }));
    const a = createEvent(admin, 1, input({ name: "assigned a" }));
    const mine = club({ name: "Mine Club" }).id;
    const theirs = club({ name: "Theirs Club" }).id;
    const manager = person(mine, "MANAGER", "mine.manager@example.test");
    const competitor = person(mine, "COMPETITOR", "mine.competitor@example.test");
    const idle = person(mine, "COMPETITOR", "mine.idle@example.test");
    const outsider = person(theirs, "MANAGER", "theirs.manager@example.test");
    team(mine, b.id, "MINE B1", [competitor.id]);
    team(mine, a.id, "MINE A1");
    team(mine, a.id, "MINE A2", [competitor.id]);
    team(theirs, a.id, "THEIRS A1", [outsider.id]);

    const view = (u: { id: number; role: string }, c: number) =>
      assignedEvents(1, u, scope(c)).map((r) => [r.eventName, r.teamName]);
    expect(view(manager, mine)).toEqual([
      ["ASSIGNED A", "MINE A1"],
      ["ASSIGNED A", "MINE A2"],
      ["ASSIGNED B", "MINE B1"],
    ]);
    expect(view(competitor, mine)).toEqual([
      ["ASSIGNED A", "MINE A2"],
      ["ASSIGNED B", "MINE B1"],
    ]);
    expect(view(idle, mine)).toEqual([]);
    expect(view(outsider, theirs)).toEqual([["ASSIGNED A", "THEIRS A1"]]);
    // A competitor's membership of another club's team does not leak through their own scope.
    expect(view({ id: outsider.id, role: "COMPETITOR" }, mine)).toEqual([]);
    expect(assignedEvents(1, manager, { kind: "all" })).toEqual([]);
  });
});

describe("settings", () => {
  it("answers the defaults until saved, then the saved values, and audits only what changed", () => {
    expect(getSettings(1)).toEqual(defaultSettings());
    const before = auditFor("settings.updated").length;
    const next = { ...defaultSettings(), crewTagFeeSen: 3550, paymentDueHours: 48 };
    expect(updateSettings(admin, next, 1).sort()).toEqual(["crewTagFeeSen", "paymentDueHours"]);
    expect(getSettings(1)).toEqual(next);
    const entries = auditFor("settings.updated");
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: "settings" });
    expect(JSON.parse(entries[0].details)).toEqual({
      old: { crewTagFeeSen: 3000, paymentDueHours: 24 },
      new: { crewTagFeeSen: 3550, paymentDueHours: 48 },
    });

    // Saving the same values again writes nothing.
    expect(updateSettings(admin, next, 1)).toEqual([]);
    expect(auditFor("settings.updated")).toHaveLength(before + 1);

    // One row, updated in place.
    updateSettings(admin, { ...next, regattaName: "Penang Regatta", ticketPriceSen: 9000 }, 1);
    expect(getSettings(1)).toMatchObject({
      regattaName: "Penang Regatta",
      ticketPriceSen: 9000,
      crewTagFeeSen: 3550,
    });
    expect(db().select().from(schema.settings).all()).toHaveLength(1);
    expect(JSON.parse(auditFor("settings.updated")[0].details)).toEqual({
      old: { ticketPriceSen: 8000, regattaName: "Regatta Dragon Boat Festival" },
      new: { ticketPriceSen: 9000, regattaName: "Penang Regatta" },
    });
  });
});
