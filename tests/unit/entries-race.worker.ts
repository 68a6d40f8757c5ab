// One buyer of entries-race.test.ts: a worker thread with its own better-sqlite3 connection (WAL,
// busy_timeout, as the app opens it) on the test's database file. The test bundles this file with
// esbuild (a worker thread cannot load TypeScript or the `~` alias by itself) and starts 50 of
// them. For each job the worker says it is ready, waits at a shared barrier (Atomics on a
// SharedArrayBuffer) until the test releases the round, then buys at once and posts the outcome.
//
// Two ways to buy:
// - "safe": the app's checkoutEntries (the cap check and the order insert in one immediate
//   transaction). `delayMs` stalls it between the check and the insert, inside the transaction, to
//   show that a wide window changes nothing while the write lock is held.
// - "unsafe": the deliberately broken variant the test must catch: the same check (entriesDraft)
//   and the same insert (createOrder), but as separate statements with no transaction around both,
//   `delayMs` apart (the time a real server may spend between them: an await, a slow request).
import { parentPort, workerData } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { type DB, db } from "~/lib/db.server";
import { checkoutEntries, entriesDraft } from "~/models/entries.server";
import { createOrder } from "~/models/order.server";

export type RaceJob = {
  round: number;
  mode: "safe" | "unsafe";
  delayMs: number;
  eventId: number;
  teams: number;
  buyerId: number;
  associationId: number;
};

export type RaceOutcome =
  | { ok: true; orderId: number }
  | { refused: string; left?: number; eventId?: number }
  | { error: string; code?: string };

export type RaceMessage = { loaded: true } | { round: number; buyerId: number; outcome: RaceOutcome };

const port = parentPort;
if (!port) throw new Error("entries-race.worker runs as a worker thread");

/** [0]: how many workers are waiting at the barrier; [1]: the last round released. */
const flags = new Int32Array((workerData as { barrier: SharedArrayBuffer }).barrier);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
};

// The app's own connection, wrapped so that a safe checkout can be stalled between its check and
// its first insert (inside its transaction).
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
let delayInTx = 0;
function stalled(tx: Tx): Tx {
  if (delayInTx === 0) return tx;
  let slept = false;
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "insert" && !slept) {
        slept = true;
        sleep(delayInTx);
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
const real = db();
(globalThis as { __regattaDb?: DB }).__regattaDb = new Proxy(real, {
  get(target, prop) {
    if (prop === "transaction")
      return (fn: (tx: Tx) => unknown, config?: Parameters<DB["transaction"]>[1]) =>
        target.transaction((tx) => fn(stalled(tx)), config);
    const value = Reflect.get(target, prop);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
real.get(sql`SELECT COUNT(*) FROM events`); // warm: the file is open and migrated before the race

function buy(job: RaceJob): RaceOutcome {
  const scope = { kind: "association" as const, associationId: job.associationId };
  const requests = [{ eventId: job.eventId, teams: job.teams }];
  if (job.mode === "safe") {
    delayInTx = job.delayMs;
    const result = checkoutEntries({ id: job.buyerId }, scope, requests);
    return "refused" in result ? result : { ok: true, orderId: result.order.id };
  }
  delayInTx = 0;
  const draft = entriesDraft(scope, requests); // the check...
  if ("refused" in draft) return draft;
  sleep(job.delayMs);
  return { ok: true, orderId: createOrder(job.buyerId, draft.lines).id }; // ...and, later, the insert
}

port.on("message", (job: RaceJob) => {
  Atomics.add(flags, 0, 1);
  for (;;) {
    const released = Atomics.load(flags, 1);
    if (released >= job.round) break;
    Atomics.wait(flags, 1, released);
  }
  let outcome: RaceOutcome;
  try {
    outcome = buy(job);
  } catch (error) {
    const e = error as { message?: string; code?: string };
    outcome = { error: String(e.message ?? error), code: e.code };
  }
  port.postMessage({ round: job.round, buyerId: job.buyerId, outcome } satisfies RaceMessage);
});
port.postMessage({ loaded: true } satisfies RaceMessage);
