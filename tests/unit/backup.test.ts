// `npm run db:backup` while another process keeps writing, then `npm run db:restore` of that copy
// (scripts/db-backup.mjs, scripts/db-restore.mjs; docs/operations.md).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "~/lib/db.server";
import { restoreDatabase } from "../../scripts/db-restore.mjs";

const run = promisify(execFile);
const dir = path.resolve("tests/.tmp/unit", `backup-${process.pid}`);
const live = path.join(dir, "live.db");
const BATCH = 10; // the writer inserts this many rows per transaction

/** Rows the writer adds: audit lines of a fake actor, so counts are of these only. */
const count = (db: Database.Database) =>
  (db.prepare("select count(*) as n from audit_log where action = 'probe'").get() as { n: number }).n;

function startWriter(): Promise<ChildProcess> {
  const code = `
    import Database from "better-sqlite3";
    const db = new Database(process.argv[1]);
    db.pragma("busy_timeout = 5000");
    db.pragma("wal_autocheckpoint = 0");
    const insert = db.prepare("insert into audit_log (actor_name, action, target_type, details) values ('w', 'probe', 'x', ?)");
    const batch = db.transaction((n) => { for (let i = 0; i < ${BATCH}; i++) insert.run("y".repeat(200) + n); });
    let n = 0;
    const loop = () => { batch(n++); if (n === 5) process.stdout.write("ready\\n"); setImmediate(loop); };
    loop();`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code, live], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.once("exit", (c) => reject(new Error(`writer exited with ${c}`)));
  });
}

function script(name: string, args: string[], database: string) {
  return run(process.execPath, [`scripts/${name}.mjs`, ...args], {
    env: { ...process.env, DATABASE_PATH: database, LITEFS_DIR: "" },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

let app: Database.Database; // the app's own connection, open all along
let migrations = 0;

beforeAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  openDb(live, path.resolve("db/migrations")).$client.close();
  app = new Database(live);
  app.pragma("journal_mode = WAL");
  app
    .prepare("insert into associations (name, country, token) values ('Backup Club', 'MY', 'bk-token')")
    .run();
  // A few MB, so that the copy has pages to copy while the writer writes.
  const seed = app.prepare(
    "insert into audit_log (actor_name, action, target_type, details) values ('seed', 'seed', 'x', ?)",
  );
  app.transaction(() => {
    for (let i = 0; i < 20_000; i++) seed.run("z".repeat(200));
  })();
  // Nothing is checkpointed from now on: the writer's rows live in the WAL only, so a plain file copy
  // of the database (not the backup API) would miss them.
  app.pragma("wal_checkpoint(TRUNCATE)");
  app.pragma("wal_autocheckpoint = 0");
  migrations = (app.prepare("select count(*) as n from __drizzle_migrations").get() as { n: number }).n;
  expect(migrations).toBeGreaterThan(0);
});

afterAll(() => {
  app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("db:backup and db:restore", () => {
  it("copies a consistent snapshot while another process writes, and restores it", async () => {
    const backup = path.join(dir, "backup.db");
    const writer = await startWriter();
    let before: number;
    let after: number;
    try {
      before = count(app);
      const made = await script("db-backup", [backup], live);
      after = count(app);
      expect(made.out).toContain("integrity_check ok");
      expect(made.code).toBe(0);
      // An existing file is kept unless --force.
      const again = await script("db-backup", [backup], live);
      expect(again.code).toBe(1);
      expect(again.out).toContain("pass --force");
      expect((await script("db-backup", [backup, "--force"], live)).code).toBe(0);
    } finally {
      writer.kill("SIGKILL");
    }
    expect(after).toBeGreaterThan(before); // the writer did write during the backup

    // The first backup was overwritten by the --force one; take its count against the final one.
    const copy = new Database(backup, { readonly: true });
    const inCopy = count(copy);
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    copy.close();
    expect(fs.existsSync(`${backup}-wal`)).toBe(false);
    expect(inCopy).toBeGreaterThanOrEqual(before);
    expect(inCopy).toBeLessThanOrEqual(count(app));
    expect(inCopy % BATCH).toBe(0); // whole transactions only
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    // Restore into a fresh path (the CLI), then check the app's tables are there.
    const fresh = path.join(dir, "restored", "regatta.db");
    const restored = await script("db-restore", [backup], fresh);
    expect(restored.out).toContain(`${migrations} migrations`);
    expect(restored.code).toBe(0);
    const db = new Database(fresh, { readonly: true });
    expect((db.prepare("select count(*) as n from __drizzle_migrations").get() as { n: number }).n).toBe(
      migrations,
    );
    expect(db.prepare("select country from associations where name = 'Backup Club'").get()).toEqual({
      country: "MY",
    });
    expect(count(db)).toBe(inCopy);
    db.close();
  });

  it("restore refuses while the database is open, and keeps the database it replaces", async () => {
    const backup = path.join(dir, "backup2.db");
    expect((await script("db-backup", [backup], live)).code).toBe(0);
    const target = path.join(dir, "target.db");
    openDb(target, path.resolve("db/migrations")).$client.close();
    const running = new Database(target); // the app, still running
    running.pragma("journal_mode = WAL");
    running.prepare("insert into associations (name, country, token) values ('Old Club', 'SG', 'old')").run();
    expect(() => restoreDatabase(backup, target)).toThrow(/in use: stop the app/);
    expect(running.prepare("select count(*) as n from associations").get()).toEqual({ n: 1 });
    running.close();

    const { replaced } = restoreDatabase(backup, target);
    const db = new Database(target, { readonly: true });
    expect(db.prepare("select name from associations").all()).toEqual([{ name: "Backup Club" }]);
    db.close();
    expect(replaced).toMatch(/target\.db\.before-restore-/);
    const old = new Database(replaced as string, { readonly: true });
    expect(old.prepare("select name from associations").all()).toEqual([{ name: "Old Club" }]);
    old.close();
    for (const suffix of ["-wal", "-shm"]) expect(fs.existsSync(target + suffix)).toBe(false);

    // A damaged backup is refused before anything is touched.
    const bad = path.join(dir, "bad.db");
    fs.writeFileSync(bad, Buffer.alloc(8192, 7));
    expect(() => restoreDatabase(bad, target)).toThrow();
    expect(fs.existsSync(target)).toBe(true);
  });
});
