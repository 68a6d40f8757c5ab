// Orders and payments against a real SQLite file: creation, idempotent payment results in any
// order, effects exactly once, forged calls logged and ignored, cancellation rights, admin status
// changes audited, the overdue job.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { returnHash } from "~/lib/payments/senangpay";
import { paymentProvider, simulatorSecret } from "~/lib/payments/provider.server";
import { listAudit } from "~/models/audit.server";
import { paymentRef } from "~/rules/payment-ref";
import {
  addOrderNote,
  cancelOverdueOrders,
  cancelOwnOrder,
  createOrder,
  membersInOpenOrders,
  orderDetails,
  paymentRefOf,
  recordPayment,
  setOrderStatus,
} from "~/models/order.server";

let club = 0;
let manager = 0;
let other = 0;
const admin = { id: 0, name: "ORDER ADMIN", email: "order.admin@example.test" };
let n = 0;

function member(paid = false) {
  return db()
    .insert(schema.users)
    .values({
      email: `om${++n}@example.test`,
      hash: "x",
      name: `MEMBER ${n}`,
      role: "COMPETITOR",
      associationId: club,
      approved: true,
      membershipPaid: paid,
    })
    .returning()
    .get().id;
}
const feeLines = (ids: number[]) =>
  ids.map((userId) => ({ kind: "MEMBERSHIP" as const, label: "x", price: 3000, count: 1, userId }));
const paid = (id: number) =>
  db().select().from(schema.users).where(eq(schema.users.id, id)).get()!.membershipPaid;
