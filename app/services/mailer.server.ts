// Outgoing email, through a durable queue (issue 27, ADR 0037). `queueMail` writes the message to
// the mail_queue table (in the caller's transaction when given one, so an action rolled back sends
// nothing) with its Message-ID fixed, and kicks the sender; `sendMail` is the same for a caller
// without a transaction. The sender runs on the LiteFS primary only, one message at a time, and
// delivers each due message: with SMTP_URL set, to that SMTP server; without it (the embedded demo,
// offline) as an .eml file in OUTBOX_DIR, its recipient, subject and links logged so verification
// and reset links can be followed from the log. A failed attempt backs off (rules/mail-queue.ts) and
// is tried again by the next kick or the jobs' tick (jobs.server.ts), after a restart too; a
// message is given up a day after it was queued, its last error kept. A caller never sees the mail
// server's failure: once queued, the email will follow.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import {
  claimNextMail,
  insertMail,
  type MailQueueRow,
  markMailFailed,
  markMailSent,
  type StoredAttachment,
  wakeDeferredMail,
} from "~/models/mail-queue.server";
import { MAIL_PROBE_MS, mailErrorText, mailFailureKind, nextMailAttempt } from "~/rules/mail-queue";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (e.g. the receipt PDF of the order-paid email). */
  attachments?: MailAttachment[];
};
export type SendMailOptions = {
  /** Overrides SMTP_URL for the sender this call kicks: a URL sends through it, null forces the
   * outbox (tests). A message still queued later goes the way SMTP_URL says. */
  smtpUrl?: string | null;
  /** Overrides OUTBOX_DIR, likewise. */
  outboxDir?: string;
};
export type QueueOptions = SendMailOptions & {
  /** The caller's transaction: the message exists only if it commits. */
  tx?: Tx;
};

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Short timeouts: one message at a time, so a mail server that hangs must not hold the queue
    // (nodemailer waits up to 2 min to connect and 10 min on a silent socket by default).
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(url, transport);
  }
  return transport;
}

/** Closes and forgets the cached SMTP transports. */
export function resetMailerForTests(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

const outboxTransport = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: "windows",
});

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/** A Message-ID for a new message: `<random@host>`, the host from APP_URL (else this machine). */
function newMessageId(): string {
  let host: string;
  try {
    host = new URL(env().APP_URL).hostname || os.hostname();
  } catch {
    host = os.hostname();
  }
  return `<${Date.now().toString(36)}.${randomBytes(12).toString("hex")}@${host}>`;
}

/**
 * Queues the message (in `opts.tx` when given: it exists only if that transaction commits) and
 * kicks the sender, which starts once the current synchronous code (the transaction) is done.
 * Returns its Message-ID. Throws only when the row cannot be written (then nothing was queued).
 */
export function queueMail(msg: MailMessage, opts: QueueOptions = {}): string {
  const messageId = newMessageId();
  const attachments: StoredAttachment[] | null = msg.attachments?.length
    ? msg.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString("base64"),
      }))
    : null;
  insertMail(
    { to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, attachments, messageId },
    opts.tx ?? db(),
  );
  void drainMailQueue({ smtpUrl: opts.smtpUrl, outboxDir: opts.outboxDir });
  return messageId;
}

/** Queues the message (its own write) and kicks the sender; resolves once it is queued, not sent:
 * the mail server's failures never reach the caller (the queue retries). */
export async function sendMail(msg: MailMessage, opts: SendMailOptions = {}): Promise<void> {
  queueMail(msg, { smtpUrl: opts.smtpUrl, outboxDir: opts.outboxDir });
}

/** Delivers one stored message, with its stored Message-ID; throws what the transport throws. */
async function deliver(row: MailQueueRow, opts: SendMailOptions): Promise<void> {
  const e = env();
  const smtpUrl = opts.smtpUrl === undefined ? e.SMTP_URL : opts.smtpUrl;
  const stored: StoredAttachment[] = row.attachments ? JSON.parse(row.attachments) : [];
  const mail = {
    from: e.MAIL_FROM,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    messageId: row.messageId,
    date: row.createdAt,
    attachments: stored.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.base64, "base64"),
      contentType: a.contentType,
    })),
  };

  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail(mail);
    return;
  }

  const info = await outboxTransport.sendMail(mail);
  const dir = opts.outboxDir ?? e.OUTBOX_DIR;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(file, info.message as Buffer);
  const links = row.text.match(LINK) ?? [];
  console.log(
    [
      `[mail] to: ${row.to}`,
      `  subject: ${row.subject}`,
      ...links.map((l) => `  link: ${l}`),
      ...stored.map((a) => `  attachment: ${a.filename} (${Buffer.from(a.base64, "base64").length} bytes)`),
      `  file: ${file}`,
    ].join("\n"),
  );
}

export type DrainResult = { sent: number; failed: number; gaveUp: number; primary: boolean };

// Per process, surviving dev reloads and vitest's fresh module copies: the sender's queue of passes,
// whether the mail server may be down (true at start: after a restart, the first delivery wakes what
// an outage before it backed off), when the sender last tried one, and whether it has stopped
// (shutdown: no new claims).
type MailState = {
  tail: Promise<unknown>;
  pending: { key: string; pass: Promise<DrainResult> } | null;
  down: boolean;
  triedAt: number;
  stopped?: boolean;
};
const state = globalThis as unknown as { __regattaMail?: MailState };
const mailState = () => {
  state.__regattaMail ??= { tail: Promise.resolve(), pending: null, down: true, triedAt: 0 };
  return state.__regattaMail;
};

