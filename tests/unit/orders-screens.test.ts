// The Orders and Payment Logs screens' queries (scope, filters, paging, totals in SQL), the
// invoice/receipt PDFs and who may read them, the order-paid email with its receipt attached, and
// the auto-cancel job, against a real SQLite file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { mailSenderIdle } from "~/services/mailer.server";
import { autoCancelOrders, runJobsOnce } from "~/services/jobs.server";
import { sendOrderPaidEmail } from "~/services/order-mail.server";
import { orderPdf } from "~/services/order-documents.server";
import {
  findOrder,
  listOrders,
  listPaymentLogs,
  orderDocById,
  orderDocFor,
  orderNotes,
  orderScopeOf,
} from "~/models/order-list.server";
import { addOrderNote, createOrder, recordPayment } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
import { type ClubMade, club, uniq } from "../factories";

type Role = "ADMIN" | "MANAGER";
let n = 0;
function user(role: Role, associationId: number | null = null, name = `OS USER ${++n}`) {
  return db()
    .insert(schema.users)
    .values({ email: `os${++n}@example.test`, hash: "x", name, role, associationId, approved: true })
    .returning()
    .get();
}
const ticket = (count: number, price = 8000) => ({ kind: "TICKET" as const, label: "x", price, count });
const byDate = (id: number, at: Date) =>
  db().update(schema.orders).set({ createdAt: at }).where(eq(schema.orders.id, id)).run();
const setStatus = (id: number, status: "PAID" | "FAILED" | "CANCELLED" | "PROCESSING") =>
  db().update(schema.orders).set({ status }).where(eq(schema.orders.id, id)).run();
const statusOf = (id: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()!.status;

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const pdfText = (bytes: Buffer) => execFileSync("pdftotext", ["-", "-"], { input: bytes }).toString("utf8");

let admin: ReturnType<typeof user>;
let mine: ReturnType<typeof user>;
let theirs: ReturnType<typeof user>;
let team: ClubMade;
/** mine's orders, oldest first: PROCESSING, PAID, FAILED, CANCELLED, then 56 more PAID. */
const orders: { id: number; token: string; total: number }[] = [];
let theirOrder: { id: number; token: string; total: number };

beforeAll(() => {
  admin = user("ADMIN");
  team = club({ name: `Screens Club ${uniq()}` });
  mine = user("MANAGER", team.id, "SCREENS MANAGER");
  theirs = user("MANAGER", club({ name: `Other Club ${uniq()}` }).id);
  const t0 = Date.now() - 10 * 3_600_000;
  const statuses = ["PROCESSING", "PAID", "FAILED", "CANCELLED"] as const;
  for (let i = 0; i < 60; i++) {
    const o = createOrder(1, mine.id, [ticket(1 + (i % 3)), ticket(1, 3000)]);
    byDate(o.id, new Date(t0 + i * 60_000));
    setStatus(o.id, statuses[i] ?? "PAID");
    orders.push(o);
  }
  theirOrder = createOrder(1, theirs.id, [ticket(2)]);
});

describe("orders list", () => {
  it("a manager sees only their own orders, newest first, paged in SQL with totals summed", () => {
    const scope = orderScopeOf(mine, 1);
    expect(scope).toEqual({ kind: "owner", ownerId: mine.id });
    const first = listOrders(scope, {}, { sort: "created", dir: "desc" }, { limit: 50, offset: 0 });
    expect(first.total).toBe(60);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].id).toBe(orders[59].id);
    expect(first.rows.every((r) => r.ownerName === "SCREENS MANAGER" && r.team === team.name)).toBe(true);
    const second = listOrders(scope, {}, { sort: "created", dir: "desc" }, { limit: 50, offset: 50 });
    expect(second.rows.map((r) => r.id)).toEqual(
      orders
        .slice(0, 10)
        .map((o) => o.id)
        .reverse(),
    );
    // Totals: 8000 x (1..3) + 3000.
    for (const r of [...first.rows, ...second.rows]) {
      expect(r.total).toBe(orders.find((o) => o.id === r.id)!.total);
    }
    expect(second.rows.at(-1)!.total).toBe(8000 + 3000);
    // Not another manager's.
    expect(first.rows.concat(second.rows).some((r) => r.id === theirOrder.id)).toBe(false);
  });

  it("the status filter is the admin's; a manager's is ignored", () => {
    const paid = listOrders(
      { kind: "all", editionId: 1 },
      { status: "PAID" },
      { sort: "created", dir: "desc" },
      null,
    );
    expect(paid.rows.every((r) => r.status === "PAID")).toBe(true);
    expect(paid.rows.map((r) => r.id)).toContain(orders[1].id);
    expect(paid.total).toBe(paid.rows.length);
    const failed = listOrders(
      { kind: "all", editionId: 1 },
      { status: "FAILED" },
      { sort: "id", dir: "asc" },
      null,
    );
    expect(failed.rows.map((r) => r.id)).toContain(orders[2].id);
    expect(failed.rows.every((r) => r.status === "FAILED")).toBe(true);
    // Anything else is All.
    const all = listOrders(
      { kind: "all", editionId: 1 },
      { status: "paid; DROP" },
      { sort: "id", dir: "desc" },
      null,
    );
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([theirOrder.id, orders[0].id]));
    const managerFiltered = listOrders(
      orderScopeOf(mine, 1),
      { status: "PAID" },
      { sort: "id", dir: "asc" },
      null,
    );
    expect(managerFiltered.total).toBe(60);
  });

  it("one order is read only within the scope; its lines carry labels", () => {
    expect(findOrder(orderScopeOf(theirs, 1), orders[0].id)).toBeNull();
    expect(findOrder(orderScopeOf(mine, 1), theirOrder.id)).toBeNull();
    const own = findOrder(orderScopeOf(mine, 1), orders[0].id)!;
    expect(own.lines.map((l) => [l.label, l.price, l.count])).toEqual([
      ["Dinner Ticket", 8000, 1],
      ["Dinner Ticket", 3000, 1],
    ]);
    expect(own.total).toBe(11000);
    expect(findOrder(orderScopeOf(admin, 1), theirOrder.id)?.ownerId).toBe(theirs.id);
  });

  it("notes come back oldest first with their author", () => {
    const actor = { id: admin.id, name: admin.name, email: admin.email };
    addOrderNote(1, actor, orders[3].id, "First");
    addOrderNote(1, actor, orders[3].id, "Second");
    expect(orderNotes(1, orders[3].id).map((x) => [x.note, x.author])).toEqual([
      ["First", admin.name],
      ["Second", admin.name],
    ]);
  });
});

