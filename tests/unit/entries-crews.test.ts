// Event entries, the waitlist and crews against a real SQLite file (issue 9): the capped checkout
// (paid teams + Processing orders + other clubs' live offers), refusals that write nothing, freed
// slots, the waitlist served first come first served with 48-hour holds, the event teams a paid
// EVENT order creates exactly once, and the crew save (scope, forged ids, rules, deadline, audit).
// The race of concurrent buyers is in entries-race.test.ts.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { mailSenderIdle } from "~/services/mailer.server";
import { serveWaitlistNow, WAITLIST_OFFER_SUBJECT } from "~/services/waitlist-mail.server";
import { CREW_AUDIT, crewCandidates, findCrewTeam, saveCrew } from "~/models/crew.server";
import {
  availableEvents,
  checkoutEntries,
  entriesDraft,
  joinWaitlist,
  leaveWaitlist,
  serveWaitlist,
  waitlistOf,
} from "~/models/entries.server";
import { deleteEvent } from "~/models/event.server";
import { cancelOwnOrder, paymentRefOf, recordPayment, setOrderStatus } from "~/models/order.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import type { User } from "~/models/user.server";
import { HOLD_HOURS } from "~/rules/entries";
import { VALID_IMAGE } from "../../db/enums";
import { club, event as makeEvent, team, uniq, user } from "../factories";

const HOUR = 3_600_000;
type Person = Partial<typeof schema.users.$inferInsert>;
const manager = (associationId: number) => user({ role: "MANAGER", associationId, approved: true });

const event = (values: Partial<typeof schema.events.$inferInsert> = {}) =>
  makeEvent({ price: 15000, ...values });

function paidTeams(eventId: number, associationId: number, count: number) {
  for (let i = 0; i < count; i++) team(associationId, eventId, { name: `PAID ${uniq()}` });
}

function offer(eventId: number, associationId: number, userId: number, held: number, holdUntil: number) {
  return db()
    .insert(schema.waitlist)
    .values({
      eventId,
      associationId,
      userId,
      teams: held,
      status: "OFFERED",
      held,
      holdUntil: new Date(holdUntil),
    })
    .returning()
    .get().id;
}

const ordersOf = (ownerId: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.ownerId, ownerId)).all();
const teamsOf = (eventId: number) =>
  db().select().from(schema.teams).where(eq(schema.teams.eventId, eventId)).orderBy(schema.teams.id).all();
const entry = (id: number) => db().select().from(schema.waitlist).where(eq(schema.waitlist.id, id)).get()!;
const pay = (orderId: number, source: "return" | "callback", statusId = "1") =>
  recordPayment({
    statusId,
    orderId: paymentRefOf(orderId) ?? "",
    msg: "x",
    transactionId: `EC${orderId}`,
    verified: true,
    source,
  });

function bought(result: ReturnType<typeof checkoutEntries>) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

let admin: User;
beforeAll(() => {
  admin = user({ role: "ADMIN", name: "EC ADMIN" });
});

function setDeadlines(values: { entriesCloseAt?: number | null; crewCloseAt?: number | null }) {
  updateSettings(admin, { ...getSettings(1), ...values }, 1);
}
afterEach(() => setDeadlines({ entriesCloseAt: null, crewCloseAt: null }));

