// The workflow layer (app/services, docs/decisions/0030-services.md) against a real SQLite file and
// the mail outbox: a payment notice pays an order once and mails its owner once; a failed one, a
// manager's cancel and ADMIN's status change free the entries for the waitlist (its next club is
// offered them and mailed); a refused step does nothing after it; approving members mails each.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { mailSenderIdle } from "~/services/mailer.server";
import { simulatorSecret } from "~/lib/payments/provider.server";
import { type ReturnParams, returnHash } from "~/lib/payments/senangpay";
import { EN } from "~/messages";
import { checkoutEntries, joinWaitlist, waitlistOf } from "~/models/entries.server";
import { paymentRefOf } from "~/models/order.server";
import { checkoutEventEntries } from "~/services/checkout.server";
import { approveMembers } from "~/services/members.server";
import { cancelOrder, changeOrderStatus, handlePaymentNotice } from "~/services/orders.server";
import { club, event as makeEvent, user } from "../factories";

const manager = (associationId: number) =>
  user({ role: "MANAGER", associationId, approved: true, phone: "0123456789" });

const event = (maxTeam: number) => makeEvent({ price: 15000, maxTeam });

/** The mails written to the outbox since `since` (a set of file names), by recipient. */
const outbox = () => env().OUTBOX_DIR;
const files = () => new Set(fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []);
async function mailsSince(before: Set<string>): Promise<ParsedMail[]> {
  await mailSenderIdle(); // queued mails are sent by the mail queue's sender
  const added = [...files()].filter((f) => !before.has(f));
  return Promise.all(added.map((f) => simpleParser(fs.readFileSync(path.join(outbox(), f)))));
}
const to = (mails: ParsedMail[], email: string) =>
  mails.filter((m) => m.to && "text" in m.to && m.to.text.includes(email));

function notice(orderId: number, statusId: string, transactionId: string): ReturnParams {
  const p = {
    status_id: statusId,
    order_id: paymentRefOf(orderId) ?? "",
    msg: statusId === "1" ? "Payment_was_successful" : "Payment_failed",
    transaction_id: transactionId,
  };
  return { ...p, hash: returnHash("sha256", simulatorSecret(), p) };
}

const statusOf = (id: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()?.status;

/** A full event held by one club's Processing order, and a second club on its waitlist. */
async function heldEvent() {
  const e = event(1);
  const holder = club();
  const buyer = manager(holder.id);
  const bought = await checkoutEventEntries(1, buyer, holder.scope, [{ eventId: e.id, teams: 1 }]);
  if (!bought.ok) throw new Error(`refused: ${JSON.stringify(bought)}`);
  const order = db().select().from(schema.orders).where(eq(schema.orders.ownerId, buyer.id)).get()!;
  const waiting = club();
  const waiter = manager(waiting.id);
  expect(joinWaitlist(1, waiter, waiting.scope, e.id, 1)).toMatchObject({ ok: true });
  return { e, buyer, order, waiter, waiting };
}

/** The waitlist entry of `associationId` for the event, once the background serve has run. */
const offered = (eventId: number, association: string) =>
  vi.waitFor(
    () => {
      const row = waitlistOf(1, eventId).find((r) => r.association === association);
      expect(row?.status).toBe("OFFERED");
    },
    { timeout: 5000, interval: 50 },
  );

describe("handlePaymentNotice", () => {
  it("pays an order once and mails its owner once, whichever notice comes first", async () => {
    const c = club();
    const m = manager(c.id);
    const e = event(5);
    const made = checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 1 }]);
    if (!made.ok) throw new Error(made.code);
    const id = made.order.id;
    const before = files();
    const paid = notice(id, "1", "SV-PAID-1");
    expect(await handlePaymentNotice(paid, "return", "local")).toMatchObject({ kind: "applied", to: "PAID" });
    expect(await handlePaymentNotice(paid, "callback", "local")).toMatchObject({ kind: "unchanged" });
    expect(statusOf(id)).toBe("PAID");
    const mails = to(await mailsSince(before), m.email);
    expect(mails.map((x) => x.subject)).toEqual([EN.LABELS.orderPaidSubject(id)]);
    expect(mails[0].attachments.map((a) => a.filename)).toEqual(["receipt.pdf"]);
  });

  it("a forged notice changes nothing and mails nobody", async () => {
    const c = club();
    const m = manager(c.id);
    const made = checkoutEntries(1, m, c.scope, [{ eventId: event(5).id, teams: 1 }]);
    if (!made.ok) throw new Error(made.code);
    const before = files();
    const forged = { ...notice(made.order.id, "1", "SV-FORGED"), hash: "0".repeat(64) };
    expect(await handlePaymentNotice(forged, "callback", "local")).toEqual({ kind: "forged" });
    expect(statusOf(made.order.id)).toBe("PROCESSING");
    expect(to(await mailsSince(before), m.email)).toEqual([]);
  });

  it("a failed payment frees the entries: the next club in line is offered them and mailed", async () => {
    const { e, order, waiter, waiting } = await heldEvent();
    const before = files();
    const failed = notice(order.id, "0", "SV-FAILED-1");
    expect(await handlePaymentNotice(failed, "callback", "local")).toMatchObject({
      kind: "applied",
      to: "FAILED",
    });
    await offered(e.id, waiting.name);
    await vi.waitFor(async () => expect(to(await mailsSince(before), waiter.email)).toHaveLength(1), {
      timeout: 5000,
    });
  });
});

