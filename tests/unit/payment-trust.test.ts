// Issue 18 section 1 against a real SQLite file: re-split and replayed payment results change
// nothing (ADMIN's manual status stands), new genuine results still count, a flood of forged calls
// is counted and sampled instead of stored, both endpoints are rate-limited per address, and the
// payment log CSV streams. See docs/decisions/0023-payment-reference.md.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { simulatorSecret } from "~/lib/payments/provider.server";
import { returnHash } from "~/lib/payments/senangpay";
import { resetRates } from "~/lib/rate-limit.server";
import { createUserSession } from "~/models/session.server";
import { paymentLogBatches, paymentRejectDays } from "~/models/order-list.server";
import {
  type PaymentCall,
  paymentRefOf,
  REJECT_ADDRESSES_PER_DAY,
  REJECT_SAMPLES_PER_DAY,
  RESULTS_LOGGED_PER_STATUS,
  recordPayment,
  setOrderStatus,
} from "~/models/order.server";
import { action as callbackAction } from "~/routes/senangpay.callback";
import { loader as csvLoader } from "~/routes/payments[.]csv";
import { CLIENT_ADDRESS_HEADER } from "../../server/client-address.mjs";
import { payingClub, statusOf, ticketOrder as ticketOrderOf } from "./payment-fixture";

let owner = 0;
let admin = { id: 0, name: "", email: "" };

beforeAll(() => {
  ({ owner, admin } = payingClub("PT", "Pay Trust Club"));
});
beforeEach(() => resetRates());

const ticketOrder = () => ticketOrderOf(owner);
const ref = (id: number) => paymentRefOf(id) ?? "";
const result = (
  orderId: number,
  statusId: string,
  transactionId: string,
  extra: Partial<PaymentCall> = {},
): PaymentCall => ({
  statusId,
  orderId: ref(orderId),
  msg: statusId === "1" ? "Payment_was_successful" : "Payment_failed",
  transactionId,
  verified: true,
  source: "callback",
  ...extra,
});

describe("replayed results", () => {
  it("a saved success posted again after ADMIN's chargeback changes nothing; a new success still pays", () => {
    const order = ticketOrder();
    const paid = result(order.id, "1", "T-CB-1");
    expect(recordPayment(paid)).toMatchObject({ kind: "applied", to: "PAID" });
    expect(setOrderStatus(1, admin, order.id, "CANCELLED")).toMatchObject({ ok: true }); // chargeback
    // The same callback, the same result as a return, and the result re-split at txn | msg.
    expect(recordPayment(paid)).toMatchObject({ kind: "unchanged", status: "CANCELLED", repeat: true });
    expect(recordPayment({ ...paid, source: "return" })).toMatchObject({ kind: "unchanged", repeat: true });
    expect(recordPayment({ ...paid, transactionId: "T-CB-1P", msg: "ayment_was_successful" })).toMatchObject({
      kind: "unchanged",
      repeat: true,
    });
    expect(recordPayment({ ...paid, transactionId: "T-CB-", msg: "1Payment_was_successful" })).toMatchObject({
      kind: "unchanged",
      repeat: true,
    });
    expect(statusOf(order.id)).toBe("CANCELLED");
    // ADMIN's other manual statuses stand too.
    for (const to of ["FAILED", "PROCESSING"] as const) {
      expect(setOrderStatus(1, admin, order.id, to)).toMatchObject({ ok: true });
      expect(recordPayment(paid)).toMatchObject({ kind: "unchanged", repeat: true });
      expect(statusOf(order.id)).toBe(to);
    }
    // A new genuine success (another transaction: the buyer paid again) is money taken: honoured.
    expect(recordPayment(result(order.id, "1", "T-CB-2"))).toMatchObject({ kind: "applied", to: "PAID" });
  });

  it("a replayed failure does not fail an order ADMIN set back to Processing; a new failure does", () => {
    const order = ticketOrder();
    const failed = result(order.id, "0", "T-F-1");
    expect(recordPayment(failed)).toMatchObject({ kind: "applied", to: "FAILED" });
    expect(setOrderStatus(1, admin, order.id, "PROCESSING")).toMatchObject({ ok: true });
    expect(recordPayment(failed)).toMatchObject({ kind: "unchanged", status: "PROCESSING", repeat: true });
    expect(recordPayment({ ...failed, source: "return" })).toMatchObject({ kind: "unchanged", repeat: true });
    expect(recordPayment({ ...failed, transactionId: "T-F-1Pay", msg: "ment_failed" })).toMatchObject({
      kind: "unchanged",
    });
    expect(statusOf(order.id)).toBe("PROCESSING");
    // A success with the failure's transaction id is another status: not a repeat, it pays.
    expect(recordPayment(result(order.id, "1", "T-F-1"))).toMatchObject({ kind: "applied", to: "PAID" });
    const other = ticketOrder();
    recordPayment(result(other.id, "0", "T-F-2"));
    setOrderStatus(1, admin, other.id, "PROCESSING");
    expect(recordPayment(result(other.id, "0", "T-F-3"))).toMatchObject({ kind: "applied", to: "FAILED" });
  });

  it("a success that arrived while ADMIN had marked the order paid is used up too", () => {
    const order = ticketOrder();
    setOrderStatus(1, admin, order.id, "PAID"); // paid by bank transfer, say
    const late = result(order.id, "1", "T-LATE");
    expect(recordPayment(late)).toMatchObject({ kind: "unchanged", status: "PAID", repeat: false });
    setOrderStatus(1, admin, order.id, "CANCELLED");
    expect(recordPayment(late)).toMatchObject({ kind: "unchanged", repeat: true });
    expect(statusOf(order.id)).toBe("CANCELLED");
  });

  it("return and callback of one payment apply once, in either order, effects once", () => {
    for (const [first, second] of [
      ["return", "callback"],
      ["callback", "return"],
    ] as const) {
      const order = ticketOrder();
      const paid = result(order.id, "1", `T-RC-${first}`);
      expect(recordPayment({ ...paid, source: first })).toMatchObject({
        kind: "applied",
        effectsApplied: true,
      });
      expect(recordPayment({ ...paid, source: second })).toMatchObject({ kind: "unchanged", status: "PAID" });
      expect(statusOf(order.id)).toBe("PAID");
    }
  });

  it("a pending result (2) changes nothing and does not use up the success that follows it", () => {
    const order = ticketOrder();
    expect(recordPayment(result(order.id, "2", "T-P"))).toMatchObject({ kind: "unchanged" });
    expect(recordPayment(result(order.id, "1", "T-P"))).toMatchObject({ kind: "applied", to: "PAID" });
  });
});

