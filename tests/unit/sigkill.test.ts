// Issue 12 item 5: a writer process killed with SIGKILL in the middle of a burst of order and
// scan-log writes loses nothing it had acknowledged, and leaves a sound database.
//
// Why this holds: the app opens SQLite in WAL mode with synchronous=NORMAL (lib/db.server.ts).
// A commit appends the transaction's pages and a commit frame to the -wal file with write(2)
// before it returns; NORMAL only skips the fsync at commit. A killed process cannot take back what
// the kernel already has in its page cache, so the next connection replays the WAL up to the last
// commit frame: every acknowledged transaction survives a process crash. (An OS crash or power
// cut may lose the last transactions under NORMAL, never the database's consistency; that is the
// trade WAL + NORMAL makes, and not what this test can show.)
//
// The writer (sigkill.writer.ts, bundled with esbuild, run by node as a child process) uses the
// app's own db(), createOrder and saveScanLogs, and prints each id only after its commit returned.
// The test kills it at a random moment of the burst, three times, each on a new database, then
// opens the file: `PRAGMA integrity_check` is ok and every acknowledged order (with its 3 lines)
// and scan log is there.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";

const dir = path.join(path.dirname(process.env.DATABASE_PATH ?? "tests/.tmp/unit/x/test.db"), "sigkill");
const bundle = path.join(dir, "sigkill.writer.mjs");

beforeAll(async () => {
  fs.mkdirSync(dir, { recursive: true });
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.resolve("tests/unit/sigkill.writer.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.resolve("tsconfig.json"),
    external: ["better-sqlite3"],
    logLevel: "error",
  });
});

type Run = { orders: number[]; scans: number[]; done: boolean; signal: NodeJS.Signals | null };

/** Starts the writer on `file`, kills it `afterMs` after its `afterOrders`th acknowledged order
 * (counting acks, not time, keeps the kill inside the burst on a slow machine too), and returns
 * what it acknowledged. */
function killMidBurst(file: string, afterOrders: number, afterMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], {
      env: { ...process.env, DATABASE_PATH: file, MIGRATIONS_DIR: path.resolve("db/migrations") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const run: Run = { orders: [], scans: [], done: false, signal: null };
    let pending = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const [kind, id] = line.split(" ");
        if (kind === "order") {
          run.orders.push(Number(id));
          if (run.orders.length === afterOrders) setTimeout(() => child.kill("SIGKILL"), afterMs);
        } else if (kind === "scan") run.scans.push(Number(id));
        else if (kind === "done") run.done = true;
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      run.signal = signal;
      if (signal !== "SIGKILL") reject(new Error(`the writer ended by itself (${code}): ${stderr}`));
      else resolve(run);
    });
  });
}

describe("SIGKILL during a burst of writes", () => {
  it("three times: the database is sound and every acknowledged write is there", {
    timeout: 30_000,
  }, async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const file = path.join(dir, `kill-${attempt}.db`);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
      const run = await killMidBurst(file, 20 + Math.floor(Math.random() * 40), Math.random() * 40);
      // Killed in the middle of the burst: it had written, and had more to write.
      expect(run.done).toBe(false);
      expect(run.orders.length).toBeGreaterThanOrEqual(20);

      // The -wal file is left behind, as after a crash; a new connection recovers from it.
      const check = new Database(file, { readonly: true });
      try {
        expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(check.pragma("foreign_key_check")).toEqual([]);
        const orders = new Set(check.prepare("SELECT id FROM orders").pluck().all() as number[]);
        const missingOrders = run.orders.filter((id) => !orders.has(id));
        expect(missingOrders, `attempt ${attempt}: acknowledged orders lost`).toEqual([]);
        const lines = check
          .prepare(`SELECT order_id, count(*) AS n FROM order_lines GROUP BY order_id`)
          .all() as { order_id: number; n: number }[];
        const lineCount = new Map(lines.map((l) => [l.order_id, l.n]));
        // A transaction is all or nothing: every order there (acknowledged or not) has its 3 lines.
        for (const id of orders) expect(lineCount.get(id), `order ${id}'s lines`).toBe(3);
        const scanned = new Set(check.prepare("SELECT user_id FROM scan_logs").pluck().all() as number[]);
        const missingScans = run.scans.filter((id) => !scanned.has(id));
        expect(missingScans, `attempt ${attempt}: acknowledged scans lost`).toEqual([]);
      } finally {
        check.close();
      }
    }
  });
});
