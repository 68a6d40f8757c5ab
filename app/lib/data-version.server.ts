// Results of whole-table aggregate queries (the overview figures, the Teams table), kept until the
// database changes. "Changes" is exact, not a time-to-live: SQLite's `total_changes()` counts every
// row this connection has inserted, updated or deleted, and `PRAGMA data_version` moves whenever
// another connection (a script, a migration, LiteFS replicating the primary's writes) commits.
// While neither moves, the same query gives the same answer. Inside a transaction nothing is kept
// (its writes could still roll back). Rows this connection writes that nothing kept reads (the mail
// queue's: `quietChanges`) are not a change. See docs/decisions/0010-performance.md.
import type Database from "better-sqlite3";
import { db } from "./db.server";

type Version = { on: Database.Database; check: Database.Statement; serial: number; quiet: number };
let version: Version | undefined;

/** `rows` rows this connection just wrote that no kept result reads: the mail queue's, whose sender
 * claims and marks one message at a time (after a race call, several times a second on race day,
 * which emptied every kept list and count each time: ADR 0022). They do not move the version. On
 * a replica the primary's mail still moves `data_version`. */
export function quietChanges(rows: number): void {
  const client = db().$client;
  if (version?.on === client) version.quiet += rows;
}

/** A key that differs whenever the database may have changed since it was last taken; null inside
 * a transaction (nothing may be cached then). */
export function dataVersion(): string | null {
  const client = db().$client;
  if (client.inTransaction) return null;
  if (version?.on !== client) {
    const check = client.prepare(
      "SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version",
    );
    // A new connection (tests open one per file) starts counting again: tell its keys apart.
    version = { on: client, check, serial: (version?.serial ?? 0) + 1, quiet: 0 };
  }
  const row = version.check.get() as { changes: number; version: number };
  return `${version.serial}:${row.changes - version.quiet}:${row.version}`;
}

/**
 * `compute(args)`, remembered per `keyOf(args)` until the database changes (at most `max` entries;
 * the oldest goes first).
 */
export function untilDataChanges<A extends unknown[], T>(
  compute: (...args: A) => T,
  keyOf: (...args: A) => string,
  max = 32,
): (...args: A) => T {
  let at: string | null = null;
  const results = new Map<string, T>();
  return (...args: A) => {
    const now = dataVersion();
    if (now === null) return compute(...args);
    if (now !== at) {
      results.clear();
      at = now;
    }
    const key = keyOf(...args);
    if (results.has(key)) return results.get(key) as T;
    const value = compute(...args);
    // Computing only reads, but check again: a result is kept only for the version it was read at.
    if (dataVersion() !== now) return value;
    if (results.size >= max) results.delete(results.keys().next().value as string);
    results.set(key, value);
    return value;
  };
}

/**
 * `untilDataChanges` for a page of a list (`{ rows, total }`): each caller gets its own copy of the
 * rows (a loader may add to or reformat a row), and the kept page stays as it was read.
 */
export function pagesUntilDataChanges<A extends unknown[], R extends object>(
  compute: (...args: A) => { rows: R[]; total: number },
  keyOf: (...args: A) => string,
  max = 32,
): (...args: A) => { rows: R[]; total: number } {
  const kept = untilDataChanges(compute, keyOf, max);
  return (...args: A) => {
    const { rows, total } = kept(...args);
    return { rows: rows.map((row) => ({ ...row })), total };
  };
}

/** `untilDataChanges` for a list of rows: each caller gets its own copy of the rows. */
export function rowsUntilDataChanges<A extends unknown[], R extends object>(
  compute: (...args: A) => R[],
  keyOf: (...args: A) => string,
  max = 32,
): (...args: A) => R[] {
  const kept = untilDataChanges(compute, keyOf, max);
  return (...args: A) => kept(...args).map((row) => ({ ...row }));
}
