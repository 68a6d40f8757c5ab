// Many rows into one table as given, for the models' bulk insert functions (the seeds and the test
// factories only): SQL stays in models/ (issue 30's one-way house), not in lib/db.server.ts.
import { type Column, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/lib/db.server";

/**
 * Inserts rows as given, through one prepared INSERT per set of columns given, run once per row (for
 * the models' bulk insert functions, which only the seeds and the test factories use: no audit
 * entry, no rule checked). A column left undefined gets its default, as in `insert().values()`.
 * Call it inside a transaction for speed and all-or-nothing.
 * @testOnly seeds and test factories only (via the bulk insert functions): no audit entry, no rule checked.
 */
export function insertRows<T extends SQLiteTable>(table: T, rows: SQLiteInsertValue<T>[]): void {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const d = db();
  const statements = new Map<string, { keys: string[]; run: (values: Record<string, unknown>) => void }>();
  for (const row of rows as Record<string, unknown>[]) {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined && k in columns);
    const signature = keys.join(",");
    let statement = statements.get(signature);
    if (!statement) {
      const prepared = d
        .insert(table)
        .values(Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as SQLiteInsertValue<T>)
        .prepare();
      statement = { keys, run: (values) => prepared.run(values) };
      statements.set(signature, statement);
    }
    const values: Record<string, unknown> = {};
    for (const k of statement.keys) {
      const v = row[k];
      values[k] = v === null ? null : columns[k].mapToDriverValue(v);
    }
    statement.run(values);
  }
}
