// Migration 0018 (issue 21, "Migration and limits"): the data so far becomes the first edition with
// no loss. A real SQLite file is built at the schema before 0018 and filled with the race-day
// dataset (db/seed-race-day.ts: 150 clubs, 5,000 members, 800 teams with crews, 10,000 orders with
// their lines and payment logs, rounds and races, scan logs, EOI, training), then migrated; its
// counts and sums before and after must be identical, every row of a root table must be in
// edition 1, and edition 1 must be OPEN and named from the regatta's year.
//
// How the dataset is written: the race-day seed's planner (`planRaceDay`, pure) and the writer the
// seed had before issue 30 (`writeRaceDayAt0016` in ./race-day-at-0016.ts: plain SQL through
// prepared statements on the raw handle, naming only columns that exist before and after 0018; the
// seed itself now writes through the models, at today's schema) on the old schema. Its first half, the demo seed (db/seed.ts),
// goes through today's models and drizzle schema (edition_id columns), so it cannot run on the old
// schema: the plan is made for an empty database (no demo rows) instead, with an admin account, a
// few notices and audit entries written by SQL. The file is built at 0016 and the dataset written
// there, then 0017 runs (race day's typed scores become results: times, places), so the "before"
// is the database as race day and issue 20 left it: migrations 0000-0017, nothing of 0018.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planRaceDay, RACE_DAY_SIZES, REGATTA_YEAR } from "../../db/seed-race-day";
import { writeRaceDayAt0016 } from "./race-day-at-0016";
import { openDb } from "~/lib/db.server";

const MIGRATIONS = path.resolve("db/migrations");
const scratch = path.resolve("tests/.tmp/unit", `editions-migration-${process.pid}`);
const file = path.join(scratch, "race-day.db");

