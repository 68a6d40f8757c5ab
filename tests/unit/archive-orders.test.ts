// Orders, payments, tickets, settings and the audit log per edition (issue 21), against a real
// SQLite file. First, with edition 1 open and edition 2 a draft holding orders of its own: every
// list and lookup of one edition leaves the other's rows out (a forged order id of another
// edition answers as a missing one), while a manager still lists and downloads their orders of
// every edition. Then edition 2 opens, edition 1 is archived, and the sweep: every exported write
// of the area (models order, ticket, settings; services checkout, orders; the jobs) called against
// edition 1's rows is refused (EDITION_ARCHIVED or a refusal) and changes none of its rows; a
// payment for an order of the archived edition is logged (with that edition) and applies nothing,
// on the callback (answered "OK") and on the return (the payer is told).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { autoCancelOrders } from "~/services/jobs.server";
import { returnHash } from "~/lib/payments/senangpay";
import { simulatorSecret } from "~/lib/payments/provider.server";
import { type Actor, listAudit } from "~/models/audit.server";
import { createEdition, openEdition } from "~/models/edition.server";
import {
  addOrderNote,
  cancelOverdueOrders,
  cancelOwnOrder,
  createOrder,
  membersInOpenOrders,
  openOrdersOfClub,
  orderDetails,
  paymentRefOf,
  recordPayment,
  setOrderStatus,
  supersedeOpenOrders,
} from "~/models/order.server";
import {
  findOrder,
  listOrders,
  listPaymentLogs,
  orderDocById,
  orderDocFor,
  orderNotes,
  orderScopeOf,
  paymentLogBatches,
} from "~/models/order-list.server";
import { getSettings, rotateCrewTags, updateSettings } from "~/models/settings.server";
import { checkoutTickets } from "~/models/ticket.server";
import { action as callbackAction } from "~/routes/senangpay.callback";
import { action as returnAction } from "~/routes/senangpay.return";
import { checkoutCrewTagFee, checkoutDinnerTickets, checkoutEventEntries } from "~/services/checkout.server";
import { cancelOrder, changeOrderStatus, handlePaymentNotice } from "~/services/orders.server";
import { callerOf, makeClub, makeUser, type Made, postRequest, run } from "./route-request";

const ticket = (count = 1) => [{ kind: "TICKET" as const, label: "Dinner Ticket", price: 5000, count }];
const fee = (userId: number) => [{ kind: "MEMBERSHIP" as const, label: "", price: 3000, count: 1, userId }];

let club: { id: number; name: string };
let manager: Made;
let adminUser: Made;
let admin: Actor;
let member: Made;
let eventId = 0;
/** Edition 1's orders: open ones (fee, ticket, entries), a paid one with a note, an old open one. */
const e1 = { fee: 0, ticket: 0, entries: 0, paid: 0, old: 0 };
/** Edition 2's (a draft for now: writable). */
const e2 = { ticket: 0, fee: 0 };
let e2Token = "";

const paidCall = (orderId: number, source: "callback" | "return" = "callback") => {
  const p = {
    status_id: "1",
    order_id: paymentRefOf(orderId) ?? "",
    transaction_id: `T-ARC-${orderId}`,
    msg: "Paid",
  };
  return { ...p, hash: returnHash("sha256", simulatorSecret(), p), source };
};

