// untilDataChanges against the worker's real SQLite file: a result is reused only while nothing
// has been written, by this connection or by any other.
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { claimNextMail, insertMail, markMailFailed, markMailSent } from "~/models/mail-queue.server";
import {
  dataVersion,
  pagesUntilDataChanges,
  quietChanges,
  rowsUntilDataChanges,
  untilDataChanges,
} from "./data-version.server";
import { db } from "./db.server";
import { env } from "./env.server";

beforeAll(() => {
  db().$client.exec("CREATE TABLE IF NOT EXISTS dv_probe (n INTEGER)");
});

function counted() {
  let calls = 0;
  const total = untilDataChanges(
    (offset: number) => {
      calls++;
      const row = db().$client.prepare("SELECT count(*) AS n FROM dv_probe").get() as { n: number };
      return row.n + offset;
    },
    (offset) => String(offset),
  );
  return { total, calls: () => calls };
}

describe("untilDataChanges", () => {
  it("reuses a result per key until this connection writes", () => {
    const { total, calls } = counted();
    const before = total(0);
    expect(total(0)).toBe(before);
    expect(calls()).toBe(1);
    expect(total(100)).toBe(before + 100); // another key: computed once more
    expect(calls()).toBe(2);
    db().$client.prepare("INSERT INTO dv_probe VALUES (1)").run();
    expect(total(0)).toBe(before + 1);
    expect(calls()).toBe(3);
  });

  it("sees another connection's commit", () => {
    const { total, calls } = counted();
    const before = total(0);
    const other = new Database(env().DATABASE_PATH);
    other.prepare("INSERT INTO dv_probe VALUES (2)").run();
    other.close();
    expect(total(0)).toBe(before + 1);
    expect(calls()).toBe(2);
  });

  it("keeps nothing inside a transaction, so a rollback cannot leave a stale result", () => {
    const { total, calls } = counted();
    const before = total(0);
    const client = db().$client;
    client.exec("BEGIN");
    client.prepare("INSERT INTO dv_probe VALUES (3)").run();
    expect(dataVersion()).toBeNull();
    expect(total(0)).toBe(before + 1);
    expect(total(0)).toBe(before + 1);
    client.exec("ROLLBACK");
    expect(total(0)).toBe(before);
    expect(calls()).toBe(4);
  });

  it("counts a statement that changes no row as no change", () => {
    const { total, calls } = counted();
    total(0);
    db().$client.prepare("UPDATE dv_probe SET n = n WHERE n < 0").run();
    total(0);
    expect(calls()).toBe(1);
  });

  it("does not count rows marked quiet, and a key never comes back after a real change", () => {
    const { total, calls } = counted();
    const before = total(0);
    const first = dataVersion();
    db().$client.prepare("INSERT INTO dv_probe VALUES (5)").run();
    quietChanges(1);
    expect(dataVersion()).toBe(first);
    // Kept: a row declared quiet is one no kept result reads (here it is, to show the result kept).
    expect(total(0)).toBe(before);
    expect(calls()).toBe(1);
    db().$client.prepare("INSERT INTO dv_probe VALUES (6)").run();
    expect(dataVersion()).not.toBe(first);
    expect(total(0)).toBe(before + 2);
    expect(calls()).toBe(2);
  });

  it("the mail queue's writes (queue, claim, sent, failed) do not move the version", () => {
    const start = dataVersion();
    const mail = {
      to: "dv@example.test",
      subject: "Race 12 is called",
      text: "t",
      html: "<p>t</p>",
      attachments: null,
    };
    const a = insertMail({ ...mail, messageId: `<dv-a-${Date.now()}@test>` }, db(), 0);
    const b = insertMail({ ...mail, messageId: `<dv-b-${Date.now()}@test>` }, db(), 0);
    expect(dataVersion()).toBe(start);
    const claimed = claimNextMail(1);
    expect(claimed).toBeDefined();
    markMailSent(a, 2);
    markMailFailed(b, null, "refused");
    expect(dataVersion()).toBe(start);
    db().$client.prepare("DELETE FROM mail_queue WHERE id IN (?, ?)").run(a, b);
    expect(dataVersion()).not.toBe(start);
  });
});

describe("pages and rows kept until the database changes", () => {
  it("give each caller its own copy of the rows, computed once, and read again after a write", () => {
    let calls = 0;
    const read = () => {
      calls++;
      return db().$client.prepare("SELECT rowid AS id, n FROM dv_probe ORDER BY rowid").all() as {
        id: number;
        n: number;
      }[];
    };
    const page = pagesUntilDataChanges(
      (limit: number) => ({ rows: read().slice(0, limit), total: 0 }),
      String,
    );
    const rows = rowsUntilDataChanges((limit: number) => read().slice(0, limit), String);
    db().$client.prepare("INSERT INTO dv_probe VALUES (7)").run();
    const first = page(5);
    first.rows[0].n = -1; // a loader reformats its copy
    first.rows.push({ id: 0, n: 0 });
    const again = page(5);
    expect(again.rows[0].n).not.toBe(-1);
    expect(again.rows).toHaveLength(first.rows.length - 1);
    const list = rows(5);
    list[0].n = -1;
    expect(rows(5)[0].n).not.toBe(-1);
    expect(calls).toBe(2); // one read per helper and key
    db().$client.prepare("INSERT INTO dv_probe VALUES (8)").run();
    expect(page(100).rows.map((r) => r.n)).toContain(8);
    expect(rows(100).map((r) => r.n)).toContain(8);
    expect(calls).toBe(4);
  });
});