/** A copy of the migrations up to `last` (its number) inclusive. */
function migrationsUpTo(last: number): string {
  const dir = path.join(scratch, `migrations-${last}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  for (const f of fs.readdirSync(dir))
    if (/^\d{4}_/.test(f) && Number(f.slice(0, 4)) > last) fs.rmSync(path.join(dir, f));
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** What must survive the migration: counts and sums a committee would check. */
type Figures = Record<string, number | string>;

function figures(sqlite: Database.Database): Figures {
  const n = (q: string) => Number((sqlite.prepare(q).pluck().get() as number | null) ?? 0);
  const out: Figures = {};
  for (const row of sqlite
    .prepare("SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY status")
    .all() as { status: string; n: number }[])
    out[`orders ${row.status}`] = row.n;
  for (const row of sqlite
    .prepare(
      `SELECT o.status, SUM(l.count * l.price) AS sen FROM order_lines l JOIN orders o ON o.id = l.order_id
       GROUP BY o.status ORDER BY o.status`,
    )
    .all() as { status: string; sen: number }[])
    out[`sen in ${row.status} orders`] = row.sen;
  Object.assign(out, {
    "paid total (sen)": n(
      "SELECT SUM(l.count * l.price) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 'PAID'",
    ),
    "order lines": n("SELECT COUNT(*) FROM order_lines"),
    "order notes": n("SELECT COUNT(*) FROM order_notes"),
    events: n("SELECT COUNT(*) FROM events"),
    teams: n("SELECT COUNT(*) FROM teams"),
    "team members": n("SELECT COUNT(*) FROM team_members"),
    waitlist: n("SELECT COUNT(*) FROM waitlist"),
    rounds: n("SELECT COUNT(*) FROM rounds"),
    "rounds with results": n("SELECT COUNT(*) FROM rounds WHERE result_state <> 'NONE'"),
    races: n("SELECT COUNT(*) FROM races"),
    "races with results": n(
      "SELECT COUNT(*) FROM races WHERE time_ms IS NOT NULL OR place IS NOT NULL OR status IS NOT NULL",
    ),
    "sum of time_ms": n("SELECT SUM(time_ms) FROM races"),
    "sum of places": n("SELECT SUM(place) FROM races"),
    "scan logs": n("SELECT COUNT(*) FROM scan_logs"),
    "scoreboard rounds": n("SELECT COUNT(*) FROM scoreboard_rounds"),
    "training sessions": n("SELECT COUNT(*) FROM training_sessions"),
    "max boats": n("SELECT SUM(max_boat) FROM training_sessions"),
    "training reservations": n("SELECT COUNT(*) FROM training_reservations"),
    "approved boats": n("SELECT SUM(boat) FROM training_reservations WHERE status = 'APPROVED'"),
    "eoi events": n("SELECT COUNT(*) FROM eoi_events"),
    "eoi users": n("SELECT COUNT(*) FROM eoi_users"),
    eois: n("SELECT COUNT(*) FROM eois"),
    "audit rows": n("SELECT COUNT(*) FROM audit_log"),
    "payment logs": n("SELECT COUNT(*) FROM payment_logs"),
    notices: n("SELECT COUNT(*) FROM notices"),
    clubs: n("SELECT COUNT(*) FROM associations"),
    users: n("SELECT COUNT(*) FROM users"),
    "paid members": n("SELECT COUNT(*) FROM users WHERE membership_paid = 1"),
    "regatta year": n("SELECT regatta_year FROM settings WHERE id = 1"),
  });
  return out;
}

/** Every table's rows over the columns it had before 0018 (in rowid order), as one digest each:
 * nothing the migration adds may change what was there. */
function digests(sqlite: Database.Database, columnsOf: Map<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [table, columns] of columnsOf) {
    const hash = createHash("sha1");
    const list = columns.map((c) => `"${c}"`).join(", ");
    for (const row of sqlite.prepare(`SELECT ${list} FROM "${table}" ORDER BY rowid`).raw().iterate())
      hash.update(JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString("base64") : v)));
    out[table] = hash.digest("hex");
  }
  return out;
}

function tablesAndColumns(sqlite: Database.Database): Map<string, string[]> {
  const tables = sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return new Map(
    tables.map((t) => [
      t,
      (sqlite.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[]).map((c) => c.name),
    ]),
  );
}

const ROOTS = [
  "events",
  "rounds",
  "orders",
  "training_sessions",
  "eoi_events",
  "notices",
  "audit_log",
  "payment_logs",
];

let before: Figures;
let after: Figures;
let beforeDigests: Record<string, string>;
let afterDigests: Record<string, string>;
let oldColumns: Map<string, string[]>;
let newColumns: Map<string, string[]>;
let outsideEditionOne: Record<string, number>;
let editions: { id: number; name: string; year: number; state: string; starts_on: string; ends_on: string }[];
let firstRaceDay: string | null;
let migrateMs = 0;

beforeAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });

  // 1. The schema race day ran on (0016), with the race-day dataset.
  const old = openDb(file, migrationsUpTo(16)).$client;
  const now = Date.UTC(2026, 6, 4, 2, 0, 0); // the dataset's "now": race day, 4 July 2026
  const admin = old
    .prepare(
      `INSERT INTO users (email, hash, name, role, verified, approved)
       VALUES ('admin@example.com', 'x', 'REGATTA ADMIN', 'ADMIN', 1, 1) RETURNING id, name`,
    )
    .get() as { id: number; name: string };
  let tokens = 0;
  let photos = 0;
  const plan = planRaceDay({
    sizes: RACE_DAY_SIZES,
    now,
    admin,
    firstId: {
      association: 1,
      user: admin.id + 1,
      event: 1,
      team: 1,
      round: 1,
      order: 1,
      eoiUser: 1,
      eoiEvent: 1,
      session: 1,
    },
    existingEvents: [],
    existingEntries: [],
    takenClubNames: [],
    existingEoiEvents: [],
    takenEoiEmails: [],
    takenRoundNames: [],
    sharedPhotos: ["a", "b"].map((c) => `${c.repeat(32)}.jpg`),
    token: () => `token-${++tokens}`,
    photoName: () => `${String(++photos).padStart(32, "0")}.jpg`,
  });
  const jpeg = { jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), width: 1, height: 1 };
  writeRaceDayAt0016(old, plan, {
    hash: "x",
    jpegs: [jpeg, jpeg],
    sharedPhotos: ["a", "b"].map((c) => `${c.repeat(32)}.jpg`),
    now,
  });
  // What the demo seed and race day's staff would have left too: notices and audit entries.
  const notice = old.prepare("INSERT INTO notices (created_at, text, posted_by) VALUES (?, ?, ?)");
  for (let i = 0; i < 12; i++) notice.run(now - i * 600_000, `Notice ${i + 1}`, admin.id);
  const entry = old.prepare(
    `INSERT INTO audit_log (created_at, actor_id, actor_name, action, target_type, target_id, details)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  old.transaction(() => {
    for (let i = 0; i < 600; i++)
      entry.run(
        now - i * 60_000,
        admin.id,
        admin.name,
        `action.${i % 7}`,
        "order",
        String(i + 1),
        `{"i":${i}}`,
      );
  })();
  old.close();

  // 2. Issue 20's migration (0017): race day's typed scores become results. This is "before".
  const at17 = openDb(file, migrationsUpTo(17)).$client;
  before = figures(at17);
  oldColumns = tablesAndColumns(at17);
  beforeDigests = digests(at17, oldColumns);
  expect(oldColumns.has("editions")).toBe(false);
  at17.close();

  // 3. Migration 0018.
  const started = performance.now();
  const upgraded = openDb(file, MIGRATIONS).$client;
  migrateMs = performance.now() - started;
  after = figures(upgraded);
  afterDigests = digests(upgraded, oldColumns);
  newColumns = tablesAndColumns(upgraded);
  outsideEditionOne = Object.fromEntries(
    ROOTS.map((t) => [
      t,
      upgraded.prepare(`SELECT COUNT(*) FROM ${t} WHERE edition_id IS NOT 1`).pluck().get() as number,
    ]),
  );
  editions = upgraded.prepare("SELECT * FROM editions ORDER BY id").all() as typeof editions;
  firstRaceDay = upgraded
    .prepare("SELECT date(MIN(scheduled_at) / 1000, 'unixepoch', '+8 hours') FROM rounds")
    .pluck()
    .get() as string | null;
  upgraded.close();
}, 60_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("migration 0018: the race-day data becomes edition 1", () => {
  it("starts from a full race-day dataset (the figures mean something)", () => {
    expect(before.teams).toBe(RACE_DAY_SIZES.teams);
    expect(before["team members"]).toBeGreaterThan(RACE_DAY_SIZES.teams * 10);
    expect(before.races).toBe(RACE_DAY_SIZES.races);
    expect(before["races with results"]).toBeGreaterThan(50);
    expect(before["sum of time_ms"]).toBeGreaterThan(0);
    expect(before["sum of places"]).toBeGreaterThan(0);
    expect(before["orders PAID"]).toBeGreaterThan(1000);
    expect(before["paid total (sen)"]).toBeGreaterThan(0);
    expect(before["order lines"]).toBeGreaterThan(RACE_DAY_SIZES.orders);
    expect(before["scan logs"]).toBeGreaterThan(0);
    expect(before["training sessions"]).toBe(RACE_DAY_SIZES.sessions);
    expect(before["training reservations"]).toBeGreaterThan(100);
    expect(before["eoi events"]).toBe(RACE_DAY_SIZES.eoiEvents);
    expect(before.eois).toBeGreaterThan(RACE_DAY_SIZES.eoiUsers);
    expect(before["payment logs"]).toBeGreaterThan(1000);
    expect(before["audit rows"]).toBe(600);
  });

  it("keeps every count and sum: orders by status, paid totals, lines, teams, crews, results, training, EOI, logs", () => {
    expect(after).toEqual(before);
  });

  it("changes no value that was there: every table's old columns, row by row", () => {
    expect(afterDigests).toEqual(beforeDigests);
    // Tables only gain (editions, edition_members) and columns only gain (edition_id).
    for (const [table, columns] of oldColumns)
      expect(newColumns.get(table)).toEqual(expect.arrayContaining(columns));
  });

  it("puts every row of every root table in edition 1", () => {
    expect(outsideEditionOne).toEqual(Object.fromEntries(ROOTS.map((t) => [t, 0])));
  });

  it("makes edition 1 the open one, named from the regatta's year, dated by its race days", () => {
    expect(editions).toHaveLength(1);
    const [one] = editions;
    expect(one).toMatchObject({
      id: 1,
      name: `Regatta ${REGATTA_YEAR}`,
      year: REGATTA_YEAR,
      state: "OPEN",
    });
    expect(one.starts_on).toBe(firstRaceDay);
    expect(one.starts_on <= one.ends_on).toBe(true);
  });

  it("runs in a few seconds on the race-day dataset", () => {
    expect(migrateMs).toBeLessThan(10_000);
  });
});