beforeAll(() => {
  club = makeClub();
  manager = makeUser("MANAGER", club.id);
  member = makeUser("COMPETITOR", club.id);
  adminUser = makeUser("ADMIN");
  admin = { id: adminUser.id, name: "ARCHIVE ADMIN", email: adminUser.email };
  eventId = db()
    .insert(schema.events)
    .values({ name: `ARCHIVE EVENT ${process.pid}`, editionId: 1, maxTeam: 10, price: 10000 } as never)
    .returning({ id: schema.events.id })
    .get().id;
  updateSettings(admin, { ...getSettings(1), regattaName: "Regatta One" }, 1);
  e1.fee = createOrder(1, manager.id, fee(member.id)).id;
  e1.ticket = createOrder(1, manager.id, ticket(2)).id;
  e1.entries = createOrder(1, manager.id, [{ kind: "EVENT", label: "", price: 10000, count: 1, eventId }]).id;
  e1.paid = createOrder(1, manager.id, ticket(1)).id;
  setOrderStatus(1, admin, e1.paid, "PAID");
  addOrderNote(1, admin, e1.paid, "Paid by bank transfer");
  e1.old = createOrder(1, manager.id, ticket(3)).id;
  db()
    .update(schema.orders)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(schema.orders.id, e1.old))
    .run();
  const made = createEdition(admin, {
    fromId: 1,
    name: "Regatta Two",
    year: 2099,
    startsOn: "2099-06-01",
    endsOn: "2099-06-02",
  });
  if (!made.ok) throw new Error("edition not made");
  expect(made.id).toBe(2);
  updateSettings(admin, { ...getSettings(2), regattaName: "Regatta Two" }, 2);
  const t = createOrder(2, manager.id, ticket(4));
  e2.ticket = t.id;
  e2Token = t.token;
  e2.fee = createOrder(2, manager.id, fee(member.id)).id;
  addOrderNote(2, admin, e2.ticket, "Edition two note");
  recordPayment({ ...paidCallParams(e2.fee), verified: true, source: "callback" });
});

function paidCallParams(orderId: number) {
  const c = paidCall(orderId);
  return { statusId: c.status_id, orderId: c.order_id, msg: c.msg, transactionId: c.transaction_id };
}

describe("one edition's lists and lookups leave the other's rows out", () => {
  const all = (editionId: number) => ({ kind: "all" as const, editionId });
  const order = { sort: "id" as const, dir: "asc" as const };

  it("ADMIN's orders, CSV, notes and payment logs are the edition's", () => {
    const ids = (editionId: number) => listOrders(all(editionId), {}, order, null).rows.map((r) => r.id);
    expect(ids(1)).toEqual(expect.arrayContaining([e1.fee, e1.ticket, e1.paid]));
    expect(ids(1)).not.toContain(e2.ticket);
    expect(ids(2)).toEqual([e2.ticket, e2.fee]);
    expect(listOrders(all(2), {}, order, { limit: 50, offset: 0 }).total).toBe(2);
    expect(orderNotes(1, e2.ticket)).toEqual([]);
    expect(orderNotes(2, e2.ticket).map((n) => n.note)).toEqual(["Edition two note"]);
    const logs = (editionId: number) =>
      listPaymentLogs(editionId, {}, { sort: "created", dir: "asc" }, null).rows.map((r) => r.orderId);
    expect(logs(2)).toEqual([paymentRefOf(e2.fee)]);
    expect(logs(1)).not.toContain(paymentRefOf(e2.fee));
    expect([...paymentLogBatches(1, {}, { sort: "created", dir: "asc" })].flat()).toHaveLength(
      logs(1).length,
    );
  });

  it("a forged order id of another edition answers as a missing one, and changes nothing", () => {
    expect(findOrder(all(1), e2.ticket)).toBeNull();
    expect(findOrder(all(2), e2.ticket)?.id).toBe(e2.ticket);
    expect(orderDetails(1, e2.ticket)).toBeNull();
    expect(orderDocById(1, e2.ticket)).toBeNull();
    expect(setOrderStatus(1, admin, e2.ticket, "PAID")).toEqual({ ok: false, code: "stale" });
    expect(addOrderNote(1, admin, e2.ticket, "forged")).toBeNull();
    expect(cancelOwnOrder(1, manager.id, e2.ticket)).toEqual({ ok: false, code: "notCancellable" });
    expect(findOrder(all(2), e2.ticket)?.status).toBe("PROCESSING");
    expect(orderNotes(2, e2.ticket)).toHaveLength(1);
  });

  it("open orders, members held and the overdue job are the edition's", () => {
    expect(openOrdersOfClub(1, manager.id, "TICKET")).not.toContain(e2.ticket);
    expect(openOrdersOfClub(2, manager.id, "TICKET")).toEqual([e2.ticket]);
    expect(membersInOpenOrders(1, [member.id]).has(member.id)).toBe(true); // e1.fee
    setOrderStatus(1, admin, e1.fee, "CANCELLED");
    expect(membersInOpenOrders(1, [member.id]).size).toBe(0);
    setOrderStatus(1, admin, e1.fee, "PROCESSING");
    expect(cancelOverdueOrders(2, 1, new Date(Date.now() + 86_400_000))).toBe(1); // e2.ticket only
    expect(findOrder(all(1), e1.ticket)?.status).toBe("PROCESSING");
    setOrderStatus(2, admin, e2.ticket, "PROCESSING");
  });

  it("a manager lists their orders of every edition, each naming it, and reads any by token", () => {
    const rows = listOrders(orderScopeOf(manager, 1), {}, order, null).rows;
    expect(rows.find((r) => r.id === e2.ticket)?.edition).toBe("Regatta Two");
    expect(rows.find((r) => r.id === e1.paid)?.edition).toMatch(/^Regatta \d{4}$/);
    expect(findOrder(orderScopeOf(manager, 1), e2.ticket)?.id).toBe(e2.ticket);
    expect(orderDocFor(manager, e2Token)?.regattaName).toBe("Regatta Two");
    expect(orderDocFor({ id: member.id, role: "COMPETITOR" }, e2Token)).toBeNull();
  });

  it("the audit log filters by edition; each entry names its own", () => {
    const notes = (editionId?: number) =>
      listAudit({ action: "order.note", editionId }, { sort: "createdAt", dir: "asc" }, null).rows;
    expect(notes(2).map((r) => [r.targetId, r.edition])).toEqual([[String(e2.ticket), "Regatta Two"]]);
    expect(notes(1).map((r) => r.targetId)).toEqual([String(e1.paid)]);
    expect(notes()).toHaveLength(2);
  });
});