const status = (id: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()!.status;
const ref = (orderId: number) => paymentRefOf(orderId) ?? "";
const call = (
  orderId: number,
  statusId: string,
  source: "return" | "callback" = "callback",
  verified = true,
) =>
  recordPayment({
    statusId,
    orderId: ref(orderId),
    msg: "Payment_was_successful",
    transactionId: `T${orderId}`,
    verified,
    source,
  });

beforeAll(() => {
  club = db()
    .insert(schema.associations)
    .values({ name: "Order Club", country: "MY", token: "oc" })
    .returning()
    .get().id;
  manager = db()
    .insert(schema.users)
    .values({
      email: "om.manager@example.test",
      hash: "x",
      name: "OM",
      role: "MANAGER",
      associationId: club,
      approved: true,
    })
    .returning()
    .get().id;
  other = db()
    .insert(schema.users)
    .values({ email: "om.other@example.test", hash: "x", name: "OTHER", role: "MANAGER", approved: true })
    .returning()
    .get().id;
  admin.id = db()
    .insert(schema.users)
    .values({ email: admin.email, hash: "x", name: admin.name, role: "ADMIN" })
    .returning()
    .get().id;
});

describe("orders", () => {
  it("creates a PROCESSING order with its lines and an unguessable token", () => {
    const [a, b] = [member(), member()];
    const order = createOrder(1, manager, feeLines([a, b]));
    expect(order.total).toBe(6000);
    expect(order.token.length).toBeGreaterThanOrEqual(32);
    const d = orderDetails(1, order.id)!;
    expect(d.order.status).toBe("PROCESSING");
    expect(d.lines.map((x) => x.label)).toEqual([`MEMBER ${n - 1}`, `MEMBER ${n}`]);
    expect(membersInOpenOrders(1, [a, b, 999])).toEqual(new Set([a, b]));
  });

  it("a paid result moves the order once and pays the fees once, whatever the order of return and callback", () => {
    const [a, b] = [member(), member()];
    const order = createOrder(1, manager, feeLines([a, b]));
    expect(call(order.id, "1", "return")).toMatchObject({
      kind: "applied",
      to: "PAID",
      effectsApplied: true,
    });
    expect(call(order.id, "1", "callback")).toMatchObject({ kind: "unchanged", status: "PAID" });
    expect(call(order.id, "1", "callback")).toMatchObject({ kind: "unchanged" }); // replayed
    expect([paid(a), paid(b)]).toEqual([true, true]);
    const logs = db()
      .select()
      .from(schema.paymentLogs)
      .where(eq(schema.paymentLogs.orderId, ref(order.id)))
      .all();
    expect(logs.map((x) => x.source)).toEqual(["return", "callback", "callback"]);
  });

  it("a failed result fails a processing order and pays nothing; a late success still pays", () => {
    const a = member();
    const order = createOrder(1, manager, feeLines([a]));
    expect(call(order.id, "0")).toMatchObject({ kind: "applied", to: "FAILED" });
    expect(paid(a)).toBe(false);
    expect(call(order.id, "0")).toMatchObject({ kind: "unchanged" });
    expect(call(order.id, "2")).toMatchObject({ kind: "unchanged" });
    expect(call(order.id, "1")).toMatchObject({ kind: "applied", from: "FAILED", to: "PAID" });
    expect(paid(a)).toBe(true);
  });

  it("a forged call is counted, sampled as unverified and changes nothing", () => {
    const a = member();
    const order = createOrder(1, manager, feeLines([a]));
    expect(call(order.id, "1", "callback", false)).toEqual({ kind: "forged" });
    expect(status(order.id)).toBe("PROCESSING");
    expect(paid(a)).toBe(false);
    const log = db()
      .select()
      .from(schema.paymentLogs)
      .where(eq(schema.paymentLogs.orderId, ref(order.id)))
      .all();
    expect(log).toHaveLength(1);
    expect(log[0].verified).toBe(false);
    const verifiedCall = {
      statusId: "1",
      msg: "",
      transactionId: "T1",
      verified: true,
      source: "return" as const,
    };
    // Not our reference's shape: refused like a forged one, even with a hash that verified.
    expect(recordPayment({ ...verifiedCall, orderId: "abc" })).toEqual({ kind: "forged" });
    expect(recordPayment({ ...verifiedCall, orderId: String(order.id) })).toEqual({ kind: "forged" });
    // The right shape, but no order has that id and token tag.
    const wrongTag = `${ref(order.id).slice(0, 12)}000000000000`;
    expect(recordPayment({ ...verifiedCall, orderId: wrongTag })).toEqual({ kind: "unknownOrder" });
    expect(recordPayment({ ...verifiedCall, orderId: "R9999999999-000000000000" })).toEqual({
      kind: "unknownOrder",
    });
    expect(status(order.id)).toBe("PROCESSING");
  });

  it("a manager cancels only their own processing order", () => {
    const order = createOrder(1, manager, feeLines([member()]));
    expect(cancelOwnOrder(1, other, order.id)).toEqual({ ok: false, code: "notCancellable" });
    expect(cancelOwnOrder(1, manager, order.id)).toEqual({ ok: true });
    expect(cancelOwnOrder(1, manager, order.id)).toEqual({ ok: false, code: "notCancellable" });
    expect(status(order.id)).toBe("CANCELLED");
  });

  it("admin sets a status (effects once when PAID) and adds notes, both audited", () => {
    const a = member();
    const order = createOrder(1, manager, feeLines([a]));
    expect(setOrderStatus(1, admin, order.id, "PROCESSING")).toEqual({ ok: false, code: "stale" });
    expect(setOrderStatus(1, admin, order.id, "PAID")).toMatchObject({ ok: true });
    expect(paid(a)).toBe(true);
    db().update(schema.users).set({ membershipPaid: false }).where(eq(schema.users.id, a)).run();
    expect(setOrderStatus(1, admin, order.id, "FAILED")).toMatchObject({ ok: true, effectsKept: true });
    expect(setOrderStatus(1, admin, order.id, "PAID")).toMatchObject({ ok: true });
    expect(paid(a)).toBe(false); // applied once, not again
    expect(addOrderNote(1, admin, order.id, "Paid by bank transfer")?.author).toBe("ORDER ADMIN");
    const actions = listAudit({ actor: "order admin" }, { sort: "createdAt", dir: "asc" }, null).rows.map(
      (r) => r.action,
    );
    expect(actions).toEqual(["order.status", "order.status", "order.status", "order.note"]);
  });

  it("the overdue job cancels only processing orders past the due hours", () => {
    const old = createOrder(1, manager, feeLines([member()]));
    const fresh = createOrder(1, manager, feeLines([member()]));
    const paidOld = createOrder(1, manager, feeLines([member()]));
    const past = new Date(Date.now() - 25 * 3_600_000);
    db().update(schema.orders).set({ createdAt: past }).where(eq(schema.orders.id, old.id)).run();
    db().update(schema.orders).set({ createdAt: past }).where(eq(schema.orders.id, paidOld.id)).run();
    call(paidOld.id, "1");
    expect(cancelOverdueOrders(1, 24)).toBeGreaterThanOrEqual(1);
    expect([status(old.id), status(fresh.id), status(paidOld.id)]).toEqual([
      "CANCELLED",
      "PROCESSING",
      "PAID",
    ]);
  });
});

describe("payment providers", () => {
  it("the simulator signs its checkout and verifies its own returns with the SenangPay scheme", () => {
    const p = paymentProvider();
    expect(p.name).toBe("simulator");
    const token = "k3v9Jr0bQm5xZ1uW8yTq2sNf4hLa7cEd";
    const c = p.checkout({ id: 56, token, total: 2450, detail: "Crew tag fee 2 members" });
    const order_id = paymentRef({ id: 56, token });
    expect(order_id).toMatch(/^R0000000056-[0-9a-f]{12}$/);
    expect(c.fields).toMatchObject({ amount: "24.50", order_id, detail: "Crew_tag_fee_2_members" });
    const params = { status_id: "1", order_id, transaction_id: "SIM1", msg: "Payment_was_successful" };
    const hash = returnHash("sha256", simulatorSecret(), params);
    expect(p.verify({ ...params, hash })).toBe(true);
    expect(p.verify({ ...params, status_id: "0", hash })).toBe(false);
  });
});