describe("invoice and receipt", () => {
  it("only the owner or an ADMIN reads an order's document by its token", () => {
    const token = orders[1].token;
    expect(orderDocFor(mine, token)?.id).toBe(orders[1].id);
    expect(orderDocFor(admin, token)?.id).toBe(orders[1].id);
    expect(orderDocFor(theirs, token)).toBeNull();
    expect(orderDocFor(mine, "not a token!")).toBeNull();
    expect(orderDocFor(mine, `${token}x`)).toBeNull();
  });

  it("the PDF is real: %PDF, and its text has the regatta, the order id, the lines and the total", async () => {
    const doc = orderDocById(1, orders[1].id)!;
    const started = performance.now();
    const bytes = await orderPdf("receipt", doc);
    const ms = performance.now() - started;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(5000);
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain("Regatta Dragon Boat Festival");
      expect(text).toContain("RECEIPT");
      expect(text).toContain(String(orders[1].id));
      expect(text).toContain("Dinner Ticket");
      expect(text).toContain("RM 190.00"); // 8000 x 2 + 3000
      expect(text).toContain("SCREENS MANAGER");
      expect(text).toContain(team.name);
    }
    const invoice = await orderPdf("invoice", orderDocById(1, orders[0].id)!);
    if (hasPdftotext) expect(pdfText(invoice)).toContain("INVOICE");
  });
});