const describeError = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
};

/**
 * One pass of the sender, WITHOUT the in-process serialisation (drainMailQueue adds it): sends
 * every due message, one at a time, each claimed first (models/mail-queue.server.ts), so two passes
 * at once, even in two processes, never send a message twice. A failure is judged by
 * rules/mail-queue.ts mailFailureKind: the server down ends the pass (the other messages wait for
 * the next tick); a 5xx refusal gives that message up at once; any other failure (a 4xx for this
 * message) backs off that message only and the pass goes on. While the server is down, a pass with
 * nothing due tries the earliest message the outage backed off every MAIL_PROBE_MS, and the first
 * answer from the server makes every such message due at once. Logs a message's failure once (its
 * first), its give up, and its delivery after failures. Nothing on a replica, nothing once stopped.
 */
export async function sendDueMail(opts: SendMailOptions = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0, gaveUp: 0, primary: isPrimary() };
  if (!result.primary) return result;
  const s = mailState();
  let probed = false;
  /** The server answered (delivered, or judged this message): wake what its outage backed off. */
  const serverUp = () => {
    if (!s.down) return;
    s.down = false;
    wakeDeferredMail();
  };
  for (;;) {
    if (s.stopped) break;
    let row = claimNextMail();
    if (!row && s.down && !probed && Date.now() - s.triedAt >= MAIL_PROBE_MS) {
      probed = true;
      row = claimNextMail(Date.now(), { early: true });
    }
    if (!row) break;
    s.triedAt = Date.now();
    try {
      await deliver(row, opts);
    } catch (error) {
      const now = Date.now();
      const kind = mailFailureKind(error);
      const next = kind === "refused" ? null : nextMailAttempt(row.createdAt.getTime(), row.attempts, now);
      const why = describeError(error);
      markMailFailed(row.id, next, mailErrorText(kind, why));
      result.failed++;
      if (next === null) {
        result.gaveUp++;
        console.error(`[mail] #${row.id} to ${row.to} given up after ${row.attempts} attempts: ${why}`);
      } else if (row.attempts === 1) {
        console.error(`[mail] #${row.id} to ${row.to} not sent yet, will retry: ${why}`);
      }
      if (kind === "down") {
        s.down = true;
        break;
      }
      // The server answered (it refused or deferred this message): no probing, and what its
      // outage backed off may go now.
      if (deliversBySmtp(opts)) serverUp();
      continue;
    }
    markMailSent(row.id);
    result.sent++;
    if (row.attempts > 1) console.log(`[mail] #${row.id} to ${row.to} sent at attempt ${row.attempts}`);
    serverUp();
  }
  return result;
}

const deliversBySmtp = (opts: SendMailOptions) =>
  Boolean(opts.smtpUrl === undefined ? env().SMTP_URL : opts.smtpUrl);

/**
 * Runs a pass of the sender after the passes already started or waiting in this process (one at
 * a time: never two sends at once). Kicks that come while a pass waits to start share it. Never
 * rejects: a pass that throws (the database) is logged and counts nothing.
 */
export function drainMailQueue(opts: SendMailOptions = {}): Promise<DrainResult> {
  const s = mailState();
  const key = JSON.stringify([opts.smtpUrl, opts.outboxDir]);
  if (s.pending?.key === key) return s.pending.pass;
  const pass: Promise<DrainResult> = s.tail.then(() => {
    if (s.pending?.pass === pass) s.pending = null;
    return sendDueMail(opts).catch((error) => {
      console.error("[mail] the sender failed", error);
      return { sent: 0, failed: 0, gaveUp: 0, primary: true };
    });
  });
  s.pending = { key, pass };
  s.tail = pass;
  return pass;
}

/** Resolves when every pass started or waiting in this process is done (tests wait on it). */
export function mailSenderIdle(): Promise<void> {
  return mailState().tail.then(() => undefined);
}

/**
 * Shutdown (server.mjs on SIGTERM/SIGINT, through entry.server.tsx): the sender claims no more
 * messages in this process, and the returned promise resolves once the message being sent, if
 * any, is done and marked, so a restart does not find it claimed and send it a second time. The
 * caller bounds the wait (a hung server: the claim lapses as after a crash).
 */
export function stopMailSender(): Promise<void> {
  mailState().stopped = true;
  return mailSenderIdle();
}

/** Tests: the sender claims again after stopMailSender. */
export function restartMailSenderForTests(): void {
  mailState().stopped = false;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A plain-text body and a simple, escaped, inline-styled HTML body for the same content. */
export function mailLayout(
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): { text: string; html: string } {
  if (link && !/^https?:\/\//i.test(link.href))
    throw new Error(`mailLayout: not an http(s) link: ${link.href}`);

  const text = [title, ...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join("\n\n");

  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1b2330">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;background:#0b2a5b;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#5b6678;word-break:break-all">${escapeHtml(link.href)}</p>`
    : "";
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f9">
<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif">
<div style="background:#ffffff;border-radius:6px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#0b2a5b">${escapeHtml(title)}</h1>
${paragraphs.map(p).join("\n")}
${button}
</div>
</div>
</body></html>
`;
  return { text, html };
}