describe("checkoutEntries: the cap", () => {
  it("counts paid teams, Processing orders and other clubs' live offers, but not the buyer's own offer", () => {
    const now = Date.now();
    const e = event({ maxTeam: 10 });
    const [paid, processing, waiting, buyer, expired] = [club(), club(), club(), club(), club()];
    paidTeams(e.id, paid.id, 4);
    bought(checkoutEntries(1, manager(processing.id), processing.scope, [{ eventId: e.id, teams: 2 }], now));
    const waitingManager = manager(waiting.id);
    offer(e.id, waiting.id, waitingManager.id, 1, now + HOUR); // held for another club
    offer(e.id, expired.id, manager(expired.id).id, 5, now); // hold ran out: counts for nobody
    const buyerManager = manager(buyer.id);
    const own = offer(e.id, buyer.id, buyerManager.id, 2, now + HOUR); // the buyer's own hold

    // 10 - 4 paid - 2 processing - 1 held for another club = 3 (the own hold of 2 is within them).
    expect(availableEvents(1, buyer.id, now).find((a) => a.id === e.id)).toMatchObject({
      paidTeams: 4,
      processing: 2,
      heldForOthers: 1,
      held: 2,
      left: 3,
      waitlistId: own,
      waitlistStatus: "OFFERED",
    });
    expect(checkoutEntries(1, buyerManager, buyer.scope, [{ eventId: e.id, teams: 4 }], now)).toEqual({
      ok: false,
      code: "overCap",
      eventId: e.id,
      eventName: e.name,
      left: 3,
    });
    expect(ordersOf(buyerManager.id)).toHaveLength(0);
    expect(entry(own).status).toBe("OFFERED");

    const ok = bought(checkoutEntries(1, buyerManager, buyer.scope, [{ eventId: e.id, teams: 3 }], now));
    expect(ok.draft).toEqual({
      lines: [{ kind: "EVENT", label: e.name, price: 15000, count: 3, eventId: e.id }],
      total: 45000,
    });
    const [order] = ordersOf(buyerManager.id);
    expect(order).toMatchObject({ id: ok.order.id, status: "PROCESSING" });
    const lines = db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).all();
    expect(lines.map((l) => [l.kind, l.eventId, l.count, l.price])).toEqual([["EVENT", e.id, 3, 15000]]);
    // The offer is used: its slots are now held by the order.
    expect(entry(own).status).toBe("BOUGHT");
    // The waiting club still has its own hold of 1: 10 - 4 - 2 - 3 = 1 for it, 0 for anyone else.
    expect(availableEvents(1, waiting.id, now).find((a) => a.id === e.id)?.left).toBe(1);
    expect(availableEvents(1, club().id, now).find((a) => a.id === e.id)?.left).toBe(0);
  });

  it("a request over the cap is refused with the number left and writes nothing", () => {
    const e = event({ maxTeam: 5 });
    const c = club();
    paidTeams(e.id, club().id, 3);
    const m = manager(c.id);
    const other = event({ maxTeam: 5 });
    const before = db().select().from(schema.orders).all().length;
    // A two-event request: one line fits, the other does not: nothing is bought.
    expect(
      checkoutEntries(1, m, c.scope, [
        { eventId: other.id, teams: 1 },
        { eventId: e.id, teams: 3 },
      ]),
    ).toEqual({ ok: false, code: "overCap", eventId: e.id, eventName: e.name, left: 2 });
    expect(entriesDraft(1, c.scope, [{ eventId: e.id, teams: 3 }])).toMatchObject({
      ok: false,
      code: "overCap",
      left: 2,
    });
    expect(ordersOf(m.id)).toHaveLength(0);
    expect(db().select().from(schema.orders).all().length).toBe(before);
    bought(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    // The event is full for another club (this club's own next checkout would replace its order).
    const d = club();
    expect(checkoutEntries(1, manager(d.id), d.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({
      ok: false,
      code: "overCap",
      left: 0,
    });
  });

  it("a cancelled or failed order frees its slots; a paid one keeps them as teams", () => {
    const e = event({ maxTeam: 2 });
    const [a, b] = [club(), club()];
    const [ma, mb] = [manager(a.id), manager(b.id)];
    const first = bought(checkoutEntries(1, ma, a.scope, [{ eventId: e.id, teams: 2 }]));
    expect(checkoutEntries(1, mb, b.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({ left: 0 });
    expect(cancelOwnOrder(1, ma.id, first.order.id)).toEqual({ ok: true });
    const second = bought(checkoutEntries(1, mb, b.scope, [{ eventId: e.id, teams: 2 }]));
    expect(checkoutEntries(1, ma, a.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({ left: 0 });
    expect(pay(second.order.id, "callback", "0")).toMatchObject({ kind: "applied", to: "FAILED" });
    const third = bought(checkoutEntries(1, ma, a.scope, [{ eventId: e.id, teams: 2 }]));
    expect(pay(third.order.id, "callback")).toMatchObject({ kind: "applied", to: "PAID" });
    expect(teamsOf(e.id)).toHaveLength(2);
    expect(checkoutEntries(1, mb, b.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({ left: 0 });
  });

  it("an admin moving a cancelled order back to PROCESSING is refused when its entries are gone; allowed while free", () => {
    const e = event({ maxTeam: 2 });
    const [a, b] = [club(), club()];
    const [ma, mb] = [manager(a.id), manager(b.id)];
    const first = bought(checkoutEntries(1, ma, a.scope, [{ eventId: e.id, teams: 2 }]));
    expect(cancelOwnOrder(1, ma.id, first.order.id)).toEqual({ ok: true });
    // Free again: the order may hold them again.
    expect(setOrderStatus(1, admin, first.order.id, "PROCESSING")).toMatchObject({ ok: true });
    expect(cancelOwnOrder(1, ma.id, first.order.id)).toEqual({ ok: true });
    // Another club took one: moving back would hold 2 of the 1 left.
    bought(checkoutEntries(1, mb, b.scope, [{ eventId: e.id, teams: 1 }]));
    expect(setOrderStatus(1, admin, first.order.id, "PROCESSING")).toEqual({
      ok: false,
      code: "overCap",
      eventName: e.name,
      left: 1,
    });
    expect(ordersOf(ma.id)[0].status).toBe("CANCELLED");
    // PAID is honoured (money taken), even over the cap.
    expect(setOrderStatus(1, admin, first.order.id, "PAID")).toMatchObject({ ok: true });
    expect(teamsOf(e.id)).toHaveLength(2);
  });

  it("deleting an event closes its waitlist", () => {
    const e = event({ maxTeam: 1 });
    const [a, b] = [club(), club()];
    paidTeams(e.id, a.id, 1);
    const mb = manager(b.id);
    expect(joinWaitlist(1, mb, b.scope, e.id, 1)).toMatchObject({ ok: true });
    deleteEvent(admin, 1, e.id);
    expect(waitlistOf(1, e.id).map((r) => r.status)).toEqual(["LEFT"]);
  });

  it("refuses staff without a club, a deleted event, and after the entries deadline", () => {
    const e = event({ maxTeam: 5 });
    const c = club();
    const m = manager(c.id);
    expect(checkoutEntries(1, admin, { kind: "all" }, [{ eventId: e.id, teams: 1 }])).toEqual({
      ok: false,
      code: "noClub",
    });
    const gone = event({ deleted: true });
    expect(checkoutEntries(1, m, c.scope, [{ eventId: gone.id, teams: 1 }])).toEqual({
      ok: false,
      code: "gone",
    });
    const now = Date.now();
    setDeadlines({ entriesCloseAt: now });
    expect(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 1 }], now)).toEqual({
      ok: false,
      code: "closed",
      closeAt: now,
    });
    bought(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 1 }], now - 1));
    expect(ordersOf(m.id)).toHaveLength(1);
  });
});

describe("the waitlist", () => {
  function fullEvent(maxTeam: number) {
    const e = event({ maxTeam });
    const holder = club();
    const m = manager(holder.id);
    const order = bought(checkoutEntries(1, m, holder.scope, [{ eventId: e.id, teams: maxTeam }]));
    return { e, cancel: () => expect(cancelOwnOrder(1, m.id, order.order.id)).toEqual({ ok: true }) };
  }
  const waiter = () => {
    const c = club();
    return { ...c, manager: manager(c.id) };
  };

  it("joins: refused while entries are left, twice, without a club, for a deleted event, after the deadline", () => {
    const now = Date.now();
    const e = event({ maxTeam: 3 });
    paidTeams(e.id, club().id, 2);
    const w = waiter();
    // 1 left: asking for 1 is 'buy it instead'; asking for 2 may wait.
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 1, now - 10)).toEqual({ ok: false, code: "notFull" });
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 2, now - 10)).toEqual({ ok: true, eventName: e.name });
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 3, now)).toEqual({ ok: false, code: "already" });
    expect(joinWaitlist(1, admin, { kind: "all" }, e.id, 2, now)).toEqual({ ok: false, code: "noClub" });
    expect(joinWaitlist(1, w.manager, w.scope, event({ deleted: true }).id, 2, now)).toEqual({
      ok: false,
      code: "gone",
    });
    const late = waiter();
    setDeadlines({ entriesCloseAt: now });
    expect(joinWaitlist(1, late.manager, late.scope, e.id, 2, now)).toEqual({ ok: false, code: "closed" });
    expect(joinWaitlist(1, late.manager, late.scope, e.id, 2, now - 1)).toMatchObject({ ok: true });
    expect(waitlistOf(1, e.id).map((r) => [r.association, r.teams, r.status])).toEqual([
      [w.name, 2, "WAITING"],
      [late.name, 2, "WAITING"],
    ]);
  });

  it("the checkout's draft names the events whose waitlist the club is on; buying closes that place", () => {
    const e = event({ maxTeam: 3 });
    const plain = event({ maxTeam: 3 });
    paidTeams(e.id, club().id, 2);
    const w = waiter();
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 2)).toMatchObject({ ok: true });
    const request = [
      { eventId: plain.id, teams: 1 },
      { eventId: e.id, teams: 1 },
    ];
    expect(entriesDraft(1, w.scope, request)).toMatchObject({ waitlisted: [e.name] });
    expect(entriesDraft(1, waiter().scope, request)).toMatchObject({ waitlisted: [] });
    const result = bought(checkoutEntries(1, w.manager, w.scope, request));
    expect(Object.keys(result.draft).sort()).toEqual(["lines", "total"]);
    expect(waitlistOf(1, e.id).map((r) => r.status)).toEqual(["BOUGHT"]);
  });

  it("leaving: only the club's own live entry, once", () => {
    const { e } = fullEvent(1);
    const [w, other] = [waiter(), waiter()];
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 1)).toMatchObject({ ok: true });
    const [row] = waitlistOf(1, e.id);
    expect(leaveWaitlist(1, other.scope, row.id)).toBe(false);
    expect(leaveWaitlist(1, { kind: "all" }, row.id)).toBe(false);
    expect(entry(row.id).status).toBe("WAITING");
    expect(leaveWaitlist(1, w.scope, row.id)).toBe(true);
    expect(entry(row.id).status).toBe("LEFT");
    expect(leaveWaitlist(1, w.scope, row.id)).toBe(false);
    // Gone from the line: the club may join again.
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 1)).toMatchObject({ ok: true });
  });

  it("freed slots are offered first come first served, for 48 hours; a second call offers nothing new; holds expire", () => {
    const t0 = Date.now();
    const { e, cancel } = fullEvent(3);
    const [w1, w2, w3] = [waiter(), waiter(), waiter()];
    // Joined in this order (w3 joins first by id but last by time).
    expect(joinWaitlist(1, w3.manager, w3.scope, e.id, 1, t0 + 3)).toMatchObject({ ok: true });
    expect(joinWaitlist(1, w1.manager, w1.scope, e.id, 2, t0 + 1)).toMatchObject({ ok: true });
    expect(joinWaitlist(1, w2.manager, w2.scope, e.id, 2, t0 + 2)).toMatchObject({ ok: true });
    const mine = (offers: ReturnType<typeof serveWaitlist>) => offers.filter((o) => o.eventId === e.id);

    expect(mine(serveWaitlist(1, t0 + 10))).toEqual([]); // still full
    cancel();
    const now = t0 + 20;
    const offers = mine(serveWaitlist(1, now));
    expect(offers.map((o) => [o.email, o.held])).toEqual([
      [w1.manager.email, 2],
      [w2.manager.email, 1], // partial: only 1 left for the second in line
    ]);
    expect(offers.every((o) => o.holdUntil === now + HOLD_HOURS * HOUR && o.eventName === e.name)).toBe(true);
    expect(mine(serveWaitlist(1, now + 1))).toEqual([]);
    expect(waitlistOf(1, e.id).map((r) => [r.association, r.status, r.held])).toEqual([
      [w1.name, "OFFERED", 2],
      [w2.name, "OFFERED", 1],
      [w3.name, "WAITING", 0],
    ]);
    // The holds keep the event full for anyone else, but each holder may buy its own.
    expect(availableEvents(1, w3.id, now + 1).find((a) => a.id === e.id)?.left).toBe(0);
    expect(availableEvents(1, w1.id, now + 1).find((a) => a.id === e.id)).toMatchObject({ left: 2, held: 2 });

    // w1 buys one of its two: the unused one goes to the line (w3) on the next serve.
    bought(checkoutEntries(1, w1.manager, w1.scope, [{ eventId: e.id, teams: 1 }], now + 2));
    expect(mine(serveWaitlist(1, now + 3)).map((o) => [o.email, o.held])).toEqual([[w3.manager.email, 1]]);

    // A hold ends at its holdUntil exactly (w2's first, w3's 3 ms later); nobody is left waiting.
    const statuses = () => Object.fromEntries(waitlistOf(1, e.id).map((r) => [r.association, r.status]));
    const until = now + HOLD_HOURS * HOUR;
    expect(mine(serveWaitlist(1, until - 1))).toEqual([]);
    expect(statuses()).toEqual({ [w1.name]: "BOUGHT", [w2.name]: "OFFERED", [w3.name]: "OFFERED" });
    expect(mine(serveWaitlist(1, until))).toEqual([]);
    expect(statuses()).toEqual({ [w1.name]: "BOUGHT", [w2.name]: "EXPIRED", [w3.name]: "OFFERED" });
    expect(availableEvents(1, club().id, until).find((a) => a.id === e.id)?.left).toBe(1);
    expect(mine(serveWaitlist(1, until + 3))).toEqual([]);
    expect(statuses()).toEqual({ [w1.name]: "BOUGHT", [w2.name]: "EXPIRED", [w3.name]: "EXPIRED" });
    expect(availableEvents(1, club().id, until + 3).find((a) => a.id === e.id)?.left).toBe(2);
  });

  it("entries left change by the clock alone at a hold's end, kept or not (issue 30)", () => {
    const t0 = Date.now();
    const { e, cancel } = fullEvent(1);
    const w = waiter();
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 1, t0)).toMatchObject({ ok: true });
    cancel();
    expect(serveWaitlist(1, t0 + 1).filter((o) => o.eventId === e.id)).toHaveLength(1);
    const until = t0 + 1 + HOLD_HOURS * HOUR;
    // Nothing is written from here on: only the clock moves, forth and back.
    const left = (clubId: number, at: number) =>
      availableEvents(1, clubId, at).find((a) => a.id === e.id)?.left;
    const other = club().id;
    expect([left(other, t0 + 2), left(other, until - 1), left(other, until), left(other, until + 5)]).toEqual(
      [0, 0, 1, 1],
    );
    expect([left(other, until - 1), left(other, t0 + 2)]).toEqual([0, 0]);
    const mine = (at: number) => availableEvents(1, w.id, at).find((a) => a.id === e.id);
    expect(mine(until - 1)).toMatchObject({ left: 1, held: 1 });
    expect(mine(until)).toMatchObject({ left: 1, held: 0 });
    expect(mine(t0 + 2)).toMatchObject({ left: 1, held: 1 });
    // A caller's edit to a row stays its own.
    const row = mine(t0 + 2);
    if (row) row.left = 99;
    expect(mine(t0 + 2)?.left).toBe(1);
  });

  it("serveWaitlistNow emails each new offer", async () => {
    const { e, cancel } = fullEvent(1);
    const w = waiter();
    expect(joinWaitlist(1, w.manager, w.scope, e.id, 1)).toMatchObject({ ok: true });
    cancel();
    const outbox = env().OUTBOX_DIR;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const offers = (await serveWaitlistNow()).filter((o) => o.eventId === e.id);
    expect(offers).toHaveLength(1);
    await mailSenderIdle(); // queued, then sent by the mail queue's sender
    const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    const mail = mails.find((m) => m.to && "text" in m.to && m.to.text.includes(w.manager.email));
    expect(mail?.subject).toBe(WAITLIST_OFFER_SUBJECT);
    expect(mail?.text).toContain(`Entries have freed up in ${e.name}: 1 entry is held for your team until`);
  });
});