describe("payment logs", () => {
  it("filters by order id and transaction id substrings (LIKE wildcards taken literally), newest first, paged", () => {
    const base = {
      statusId: "0",
      msg: "Payment_failed",
      verified: true,
      source: "callback" as const,
    };
    const at = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m));
    // References of orders that do not exist: verified calls are logged in full all the same.
    const ref = (id: number) => `R0000${id}-00000000000${id % 10}`;
    recordPayment({ ...base, orderId: ref(770001), transactionId: "TXN_A%1" }, at(1));
    recordPayment({ ...base, orderId: ref(770002), transactionId: "TXN-B-2" }, at(2));
    recordPayment({ ...base, orderId: ref(770002), transactionId: "FORGED-3", verified: false }, at(3));
    const byOrder = listPaymentLogs(1, { orderId: "77000" }, { sort: "created", dir: "desc" }, null);
    expect(byOrder.rows.map((r) => r.transactionId)).toEqual(["FORGED-3", "TXN-B-2", "TXN_A%1"]);
    expect(byOrder.rows.map((r) => r.verified)).toEqual([false, true, true]);
    expect(listPaymentLogs(1, { transactionId: "_A%" }, { sort: "created", dir: "desc" }, null).total).toBe(
      1,
    );
    expect(listPaymentLogs(1, { transactionId: "%" }, { sort: "created", dir: "desc" }, null).total).toBe(1);
    const both = listPaymentLogs(
      1,
      { orderId: "0770002", transactionId: "txn" },
      { sort: "created", dir: "desc" },
      null,
    );
    expect(both.rows.map((r) => r.transactionId)).toEqual(["TXN-B-2"]);
    const page = listPaymentLogs(
      1,
      { orderId: "77000" },
      { sort: "created", dir: "desc" },
      { limit: 2, offset: 2 },
    );
    expect(page).toMatchObject({ total: 3, rows: [{ transactionId: "TXN_A%1" }] });
  });
});

describe("order-paid email", () => {
  it("sends the owner the receipt PDF as an attachment; never throws; nothing for an unpaid or unknown order", async () => {
    const outbox = env().OUTBOX_DIR;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    expect(await sendOrderPaidEmail(1, orders[1].id)).toBe(true);
    await mailSenderIdle(); // queued, then sent by the mail queue's sender
    const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, files[0])));
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(mine.email);
    expect(mail.subject).toContain(`#${orders[1].id}`);
    expect(mail.text).toContain("RM 190.00");
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe("receipt.pdf");
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    if (hasPdftotext) expect(pdfText(pdf.content)).toContain(String(orders[1].id));

    expect(await sendOrderPaidEmail(1, orders[0].id)).toBe(false); // PROCESSING
    expect(await sendOrderPaidEmail(1, 999_999_999)).toBe(false);
    await mailSenderIdle();
    expect(fs.readdirSync(outbox).filter((f) => !before.has(f))).toHaveLength(1);
  });
});

describe("auto-cancel job", () => {
  it("cancels PROCESSING orders older than the settings' due hours, on the primary, once", async () => {
    const hours = getSettings(1).paymentDueHours;
    const now = new Date();
    const overdue = createOrder(1, mine.id, [ticket(1)]);
    const justInTime = createOrder(1, mine.id, [ticket(1)]);
    const paidLate = createOrder(1, mine.id, [ticket(1)]);
    byDate(overdue.id, new Date(now.getTime() - hours * 3_600_000 - 60_000));
    byDate(justInTime.id, new Date(now.getTime() - hours * 3_600_000 + 60_000));
    byDate(paidLate.id, new Date(now.getTime() - hours * 3_600_000 - 60_000));
    setStatus(paidLate.id, "PAID");
    expect(autoCancelOrders(now)).toBeGreaterThanOrEqual(1);
    expect([statusOf(overdue.id), statusOf(justInTime.id), statusOf(paidLate.id)]).toEqual([
      "CANCELLED",
      "PROCESSING",
      "PAID",
    ]);
    // Run again (the cron and the timer may both run): nothing more to cancel of these.
    const again = (await runJobsOnce(now))!;
    expect(again.ordersCancelled).toBe(0);
    expect(statusOf(justInTime.id)).toBe("PROCESSING");
    // Later, the one that was just in time is overdue too.
    expect((await runJobsOnce(new Date(now.getTime() + 2 * 60_000)))?.ordersCancelled).toBeGreaterThanOrEqual(
      1,
    );
    expect(statusOf(justInTime.id)).toBe("CANCELLED");
  });
});
