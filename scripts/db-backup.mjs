// `npm run db:backup -- FILE [--force]`: a consistent copy of the live database while the app keeps
// serving (SQLite's online backup API through better-sqlite3's db.backup). The copy is written
// beside FILE under a temporary name, checked with PRAGMA integrity_check, turned into a single
// self-contained file (journal_mode=DELETE: no -wal beside it) and only then renamed to FILE, so
// FILE is either the previous file or a whole, checked backup. An existing FILE is kept unless
// --force. The source is DATABASE_PATH (default ./data/regatta.db, as `npm run demo`), opened read
// only: on Fly it may be any machine, the primary or a replica (docs/operations.md).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * @param {string} source  the live database
 * @param {string} target  where the backup goes
 * @param {{ force?: boolean }} [options]
 * @returns {Promise<{ pages: number, bytes: number, ms: number }>}
 */
export async function backupDatabase(source, target, { force = false } = {}) {
  const started = performance.now();
  if (!fs.existsSync(source)) throw new Error(`No database at ${source} (set DATABASE_PATH).`);
  if (path.resolve(source) === path.resolve(target))
    throw new Error("The backup cannot be the database itself.");
  if (fs.existsSync(target) && !force) throw new Error(`${target} exists; pass --force to overwrite it.`);
  const dir = path.dirname(path.resolve(target));
  if (!fs.existsSync(dir)) throw new Error(`The folder ${dir} does not exist.`);

  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.tmp`);
  removeDatabaseFiles(temp);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // The first step only counts the pages; then everything is copied in one step, inside one read
    // transaction: a snapshot, never blocking the app's writers (WAL). A write by the app between
    // the two steps makes SQLite start the copy again, again in one step.
    const progress = await db.backup(temp, { progress: () => 0x7fffffff });
    const copy = new Database(temp);
    try {
      copy.pragma("journal_mode = DELETE");
      const check = copy.pragma("integrity_check", { simple: false });
      const ok = check.length === 1 && Object.values(check[0])[0] === "ok";
      if (!ok) throw new Error(`The copy failed integrity_check: ${JSON.stringify(check).slice(0, 500)}`);
    } finally {
      copy.close();
    }
    fsyncFile(temp);
    fs.renameSync(temp, target);
    fsyncFile(dir);
    return { pages: progress.totalPages, bytes: fs.statSync(target).size, ms: performance.now() - started };
  } catch (error) {
    removeDatabaseFiles(temp);
    throw error;
  } finally {
    db.close();
  }
}

/** @param {string} file */
export function removeDatabaseFiles(file) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

/** @param {string} file  a file or a folder */
export function fsyncFile(file) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } catch {
    // some file systems refuse fsync on a folder; the rename is still atomic
  } finally {
    fs.closeSync(fd);
  }
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0].startsWith("-")) {
    console.error(
      "Usage: npm run db:backup -- FILE [--force]   (source: DATABASE_PATH, default ./data/regatta.db)",
    );
    process.exit(2);
  }
  const source = path.resolve(process.env.DATABASE_PATH || "./data/regatta.db");
  try {
    const { pages, bytes, ms } = await backupDatabase(source, files[0], { force });
    console.log(
      `Backed up ${source} to ${path.resolve(files[0])}: ${pages} pages, ${(bytes / 1048576).toFixed(1)} MB, integrity_check ok, ${Math.round(ms)} ms`,
    );
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
