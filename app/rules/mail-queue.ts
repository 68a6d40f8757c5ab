// The mail queue's retry rules (issue 27, ADR 0037), pure: how long the sender waits before trying
// a failed message again, when it stops trying, and which failures mean "the server is down" rather
// than "this message was refused".

/** Waits after the 1st, 2nd, 3rd, ... failed attempt; the last one repeats (the cap). */
export const MAIL_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 120_000, 300_000] as const;

/** A message still unsent this long after it was queued is given up (its last error stays). */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** While a message is being sent no other sender may take it; after this long a crashed sender's
 * claim lapses and the message is due again. Longer than any SMTP conversation the transport allows
 * (lib/mailer.server.ts: 10 s to connect, 10 s for the greeting, 60 s of silence). */
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

/** A failure of the connection (refused, reset, timed out, DNS, a 4xx "try later"), which says the
 * mail server is unreachable or busy, not that it refused this message: nodemailer's error codes. */
export function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return (
    typeof code === "string" &&
    ["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPROTOCOL"].includes(code)
  );
}
