// The durable mail queue (issue 27, ADR 0037): the SQL of table mail_queue. services/mailer.server.ts
// queues with `insertMail` (in the caller's transaction where there is one) and its sender takes one
// due message at a time with `claimNextMail`, an UPDATE ... RETURNING that sets the message's
// `claimed_until`: two senders (two ticks, a cron next to the server) can never take the same
// message, and a sender that dies mid-send lets go after MAIL_CLAIM_MS.
import { sql } from "drizzle-orm";
import { quietChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { MAIL_CLAIM_MS, MAIL_DOWN_PREFIX } from "~/rules/mail-queue";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
export type MailQueueRow = typeof schema.mailQueue.$inferSelect;
export type StoredAttachment = { filename: string; contentType: string; base64: string };
export type NewMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: StoredAttachment[] | null;
  messageId: string;
};

const q = schema.mailQueue;

/** Its last attempt failed because the server was down (rules/mail-queue.ts mailErrorText). */
const failedDown = sql`substr(${q.lastError}, 1, ${MAIL_DOWN_PREFIX.length}) = ${MAIL_DOWN_PREFIX}`;

// Tests only: runs between claimNextMail's read and its UPDATE, where another process's sender may
// claim the same message (better-sqlite3 is synchronous, so in one process nothing else can run
// there: a test claims it through a second connection to prove the UPDATE checks again).
let betweenReadAndClaim: ((id: number) => void) | undefined;
/** @testOnly tests only: a hook inside claimNextMail. */
export function setClaimRaceForTests(hook: ((id: number) => void) | undefined): void {
  betweenReadAndClaim = hook;
}

/** Writes the message, due now; returns its id. */
export function insertMail(mail: NewMail, tx: Tx | ReturnType<typeof db> = db(), now = Date.now()): number {
  const id = tx
    .insert(q)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
      messageId: mail.messageId,
      createdAt: new Date(now),
      nextAttemptAt: new Date(now),
    })
    .returning({ id: q.id })
    .get().id;
  quietChanges(1); // after the row is in: the version never goes back
  return id;
}

/** Takes the oldest due unsent message for this sender (its attempt counted, claimed for
 * MAIL_CLAIM_MS so no other sender takes it meanwhile), or undefined when none is due. A read
 * first (the idle tick takes no write lock), then one UPDATE ... RETURNING that checks again that
 * the message is due and unclaimed, so it is atomic between processes. Uses the partial index
 * mail_queue_due. */
export function claimNextMail(now = Date.now(), { early = false } = {}): MailQueueRow | undefined {
  // `early`: the earliest message the server being down backed off, even before its next attempt
  // (the sender's probe).
  const due = sql`${q.sentAt} IS NULL AND ${q.nextAttemptAt} IS NOT NULL
    AND ${early ? failedDown : sql`${q.nextAttemptAt} <= ${now}`}
    AND (${q.claimedUntil} IS NULL OR ${q.claimedUntil} <= ${now})`;
  const next = db().select({ id: q.id }).from(q).where(due).orderBy(q.nextAttemptAt, q.id).limit(1).get();
  if (!next) return undefined;
  betweenReadAndClaim?.(next.id);
  const claimed = db()
    .update(q)
    .set({ attempts: sql`${q.attempts} + 1`, claimedUntil: new Date(now + MAIL_CLAIM_MS) })
    .where(sql`${q.id} = ${next.id} AND ${due}`)
    .returning()
    .get();
  if (claimed) quietChanges(1);
  // Another sender took it between the read and the update: look for the next one.
  return claimed ?? claimNextMail(now, { early });
}

/** The message went: it is never sent again. Its attachments (receipt PDFs, the bulk of the table)
 * are dropped; the text and HTML bodies stay, to show what was sent, until the row is purged. */
export function markMailSent(id: number, now = Date.now()): void {
  const done = db()
    .update(q)
    .set({ sentAt: new Date(now), nextAttemptAt: null, claimedUntil: null, attachments: null })
    .where(sql`${q.id} = ${id}`)
    .run();
  quietChanges(done.changes);
}

/** The attempt failed: try again at `nextAt`, or never (null: given up). The error stays visible. */
export function markMailFailed(id: number, nextAt: number | null, error: string): void {
  const done = db()
    .update(q)
    .set({
      nextAttemptAt: nextAt === null ? null : new Date(nextAt),
      claimedUntil: null,
      lastError: error.slice(0, 2000),
    })
    .where(sql`${q.id} = ${id}`)
    .run();
  quietChanges(done.changes);
}

/** The mail server answers again: every message backed off because it was down is due now (a
 * claimed one stays claimed; one that the server itself refused for a while keeps its back-off). */
export function wakeDeferredMail(now = Date.now()): number {
  const woken = db()
    .update(q)
    .set({ nextAttemptAt: new Date(now) })
    .where(
      sql`${q.sentAt} IS NULL AND ${q.nextAttemptAt} IS NOT NULL AND ${q.nextAttemptAt} > ${now} AND ${failedDown}`,
    )
    .run().changes;
  quietChanges(woken);
  return woken;
}

/** Deletes the rows of messages sent before `before` (the hourly cleanup: 90 days; mail is not a
 * financial record). Unsent and given-up rows stay. Returns how many went. */
export function deleteSentMailBefore(before: number): number {
  const gone = db().delete(q).where(sql`${q.sentAt} IS NOT NULL AND ${q.sentAt} < ${before}`).run().changes;
  quietChanges(gone);
  return gone;
}

/** How the queue stands (for tests, the rehearsal and a future staff view). */
export function mailQueueCounts(): { unsent: number; sent: number; givenUp: number } {
  const row = db()
    .select({
      unsent: sql<number>`coalesce(sum(${q.sentAt} IS NULL AND ${q.nextAttemptAt} IS NOT NULL), 0)`,
      sent: sql<number>`coalesce(sum(${q.sentAt} IS NOT NULL), 0)`,
      givenUp: sql<number>`coalesce(sum(${q.sentAt} IS NULL AND ${q.nextAttemptAt} IS NULL), 0)`,
    })
    .from(q)
    .get();
  return row ?? { unsent: 0, sent: 0, givenUp: 0 };
}

/** One message by its Message-ID. */
export function mailByMessageId(messageId: string): MailQueueRow | undefined {
  return db().select().from(q).where(sql`${q.messageId} = ${messageId}`).get();
}
