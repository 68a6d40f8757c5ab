import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import {
  drainMailQueue,
  mailLayout,
  mailSenderIdle,
  queueMail,
  resetMailerForTests,
  sendDueMail,
  sendMail,
} from "~/lib/mailer.server";
import { claimNextMail, insertMail, type MailQueueRow } from "~/models/mail-queue.server";
import { MAIL_CLAIM_MS, MAIL_PROBE_MS } from "~/rules/mail-queue";

let server: SMTPServer;
let smtpUrl: string;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

/** A real SMTP server on 127.0.0.1 that keeps what it receives in `received`. */
const smtpServer = () =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });

beforeAll(async () => {
  server = smtpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}`;
});

afterAll(async () => {
  resetMailerForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "regatta-outbox-"));

describe("mailLayout", () => {
  it("builds a text and an escaped HTML body", () => {
    const { text, html } = mailLayout("Verify <you>", ["Hello & welcome", 'Say "hi"'], {
      href: "https://example.com/verify?a=1&b=2",
      label: "Verify account",
    });
    expect(text).toBe(
      'Verify <you>\n\nHello & welcome\n\nSay "hi"\n\nVerify account: https://example.com/verify?a=1&b=2',
    );
    expect(html).toContain("Verify &lt;you&gt;");
    expect(html).toContain("Hello &amp; welcome");
    expect(html).toContain("Say &quot;hi&quot;");
    expect(html).toContain('href="https://example.com/verify?a=1&amp;b=2"');
    expect(html).not.toContain("<you>");
  });

  it("refuses a link that is not http(s)", () => {
    expect(() => mailLayout("t", [], { href: "javascript:alert(1)", label: "x" })).toThrow();
  });
});

/** The queue's rows to `to` (each test mails its own addresses). */
const rowsTo = (to: string): MailQueueRow[] =>
  db()
    .select()
    .from(schema.mailQueue)
    .all()
    .filter((r) => r.to === to);
const receivedBy = (to: string) => received.filter((r) => r.envelopeTo.includes(to));
const msg = (to: string, subject = "s") => ({ to, subject, text: "t", html: "<p>t</p>" });

/** A port on 127.0.0.1 where nothing listens (yet). */
async function freePort(): Promise<number> {
  const probe = smtpServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.server.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeEach(async () => {
  await mailSenderIdle();
  db().delete(schema.mailQueue).run();
});

describe("sendMail", () => {
  it("delivers through SMTP, with the Message-ID it was queued with", async () => {
    const { text, html } = mailLayout("Reset your password", ["Someone asked to reset it."], {
      href: "http://127.0.0.1:3999/auth/reset?token=abc",
      label: "Reset password",
    });
    await sendMail({ to: "crew@example.com", subject: "Reset Password", text, html }, { smtpUrl });
    await mailSenderIdle();
    const mine = receivedBy("crew@example.com");
    expect(mine).toHaveLength(1);
    const { envelopeTo, mail } = mine[0];
    expect(envelopeTo).toEqual(["crew@example.com"]);
    expect(mail.subject).toBe("Reset Password");
    expect(mail.text?.trim()).toBe(text);
    expect(mail.html).toContain('href="http://127.0.0.1:3999/auth/reset?token=abc"');
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0].address).toBe("crew@example.com");
    expect(mail.from?.value[0].address).toBe("no-reply@regatta.local");
    const [row] = rowsTo("crew@example.com");
    expect(row.messageId).toMatch(/^<[^<>@\s]+@127\.0\.0\.1>$/);
    expect(mail.messageId).toBe(row.messageId);
    expect(row).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null, claimedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("SMTP down when queued: nothing lost, retried after its back-off, delivered once when it is back", async () => {
    const port = await freePort();
    const downUrl = `smtp://127.0.0.1:${port}`;
    const to = "down@example.com";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const start = Date.now();
    let back: SMTPServer | undefined;
    try {
      // The request that queues it succeeds although the server is down.
      await sendMail(msg(to, "While down"), { smtpUrl: downUrl });
      await mailSenderIdle();
      let [row] = rowsTo(to);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
      expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(start + 5_000);

      // Kicked again before its back-off: not tried (no hammering of a dead server).
      await drainMailQueue({ smtpUrl: downUrl });
      expect(rowsTo(to)[0].attempts).toBe(1);

      // After the back-off, tried again, still down: logged once for the message, not per retry.
      vi.setSystemTime(start + 6_000);
      expect(await drainMailQueue({ smtpUrl: downUrl })).toMatchObject({ sent: 0, failed: 1 });
      [row] = rowsTo(to);
      expect(row).toMatchObject({ attempts: 2, sentAt: null });
      expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(start + 6_000 + 15_000);
      expect(errors.mock.calls.filter((c) => String(c[0]).includes(to))).toHaveLength(1);
      expect(receivedBy(to)).toHaveLength(0);

      // The server comes back on the same address; the next tick after the back-off delivers it.
      back = smtpServer();
      await new Promise<void>((resolve) => back?.listen(port, "127.0.0.1", resolve));
      vi.setSystemTime(start + 22_000);
      expect(await drainMailQueue({ smtpUrl: downUrl })).toMatchObject({ sent: 1, failed: 0 });
      await drainMailQueue({ smtpUrl: downUrl });
      const got = receivedBy(to);
      expect(got).toHaveLength(1);
      expect(got[0].mail.messageId).toBe(row.messageId);
      expect(rowsTo(to)[0]).toMatchObject({ attempts: 3, nextAttemptAt: null });
    } finally {
      vi.useRealTimers();
      errors.mockRestore();
      resetMailerForTests();
      if (back) await new Promise<void>((resolve) => back?.close(() => resolve()));
    }
  });

  it("the first delivery after an outage sends the backed-off messages at once", async () => {
    const port = await freePort();
    const downUrl = `smtp://127.0.0.1:${port}`;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let back: SMTPServer | undefined;
    try {
      queueMail(msg("early@example.com"), { smtpUrl: downUrl });
      await mailSenderIdle();
      expect(rowsTo("early@example.com")[0]).toMatchObject({ attempts: 1, sentAt: null });
      back = smtpServer();
      await new Promise<void>((resolve) => back?.listen(port, "127.0.0.1", resolve));
      // No waiting out the back-off: a new message goes, and the server answering wakes the old one.
      queueMail(msg("late@example.com"), { smtpUrl: downUrl });
      await mailSenderIdle();
      await drainMailQueue({ smtpUrl: downUrl });
      expect(receivedBy("late@example.com")).toHaveLength(1);
      expect(receivedBy("early@example.com")).toHaveLength(1);
      expect(rowsTo("early@example.com")[0].sentAt).toBeInstanceOf(Date);
    } finally {
      errors.mockRestore();
      resetMailerForTests();
      if (back) await new Promise<void>((resolve) => back?.close(() => resolve()));
    }
  });

  it("while the server is down the sender probes it, and drains soon after it is back, not after the back-off", async () => {
    const port = await freePort();
    const downUrl = `smtp://127.0.0.1:${port}`;
    const to = "probe@example.com";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const start = Date.now();
    let back: SMTPServer | undefined;
    try {
      queueMail(msg(to), { smtpUrl: downUrl });
      await mailSenderIdle(); // attempt 1: next in 5 s
      vi.setSystemTime(start + 6_000);
      await drainMailQueue({ smtpUrl: downUrl }); // attempt 2: next in 15 s
      vi.setSystemTime(start + 22_000);
      await drainMailQueue({ smtpUrl: downUrl }); // attempt 3: next in 60 s
      expect(rowsTo(to)[0]).toMatchObject({ attempts: 3, sentAt: null });
      expect(rowsTo(to)[0].nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(start + 82_000);
      back = smtpServer();
      await new Promise<void>((resolve) => back?.listen(port, "127.0.0.1", resolve));
      // Not due, and the last try was under MAIL_PROBE_MS ago: left alone.
      vi.setSystemTime(start + 22_000 + MAIL_PROBE_MS - 2_000);
      expect(await drainMailQueue({ smtpUrl: downUrl })).toMatchObject({ sent: 0, failed: 0 });
      // A tick after MAIL_PROBE_MS probes the server with it, long before its back-off ends.
      vi.setSystemTime(start + 22_000 + MAIL_PROBE_MS + 1_000);
      expect(await drainMailQueue({ smtpUrl: downUrl })).toMatchObject({ sent: 1, failed: 0 });
      expect(receivedBy(to)).toHaveLength(1);
      // Up again: no more probing of what is not due.
      expect(await drainMailQueue({ smtpUrl: downUrl })).toMatchObject({ sent: 0, failed: 0 });
    } finally {
      vi.useRealTimers();
      errors.mockRestore();
      resetMailerForTests();
      if (back) await new Promise<void>((resolve) => back?.close(() => resolve()));
    }
  });

  it("two senders at once send each message once", async () => {
    const tos = [1, 2, 3, 4, 5, 6].map((i) => `twice${i}@example.com`);
    // Queued without a kick, then drained by two unserialised passes and two serialised ones at once.
    for (const to of tos)
      insertMail({ ...msg(to), attachments: null, messageId: `<twice-${to}-${Date.now()}@test>` });
    const results = await Promise.all([
      sendDueMail({ smtpUrl }),
      sendDueMail({ smtpUrl }),
      drainMailQueue({ smtpUrl }),
      drainMailQueue({ smtpUrl, outboxDir: tmpDir() }),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(tos.length);
    for (const to of tos) {
      expect(receivedBy(to)).toHaveLength(1);
      expect(rowsTo(to)[0]).toMatchObject({ attempts: 1 });
    }
  });

  it("a message another sender claimed is left to it; its claim lapses if that sender died", async () => {
    insertMail({
      ...msg("claimed@example.com"),
      attachments: null,
      messageId: `<claimed-${Date.now()}@test>`,
    });
    const start = Date.now();
    try {
      // Another process took it and died mid-send (SIGKILL): nothing here sends it meanwhile.
      expect(claimNextMail(start)).toMatchObject({ to: "claimed@example.com", attempts: 1 });
      expect(await drainMailQueue({ smtpUrl })).toMatchObject({ sent: 0 });
      vi.setSystemTime(start + MAIL_CLAIM_MS - 1_000);
      expect(await drainMailQueue({ smtpUrl })).toMatchObject({ sent: 0 });
      vi.setSystemTime(start + MAIL_CLAIM_MS + 1);
      expect(await drainMailQueue({ smtpUrl })).toMatchObject({ sent: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect(receivedBy("claimed@example.com")).toHaveLength(1);
    expect(rowsTo("claimed@example.com")[0]).toMatchObject({ attempts: 2, claimedUntil: null });
  });

  it("a message queued in a transaction that rolls back is never sent", async () => {
    expect(() =>
      db().transaction((tx) => {
        queueMail(msg("rolledback@example.com"), { tx, smtpUrl });
        throw new Error("the action failed");
      }),
    ).toThrow("the action failed");
    db().transaction((tx) => {
      queueMail(msg("committed@example.com"), { tx, smtpUrl });
    });
    await mailSenderIdle();
    expect(rowsTo("rolledback@example.com")).toHaveLength(0);
    expect(receivedBy("rolledback@example.com")).toHaveLength(0);
    expect(receivedBy("committed@example.com")).toHaveLength(1);
  });

  it("a LiteFS replica never sends; the primary does", async () => {
    const litefs = tmpDir();
    fs.writeFileSync(path.join(litefs, ".primary"), "primary-machine\n");
    const saved = process.env.LITEFS_DIR;
    insertMail({
      ...msg("replica@example.com"),
      attachments: null,
      messageId: `<replica-${Date.now()}@test>`,
    });
    try {
      process.env.LITEFS_DIR = litefs;
      vi.resetModules();
      const onReplica = await import("~/lib/mailer.server");
      expect(await onReplica.sendDueMail({ smtpUrl })).toMatchObject({ primary: false, sent: 0 });
      expect(await onReplica.drainMailQueue({ smtpUrl })).toMatchObject({ primary: false, sent: 0 });
      expect(receivedBy("replica@example.com")).toHaveLength(0);
      expect(rowsTo("replica@example.com")[0]).toMatchObject({ attempts: 0, sentAt: null });
      // Promoted: LiteFS removes `.primary`.
      fs.rmSync(path.join(litefs, ".primary"));
      vi.resetModules();
      const promoted = await import("~/lib/mailer.server");
      expect(await promoted.drainMailQueue({ smtpUrl })).toMatchObject({ primary: true, sent: 1 });
      expect(receivedBy("replica@example.com")).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env.LITEFS_DIR;
      else process.env.LITEFS_DIR = saved;
      vi.resetModules();
      fs.rmSync(litefs, { recursive: true, force: true });
    }
  });

  it("keeps the attachments through the queue", async () => {
    const content = Buffer.from([0, 1, 2, 250, 251, 252]);
    await sendMail(
      {
        ...msg("attach@example.com"),
        attachments: [{ filename: "a.bin", content, contentType: "application/x-test" }],
      },
      { smtpUrl },
    );
    await mailSenderIdle();
    const [got] = receivedBy("attach@example.com");
    expect(got.mail.attachments).toHaveLength(1);
    expect(got.mail.attachments[0].filename).toBe("a.bin");
    expect(Buffer.compare(got.mail.attachments[0].content, content)).toBe(0);
  });

  it("writes an .eml file to the outbox and logs the links without SMTP", async () => {
    const dir = tmpDir();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const { text, html } = mailLayout("Verify Account", ["Welcome."], {
        href: "http://127.0.0.1:3999/auth/verify/tok123",
        label: "Verify",
      });
      await sendMail(
        { to: "new@example.com", subject: "Verify your Regatta account", text, html },
        { smtpUrl: null, outboxDir: dir },
      );
      await mailSenderIdle();
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = fs.readFileSync(path.join(dir, files[0]));
      expect(raw.toString("utf8")).toContain("Subject: Verify your Regatta account");
      const parsed = await simpleParser(raw);
      expect(parsed.subject).toBe("Verify your Regatta account");
      expect(parsed.text?.trim()).toBe(text);
      expect(parsed.messageId).toBe(rowsTo("new@example.com")[0].messageId);
      const logged = log.mock.calls.flat().join("\n");
      expect(logged).toContain("new@example.com");
      expect(logged).toContain("Verify your Regatta account");
      expect(logged).toContain("http://127.0.0.1:3999/auth/verify/tok123");
    } finally {
      log.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follows SMTP_URL and OUTBOX_DIR from the environment", async () => {
    const saved = { SMTP_URL: process.env.SMTP_URL, OUTBOX_DIR: process.env.OUTBOX_DIR };
    const dir = tmpDir();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      // env() caches its first parse, so each case loads fresh copies of the modules.
      process.env.SMTP_URL = smtpUrl;
      vi.resetModules();
      const viaSmtp = await import("~/lib/mailer.server");
      await viaSmtp.sendMail({ to: "env@example.com", subject: "From env", text: "t", html: "<p>t</p>" });
      await viaSmtp.mailSenderIdle();
      viaSmtp.resetMailerForTests();
      expect(received.at(-1)?.mail.subject).toBe("From env");

      delete process.env.SMTP_URL;
      process.env.OUTBOX_DIR = dir;
      vi.resetModules();
      const viaOutbox = await import("~/lib/mailer.server");
      await viaOutbox.sendMail({ to: "env@example.com", subject: "To outbox", text: "t", html: "<p>t</p>" });
      await viaOutbox.mailSenderIdle();
      expect(fs.readdirSync(dir)).toHaveLength(1);
    } finally {
      log.mockRestore();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      vi.resetModules();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
