// One reviewer of training-race.test.ts: a worker thread with its own better-sqlite3 connection
// (WAL, busy_timeout, as the app opens it) on the test's database file. The test bundles this file
// with esbuild (a worker thread cannot load TypeScript or the `~` alias by itself) and starts many
// of them. For each job the worker says it is ready, waits at a shared barrier (Atomics on a
// SharedArrayBuffer) until the test releases the round, then approves its own pending reservation
// at once and posts the outcome.
//
// Two ways to approve:
// - "safe": the app's decideReservation (the max-boats check and the status update in one
//   immediate transaction). `delayMs` stalls it between the check and the update, inside the
//   transaction, to show that a wide window changes nothing while the write lock is held.
// - "unsafe": the deliberately broken variant the test must catch: the same reads (findReservation,
//   findSession), the same rule (decisionRefusal) and the same update, but as separate statements
//   with no transaction around them, `delayMs` apart (an await, a slow request).
import { parentPort, workerData } from "node:worker_threads";
import { and, eq, sql } from "drizzle-orm";
import { type DB, db, schema } from "~/lib/db.server";
import type { Actor } from "~/models/audit.server";
import { decideReservation, findReservation, findSession } from "~/models/training.server";
import { decisionRefusal } from "~/rules/training";

export type RaceJob = {
  round: number;
  mode: "safe" | "unsafe";
  delayMs: number;
  actor: Actor;
  reservationId: number;
};

export type RaceOutcome = { ok: true } | { refused: string } | { error: string; code?: string };

export type RaceMessage = { loaded: true } | { round: number; reservationId: number; outcome: RaceOutcome };

const port = parentPort;
if (!port) throw new Error("training-race.worker runs as a worker thread");

/** [0]: how many workers are waiting at the barrier; [1]: the last round released. */
const flags = new Int32Array((workerData as { barrier: SharedArrayBuffer }).barrier);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
};

// The app's own connection, wrapped so that a safe decision can be stalled between its check and
// its update (inside its transaction).
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
let delayInTx = 0;
function stalled(tx: Tx): Tx {
  if (delayInTx === 0) return tx;
  let slept = false;
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "update" && !slept) {
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
real.get(sql`SELECT COUNT(*) FROM training_sessions`); // warm: the file is open before the race

function approve(job: RaceJob): RaceOutcome {
  if (job.mode === "safe") {
    delayInTx = job.delayMs;
    const d = decideReservation(job.actor, job.reservationId, { action: "APPROVE", rejectReason: null });
    return d.ok ? { ok: true } : { refused: d.error === "refused" ? d.message : d.error };
  }
  delayInTx = 0;
  const row = findReservation(job.reservationId); // the check...
  const session = row && findSession(row.sessionId);
  if (!row || !session) return { refused: "notFound" };
  const refusal = decisionRefusal(row, { maxBoat: session.maxBoat, approved: session.reserved }, "APPROVE");
  if (refusal) return { refused: refusal };
  sleep(job.delayMs);
  const r = schema.trainingReservations;
  db() // ...and, later, the update
    .update(r)
    .set({ status: "APPROVED", updatedAt: new Date() })
    .where(and(eq(r.id, job.reservationId), eq(r.status, "PENDING")))
    .run();
  return { ok: true };
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
    outcome = approve(job);
  } catch (error) {
    const e = error as { message?: string; code?: string };
    outcome = { error: String(e.message ?? error), code: e.code };
  }
  port.postMessage({ round: job.round, reservationId: job.reservationId, outcome } satisfies RaceMessage);
});
port.postMessage({ loaded: true } satisfies RaceMessage);
