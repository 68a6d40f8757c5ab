// The worker-thread race harness of the concurrency proofs (entries-race.test.ts, issue 9;
// training-race.test.ts, issue 11). Both halves live here:
//
// - The test's half: startRace bundles a worker file with esbuild (a worker thread cannot load
//   TypeScript or the `~` alias by itself) next to the test's database file, starts `count` worker
//   threads and waits until each has opened the database; run(jobs) hands each worker its job, waits
//   until every worker stands at a shared barrier (Atomics on a SharedArrayBuffer), releases them all
//   at the same moment and returns each worker's outcome in worker order.
// - The worker's half: serveRaces(handle) answers the jobs (a thrown error comes back as
//   { error, code }: an SQLITE_BUSY must not go unnoticed); stallTransactions(method) wraps the
//   app's connection so that the app's own transaction can be stalled just before its first
//   `method` call (between its check and its write), to show a wide window changes nothing while
//   the write lock is held; sleep blocks the thread (the unsafe variants' gap between check and
//   write).
//
// Each test keeps its deliberately non-transactional variant in its worker file: the harness only
// races, it decides nothing, so those variants still oversell and the tests can still fail.
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { parentPort, Worker, workerData } from "node:worker_threads";
import { type DB, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";

export type RaceError = { error: string; code?: string };
type Envelope<J> = { round: number; job: J };
type Answer<R> = { loaded: true } | { round: number; outcome: R | RaceError };
/** [0]: how many workers are waiting at the barrier; [1]: the last round released. */
type Flags = Int32Array;

// ---- The test's half ---------------------------------------------------------------------------

/** The next message a worker posts (or its crash). */
export function next<M>(worker: Worker): Promise<M> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: M) => {
      worker.off("error", onError);
      resolve(m);
    };
    const onError = (e: Error) => {
      worker.off("message", onMessage);
      reject(e);
    };
    worker.once("message", onMessage);
    worker.once("error", onError);
  });
}

export type Race<J, R> = {
  /** One job per worker, all released together; each worker's outcome, in worker order. */
  run(jobs: J[]): Promise<(R | RaceError)[]>;
  close(): Promise<void>;
};

/** Bundles tests/unit/<name>.ts and starts `count` workers of it, each on its own connection. */
export async function startRace<J, R>(name: string, count: number): Promise<Race<J, R>> {
  const { build } = await import("esbuild");
  const outfile = path.join(path.dirname(env().DATABASE_PATH), `${name}.mjs`);
  await build({
    entryPoints: [path.resolve(`tests/unit/${name}.ts`)],
    outfile,
    bundle: true,
    minify: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.resolve("tsconfig.json"),
    // esbuild itself stays out of the bundle: only the test's half (never run in a worker) loads it.
    external: ["better-sqlite3", "esbuild"],
    logLevel: "error",
  });
  const barrier = new SharedArrayBuffer(8);
  const flags: Flags = new Int32Array(barrier);
  const workers = Array.from(
    { length: count },
    () => new Worker(outfile, { workerData: { barrier }, env: { ...process.env } }),
  );
  const loaded = await Promise.all(workers.map((w) => next<Answer<R>>(w)));
  if (!loaded.every((m) => "loaded" in m)) throw new Error("a worker did not start");
  let round = 0;
  return {
    async run(jobs) {
      if (jobs.length !== count) throw new Error(`${jobs.length} jobs for ${count} workers`);
      round++;
      Atomics.store(flags, 0, 0);
      const answers = Promise.all(workers.map((w) => next<Answer<R>>(w)));
      workers.forEach((w, i) => {
        w.postMessage({ round, job: jobs[i] } satisfies Envelope<J>);
      });
      const deadline = Date.now() + 10_000;
      while (Atomics.load(flags, 0) < count) {
        if (Date.now() > deadline) throw new Error("the workers never all reached the barrier");
        await pause(1);
      }
      Atomics.store(flags, 1, round); // go
      Atomics.notify(flags, 1);
      return (await answers).map((m) => {
        if (!("outcome" in m) || m.round !== round) throw new Error("out of step");
        return m.outcome;
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

// ---- The worker's half -------------------------------------------------------------------------

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms` (0: not at all). */
export function sleep(ms: number): void {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
}

/** Answers the test's jobs: each waits at the barrier, then runs at once. */
export function serveRaces<J, R>(handle: (job: J) => R): void {
  const port = parentPort;
  if (!port) throw new Error("serveRaces runs in a worker thread");
  const flags: Flags = new Int32Array((workerData as { barrier: SharedArrayBuffer }).barrier);
  port.on("message", ({ round, job }: Envelope<J>) => {
    Atomics.add(flags, 0, 1);
    for (;;) {
      const released = Atomics.load(flags, 1);
      if (released >= round) break;
      Atomics.wait(flags, 1, released);
    }
    let outcome: R | RaceError;
    try {
      outcome = handle(job);
    } catch (error) {
      const e = error as { message?: string; code?: string };
      outcome = { error: String(e.message ?? error), code: e.code };
    }
    port.postMessage({ round, outcome } satisfies Answer<R>);
  });
  port.postMessage({ loaded: true } satisfies Answer<R>);
}

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** Wraps the app's connection (db()) so that each transaction sleeps once, just before its first
 * `method` call, for the delay last set with the returned function (0: no stall). */
export function stallTransactions(method: "insert" | "update"): (ms: number) => void {
  let delay = 0;
  const stalled = (tx: Tx): Tx => {
    if (delay === 0) return tx;
    let slept = false;
    return new Proxy(tx, {
      get(target, prop) {
        if (prop === method && !slept) {
          slept = true;
          sleep(delay);
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
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
  return (ms) => {
    delay = ms;
  };
}