describe("re-split references", () => {
  it("a genuine result cut at another place names no order; another order's id with this tag is unknown", () => {
    const a = ticketOrder();
    const b = ticketOrder();
    const genuine = result(a.id, "1", "SIM000000000123");
    const text = `${genuine.orderId}${genuine.transactionId}`;
    for (const cut of [genuine.orderId.length - 1, genuine.orderId.length + 1, 1, 11]) {
      const call = { ...genuine, orderId: text.slice(0, cut), transactionId: text.slice(cut) };
      expect(recordPayment(call), call.orderId).toEqual({ kind: "forged" });
    }
    // The status/order boundary: "1" + "R..." cut as "1R" + "...".
    expect(recordPayment({ ...genuine, statusId: "1R", orderId: genuine.orderId.slice(1) })).toEqual({
      kind: "forged",
    });
    // b's id with a's token tag (and the other way round): no such order.
    const mixed = `${ref(b.id).slice(0, 12)}${ref(a.id).slice(12)}`;
    expect(recordPayment({ ...genuine, orderId: mixed })).toEqual({ kind: "unknownOrder" });
    expect([statusOf(a.id), statusOf(b.id)]).toEqual(["PROCESSING", "PROCESSING"]);
    expect(recordPayment(genuine)).toMatchObject({ kind: "applied", orderId: a.id, to: "PAID" });
    expect(statusOf(b.id)).toBe("PROCESSING");
  });
});

describe("forged-call floods", () => {
  const day = new Date(Date.UTC(2031, 2, 3, 4, 0)); // 2031-03-03 12:00 in Malaysia
  const logsOn = (from: Date) =>
    db()
      .select({ n: sql<number>`COUNT(*)` })
      .from(schema.paymentLogs)
      .where(
        sql`${schema.paymentLogs.createdAt} >= ${from.getTime()} AND ${schema.paymentLogs.createdAt} < ${from.getTime() + 3_600_000}`,
      )
      .get()!.n;

  it("1,000 forged calls leave a counter and a few samples, not 1,000 rows", () => {
    const order = ticketOrder();
    const forged = { ...result(order.id, "1", "T-FORGED"), verified: false, address: "203.0.113.9" };
    for (let i = 0; i < 1000; i++) {
      expect(
        recordPayment({ ...forged, transactionId: `T-FORGED-${i}` }, new Date(day.getTime() + i)),
      ).toEqual({
        kind: "forged",
      });
    }
    expect(statusOf(order.id)).toBe("PROCESSING");
    expect(logsOn(day)).toBe(REJECT_SAMPLES_PER_DAY);
    const counters = db()
      .select()
      .from(schema.paymentRejects)
      .where(eq(schema.paymentRejects.day, "2031-03-03"))
      .all();
    expect(counters).toEqual([
      expect.objectContaining({ source: "callback", reason: "forged", address: "203.0.113.9", calls: 1000 }),
    ]);
    expect(paymentRejectDays().find((d) => d.day === "2031-03-03")).toEqual({
      day: "2031-03-03",
      source: "callback",
      reason: "forged",
      calls: 1000,
      addresses: 1,
      topAddress: "203.0.113.9",
      topCalls: 1000,
    });
  });

  it("a genuine result replayed 1,000 times is logged a few times and counted after that", () => {
    const when = new Date(Date.UTC(2031, 2, 5, 4, 0));
    const order = ticketOrder();
    const paid = { ...result(order.id, "1", "T-REPLAYED"), address: "192.0.2.7" };
    expect(recordPayment(paid, when)).toMatchObject({ kind: "applied" });
    for (let i = 1; i < 1000; i++)
      expect(recordPayment(paid, new Date(when.getTime() + i))).toMatchObject({
        kind: "unchanged",
        repeat: true,
      });
    expect(logsOn(when)).toBe(RESULTS_LOGGED_PER_STATUS);
    expect(
      db().select().from(schema.paymentRejects).where(eq(schema.paymentRejects.day, "2031-03-05")).all(),
    ).toEqual([
      expect.objectContaining({
        reason: "repeat",
        address: "192.0.2.7",
        calls: 1000 - RESULTS_LOGGED_PER_STATUS,
      }),
    ]);
  });

  it("past the daily cap of addresses, the rest share one counter", () => {
    const other = new Date(Date.UTC(2031, 2, 4, 4, 0));
    const order = ticketOrder();
    const forged = { ...result(order.id, "0", "T-X"), verified: false, source: "return" as const };
    db().transaction((tx) => {
      for (let i = 0; i < REJECT_ADDRESSES_PER_DAY; i++)
        tx.insert(schema.paymentRejects)
          .values({
            day: "2031-03-04",
            reason: "forged",
            source: "return",
            address: `10.0.${i >> 8}.${i & 255}`,
            calls: 1,
            lastAt: other,
          })
          .run();
    });
    for (let i = 0; i < 30; i++) recordPayment({ ...forged, address: `2001:db8::${i}` }, other);
    const rows = db()
      .select()
      .from(schema.paymentRejects)
      .where(and(eq(schema.paymentRejects.day, "2031-03-04"), eq(schema.paymentRejects.source, "return")))
      .all();
    expect(rows).toHaveLength(REJECT_ADDRESSES_PER_DAY + 1);
    expect(rows.find((r) => r.address === "*")?.calls).toBe(30);
  });
});

