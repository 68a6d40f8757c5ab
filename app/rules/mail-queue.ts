// The mail queue's retry rules (issue 27, ADR 0037), pure: how long the sender waits before trying
// a failed message again, when it stops trying, and which failures mean "the server is down" rather
// than "this message was refused".

/** Waits after the 1st, 2nd, 3rd, ... failed attempt; the last one repeats (the cap). */
export const MAIL_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 120_000, 300_000] as const;

/** A message still unsent this long after it was queued is given up (its last error stays). */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** A sent message's row is deleted this long after it was sent (the hourly cleanup): mail is not a
 * financial record, and the receipt's numbers stay in the order. */
export const MAIL_KEEP_SENT_MS = 90 * 24 * 60 * 60_000;

/** While a message is being sent no other sender may take it; after this long a crashed sender's
 * claim lapses and the message is due again. Longer than any SMTP conversation the transport allows
 * (services/mailer.server.ts: 10 s to connect, 10 s for the greeting, 60 s of silence). */
export const MAIL_CLAIM_MS = 2 * 60_000;

/** The wait before the next attempt after `attempts` failed ones (1 = the first failure). */
export function mailRetryDelay(attempts: number): number {
  const i = Math.min(Math.max(attempts, 1), MAIL_RETRY_DELAYS_MS.length) - 1;
  return MAIL_RETRY_DELAYS_MS[i];
}

/** While the mail server is down, the sender tries the earliest backed-off message this often (when
 * nothing is due), so the queue drains within seconds of the server coming back, not after the
 * messages' back-offs (up to 5 min). One refused connection per probe. */
export const MAIL_PROBE_MS = 15_000;

/** When a message that has just failed is tried again, or null: it is given up (queued over a day
 * ago, or its next attempt would fall after the day is over). */
export function nextMailAttempt(createdAt: number, attempts: number, now: number): number | null {
  const next = now + mailRetryDelay(attempts);
  return next - createdAt > MAIL_GIVE_UP_AFTER_MS ? null : next;
}

/** What a failed attempt says (nodemailer's error: `code`, `command`, and the server's reply
 * `responseCode`):
 * - "down": the mail server cannot be used at all, whatever the message: unreachable (refused,
 *   reset, timed out, DNS, no or a bad greeting), TLS or login failing, or reply 421 "service not
 *   available". The pass ends; the message backs off and is woken as soon as the server answers.
 * - "refused": a permanent refusal of this message (reply 5xx to its envelope or data): given up at
 *   once, never retried.
 * - "retry": anything else, e.g. a 4xx for this message (450 mailbox busy, 452 too many recipients),
 *   or the outbox's disk: this message backs off, the pass goes on with the others. */
export type MailFailureKind = "down" | "refused" | "retry";

/** nodemailer's codes (and the socket's own) for a connection or session that failed before any
 * message was offered: a login or TLS failure (e.g. 535) is the configuration's, not the message's. */
const SERVER_CODES = [
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETLS",
  "EAUTH",
];

export function mailFailureKind(error: unknown): MailFailureKind {
  if (!error || typeof error !== "object") return "retry";
  const { code, command, responseCode } = error as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  if (typeof code === "string" && SERVER_CODES.includes(code)) return "down";
  // A greeting other than 220 (e.g. "554 no service" or "421 busy"): nodemailer's EPROTOCOL at CONN.
  if (code === "EPROTOCOL" && command === "CONN") return "down";
  if (responseCode === 421) return "down";
  if (typeof responseCode === "number" && responseCode >= 500) return "refused";
  return "retry";
}

/** A failure that says the mail server is down rather than that it refused this message. */
export function isConnectionFailure(error: unknown): boolean {
  return mailFailureKind(error) === "down";
}

/** The stored last_error of a failed attempt starts with its kind, e.g. "[down] ECONNREFUSED: ...":
 * the sender wakes only the "[down]" rows when the server answers again (no column needed). */
export function mailErrorText(kind: MailFailureKind, description: string): string {
  return `[${kind}] ${description}`;
}

/** The prefix of a "server down" last_error (models/mail-queue.server.ts matches it in SQL). */
export const MAIL_DOWN_PREFIX = "[down] ";
