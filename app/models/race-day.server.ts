// What rounds (round.server.ts) and races (race.server.ts) share: the transaction type, the round
// of a live event, the "another row already has it" check behind 'Round already exist' and 'Lane
// already used', an update's old and new values for its audit entry, and the write wrapper that
// turns a unique index's refusal into the check's answer and, once committed, tells the scoreboard.
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { type db, schema } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";

export type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const r = schema.rounds;
const e = schema.events;

/** A round of a live (not deleted) event of the edition, or undefined (a round of another edition
 * is not found, as a missing one). */
export function liveRound(tx: Tx, editionId: number, roundId: number) {
  return tx
    .select({ id: r.id, name: r.name, description: r.description, eventId: r.eventId })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.id, roundId), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
}

/** A row of `table` matching every condition already exists (other than `exceptId`, the row being
 * updated). */
export function taken(
  tx: Tx,
  table: SQLiteTable,
  id: SQLiteColumn,
  conds: SQL[],
  exceptId: number | null,
): boolean {
  if (exceptId !== null) conds = [...conds, ne(id, exceptId)];
  return Boolean(
    tx
      .select({ id })
      .from(table)
      .where(and(...conds))
      .get(),
  );
}

/** The fields of `next` whose value differs from `before`'s: an update's audit `old` and `new`. */
export function changedFields<N extends Record<string, unknown>>(
  before: NoInfer<Record<keyof N, unknown>>,
  next: N,
) {
  const changed = (Object.keys(next) as (keyof N)[]).filter((k) => before[k] !== next[k]);
  return {
    old: Object.fromEntries(changed.map((k) => [k, before[k]])),
    new: Object.fromEntries(changed.map((k) => [k, next[k]])),
  };
}

/** Runs a write (its transaction). When it throws, `refused` may answer instead (a unique index
 * refused it: a concurrent write won between the check and the write); anything else is thrown on.
 * Once it has returned (committed), the scoreboard hears of the round `notifies` names, if any. */
export function raceDayWrite<T>(
  write: () => T,
  { refused, notifies }: { refused?: (error: unknown) => T | null; notifies?: (result: T) => number | null },
): T {
  let result: T;
  try {
    result = write();
  } catch (error) {
    const answer = refused?.(error) ?? null;
    if (answer !== null) return answer;
    throw error;
  }
  const roundId = notifies?.(result) ?? null;
  if (roundId !== null) notifyScoreboard(roundId);
  return result;
}
