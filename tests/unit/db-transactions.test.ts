// The app's write transactions take SQLite's write lock when they begin (lib/db.server.ts): a
// transaction that reads first and writes after is not refused at once ("database is locked", no
// busy wait) because another connection wrote in between. The e2e suite's test process writes
// into the server's database this way, and CI saw a round's creation and a schedule refused so.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "~/lib/db.server";

let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-tx-"));
  file = path.join(dir, "app.db");
  openDb(file, path.resolve("db/migrations")).$client.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another process's connection (a script, the test suite), that does not wait for a lock. */
function other() {
  const c = new Database(file);
  c.pragma("busy_timeout = 0");
  return c;
}

const insertClub = (token: string) =>
  sql`insert into associations (name, country, token) values (${`Club ${token}`}, 'MY', ${token})`;

describe("the app's transactions", () => {
  it("hold the write lock from their first statement: a read, another's write refused, then ours", () => {
    const app = openDb(file, path.resolve("db/migrations"), { migrateNow: false });
    const them = other();
    let theirs: unknown = null;
    app.transaction((tx) => {
      tx.get(sql`select count(*) as n from associations`);
      try {
        them
          .prepare("insert into associations (name, country, token) values ('Theirs', 'MY', 'theirs')")
          .run();
      } catch (error) {
        theirs = error;
      }
      tx.run(insertClub("ours"));
    });
    expect(String(theirs)).toMatch(/database is locked/);
    expect(them.prepare("select token from associations where token = 'ours'").get()).toEqual({
      token: "ours",
    });
    them.close();
    app.$client.close();
  });

  it("can fail: a deferred transaction that read first is refused its write after another's", () => {
    const app = openDb(file, path.resolve("db/migrations"), { migrateNow: false });
    const them = other();
    let refused: unknown = null;
    try {
      app.transaction(
        (tx) => {
          tx.get(sql`select count(*) as n from associations`);
          them
            .prepare("insert into associations (name, country, token) values ('Later', 'MY', 'later')")
            .run();
          tx.run(insertClub("refused"));
        },
        { behavior: "deferred" },
      );
    } catch (error) {
      refused = error;
    }
    // drizzle wraps the driver's error ("Failed to run the query ..."), with it as the cause.
    expect(`${refused} ${(refused as { cause?: unknown } | null)?.cause}`).toMatch(/database is locked/);
    them.close();
    app.$client.close();
  });

  it("stay deferred on a read-only connection (a LiteFS replica takes no write lock)", () => {
    const replica = openDb(file, path.resolve("db/migrations"), { readonly: true, migrateNow: false });
    const rows = replica.transaction((tx) => tx.all(sql`select token from associations`));
    expect(rows.length).toBeGreaterThan(0);
    replica.$client.close();
  });
});
