// Every test worker process gets its own real SQLite file (migrated on first use), uploads
// folder and mail outbox.
import path from "node:path";

const dir = path.resolve("tests/.tmp/unit", `w${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}`);
process.env.DATABASE_PATH ??= path.join(dir, "test.db");
process.env.UPLOADS_DIR ??= path.join(dir, "uploads");
process.env.OUTBOX_DIR ??= path.join(dir, "outbox");
process.env.SESSION_SECRET ??= "unit-test-secret-0123456789";
process.env.APP_URL ??= "http://127.0.0.1:3999";

// Every language's strings, as the server has them (app/i18n/bundles.ts).
import "~/i18n/bundles.server";

// Without isolation (vitest.config.ts), one worker process runs many files on one connection:
// each file after the first starts from the database as migrated (a copy taken then), with empty
// uploads and outbox folders, as if it had the worker to itself.
import fs from "node:fs";
import { db } from "~/lib/db.server";

const state = globalThis as { __unitPristine?: string };
{
  const client = db().$client;
  const tables = (
    client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
  ).filter((t) => t !== "__drizzle_migrations");
  if (!state.__unitPristine) {
    state.__unitPristine = path.join(dir, "pristine.db");
    client.prepare("VACUUM INTO ?").run(state.__unitPristine);
  } else {
    client.pragma("foreign_keys = OFF");
    client.prepare("ATTACH DATABASE ? AS pristine").run(state.__unitPristine);
    try {
      const kept = new Set(
        client
          .prepare("SELECT name FROM pristine.sqlite_master WHERE type = 'table'")
          .pluck()
          .all() as string[],
      );
      client.transaction(() => {
        // A file that archived an edition: its rows refuse to be deleted (migration 0018's
        // triggers), so no edition is archived while the tables are put back.
        if (tables.includes("editions"))
          client.prepare("UPDATE main.editions SET state = 'DRAFT' WHERE state = 'ARCHIVED'").run();
        for (const t of tables) {
          // A table a test made for itself is gone, as on a fresh database.
          if (!kept.has(t)) client.prepare(`DROP TABLE main."${t}"`).run();
          else {
            client.prepare(`DELETE FROM main."${t}"`).run();
            client.prepare(`INSERT INTO main."${t}" SELECT * FROM pristine."${t}"`).run();
          }
        }
        if (kept.has("sqlite_sequence")) {
          client.prepare("DELETE FROM main.sqlite_sequence").run();
          client.prepare("INSERT INTO main.sqlite_sequence SELECT * FROM pristine.sqlite_sequence").run();
        }
      })();
    } finally {
      client.prepare("DETACH DATABASE pristine").run();
      client.pragma("foreign_keys = ON");
    }
    for (const d of [process.env.UPLOADS_DIR, process.env.OUTBOX_DIR])
      if (d) fs.rmSync(d, { recursive: true, force: true });
  }
}