describe("a paid EVENT order", () => {
  it("creates exactly `count` teams named after the club, once, even when paid twice; letters continue", () => {
    const e = event({ maxTeam: 10 });
    const c = club({ name: `Penang Dragon  Warriors ${uniq()}` });
    const base = c.name.replace(/\s+/g, " ").toUpperCase();
    const m = manager(c.id);
    const first = bought(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    expect(teamsOf(e.id)).toHaveLength(0);
    expect(pay(first.order.id, "return")).toMatchObject({
      kind: "applied",
      to: "PAID",
      effectsApplied: true,
    });
    expect(pay(first.order.id, "callback")).toMatchObject({ kind: "unchanged", status: "PAID" });
    expect(teamsOf(e.id).map((t) => [t.name, t.associationId])).toEqual([
      [`${base} A`, c.id],
      [`${base} B`, c.id],
    ]);
    const second = bought(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    expect(pay(second.order.id, "callback")).toMatchObject({ kind: "applied", to: "PAID" });
    expect(pay(second.order.id, "return")).toMatchObject({ kind: "unchanged" });
    expect(teamsOf(e.id).map((t) => t.name)).toEqual([`${base} A`, `${base} B`, `${base} C`, `${base} D`]);
    // The teams now count as paid: 10 - 4.
    expect(availableEvents(1, c.id).find((a) => a.id === e.id)).toMatchObject({
      paidTeams: 4,
      processing: 0,
      left: 6,
    });
  });

  it("paid again after an admin moved it back (PAID, PROCESSING, PAID): no second set of teams", () => {
    const e = event();
    const c = club();
    const m = manager(c.id);
    const o = bought(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    expect(setOrderStatus(1, admin, o.order.id, "PAID")).toMatchObject({ ok: true });
    expect(teamsOf(e.id)).toHaveLength(2);
    expect(setOrderStatus(1, admin, o.order.id, "PROCESSING")).toMatchObject({ ok: true, effectsKept: true });
    expect(pay(o.order.id, "callback")).toMatchObject({ kind: "applied", to: "PAID", effectsApplied: false });
    expect(teamsOf(e.id)).toHaveLength(2);
  });

  it("an order over two events creates each event's teams", () => {
    const [e1, e2] = [event(), event()];
    const c = club();
    const m = manager(c.id);
    const o = bought(
      checkoutEntries(1, m, c.scope, [
        { eventId: e1.id, teams: 1 },
        { eventId: e2.id, teams: 3 },
      ]),
    );
    pay(o.order.id, "callback");
    expect(teamsOf(e1.id)).toHaveLength(1);
    expect(teamsOf(e2.id).map((t) => t.name.slice(-1))).toEqual(["A", "B", "C"]);
  });
});

describe("saveCrew", () => {
  const year = () => getSettings(1).regattaYear;
  let e: ReturnType<typeof event>;
  let a: ReturnType<typeof club>;
  let b: ReturnType<typeof club>;
  let teamA = 0;
  let teamA2 = 0;
  let teamB = 0;
  let managerA: User;
  let managerB: User;
  const ids: Record<string, number> = {};

  const eligible = (associationId: number, values: Person = {}) =>
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
  const team = (eventId: number, associationId: number, name: string) =>
    db()
      .insert(schema.teams)
      .values({ name: `${name} ${uniq()}`, eventId, associationId })
      .returning()
      .get().id;
  const crewOf = (teamId: number) =>
    db()
      .select({ userId: schema.teamMembers.userId })
      .from(schema.teamMembers)
      .where(eq(schema.teamMembers.teamId, teamId))
      .all()
      .map((r) => r.userId)
      .sort((x, y) => x - y);
  const sorted = (list: number[]) => [...list].sort((x, y) => x - y);
  const asManagerA = () => ({ ...managerA, role: "MANAGER" });
  const asAdmin = () => ({ ...admin, role: "ADMIN" });
  const crewAudits = (teamId: number) =>
    db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, CREW_AUDIT.updated), eq(schema.auditLog.targetId, String(teamId))),
      )
      .orderBy(schema.auditLog.id)
      .all()
      .map((r) => JSON.parse(r.details));

  beforeAll(() => {
    // Caps: 2..5 in the crew, at most 3 drummers/steerers, at most 4 males, at least 1 female.
    e = event({
      minRace: 2,
      maxRace: 4,
      reserveCount: 1,
      maxMale: 3,
      minFemale: 1,
      minAge: 18,
      maxAge: 60,
      limitMalaysia: true,
    });
    a = club();
    b = club();
    managerA = manager(a.id);
    managerB = manager(b.id);
    teamA = team(e.id, a.id, "A");
    teamA2 = team(e.id, a.id, "A2");
    teamB = team(e.id, b.id, "B");
    for (const k of ["m1", "m2", "m3", "m4", "m5"]) ids[k] = eligible(a.id);
    ids.f1 = eligible(a.id, { gender: "FEMALE" });
    ids.f2 = eligible(a.id, { gender: "FEMALE", yob: year() - 18 });
    ids.passport = eligible(a.id, { gender: "FEMALE", identification: "A1234567" });
    ids.unpaid = eligible(a.id, { membershipPaid: false });
    ids.tooOld = eligible(a.id, { yob: year() - 61 });
    ids.committee = eligible(a.id, { role: "COMMITTEE" });
    ids.inA2 = eligible(a.id);
    db().insert(schema.teamMembers).values({ teamId: teamA2, userId: ids.inA2 }).run();
    ids.b1 = eligible(b.id, { gender: "FEMALE" });
  });

  it("lists the club's members with why they may not be picked", () => {
    const t = findCrewTeam(1, teamA, a.scope)!;
    expect(t).toMatchObject({ teamId: teamA, eventId: e.id, associationId: a.id, limitMalaysia: true });
    const byId = new Map(crewCandidates(1, t).map((c) => [c.id, c]));
    expect(byId.has(ids.b1)).toBe(false);
    expect(byId.get(ids.m1)).toMatchObject({ ineligible: null, paddlerEligible: true, age: 30 });
    expect(byId.get(ids.passport)).toMatchObject({ ineligible: null, paddlerEligible: false });
    expect(byId.get(ids.f2)).toMatchObject({ ineligible: null, age: 18 });
    expect(byId.get(ids.unpaid)?.ineligible).toBe("fee");
    expect(byId.get(ids.tooOld)?.ineligible).toBe("age");
    expect(byId.get(ids.committee)?.ineligible).toBe("role");
    expect(byId.get(ids.inA2)?.ineligible).toBe("otherTeam");
    expect(findCrewTeam(1, teamB, a.scope)).toBeUndefined();
    expect(findCrewTeam(1, teamB, { kind: "all" })?.teamId).toBe(teamB);
  });

  it("saves a valid crew and audits who was added and removed", () => {
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m1, ids.f1, ids.m1])).toEqual({
      ok: true,
      added: [ids.m1, ids.f1],
      removed: [],
    });
    expect(crewOf(teamA)).toEqual(sorted([ids.m1, ids.f1]));
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m1, ids.f2, ids.passport])).toEqual({
      ok: true,
      added: [ids.f2, ids.passport],
      removed: [ids.f1],
    });
    expect(crewOf(teamA)).toEqual(sorted([ids.m1, ids.f2, ids.passport]));
    const audits = crewAudits(teamA);
    expect(audits.slice(-2).map((d) => [d.added, d.removed])).toEqual([
      [[ids.m1, ids.f1], []],
      [[ids.f2, ids.passport], [ids.f1]],
    ]);
    expect(audits.at(-1)).toMatchObject({ event: e.name });
    const row = db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(teamA)))
      .orderBy(schema.auditLog.id)
      .all()
      .at(-1)!;
    expect(row).toMatchObject({ action: "crew.updated", targetType: "team", actorId: managerA.id });
  });

  it("refuses a forged id of another club's member, an ineligible member, and one in another team: nothing changed", () => {
    const before = crewOf(teamA);
    const audits = crewAudits(teamA).length;
    for (const bad of [ids.b1, ids.unpaid, ids.tooOld, ids.committee, ids.inA2, 999_999_999]) {
      expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m1, ids.f1, bad])).toEqual({
        ok: false,
        code: "notEligible",
      });
      // Staff are held to the same list.
      expect(saveCrew(asAdmin(), 1, { kind: "all" }, teamA, [ids.m1, ids.f1, bad])).toEqual({
        ok: false,
        code: "notEligible",
      });
    }
    expect(crewOf(teamA)).toEqual(before);
    expect(crewAudits(teamA)).toHaveLength(audits);
  });

  it("refuses another club's team to a manager as gone, and changes nothing there", () => {
    expect(saveCrew(asManagerA(), 1, a.scope, teamB, [ids.m1, ids.f1])).toEqual({ ok: false, code: "gone" });
    expect(saveCrew(asManagerA(), 1, a.scope, teamB, [ids.b1])).toEqual({ ok: false, code: "gone" });
    expect(crewOf(teamB)).toEqual([]);
    expect(saveCrew({ ...managerB, role: "MANAGER" }, 1, b.scope, teamA, [])).toEqual({
      ok: false,
      code: "gone",
    });
    expect(crewOf(teamA).length).toBeGreaterThan(0);
    expect(saveCrew(asManagerA(), 1, a.scope, 999_999_999, [ids.m1])).toEqual({ ok: false, code: "gone" });
  });

  it("refuses a selection breaking a rule with the spec's message: nothing changed", () => {
    const before = crewOf(teamA);
    const rule = (message: string) => ({ ok: false, code: "rule", message });
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.f1])).toEqual(
      rule("Number of selected participants does not meet mininum count (2). Select more and try again."),
    );
    const six = [ids.m1, ids.m2, ids.m3, ids.f1, ids.f2, ids.passport];
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, six)).toEqual(
      rule("Number of selected participants exceed maximum selectable count. Unselect and try again."),
    );
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m1, ids.m2, ids.m3, ids.m4, ids.m5])).toEqual(
      rule(
        "Number of selected male participants exceed maximum selectable count (4). Unselect and try again.",
      ),
    );
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m1, ids.m2])).toEqual(
      rule(
        "Number of selected female participants does not meet mininum count (1). Select more and try again.",
      ),
    );
    expect(crewOf(teamA)).toEqual(before);
  });

  it("after the crew deadline a manager is refused and ADMIN still saves", () => {
    const now = Date.now();
    const before = crewOf(teamA);
    setDeadlines({ crewCloseAt: now });
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m2, ids.f1], now)).toEqual({
      ok: false,
      code: "closed",
      closeAt: now,
    });
    expect(crewOf(teamA)).toEqual(before);
    expect(saveCrew(asManagerA(), 1, a.scope, teamA, [ids.m2, ids.f1], now - 1)).toMatchObject({ ok: true });
    expect(saveCrew(asAdmin(), 1, { kind: "all" }, teamA, [ids.m3, ids.f1], now + 1)).toMatchObject({
      ok: true,
    });
    expect(crewOf(teamA)).toEqual(sorted([ids.m3, ids.f1]));
    expect(crewAudits(teamA).at(-1)).toMatchObject({ added: [ids.m3], removed: [ids.m2] });
    // COMMITTEE never changes crews, deadline or not.
    setDeadlines({ crewCloseAt: null });
    expect(
      saveCrew({ ...admin, role: "COMMITTEE" }, 1, { kind: "all" }, teamA, [ids.m1, ids.f1]),
    ).toMatchObject({
      ok: false,
      code: "closed",
    });
    expect(crewOf(teamA)).toEqual(sorted([ids.m3, ids.f1]));
  });
});
