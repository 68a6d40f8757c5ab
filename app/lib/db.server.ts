// One SQLite connection per process (a singleton that survives dev reloads). Migrations are applied
// on first use, except on a LiteFS replica: its database is replicated from the primary, which
// migrates it, and the replica opens it read-only, so a write there (a loader that writes, a job)
// fails loudly instead of being refused later by LiteFS. A replica promoted to primary (the Consul
// lease moved) reopens it read-write on its next query. See docs/decisions/0019-replicas.md.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { env } from "./env.server";
import { isPrimary } from "./litefs.server";

export type DB = ReturnType<typeof openDb>;

export function openDb(file: string, migrationsDir: string, { migrateNow = true, readonly = false } = {}) {
  if (!readonly) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { readonly, fileMustExist: readonly });
  // A read-only connection cannot change the journal mode; the primary has set WAL in the file.
  if (!readonly) sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  if (!readonly) {
    // A transaction takes the write lock when it begins (BEGIN IMMEDIATE), not at its first write:
    // a deferred one that read first is refused at once ("database is locked", no busy wait) when
    // another connection wrote in between (a script, the e2e suite's test data). One process's
    // transactions run one after another anyway (a synchronous driver), so this costs nothing
    // here; a read-only replica connection keeps SQLite's deferred default.
    const deferred = db.transaction.bind(db);
    db.transaction = ((run, config) =>
      deferred(run, { behavior: "immediate", ...config })) as typeof db.transaction;
  }
  if (migrateNow && !readonly) migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

const globalForDb = globalThis as unknown as { __regattaDb?: DB };

export function db(): DB {
  const open = globalForDb.__regattaDb;
  const primary = isPrimary();
  if (open && !(open.$client.readonly && primary)) return open;
  // First use, or a replica's read-only connection on a node that is now the primary. That one is
  // left open, not closed: a request in flight may still hold it (promotions are rare).
  const e = env();
  const opened = openDb(e.DATABASE_PATH, e.MIGRATIONS_DIR, { migrateNow: primary, readonly: !primary });
  globalForDb.__regattaDb = opened;
  return opened;
}

export { schema };
