// Issue 27 section 3: the replay check compares a verified result against EVERY result logged for
// its order and status, not only the first RESULTS_LOGGED_PER_STATUS. Before the fix it read the
// first 20 logged per status: a flood of valid re-splits of one genuine return filled that window,
// a later genuine success fell outside it, and replaying that success after ADMIN's manual change
// moved the order again. Real SQLite file. See docs/decisions/0023-payment-reference.md.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import {
  type PaymentCall,
  paymentRefOf,
  RESULTS_LOGGED_PER_STATUS,
  recordPayment,
  setOrderStatus,
} from "~/models/order.server";
import { payingClub, statusOf, ticketOrder as ticketOrderOf } from "./payment-fixture";

let owner = 0;
let admin = { id: 0, name: "", email: "" };

beforeAll(() => {
  ({ owner, admin } = payingClub("RW", "Replay Window Club"));
});

const ticketOrder = () => ticketOrderOf(owner);
const logsOf = (ref: string) =>
  db().select().from(schema.paymentLogs).where(eq(schema.paymentLogs.orderId, ref)).all();

const MSG_OK = "Payment_was_successful";
const success = (ref: string, transactionId: string, msg = MSG_OK): PaymentCall => ({
  statusId: "1",
  orderId: ref,
  msg,
  transactionId,
  verified: true,
  source: "callback",
});
/** The genuine result re-cut at the transaction_id | msg boundary after `k` characters of msg: the
 * signed text (and so the hash) is the same. */
const resplit = (ref: string, transactionId: string, k: number) =>
  success(ref, transactionId + MSG_OK.slice(0, k), MSG_OK.slice(k));

describe("the replay check reads every logged result of the order", () => {
  it("a genuine success logged after more than 20 results, replayed after ADMIN's change, moves nothing", () => {
    const order = ticketOrder();
    const ref = paymentRefOf(order.id)!;
    // The first genuine success pays the order; a flood of its valid re-splits fills the log.
    expect(recordPayment(success(ref, "T-W-1"))).toMatchObject({ kind: "applied", to: "PAID" });
    for (let k = 1; k < MSG_OK.length; k++)
      expect(recordPayment(resplit(ref, "T-W-1", k))).toMatchObject({ kind: "unchanged", repeat: true });
    expect(logsOf(ref).length).toBeGreaterThanOrEqual(RESULTS_LOGGED_PER_STATUS);
    // A chargeback; then the buyer pays again: a new genuine success, honoured and logged.
    expect(setOrderStatus(1, admin, order.id, "CANCELLED")).toMatchObject({ ok: true });
    const later = success(ref, "T-W-2");
    expect(recordPayment(later)).toMatchObject({ kind: "applied", to: "PAID" });
    expect(logsOf(ref).length).toBeGreaterThan(RESULTS_LOGGED_PER_STATUS);
    expect(logsOf(ref).filter((r) => r.transactionId === "T-W-2")).toHaveLength(1);
    // ADMIN sets the status by hand again; that later success replayed, as sent and re-split,
    // changes nothing.
    for (const to of ["CANCELLED", "FAILED", "PROCESSING"] as const) {
      expect(setOrderStatus(1, admin, order.id, to)).toMatchObject({ ok: true });
      expect(recordPayment(later)).toMatchObject({ kind: "unchanged", status: to, repeat: true });
      expect(recordPayment({ ...later, source: "return" })).toMatchObject({
        kind: "unchanged",
        repeat: true,
      });
      expect(recordPayment(resplit(ref, "T-W-2", 3))).toMatchObject({ kind: "unchanged", repeat: true });
      expect(statusOf(order.id)).toBe(to);
    }
    // A third genuine success (another transaction) is still money taken: it pays.
    expect(recordPayment(success(ref, "T-W-3"))).toMatchObject({ kind: "applied", to: "PAID" });
  });

  it("a genuine failure logged after the window, replayed after ADMIN set Processing, fails nothing", () => {
    const order = ticketOrder();
    const ref = paymentRefOf(order.id)!;
    const MSG_NO = "Payment_failed";
    const failure = (transactionId: string, msg = MSG_NO): PaymentCall => ({
      ...success(ref, transactionId, msg),
      statusId: "0",
    });
    expect(recordPayment(failure("T-WF-1"))).toMatchObject({ kind: "applied", to: "FAILED" });
    for (let i = 0; i < RESULTS_LOGGED_PER_STATUS + 5; i++)
      recordPayment(failure(`T-WF-1${MSG_NO.slice(0, i % MSG_NO.length)}`, MSG_NO.slice(i % MSG_NO.length)));
    expect(setOrderStatus(1, admin, order.id, "PROCESSING")).toMatchObject({ ok: true });
    const later = failure("T-WF-2");
    expect(recordPayment(later)).toMatchObject({ kind: "applied", to: "FAILED" });
    expect(setOrderStatus(1, admin, order.id, "PROCESSING")).toMatchObject({ ok: true });
    expect(recordPayment(later)).toMatchObject({ kind: "unchanged", status: "PROCESSING", repeat: true });
    expect(statusOf(order.id)).toBe("PROCESSING");
  });

  it("repeats beyond the logged ones are still only counted: the log stays bounded", () => {
    const order = ticketOrder();
    const ref = paymentRefOf(order.id)!;
    const paid = success(ref, "T-WB-1");
    for (let i = 0; i < 3 * RESULTS_LOGGED_PER_STATUS; i++) recordPayment(paid);
    expect(logsOf(ref)).toHaveLength(RESULTS_LOGGED_PER_STATUS);
  });
});
