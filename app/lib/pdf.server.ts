// The PDF engine (pdfmake on the server): the one place every PDF of the app is laid out (the
// invoice and receipt in services/order-documents.server.ts, crew tags and race paper too): `renderPdf` lays a small document out on this thread
// and hands a big one to a worker process (server/pdf-worker.mjs) so that it does not hold up every
// other request of the process (docs/decisions/0034-pdf-worker.md); both use server/pdf-layout.mjs,
// which reads the Roboto files that ship with pdfmake and parses them once, and lets pdfmake fetch
// no URL and read no file outside that font folder (docs/decisions/0013-orders-pdfs-jobs.md). A document speaks the locale
// it is made in: the requester's for a download, the owner's (users.locale) for the emailed receipt.
// Every PDF a person downloads while they wait (crew tags, invoices, receipts) waits in one queue
// per process, `pdfDownloads` (below): one made at a time, eight more waiting, one per user.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ChildProcess, fork } from "node:child_process";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { createLimiter, type Limiter } from "~/lib/limiter.server";

/** Content repeated on every page, "{page}" and "{pages}" in its texts filled in by the layout
 * (server/pdf-layout.mjs). */
export type PerPage = { $perPage: Content };

/**
 * A document definition as the layout takes it: plain data (it is structured-cloned, to the worker
 * thread if it is big, so a function anywhere in it fails the request). What pdfmake wants as a
 * function is named instead: a footer or header as `{ $perPage: content }`, a table layout by name
 * (pdfmake's own, or "ruled", server/pdf-layout.mjs).
 */
export type PdfDoc = Omit<TDocumentDefinitions, "footer" | "header"> & {
  footer?: Content | PerPage;
  header?: Content | PerPage;
};

/** `pdfPage(n, max)`-style words as a per-page text: "Page {page} of {pages}". */
export function pageNumbersText(words: (n: number, max: number) => string): string {
  const text = words(-1001, -1002);
  if (!text.includes("-1001") || !text.includes("-1002")) throw new Error(`no page numbers in "${text}"`);
  return text.replace("-1001", "{page}").replace("-1002", "{pages}");
}

/** Pages from which a document is laid out in the worker process; a smaller one (an invoice, a
 * receipt, one start list or result sheet, a few crew tag pages: tens of ms) is laid out on this
 * thread, where starting and copying to a worker would cost more than it saves and a second heap
 * would stay warm for nothing. Callers pass the pages they expect (`pages`, default 1): a day's
 * start lists one a round, crew tags one per CARDS_PER_PAGE cards. 20 pages take about 60-100 ms
 * on a loaded machine. */
export const WORKER_FROM_PAGES = 20;

/** The worker exits this long after its last document, so that its memory (about 40 MB of RSS after
 * a day's start lists) is given back at once, before the next burst of other requests finds it still
 * there (with 10 s the bench's load right after its day PDFs peaked at 204.7 MB, over the 200 MB
 * budget); the next big document starts a new one (about 300 ms more, on a document of a few
 * seconds). Long enough for documents asked for back to back (a manager's crew tag parts). A
 * process, not a thread (issue 30): a thread's memory stayed partly in the server's RSS after it
 * stopped (~8 MB a time); a process that exits gives all of it back. */
const IDLE_MS = 1_000;

/** Longest a document may take in the worker (queued there included) before the request fails; the
 * worker is then stopped (it cannot be interrupted otherwise) and the next document starts a new
 * one. A day's start lists of 244 pages take about 7 s on a loaded machine. */
const TIMEOUT_MS = 60_000;

/** The worker's heap. A document too big for it stops the worker (that request fails, the next
 * starts a new worker) where it used to stop the whole server (production runs with
 * --max-old-space-size=128). A day's start lists of 181 races take about 30 MB. */
const HEAP_MB = 96;

