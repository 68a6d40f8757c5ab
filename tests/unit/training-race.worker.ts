// One reviewer of training-race.test.ts: a worker thread with its own better-sqlite3 connection
// (WAL, busy_timeout, as the app opens it) on the test's database file, started by the race harness
// (race-harness.ts: the barrier, the stall, the messages). For each job it waits at the barrier
// until the test releases the round, then approves its own pending reservation at once.
//
// Two ways to approve:
// - "safe": the app's decideReservation (the max-boats check and the status update in one
//   immediate transaction). `delayMs` stalls it between the check and the update, inside the
//   transaction, to show that a wide window changes nothing while the write lock is held.
// - "unsafe": the deliberately broken variant the test must catch: the same reads (findReservation,
//   findSession), the same rule (decisionRefusal) and the same update, but as separate statements
//   with no transaction around them, `delayMs` apart (an await, a slow request).
import { and, eq, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import type { Actor } from "~/models/audit.server";
import { decideReservation, findReservation, findSession } from "~/models/training.server";
import { decisionRefusal } from "~/rules/training";
import { serveRaces, sleep, stallTransactions } from "./race-harness";

/** The unit database's open edition (migration 0018 makes it). */
const ED = 1;

export type RaceJob = {
  mode: "safe" | "unsafe";
  delayMs: number;
  actor: Actor;
  reservationId: number;
};

export type RaceOutcome = { ok: true } | { refused: string };

const stallBeforeUpdate = stallTransactions("update");
db().get(sql`SELECT COUNT(*) FROM training_sessions`); // warm: the file is open before the race

function approve(job: RaceJob): RaceOutcome {
  if (job.mode === "safe") {
    stallBeforeUpdate(job.delayMs);
    const d = decideReservation(ED, job.actor, job.reservationId, { action: "APPROVE", rejectReason: null });
    return d.ok ? { ok: true } : { refused: d.code === "refused" ? d.message : d.code };
  }
  stallBeforeUpdate(0);
  const row = findReservation(ED, job.reservationId); // the check...
  const session = row && findSession(ED, row.sessionId);
  if (!row || !session) return { refused: "notFound" };
  const refusal = decisionRefusal(
    row,
    { startTime: session.startTime, maxBoat: session.maxBoat, approved: session.reserved },
    "APPROVE",
    Date.now(),
  );
  if (refusal) return { refused: refusal };
  sleep(job.delayMs);
  const r = schema.trainingReservations;
  db() // ...and, later, the update
    .update(r)
    .set({ status: "APPROVED", updatedAt: new Date() })
    .where(and(eq(r.id, job.reservationId), eq(r.status, "PENDING")))
    .run();
  return { ok: true };
}

serveRaces(approve);
