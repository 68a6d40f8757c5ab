// One buyer of entries-race.test.ts: a worker thread with its own better-sqlite3 connection (WAL,
// busy_timeout, as the app opens it) on the test's database file, started by the race harness
// (race-harness.ts: the barrier, the stall, the messages). For each job it waits at the barrier
// until the test releases the round, then buys at once.
//
// Two ways to buy:
// - "safe": the app's checkoutEntries (the cap check and the order insert in one immediate
//   transaction). `delayMs` stalls it between the check and the insert, inside the transaction, to
//   show that a wide window changes nothing while the write lock is held.
// - "unsafe": the deliberately broken variant the test must catch: the same check (entriesDraft)
//   and the same insert (createOrder), but as separate statements with no transaction around both,
//   `delayMs` apart (the time a real server may spend between them: an await, a slow request).
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { checkoutEntries, entriesDraft } from "~/models/entries.server";
import { createOrder } from "~/models/order.server";
import { serveRaces, sleep, stallTransactions } from "./race-harness";

export type RaceJob = {
  mode: "safe" | "unsafe";
  delayMs: number;
  eventId: number;
  teams: number;
  buyerId: number;
  associationId: number;
};

export type RaceOutcome =
  | { ok: true; orderId: number }
  | { ok: false; code: string; left?: number; eventId?: number };

const stallBeforeInsert = stallTransactions("insert");
db().get(sql`SELECT COUNT(*) FROM events`); // warm: the file is open and migrated before the race

function buy(job: RaceJob): RaceOutcome {
  const scope = { kind: "association" as const, associationId: job.associationId };
  const requests = [{ eventId: job.eventId, teams: job.teams }];
  if (job.mode === "safe") {
    stallBeforeInsert(job.delayMs);
    const result = checkoutEntries(1, { id: job.buyerId }, scope, requests);
    return result.ok ? { ok: true, orderId: result.order.id } : result;
  }
  stallBeforeInsert(0);
  const draft = entriesDraft(1, scope, requests); // the check...
  if (!draft.ok) return draft;
  sleep(job.delayMs);
  return { ok: true, orderId: createOrder(1, job.buyerId, draft.lines).id }; // ...and, later, the insert
}

serveRaces(buy);
