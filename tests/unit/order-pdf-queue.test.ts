// Issue 27 section 3: invoices and receipts wait in the same PDF queue as crew tags (one shared
// limiter, app/lib/pdf.server.ts pdfDownloads; docs/decisions/0034-pdf-worker.md and 0017): one
// document at a time per process, eight more waiting, one per user (running or waiting), the rest
// refused at once with 429 and Retry-After. Before, the routes laid every download out at once: 50
// parallel downloads of a large membership order's invoice were 50 layouts on the main thread and
// the event loop stood still for them. Real SQLite file, the real routes' loaders with real
// session cookies, real pdfmake.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crewTagJobs, crewTagKey } from "~/services/crew-tags.server";
import { db, schema } from "~/lib/db.server";
import * as pdf from "~/lib/pdf.server";
import { orderDocPages } from "~/services/order-documents.server";
import { createUserSession } from "~/models/session.server";
import { createOrder } from "~/models/order.server";
import { loader as invoiceLoader } from "~/routes/orders.$token.invoice[.]pdf";
import { loader as receiptLoader } from "~/routes/orders.$token.receipt[.]pdf";
import { pdfPages } from "../pdf-text";

/** Members on the big club's membership order: a large club's whole squad, several pages. */
const MEMBERS = 300;
const PARALLEL = 50;

let manager = { id: 0, cookie: "" };
const admins: { id: number; cookie: string }[] = [];
let big = { id: 0, token: "" };
let paid = { id: 0, token: "" };

beforeAll(async () => {
  const club = db()
    .insert(schema.associations)
    .values({ name: "Big Squad Paddling Club", country: "MY", token: "bspc" })
    .returning()
    .get().id;
  const managerId = db()
    .insert(schema.users)
    .values({
      email: "bspc.manager@example.test",
      hash: "x",
      name: "BSPC MANAGER",
      role: "MANAGER",
      associationId: club,
      approved: true,
    })
    .returning()
    .get().id;
  manager = { id: managerId, cookie: await createUserSession(managerId) };
  const members = db()
    .insert(schema.users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `bspc.${i}@example.test`,
        hash: "x",
        name: `BIG SQUAD PADDLER NUMBER ${i + 1}`,
        role: "COMPETITOR" as const,
        associationId: club,
        approved: true,
      })),
    )
    .returning({ id: schema.users.id })
    .all();
  const lines = members.map((m, i) => ({
    kind: "MEMBERSHIP" as const,
    label: `BIG SQUAD PADDLER NUMBER ${i + 1}`,
    price: 3000,
    count: 1,
    userId: m.id,
  }));
  big = createOrder(1, managerId, lines);
  paid = createOrder(1, managerId, lines.slice(0, 40));
  db().update(schema.orders).set({ status: "PAID" }).where(eq(schema.orders.id, paid.id)).run();
  for (let i = 0; i < 20; i++) {
    const id = db()
      .insert(schema.users)
      .values({ email: `bspc.admin${i}@example.test`, hash: "x", name: `PDF ADMIN ${i}`, role: "ADMIN" })
      .returning()
      .get().id;
    admins.push({ id, cookie: await createUserSession(id) });
  }
});

afterAll(() => pdf.stopPdfWorker());

type Loader = typeof invoiceLoader;
const download = (loader: Loader, token: string, cookie: string) => {
  const kind = loader === invoiceLoader ? "invoice" : "receipt";
  const request = new Request(`http://127.0.0.1:3999/orders/${token}/${kind}.pdf`, {
    headers: { Cookie: cookie.split(";")[0] },
  });
  return loader({ request, params: { token }, context: {} }) as Promise<Response>;
};

/**
 * Runs `work` while a 1 ms interval counts its turns; reports the longest time the event loop did
 * not turn (the pdf-worker test's technique, tests/unit/pdf-worker.test.ts), and the most PDFs
 * the shared queue had running and waiting at any turn.
 */
