// Big PDFs are laid out in a worker process (issue 30; a thread before), small ones on this thread
// (docs/decisions/0034-pdf-worker.md): a small one does not start the worker; while a day's start
// lists of 100 races are made, this thread keeps running its timers; a worker that dies, or a
// document that takes too long, fails what it held only, and the next one is made by a new worker;
// the worker stops when idle and starts again; a definition that is not plain data fails at once.
import { afterAll, describe, expect, it, vi } from "vitest";
import { type PdfDoc, pdfWorkerRunning, renderPdf, stopPdfWorker, WORKER_FROM_PAGES } from "~/lib/pdf.server";
import { dayDefinition, type PaperContext } from "~/services/race-pdf.server";
import { EN } from "~/messages";
import type { StartList } from "~/models/race-paper.server";
import { pdfPages, pdfText } from "../pdf-text";

const ctx: PaperContext = { regatta: "WORKER REGATTA 2031", labels: EN.LABELS, locale: "en", printedAt: 0 };

/** A day of `count` races, ten lanes of ten paddlers each. */
function bigDay(count: number): PdfDoc {
  const lists: StartList[] = Array.from({ length: count }, (_, i) => ({
    round: {
      id: i + 1,
      name: `Heat ${i + 1}`,
      eventName: "200M OPEN",
      raceNumber: i + 1,
      scheduledAt: Date.UTC(2031, 2, 14, 1, i),
      startedAt: null,
      resultState: "NONE",
      revision: 0,
      resultsAt: null,
      protestUntil: null,
    },
    lanes: Array.from({ length: 10 }, (_, l) => ({
      lane: String(l + 1),
      team: `TEAM ${i}-${l}`,
      club: `CLUB ${l}`,
      crew: Array.from({ length: 10 }, (_, p) => `PADDLER ${i}-${l}-${p}`),
    })),
  }));
  return dayDefinition(lists, "14/03/2031", ctx);
}

const small: PdfDoc = { content: ["Still here: 12:45."] };

/** How many times a 1 ms interval ran while `work` was pending (a blocked thread runs it at most
 * once or twice: the turns before and after the block). */
async function ticksDuring<T>(work: Promise<T>): Promise<{ ticks: number; result: T }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    const result = await work;
    return { ticks, result };
  } finally {
    clearInterval(timer);
  }
}

/** A big document: laid out in the worker. */
const BIG = { pages: WORKER_FROM_PAGES };

afterAll(() => stopPdfWorker());

describe("the PDF worker", () => {
  it("lays a small document out on this thread, without starting the worker", async () => {
    await stopPdfWorker();
    expect(pdfText(await renderPdf(small))).toBe("Still here: 12:45.");
    expect(pdfText(await renderPdf(small, { pages: WORKER_FROM_PAGES - 1 }))).toBe("Still here: 12:45.");
    expect(pdfWorkerRunning()).toBe(false);
  });

  it("keeps this thread's event loop turning while a day's 100 start lists are laid out", async () => {
    await renderPdf(small, BIG); // the worker started and warm: only the layout is measured
    const { ticks, result } = await ticksDuring(renderPdf(bigDay(100), { pages: 100 }));
    const pages = pdfPages(result);
    expect(pages).toHaveLength(100);
    expect(pages[99]).toContain("Page 100 of 100");
    expect(pages[99]).toContain("PADDLER 99-9-9");
    expect(ticks).toBeGreaterThan(20);
  });

  it("a worker that dies fails the documents it held; the next is made by a new worker", async () => {
    await renderPdf(small, BIG);
    const doomed = renderPdf(bigDay(60), { pages: 60 });
    const behind = renderPdf(small, BIG);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the worker is laying out the first
    await stopPdfWorker();
    await expect(doomed).rejects.toThrow(/worker stopped/);
    await expect(behind).rejects.toThrow(/worker stopped/);
    expect(pdfText(await renderPdf(small, BIG))).toBe("Still here: 12:45.");
  });

  it("stops when idle, and the next big document starts it again", async () => {
    await stopPdfWorker();
    const first = renderPdf(small, { ...BIG, idleMs: 30 });
    const second = renderPdf(small, { ...BIG, idleMs: 30 });
    expect(pdfText(await first)).toBe("Still here: 12:45.");
    expect(pdfWorkerRunning()).toBe(true); // the second is still held: not idle yet
    expect(pdfText(await second)).toBe("Still here: 12:45.");
    await vi.waitFor(() => expect(pdfWorkerRunning()).toBe(false), { timeout: 5_000, interval: 10 });
    const again = renderPdf(bigDay(20), { pages: 20, idleMs: 30 });
    expect(pdfWorkerRunning()).toBe(true);
    expect(pdfPages(await again)).toHaveLength(20);
  });

  it("a document over its time fails cleanly; the next one is made", async () => {
    await expect(renderPdf(bigDay(60), { pages: 60, timeoutMs: 5 })).rejects.toThrow(
      /no document after 5 ms/,
    );
    expect(pdfText(await renderPdf(small, BIG))).toBe("Still here: 12:45.");
  });

  it("a definition with a function in it fails at once, on either thread, and the worker carries on", async () => {
    const withFunction = { content: ["x"], footer: () => ({ text: "y" }) } as unknown as PdfDoc;
    await expect(renderPdf(withFunction)).rejects.toThrow(/could not be cloned/);
    await expect(renderPdf(withFunction, BIG)).rejects.toThrow(/could not be cloned/);
    expect(pdfText(await renderPdf(small, BIG))).toBe("Still here: 12:45.");
  });

  it("a layout that fails answers with its error, on either thread, and the worker carries on", async () => {
    const broken = { content: [{ table: { body: "not rows" } }] } as unknown as PdfDoc;
    await expect(renderPdf(broken)).rejects.toThrow();
    await expect(renderPdf(broken, BIG)).rejects.toThrow();
    expect(pdfText(await renderPdf(small, BIG))).toBe("Still here: 12:45.");
    expect(pdfText(await renderPdf(small))).toBe("Still here: 12:45.");
  });
});
