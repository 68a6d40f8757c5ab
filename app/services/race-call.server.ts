// The call (issue 28 part 4): each race's crews and their club's managers get one email, "Race 14
// at 12:18: go to marshalling", when its expected start is `callMinutes` (a setting) away. The
// jobs' loop (lib/jobs.server.ts, primary only) runs callRaces every RACE_CALL_EVERY_MS (lib/env.server.ts, 30 s). Each race is
// called in one transaction that sets rounds.called_at (only while it is still null and the race
// not started) and queues its emails in the mail queue (ADR 0037): committed together, so a race
// is called once and its emails are retried by the queue. The timing is rules/race-call.ts.
import { and, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import { now as clockNow } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { mailLayout, queueMail, type QueueOptions } from "~/lib/mailer.server";
import { currentEdition } from "~/models/edition.server";
import { latestStart } from "~/models/race-control.server";
import { getSettings } from "~/models/settings.server";
import { callDecision, callWindow } from "~/rules/race-call";
import { delayMinutes, formatClock } from "~/rules/timetable";

const r = schema.rounds;
const e = schema.events;

export type CallRecipient = {
  id: number;
  email: string;
  name: string;
  locale: string;
  lanes: { team: string; lane: string }[];
};

/** Who is called for a round: every crew member of its lanes' teams and every manager of those
 * teams' clubs, with call emails on; each once, with their team(s) and lane(s) in the race. */
function recipientsOf(tx: Tx, roundId: number): CallRecipient[] {
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

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** The call email in the recipient's language. */
export function callMail(
  to: CallRecipient,
  race: { raceNumber: number; eventName: string; roundName: string },
  expected: number,
) {
  const { MSG } = bundleFor(isLocale(to.locale) ? to.locale : "en");
  const time = formatClock(expected);
  const subject = MSG.mrCallSubject(race.raceNumber, time);
  return {
    to: to.email,
    subject,
    ...mailLayout(
      subject,
      [
        MSG.mrCallHello(to.name || to.email),
        MSG.mrCallLine(race.raceNumber, time, `${race.eventName} ${race.roundName}`),
        ...to.lanes.map((l) => MSG.mrCallLane(l.team, l.lane)),
        MSG.mrCallOff,
      ],
      { href: `${env().APP_URL}/my-races`, label: MSG.mrCallLink },
    ),
  };
}

export type CalledRace = { roundId: number; raceNumber: number; expected: number; emails: number };

/** Calls every race of the open edition whose moment has come (rules/race-call.ts); returns what it
 * called. Nothing on a replica. `mail`: the mail queue's options (tests). */
export function callRaces(at = clockNow(), mail: Omit<QueueOptions, "tx"> = {}): CalledRace[] | null {
  if (!isPrimary()) return null;
  const editionId = currentEdition().id;
  const { callMinutes } = getSettings(editionId);
  const delay = delayMinutes(latestStart(editionId));
  const window = callWindow(delay, callMinutes, at);
  const candidates = db()
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
  const called: CalledRace[] = [];
  for (const round of candidates) {
    const decision = callDecision(round, delay, callMinutes, at);
    if (!decision.call || round.raceNumber === null) continue;
    const raceNumber = round.raceNumber;
    const result = db().transaction((tx) => {
      // Once: only while still not called and not started (a Start or another node meanwhile).
      const marked = tx
        .update(r)
        .set({ calledAt: new Date(at) })
        .where(and(eq(r.id, round.id), isNull(r.calledAt), isNull(r.startedAt), eq(r.resultState, "NONE")))
        .run();
      if (marked.changes !== 1) return null;
      const recipients = recipientsOf(tx, round.id);
      for (const to of recipients) {
        queueMail(callMail(to, { ...round, raceNumber }, decision.expected), { ...mail, tx });
      }
      return recipients.length;
    });
    if (result !== null)
      called.push({ roundId: round.id, raceNumber, expected: decision.expected, emails: result });
  }
  return called;
}