const post = (fields: Record<string, string>, address: string) =>
  callbackAction({
    request: new Request("http://127.0.0.1:3999/senangpay/callback", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
      body: new URLSearchParams(fields).toString(),
    }),
    params: {},
    context: {},
  }).catch((e: unknown) => {
    if (e instanceof Response) return e;
    throw e;
  });

describe("callback route", () => {
  it("refuses a re-split callback, pays on the genuine one, and answers 429 past the per-address limit", async () => {
    const order = ticketOrder();
    const p = {
      status_id: "1",
      order_id: ref(order.id),
      transaction_id: "SIM000000000777",
      msg: "Payment_was_successful",
    };
    const genuine = { ...p, hash: returnHash("sha256", simulatorSecret(), p) };
    const resplit = {
      ...genuine,
      order_id: p.order_id.slice(0, -1),
      transaction_id: `${p.order_id.slice(-1)}${p.transaction_id}`,
    };
    expect((await post(resplit, "198.51.100.1")).status).toBe(400);
    expect(statusOf(order.id)).toBe("PROCESSING");
    const ok = await post(genuine, "198.51.100.1");
    expect([ok.status, await ok.text()]).toEqual([200, "OK"]);
    expect(statusOf(order.id)).toBe("PAID");

    // The clock stands still (Date only), so the bucket does not refill while the test runs.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++)
        statuses.push((await post({ ...genuine, hash: "0" }, "198.51.100.2")).status);
      expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
      const limited = await post(genuine, "198.51.100.2");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Another address is still served.
      expect((await post(genuine, "198.51.100.3")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("payment log CSV", () => {
  it("streams every filtered row in batches, the same file as before", async () => {
    const order = ticketOrder();
    const base = new Date(Date.UTC(2032, 0, 1));
    for (let i = 0; i < 1203; i++)
      recordPayment(
        result(order.id, "2", `T-CSV-${String(i).padStart(4, "0")}`),
        new Date(base.getTime() + i),
      );
    const batches = [
      ...paymentLogBatches(1, { orderId: ref(order.id) }, { sort: "created", dir: "asc" }, 500),
    ];
    expect(batches.map((b) => b.length)).toEqual([500, 500, 203]);
    expect(batches.flat().map((r) => r.transactionId)).toEqual(
      Array.from({ length: 1203 }, (_, i) => `T-CSV-${String(i).padStart(4, "0")}`),
    );

    const cookie = (await createUserSession(admin.id)).split(";")[0];
    const response = await csvLoader({
      request: new Request(`http://127.0.0.1:3999/payments.csv?orderId=${ref(order.id)}`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(4); // the header, then one chunk per batch
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Timestamp,Order Id,Transaction Id,Status Id,Message,Verified,Source");
    expect(lines).toHaveLength(1204);
    expect(lines[1]).toContain("T-CSV-1202"); // newest first
    expect(lines[1203]).toContain("T-CSV-0000");
    expect(lines[1]).toContain(`${ref(order.id)},T-CSV-1202,2,Payment failed,Yes,Callback`);
  });

  it("is ADMIN's only", async () => {
    const cookie = (await createUserSession(owner)).split(";")[0];
    const refused = await Promise.resolve(
      csvLoader({
        request: new Request("http://127.0.0.1:3999/payments.csv", { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).not.toBe(200);
  });
});
