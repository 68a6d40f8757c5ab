// Outgoing email. With SMTP_URL set, messages go to that SMTP server; without it (the embedded
// demo, offline) each message is written as an .eml file into OUTBOX_DIR and its recipient,
// subject and links are logged, so verification and reset links can be followed from the log.
// Errors propagate: the caller decides whether a failed email fails the request.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/lib/env.server";

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
  /** Overrides SMTP_URL: a URL sends through it, null forces the outbox. */
  smtpUrl?: string | null;
  /** Overrides OUTBOX_DIR. */
  outboxDir?: string;
};

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
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

export async function sendMail(msg: MailMessage, opts: SendMailOptions = {}): Promise<void> {
  const e = env();
  const smtpUrl = opts.smtpUrl === undefined ? e.SMTP_URL : opts.smtpUrl;
  const mail = {
    from: e.MAIL_FROM,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    attachments: msg.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
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
  const links = msg.text.match(LINK) ?? [];
  console.log(
    [
      `[mail] to: ${msg.to}`,
      `  subject: ${msg.subject}`,
      ...links.map((l) => `  link: ${l}`),
      ...(msg.attachments ?? []).map((a) => `  attachment: ${a.filename} (${a.content.length} bytes)`),
      `  file: ${file}`,
    ].join("\n"),
  );
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