describe("cancelOrder and changeOrderStatus", () => {
  it("a manager's cancel frees the entries; another manager's order is refused and stays", async () => {
    const { e, buyer, order, waiting } = await heldEvent();
    const other = manager(club().id);
    expect(await cancelOrder(1, other.id, order.id)).toEqual({ ok: false, code: "notCancellable" });
    expect(statusOf(order.id)).toBe("PROCESSING");
    expect(await cancelOrder(1, buyer.id, order.id)).toEqual({ ok: true });
    expect(statusOf(order.id)).toBe("CANCELLED");
    await offered(e.id, waiting.name);
  });

  it("ADMIN's status change: PAID mails the owner and keeps the line waiting", async () => {
    const admin = user({ role: "ADMIN", name: "SV ADMIN" });
    const { e, buyer, order, waiting } = await heldEvent();
    const before = files();
    expect(await changeOrderStatus(1, admin, order.id, "PAID")).toMatchObject({ ok: true });
    expect(to(await mailsSince(before), buyer.email).map((x) => x.subject)).toEqual([
      EN.LABELS.orderPaidSubject(order.id),
    ]);
    expect(waitlistOf(1, e.id).find((r) => r.association === waiting.name)?.status).toBe("WAITING");
  });

  it("ADMIN's status change: FAILED frees the entries for the line, and mails nobody paid", async () => {
    const admin = user({ role: "ADMIN", name: "SV ADMIN 2" });
    const { e, buyer, order, waiting } = await heldEvent();
    const before = files();
    expect(await changeOrderStatus(1, admin, order.id, "FAILED")).toMatchObject({ ok: true });
    await offered(e.id, waiting.name);
    expect(to(await mailsSince(before), buyer.email)).toEqual([]);
  });
});

describe("approveMembers", () => {
  it("approves the club's pending members and mails each; a foreign id approves and mails nobody", async () => {
    const c = club();
    const m = manager(c.id);
    const pending = [
      user({ associationId: c.id, verified: true }),
      user({ associationId: c.id, verified: true }),
    ];
    const stranger = user({ associationId: club().id, verified: true });

    let before = files();
    expect(await approveMembers(m, 1, c.scope, [pending[0].id, stranger.id])).toEqual({ kind: "foreign" });
    expect(await mailsSince(before)).toEqual([]);

    before = files();
    const result = await approveMembers(
      m,
      1,
      c.scope,
      pending.map((p) => p.id),
    );
    expect(result.kind === "approved" && result.members.map((x) => x.id).sort()).toEqual(
      pending.map((p) => p.id).sort(),
    );
    const mails = await mailsSince(before);
    for (const p of pending)
      expect(to(mails, p.email).map((x) => x.subject)).toEqual([EN.LABELS.memberMailSubject]);
  });
});
