// The race call's SQL (issue 28 part 4; issue 30: from services/race-call.server.ts, which keeps the
// workflow: the decision, the transaction and the emails): the rounds that may be called now, the
// once-only mark, and who is called.
import { and, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import type { Tx } from "./race-day.server";

const r = schema.rounds;
const e = schema.events;

export type CallRecipient = {
  id: number;
  email: string;
  name: string;
  locale: string;
  lanes: { team: string; lane: string }[];
};

/** The open edition's numbered rounds not started, not called, without results, whose schedule
 * falls in the call window (rules/race-call.ts callWindow). */
export function callCandidates(editionId: number, window: { from: number; to: number }) {
  return db()
    .select({
      id: r.id,
      raceNumber: r.raceNumber,
      scheduledAt: r.scheduledAt,
      startedAt: r.startedAt,
      calledAt: r.calledAt,
      eventName: e.name,
      roundName: r.name,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(
      and(
        eq(r.editionId, editionId),
        eq(e.deleted, false),
        isNotNull(r.raceNumber),
        isNull(r.startedAt),
        // Results saved without a Start: the race is over, nobody to call.
        eq(r.resultState, "NONE"),
        isNull(r.calledAt),
        gte(r.scheduledAt, new Date(window.from)),
        lte(r.scheduledAt, new Date(window.to)),
      ),
    )
    .all();
}

/** Marks a round called at `at`, once: only while still not called and not started (a Start or
 * another node meanwhile). True when this call marked it. */
export function markCalled(tx: Tx, roundId: number, at: number): boolean {
  const marked = tx
    .update(r)
    .set({ calledAt: new Date(at) })
    .where(and(eq(r.id, roundId), isNull(r.calledAt), isNull(r.startedAt), eq(r.resultState, "NONE")))
    .run();
  return marked.changes === 1;
}

/** Who is called for a round: every crew member of its lanes' teams and every manager of those
 * teams' clubs, with call emails on; each once, with their team(s) and lane(s) in the race. */
export function callRecipients(tx: Tx, roundId: number): CallRecipient[] {
  const rows = tx.all<{
    id: number;
    email: string;
    name: string;
    locale: string;
    team: string;
    lane: string;
  }>(sql`
    SELECT u.id AS id, u.email AS email, u.name AS name, u.locale AS locale, t.name AS team, l.lane AS lane
    FROM races l
    JOIN teams t ON t.id = l.team_id
    JOIN team_members tm ON tm.team_id = t.id
    JOIN users u ON u.id = tm.user_id
    WHERE l.round_id = ${roundId} AND u.call_emails = 1
    UNION
    SELECT u.id, u.email, u.name, u.locale, t.name, l.lane
    FROM races l
    JOIN teams t ON t.id = l.team_id
    JOIN users u ON u.association_id = t.association_id AND u.role = 'MANAGER'
    WHERE l.round_id = ${roundId} AND u.call_emails = 1
    ORDER BY 1, 6`);
  const byUser = new Map<number, CallRecipient>();
  for (const row of rows) {
    const had = byUser.get(row.id);
    if (had) {
      if (!had.lanes.some((x) => x.lane === row.lane)) had.lanes.push({ team: row.team, lane: row.lane });
    } else {
      byUser.set(row.id, { ...row, lanes: [{ team: row.team, lane: row.lane }] });
    }
  }
  return [...byUser.values()];
}

/** The day so far, for the seeds (no emails, no audit entry): every numbered, scheduled round of the
 * open edition whose call (the settings' call_minutes before its start) was due by `now` is marked
 * called then.
 * @testOnly seeds only: no emails, no audit entry. */
export function markDueCallsCalled(now: number): void {
  const callMs = sql`(SELECT ${schema.settings.callMinutes} FROM ${schema.settings} WHERE ${schema.settings.id} = 1) * 60000`;
  const open = sql`(SELECT ${schema.editions.id} FROM ${schema.editions} WHERE ${schema.editions.state} = 'OPEN')`;
  db()
    .update(r)
    .set({ calledAt: sql`${r.scheduledAt} - ${callMs}` })
    .where(
      and(
        eq(r.editionId, open),
        isNotNull(r.raceNumber),
        isNotNull(r.scheduledAt),
        lte(sql`${r.scheduledAt} - ${callMs}`, now),
      ),
    )
    .run();
}
