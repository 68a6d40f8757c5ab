// One SQLite connection per process (a singleton that survives dev reloads). Migrations are applied
// on first use, except on a LiteFS replica, whose database is read-only and is migrated by the
// primary.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { env } from "./env.server";
import { isPrimary } from "./litefs.server";

export type DB = ReturnType<typeof openDb>;

export function openDb(file: string, migrationsDir: string, { migrateNow = true } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  if (migrateNow) migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

const globalForDb = globalThis as unknown as { __regattaDb?: DB };

export function db(): DB {
  if (!globalForDb.__regattaDb) {
    const e = env();
    globalForDb.__regattaDb = openDb(e.DATABASE_PATH, e.MIGRATIONS_DIR, { migrateNow: isPrimary() });
  }
  return globalForDb.__regattaDb;
}

export { schema };