/** Every row of the area that belongs to edition 1 (and the members' fee flags), as stored. */
function snapshot() {
  return {
    orders: db().all(sql`SELECT * FROM orders WHERE edition_id = 1 ORDER BY id`),
    lines: db().all(
      sql`SELECT l.* FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.edition_id = 1 ORDER BY l.id`,
    ),
    notes: db().all(
      sql`SELECT n.* FROM order_notes n JOIN orders o ON o.id = n.order_id WHERE o.edition_id = 1 ORDER BY n.id`,
    ),
    settings: db().all(sql`SELECT * FROM settings WHERE id = 1`),
    teams: db().all(sql`SELECT * FROM teams WHERE event_id = ${eventId} ORDER BY id`),
    members: db().all(sql`SELECT id, membership_paid FROM users WHERE id = ${member.id}`),
  };
}

/** Whether `fn` was refused: threw EDITION_ARCHIVED, or answered a refusal (`ok: false`, null). */
async function refused(fn: () => unknown): Promise<boolean> {
  try {
    const answer = await fn();
    if (answer === null) return true;
    if (typeof answer === "object" && answer !== null) {
      if ("ok" in answer && answer.ok === false) return true;
      if ("kind" in answer && answer.kind === "archived") return true;
    }
    return false;
  } catch (error) {
    return /EDITION_ARCHIVED/.test(String(error));
  }
}