/** The worker's young generation per semi-space (V8's default is 16 MB, three of them reserved):
 * a document's short-lived objects are collected sooner, for a lower peak (issue 30). */
const SEMI_SPACE_MB = 2;

/** server/<name> of the app: found from the working directory (vitest, remix-serve, scripts) or
 * beside the script that was started (`node /app/server.mjs`), not from this module's place in the
 * server bundle. */
function serverFile(name: string): string {
  const tried = [process.cwd(), process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : ""]
    .filter(Boolean)
    .map((dir) => path.join(dir, "server", name));
  const found = tried.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`pdf: no ${name} at ${tried.join(" or ")}`);
  return found;
}

type Layout = { layoutPdf(doc: PdfDoc): Promise<Buffer> };
let layout: Promise<Layout> | null = null;

/** server/pdf-layout.mjs on this thread, loaded on first use (pdfmake and the parsed fonts with it). */
function localLayout(): Promise<Layout> {
  if (!layout) {
    layout = import(/* @vite-ignore */ pathToFileURL(serverFile("pdf-layout.mjs")).href) as Promise<Layout>;
    layout.catch(() => {
      layout = null;
    });
  }
  return layout;
}

type Pending = {
  worker: ChildProcess;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
};
type Answer = { id: number; bytes?: Uint8Array; error?: { message: string; stack?: string } };

let worker: ChildProcess | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function settle(id: number): Pending | undefined {
  const job = pending.get(id);
  if (!job) return undefined;
  pending.delete(id);
  clearTimeout(job.timer);
  return job;
}

/** Stops the worker `idleMs` after its last document, unless another comes first. */
function stopWhenIdle(w: ChildProcess, idleMs: number): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (worker !== w || [...pending.values()].some((job) => job.worker === w)) return;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (worker === w) void stopPdfWorker();
  }, idleMs);
  idleTimer.unref();
}

/** The worker, started now if there is none (the first time, after it died, or after it stopped
 * when idle). */
