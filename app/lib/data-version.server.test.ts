// untilDataChanges against the worker's real SQLite file: a result is reused only while nothing
// has been written, by this connection or by any other.
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { dataVersion, untilDataChanges } from "./data-version.server";
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
});