async function whileTicking<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longestPause = 0;
  let ticks = 0;
  let mostActive = 0;
  let mostWaiting = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
    ticks++;
    mostActive = Math.max(mostActive, pdf.pdfDownloads?.active ?? 0);
    mostWaiting = Math.max(mostWaiting, pdf.pdfDownloads?.waiting ?? 0);
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    longestPause = Math.max(longestPause, performance.now() - last);
    return { result, ticks, longestPause, mostActive, mostWaiting, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe("invoices and receipts wait in the shared PDF queue", () => {
  it("one user's 50 parallel downloads of a large invoice: one is made, the rest refused at once; the event loop keeps turning", async () => {
    // Warm: pdfmake loaded and the fonts parsed (a production server does this at start-up).
    const warm = await download(invoiceLoader, big.token, manager.cookie);
    expect(warm.status).toBe(200);
    const one = await whileTicking(() => download(invoiceLoader, big.token, manager.cookie));
    const burst = await whileTicking(() =>
      Promise.all(Array.from({ length: PARALLEL }, () => download(invoiceLoader, big.token, manager.cookie))),
    );
    console.log(
      `one invoice of ${MEMBERS} lines: ${one.ms.toFixed(0)} ms, longest pause ${one.longestPause.toFixed(0)} ms; ` +
        `${PARALLEL} at once: ${burst.ms.toFixed(0)} ms, longest pause ${burst.longestPause.toFixed(0)} ms, ` +
        `${burst.ticks} ticks, statuses ${JSON.stringify(statuses(burst.result))}`,
    );
    expect(statuses(burst.result)).toEqual({ 200: 1, 429: PARALLEL - 1 });
    const made = burst.result.find((r) => r.status === 200)!;
    expect(made.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await made.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Its pages as orderPdf told renderPdf (below the worker's threshold: made on this thread).
    expect(pdfPages(bytes).length).toBeGreaterThan(1);
    expect(pdfPages(bytes).length).toBeLessThanOrEqual(orderDocPages(MEMBERS));
    for (const refused of burst.result.filter((r) => r.status === 429))
      expect(refused.headers.get("Retry-After")).toBe("5");
    expect(burst.mostActive).toBeLessThanOrEqual(1);
    // The burst costs about one document, not fifty: the loop never stands still much longer than
    // one invoice's layout takes.
    expect(burst.longestPause).toBeLessThan(Math.max(3 * one.longestPause, 250));
    expect(burst.ms).toBeLessThan(Math.max(5 * one.ms, 1_000));
  });

  it("many users at once: one made at a time, eight wait, the rest refused; everyone admitted gets the PDF", async () => {
    const burst = await whileTicking(() =>
      Promise.all(admins.map((a) => download(invoiceLoader, big.token, a.cookie))),
    );
    console.log(
      `${admins.length} users at once: ${burst.ms.toFixed(0)} ms, longest pause ${burst.longestPause.toFixed(0)} ms, ` +
        `${burst.ticks} ticks, statuses ${JSON.stringify(statuses(burst.result))}`,
    );
    expect(statuses(burst.result)).toEqual({ 200: 9, 429: admins.length - 9 });
    expect(burst.mostActive).toBe(1);
    expect(burst.mostWaiting).toBeLessThanOrEqual(8);
    // The loop turns between the nine documents: no pause much longer than one of them.
    expect(burst.ticks).toBeGreaterThanOrEqual(8);
    expect(burst.longestPause).toBeLessThan(burst.ms / 2);
    for (const r of burst.result.filter((x) => x.status === 200))
      expect(r.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("receipts too, and crew tags share the queue: a user with a crew tag PDF being made waits for it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The manager's crew tags are being made: their receipt and invoice are refused meanwhile...
    const tags = crewTagJobs.run(() => held, crewTagKey(manager.id));
    try {
      expect((await download(receiptLoader, paid.token, manager.cookie)).status).toBe(429);
      expect((await download(invoiceLoader, big.token, manager.cookie)).status).toBe(429);
      // ...an ADMIN's receipt waits its turn behind them and is made once they are done.
      const forAdmin = download(receiptLoader, paid.token, admins[0].cookie);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pdf.pdfDownloads?.waiting).toBe(1);
      release();
      const res = await forAdmin;
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toContain("receipt.pdf");
    } finally {
      release();
      await tags;
    }
    // Afterwards the manager gets theirs.
    expect((await download(receiptLoader, paid.token, manager.cookie)).status).toBe(200);
  });
});
