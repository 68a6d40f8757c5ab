// The rehearsal's pure parts (issue 27 section 2): percentiles, per-actor summaries, the report's
// shape and verdict, and the digest of a database's tables that proves the replica holds the
// primary's data. Tested in tests/rehearsal/stats.test.ts.
import { createHash } from "node:crypto";

/** The p-th percentile (0..100) of numbers, nearest-rank; 0 for none. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round1 = (x) => Math.round(x * 10) / 10;

/** One actor's row of the report: requests, errors, p50/p95/p99 in ms (one decimal). */
export function summarize(name, samples) {
  const ms = samples.map((s) => s.ms);
  return {
    name,
    requests: samples.length,
    errors: samples.filter((s) => s.error || s.status >= 500).length,
    p50: round1(percentile(ms, 50)),
    p95: round1(percentile(ms, 95)),
    p99: round1(percentile(ms, 99)),
  };
}

/** The report exactly as issue 27 gives it; the verdict is "pass" only when every check is ok. */
export function buildReport({ scale, checks, actors, faults, nodes }) {
  return {
    verdict: checks.length > 0 && checks.every((c) => c.ok) ? "pass" : "fail",
    scale,
    checks: checks.map(({ name, ok, detail }) => ({ name, ok: Boolean(ok), detail: String(detail) })),
    actors: actors.map(({ name, requests, errors, p50, p95, p99 }) => ({
      name,
      requests,
      errors,
      p50,
      p95,
      p99,
    })),
    faults: faults.map(({ name, at, seconds }) => ({ name, at, seconds })),
    nodes: nodes.map(({ name, peakRssMb }) => ({ name, peakRssMb })),
  };
}

/** Whether a report has the shape (keys and types) issue 27 asks for; the first problem, or null. */
export function reportProblem(report) {
  const keys = (o, want) => JSON.stringify(Object.keys(o).sort()) === JSON.stringify([...want].sort());
  if (!keys(report, ["verdict", "scale", "checks", "actors", "faults", "nodes"])) return "top-level keys";
  if (!["pass", "fail"].includes(report.verdict)) return "verdict";
  for (const c of report.checks)
    if (!keys(c, ["name", "ok", "detail"]) || typeof c.ok !== "boolean") return `check ${c.name}`;
  for (const a of report.actors)
    if (
      !keys(a, ["name", "requests", "errors", "p50", "p95", "p99"]) ||
      [a.p50, a.p95, a.p99].some((x) => typeof x !== "number")
    )
      return `actor ${a.name}`;
  for (const f of report.faults) if (!keys(f, ["name", "at", "seconds"])) return `fault ${f.name}`;
  for (const n of report.nodes) if (!keys(n, ["name", "peakRssMb"])) return `node ${n.name}`;
  return null;
}

/** A value as the digest writes it: types kept apart (1, "1" and 1.0 blobs differ), blobs as hex. */
function encode(v) {
  if (v === null || v === undefined) return "n";
  if (Buffer.isBuffer(v)) return `b${v.toString("hex")}`;
  if (typeof v === "bigint") return `i${v}`;
  if (typeof v === "number") return Number.isInteger(v) ? `i${v}` : `r${v}`;
  return `t${JSON.stringify(v)}`;
}

/**
 * A digest of every table of a database: each table's name and rows (ordered by rowid, or by every
 * column for a table without one), hashed. `db` is a better-sqlite3 handle (opened read-only).
 * Returns { digest, tables: { name: { rows, digest } } } so a difference names its table.
 */
export function databaseDigest(db) {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => r.name);
  const all = createHash("sha256");
  /** @type {Record<string, { rows: number, digest: string }>} */
  const tables = {};
  for (const name of names) {
    const q = `"${name.replaceAll('"', '""')}"`;
    const withoutRowid = /WITHOUT\s+ROWID/i.test(
      db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(name)?.sql ?? "",
    );
    const cols = db
      .prepare(`PRAGMA table_info(${q})`)
      .all()
      .map((c) => `"${c.name.replaceAll('"', '""')}"`);
    const order = withoutRowid ? cols.join(", ") : "rowid";
    const h = createHash("sha256");
    let rows = 0;
    for (const row of db.prepare(`SELECT * FROM ${q} ORDER BY ${order}`).raw().iterate()) {
      h.update(row.map(encode).join("\u0001"));
      h.update("\u0002");
      rows++;
    }
    const digest = h.digest("hex");
    tables[name] = { rows, digest };
    all.update(`${name}:${digest};`);
  }
  return { digest: all.digest("hex"), tables };
}

/** The tables whose digests differ between two databaseDigest results. */
export function digestDifferences(a, b) {
  const names = new Set([...Object.keys(a.tables), ...Object.keys(b.tables)]);
  return [...names].filter((n) => a.tables[n]?.digest !== b.tables[n]?.digest).sort();
}

/** Is `t` (ms since the start) inside any of the windows [{ from, to }]? */
export const inWindow = (t, windows) => windows.some((w) => t >= w.from && t <= w.to);

/**
 * An actor's row for the p95 check: p50/p95/p99 over its requests outside `windows` (the kill
 * window: requests that waited on the killed primary, where 5xx are allowed too); requests and
 * errors over the whole day; `excluded`: how many were left out of the percentiles.
 */
export function summarizeOutside(name, samples, windows) {
  const outside = samples.filter((s) => !inWindow(s.t, windows));
  const all = summarize(name, samples);
  return {
    ...summarize(name, outside),
    requests: all.requests,
    errors: all.errors,
    excluded: samples.length - outside.length,
  };
}