describe("edition 1 archived: every write of the area is refused and changes nothing", () => {
  let before: ReturnType<typeof snapshot>;

  beforeAll(() => {
    const opened = openEdition(admin, 2);
    expect(opened).toMatchObject({ ok: true, previous: { id: 1, state: "ARCHIVED" } });
    before = snapshot();
  });

  const writes: [string, () => unknown][] = [
    ["createOrder", () => createOrder(1, manager.id, ticket(1))],
    ["supersedeOpenOrders", () => db().transaction((tx) => supersedeOpenOrders(1, tx, manager.id, "TICKET"))],
    ["checkoutTickets", () => checkoutTickets(1, manager, 2, { ticketPriceSen: 5000 })],
    [
      "checkoutDinnerTickets",
      () => checkoutDinnerTickets(1, { ...manager, name: "M", phone: "" }, 2, { ticketPriceSen: 5000 }),
    ],
    [
      "checkoutCrewTagFee",
      () =>
        checkoutCrewTagFee(
          1,
          { ...manager, name: "M", phone: "" },
          { kind: "association", associationId: club.id } as never,
          [member.id],
          3000,
        ),
    ],
    [
      "checkoutEventEntries",
      () =>
        checkoutEventEntries(
          1,
          { ...manager, name: "M", phone: "" },
          { kind: "association", associationId: club.id } as never,
          [{ eventId, teams: 1 }],
        ),
    ],
    ["cancelOwnOrder", () => cancelOwnOrder(1, manager.id, e1.ticket)],
    ["cancelOrder", () => cancelOrder(1, manager.id, e1.ticket)],
    ["setOrderStatus (paid: effects)", () => setOrderStatus(1, admin, e1.entries, "PAID")],
    ["setOrderStatus (fee paid: effects)", () => setOrderStatus(1, admin, e1.fee, "PAID")],
    ["changeOrderStatus", () => changeOrderStatus(1, admin, e1.paid, "CANCELLED")],
    ["addOrderNote", () => addOrderNote(1, admin, e1.paid, "late note")],
    ["cancelOverdueOrders", () => cancelOverdueOrders(1, 1, new Date(Date.now() + 86_400_000))],
    ["updateSettings", () => updateSettings(admin, { ...getSettings(1), regattaName: "Changed" }, 1)],
    ["rotateCrewTags", () => rotateCrewTags(admin, 1)],
    [
      "recordPayment",
      () => recordPayment({ ...paidCallParams(e1.entries), verified: true, source: "callback" }),
    ],
    ["handlePaymentNotice", () => handlePaymentNotice(paidCall(e1.fee), "return", "local")],
  ];

  it.each(writes)("%s is refused", async (_name, write) => {
    expect(await refused(write)).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it("the jobs leave the archived edition's orders alone", () => {
    expect(autoCancelOrders(new Date(Date.now() + 400 * 86_400_000))).toBeGreaterThanOrEqual(0);
    expect(snapshot()).toEqual(before);
  });

  it("a late payment of an archived order is logged with its edition, applies nothing, and is answered", async () => {
    const logsOf = (orderId: number) =>
      db()
        .select({ editionId: schema.paymentLogs.editionId, verified: schema.paymentLogs.verified })
        .from(schema.paymentLogs)
        .where(eq(schema.paymentLogs.orderId, paymentRefOf(orderId) ?? ""))
        .all();
    const { source: _, ...callback } = paidCall(e1.ticket);
    const answer = await callbackAction({
      request: new Request("http://127.0.0.1:3999/senangpay/callback", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(callback).toString(),
      }),
      params: {},
      context: {},
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("OK");
    expect(logsOf(e1.ticket)).toEqual([{ editionId: 1, verified: true }]);

    const { source: __, ...back } = paidCall(e1.old, "return");
    const outcome = await run(returnAction, postRequest(await callerOf(null), "/senangpay/return", back));
    expect(outcome.location).toBe("/orders");
    expect(outcome.toasts[0]).toContain("Regatta");
    expect(outcome.toasts[0]).toContain("was not changed");
    expect(logsOf(e1.old)).toEqual([{ editionId: 1, verified: true }]);
    expect(snapshot()).toEqual(before);
  });

  it("the archived edition's orders and receipts stay readable", () => {
    const paid = findOrder(orderScopeOf(manager, 2), e1.paid);
    expect(paid?.status).toBe("PAID");
    expect(orderDocFor(manager, paid?.token ?? "")?.regattaName).toBe("Regatta One");
  });
});
