// Prints every table's row count and a hash of its rows, to check that a seed still writes the
// same dataset after a rewrite (issue 30: the seeds on the test factories). Usage:
//   DATABASE_PATH=/tmp/x.db npx tsx scripts/dataset-digest.ts
// Left out of the hash, because they are random or relative to now by design (db/seed-race-day.ts's
// header): secrets and random names (tokens, password hashes and salts, photo names and the
// users.image naming them, webhook and kiosk secrets) and times (every column ending in _at, _time,
// _until or _on or named date/time/expires: the demo's last-year edition starts_on/ends_on are
// today's date; and in text, the digits of a time: payment transaction ids are built from the time,
// so any run of 13 or more digits reads as #). A row is hashed as the JSON of its other columns;
// rows are sorted first, so the order they were written in does not matter, their ids do, except
// training_reservations' ids: the race-day seed numbers the requests in the order they came, and
// their times are relative to now, so the numbering changes with the time of day of the run (its
// rows, session, club, boats and status, are still hashed).
// db/seed-race-day.test.ts checks a 1/20-scale race-day seed's digest (`datasetDigest`) against
// db/seed-digest.race-day-small.txt on every unit run; the full-size files are checked by hand.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

const VOLATILE =
  /(token|hash|salt|secret|(^|_)at$|_time$|_until$|_on$|^time$|^date$|expires|^image$|^bytes$|signature|nonce)/i;

function normal(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return v.toString("base64");
  if (typeof v === "string") return v.replace(/\d{13,}/g, "#");
  return v;
}

/** Each table's `name count hash` line, tables by name (what this script prints). */
export function datasetDigest(sqlite: Database.Database): string[] {
  const tables = sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__drizzle_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return tables.map((table) => {
    const columns = (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
      .map((c) => c.name)
      .filter(
        (c) =>
          !VOLATILE.test(c) &&
          !(table === "photos" && c === "name") &&
          !(table === "training_reservations" && c === "id"),
      );
    const rows = sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
    const lines = rows.map((r) => JSON.stringify(columns.map((c) => normal(r[c])))).sort();
    const digest = createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
    return `${table.padEnd(28)} ${String(rows.length).padStart(7)} ${digest}`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.env.DATABASE_PATH ?? "./data/regatta.db";
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  for (const line of datasetDigest(sqlite)) console.log(line);
}
