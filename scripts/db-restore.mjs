// `npm run db:restore -- FILE`: puts a backup (from `npm run db:backup`) in place of the database at
// DATABASE_PATH (default ./data/regatta.db). Stop the app first: the restore refuses while any
// process has the database open. In order:
//   1. the backup must pass PRAGMA integrity_check and be a Regatta database (its migrations table);
//   2. the current database, if any, is switched out of WAL mode with no wait: SQLite allows that
//      only when no other connection has the file open (so a running app makes it refuse), and it
//      folds the -wal file into the database; that file is then kept as
//      <DATABASE_PATH>.before-restore-<time> (nothing is ever thrown away);
//   3. the backup is copied beside the database under a temporary name, synced, and renamed over it
//      (atomic), and any stale -wal / -shm / -journal files are removed.
// The app sets WAL mode again when it opens the restored file, and applies newer migrations.
// On Fly (LiteFS), do not use this: restore with `litefs import` on the primary (docs/operations.md).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { fsyncFile, removeDatabaseFiles } from "./db-backup.mjs";

/**
 * @param {string} backup  the backup file
 * @param {string} target  the database to replace (DATABASE_PATH)
 * @returns {{ migrations: number, replaced: string | null }}
 */
export function restoreDatabase(backup, target) {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}.`);
  if (path.resolve(backup) === path.resolve(target)) throw new Error("The backup is the database itself.");

  // 1. The backup is whole and is ours.
  let migrations = 0;
  const src = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const check = src.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`The backup failed integrity_check: ${String(check).slice(0, 500)}`);
    const table = src
      .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
      .get();
    if (!table) throw new Error("The backup has no migrations table: it is not a Regatta database.");
    migrations = /** @type {{ n: number }} */ (
      src.prepare("select count(*) as n from __drizzle_migrations").get()
    ).n;
  } finally {
    src.close();
  }

  // 2. Nobody has the database open; its WAL is folded in and the file set aside.
  const dir = path.dirname(path.resolve(target));
  fs.mkdirSync(dir, { recursive: true });
  let replaced = null;
  if (fs.existsSync(target)) {
    const current = new Database(target, { fileMustExist: true });
    try {
      current.pragma("busy_timeout = 0");
      current.pragma("journal_mode = DELETE");
    } catch (error) {
      const code = /** @type {{ code?: string }} */ (error).code;
      if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
        throw new Error(`${target} is in use: stop the app (and anything else using the database) first.`);
      }
      throw error;
    } finally {
      current.close();
    }
    replaced = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(target, replaced);
  }

  // 3. The copy goes in by rename; no stale journal of the old file may be applied to it.
  const temp = path.join(dir, `.${path.basename(target)}.restore-${process.pid}.tmp`);
  try {
    fs.copyFileSync(backup, temp);
    fsyncFile(temp);
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(temp, target);
    fsyncFile(dir);
  } catch (error) {
    removeDatabaseFiles(temp);
    if (replaced && !fs.existsSync(target)) fs.renameSync(replaced, target);
    throw error;
  }
  return { migrations, replaced };
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const files = process.argv.slice(2);
  if (files.length !== 1 || files[0].startsWith("-")) {
    console.error("Usage: npm run db:restore -- FILE   (target: DATABASE_PATH, default ./data/regatta.db)");
    process.exit(2);
  }
  if (process.env.LITEFS_DIR) {
    console.error("LITEFS_DIR is set: on LiteFS restore with `litefs import` (docs/operations.md).");
    process.exit(1);
  }
  const target = path.resolve(process.env.DATABASE_PATH || "./data/regatta.db");
  try {
    const { migrations, replaced } = restoreDatabase(files[0], target);
    console.log(
      `Restored ${path.resolve(files[0])} to ${target} (integrity_check ok, ${migrations} migrations).`,
    );
    if (replaced) console.log(`The database it replaced is kept as ${replaced}.`);
  } catch (error) {
    console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
