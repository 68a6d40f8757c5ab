// The rehearsal's pure parts (rehearsal/stats.mjs, rehearsal/report.mjs, db/seed-rehearsal.ts):
// percentiles, the report's shape and verdict, the database digest, the latency series, the
// rounds of an event.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { roundsOfEvent } from "../../db/seed-rehearsal";
import { latencySeries } from "../../rehearsal/report.mjs";
import {
  buildReport,
  databaseDigest,
  digestDifferences,
  inWindow,
  percentile,
  reportProblem,
  summarize,
  summarizeOutside,
} from "../../rehearsal/stats.mjs";

describe("percentile (nearest rank)", () => {
  it("takes the value at the rank, not an interpolation", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
  });
  it("sorts numerically, handles one value and none", () => {
    expect(percentile([900, 80, 7], 50)).toBe(80);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([], 95)).toBe(0);
  });
});

describe("the report", () => {
  const samples = [
    { t: 0, ms: 10, status: 200 },
    { t: 1, ms: 20, status: 503 },
    { t: 2, ms: 30, status: 0, error: "reset" },
  ];
  it("summarizes an actor: requests, errors (5xx and failures), percentiles", () => {
    expect(summarize("kiosk", samples)).toEqual({
      name: "kiosk",
      requests: 3,
      errors: 2,
      p50: 20,
      p95: 30,
      p99: 30,
    });
  });
  it("has exactly the issue's shape, and passes only when every check is ok", () => {
    const parts = {
      scale: "smoke",
      checks: [{ name: "a", ok: true, detail: "x", extra: 1 }],
      actors: [{ ...summarize("kiosk", samples), extra: 1 }],
      faults: [{ name: "mail server down", at: 100, seconds: 5, extra: 1 }],
      nodes: [{ name: "n1", peakRssMb: 120, extra: 1 }],
    };
    const pass = buildReport(parts);
    expect(reportProblem(pass)).toBeNull();
    expect(pass.verdict).toBe("pass");
    expect(Object.keys(pass.checks[0])).toEqual(["name", "ok", "detail"]);
    const fail = buildReport({ ...parts, checks: [...parts.checks, { name: "b", ok: false, detail: "y" }] });
    expect(fail.verdict).toBe("fail");
    expect(buildReport({ ...parts, checks: [] }).verdict).toBe("fail");
    expect(reportProblem({ ...pass, extra: 1 })).toBe("top-level keys");
    expect(reportProblem({ ...pass, actors: [{ ...pass.actors[0], p95: "1" }] })).toBe("actor kiosk");
  });
  it("draws p95 per time bucket per actor, PDFs left out", () => {
    const byActor = new Map([
      [
        "kiosk",
        [
          { t: 100, ms: 10 },
          { t: 200, ms: 30 },
          { t: 5100, ms: 50 },
        ],
      ],
      ["manager", [{ t: 300, ms: 5000, pdf: true }]],
    ]);
    const { xs, series } = latencySeries(byActor, 5000);
    expect(xs).toEqual([0, 5]);
    expect(series.kiosk).toEqual([30, 50]);
    expect(series.manager).toEqual([null, null]);
  });
  it("knows the kill window", () => {
    expect(inWindow(5, [{ from: 1, to: 10 }])).toBe(true);
    expect(inWindow(11, [{ from: 1, to: 10 }])).toBe(false);
  });

  it("leaves the kill window out of an actor's percentiles, not out of its requests and errors", () => {
    const fast = Array.from({ length: 90 }, (_, i) => ({ t: 100 + i, ms: 50, status: 200 }));
    const waited = Array.from({ length: 10 }, (_, i) => ({ t: 1_000 + i, ms: 9_000, status: i ? 200 : 503 }));
    const windows = [{ from: 990, to: 1_020 }];
    const row = summarizeOutside("kiosk", [...fast, ...waited], windows);
    expect(row).toMatchObject({ name: "kiosk", requests: 100, errors: 1, excluded: 10, p95: 50, p99: 50 });
    expect(summarizeOutside("kiosk", [...fast, ...waited], []).p95).toBe(9_000);
  });
});

describe("the database digest", () => {
  const make = () => {
    const db = new Database(":memory:");
    db.exec(`CREATE TABLE a (id INTEGER PRIMARY KEY, v); CREATE TABLE b (k TEXT PRIMARY KEY, n) WITHOUT ROWID;
      INSERT INTO a (v) VALUES (1), ('1'), (x'01'), (NULL), (1.5); INSERT INTO b VALUES ('x', 1), ('y', 2);`);
    return db;
  };
  it("is the same for the same data, and names the table that differs", () => {
    const one = make();
    const two = make();
    expect(databaseDigest(one).digest).toBe(databaseDigest(two).digest);
    two.exec("UPDATE b SET n = 3 WHERE k = 'y'");
    const d = digestDifferences(databaseDigest(one), databaseDigest(two));
    expect(d).toEqual(["b"]);
  });
  it("tells types apart (1, '1' and a blob) and sees a missing row", () => {
    const one = make();
    const two = make();
    two.exec("UPDATE a SET v = '1' WHERE id = 1"); // integer 1 -> text '1'
    expect(digestDifferences(databaseDigest(one), databaseDigest(two))).toEqual(["a"]);
    const three = make();
    three.exec("DELETE FROM a WHERE id = 5");
    expect(databaseDigest(three).tables.a.rows).toBe(4);
    expect(digestDifferences(databaseDigest(one), databaseDigest(three))).toEqual(["a"]);
  });
});

describe("the rehearsal's rounds of an event", () => {
  it("Kaohsiung: 8 heats, 4 semi-finals of two heats (3 each), 1 final (1 of each + 2 times): 13", () => {
    const r = roundsOfEvent(8, 6);
    expect(r.length).toBe(13);
    expect(r.filter((x) => x.stage === "heat").length).toBe(8);
    const semis = r.filter((x) => x.stage === "semi");
    expect(semis.map((s) => s.from)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(semis.every((s) => s.count === 3 && s.plus === 0)).toBe(true);
    const final = r[12];
    expect(final).toMatchObject({ stage: "final", from: [8, 9, 10, 11], count: 1, plus: 2 });
  });
  it("smoke: 2 heats, 1 semi-final, 1 final; every round fills its 6 lanes", () => {
    const r = roundsOfEvent(2, 6);
    expect(r.map((x) => x.stage)).toEqual(["heat", "heat", "semi", "final"]);
    for (const x of r.filter((y) => y.stage !== "heat")) expect(x.count * x.from.length + x.plus).toBe(6);
  });
});