function pdfWorker(idleMs: number): ChildProcess {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (worker) return worker;
  // Its own node flags (not this process's: a --cpu-prof or a test runner's loader has no business
  // there); structured clone on the channel, as a thread's postMessage had.
  const w = fork(serverFile("pdf-worker.mjs"), [], {
    execArgv: [`--max-old-space-size=${HEAP_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // An idle worker keeps no process alive (a script, a test run); a document being made does,
  // through its timer.
  w.unref();
  w.channel?.unref();
  w.on("message", (answer: Answer) => {
    const job = settle(answer.id);
    if (!job) return;
    if (answer.bytes)
      job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else
      job.reject(
        Object.assign(new Error(answer.error?.message ?? "pdf failed"), { stack: answer.error?.stack }),
      );
    stopWhenIdle(w, idleMs);
  });
  // Not started, or its channel broke: whatever it held fails, the next big document forks anew.
  w.on("error", (error) => {
    console.error("pdf: the worker failed", error);
    if (worker === w) worker = null;
    for (const [id, job] of [...pending]) if (job.worker === w) settle(id)?.reject(error);
    void endWorker(w);
  });
  w.on("exit", (code, signal) => {
    if (worker === w) worker = null;
    // Whatever it was still making fails; the next big document starts a new worker.
    for (const [id, job] of [...pending]) {
      if (job.worker === w)
        settle(id)?.reject(new Error(`pdf: the worker stopped (exit code ${code ?? signal})`));
    }
  });
  worker = w;
  return w;
}

/** Whether the worker process is running (tests). */
export function pdfWorkerRunning(): boolean {
  return worker !== null;
}

/** Stops the worker (a document being made fails); the next big document starts a new one. */
export async function stopPdfWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (w) await endWorker(w);
}

/** Kills a worker process and waits until it has exited. */
function endWorker(w: ChildProcess): Promise<void> {
  if (w.exitCode !== null || w.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    w.once("exit", () => resolve());
    w.kill("SIGKILL");
  });
}

function inWorker(doc: PdfDoc, timeoutMs: number, idleMs: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const w = pdfWorker(idleMs);
    const id = nextId++;
    const timer = setTimeout(() => {
      settle(id)?.reject(new Error(`pdf: no document after ${timeoutMs} ms`));
      if (worker === w) worker = null;
      void endWorker(w);
    }, timeoutMs);
    pending.set(id, { worker: w, resolve, reject, timer });
    try {
      // Serialised here, at once: a definition that is not plain data throws (DataCloneError).
      w.send({ id, doc }, (error) => {
        if (error) settle(id)?.reject(error);
      });
    } catch (error) {
      // Not plain data (a function in the definition): this document fails, the worker carries on.
      settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      stopWhenIdle(w, idleMs);
    }
  });
}

async function onThisThread(doc: PdfDoc): Promise<Buffer> {
  // The copy the worker would get: a definition that is not plain data fails here too, whatever
  // its size, and pdfmake may change its copy.
  const plain = structuredClone(doc);
  const bytes = await (await localLayout()).layoutPdf(plain);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Any document's bytes, laid out with the app's fonts and access policies: on this thread when it
 * has fewer than WORKER_FROM_PAGES `pages`, else in the worker, where it fails (and the worker is
 * restarted for the next) when it takes longer than `timeoutMs`. The worker stops `idleMs` after its
 * last document.
 */
export function renderPdf(
  doc: PdfDoc,
  {
    pages = 1,
    timeoutMs = TIMEOUT_MS,
    idleMs = IDLE_MS,
  }: { pages?: number; timeoutMs?: number; idleMs?: number } = {},
): Promise<Buffer> {
  return pages >= WORKER_FROM_PAGES ? inWorker(doc, timeoutMs, idleMs) : onThisThread(doc);
}

/**
 * The one queue of the PDFs people download and wait for: crew tags (services/crew-tags.server.ts),
 * invoices and receipts (orderDocResponse). One is made at a time per process and eight more may
 * wait, at most one per user (running or waiting); a user asking again meanwhile, or anyone while
 * eight wait, is refused at once with 429 and Retry-After (limiter.server busyResponse). So a burst
 * of downloads (50 parallel clicks on a large club's invoice) costs one document at a time on this
 * thread, and one user looping cannot turn everyone else away. Each job starts on a timer turn
 * (`setTimeout` 0): an invoice's layout and the queue's hand-over run in promise callbacks only,
 * so without it the waiting documents ran back to back and the event loop (timers, other requests'
 * I/O) stood still until the last was done (nine invoices of 300 lines: about 3 s, no turn).
 * Race paper keeps its own queue (race-pdf.server.ts racePaperJobs: race control's desk must not
 * wait behind managers' downloads); the emailed receipt is made by the mail job, not queued.
 * See docs/decisions/0017-crew-tags.md and 0034-pdf-worker.md.
 */
const downloads = createLimiter({ concurrency: 1, queue: 8, perKey: 1 });
const aTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
export const pdfDownloads: Limiter = {
  run: (job, key) =>
    downloads.run(async () => {
      await aTurn();
      return job();
    }, key),
  get active() {
    return downloads.active;
  },
  get waiting() {
    return downloads.waiting;
  },
};
/** The key a signed-in requester's downloads count against in `pdfDownloads`. */
export const pdfDownloadKey = (userId: number) => `user:${userId}`;

export type OrderDocKind = "invoice" | "receipt";

export type OrderDoc = {
  regattaName: string;
  id: number;
  createdAt: Date;
  /** When it was last changed (for a receipt: when it was paid). */
  updatedAt: Date;
  status: string;
  transactionId: string | null;
  owner: { name: string; email: string };
  team: string | null;
  /** `kind` TICKET: named in the document's language (the stored name is English). */
  lines: { kind?: string; label: string; price: number; count: number }[];
  total: number;
};
