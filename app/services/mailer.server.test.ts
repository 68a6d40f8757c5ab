import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import Database from "better-sqlite3";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { cleanup } from "~/services/jobs.server";
import {
  drainMailQueue,
  mailLayout,
  mailSenderIdle,
  queueMail,
  resetMailerForTests,
  restartMailSenderForTests,
  sendMail,
  stopMailSender,
} from "~/services/mailer.server";
import {
  claimNextMail,
  insertMail,
  type MailQueueRow,
  setClaimRaceForTests,
} from "~/models/mail-queue.server";
import { MAIL_CLAIM_MS, MAIL_KEEP_SENT_MS, MAIL_PROBE_MS } from "~/rules/mail-queue";

let server: SMTPServer;
let smtpUrl: string;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

/** A real SMTP server on 127.0.0.1 that keeps what it receives in `received`. */
const smtpServer = (more: Partial<SMTPServerOptions> = {}) =>
  new SMTPServer({
    ...more,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      if (more.onData) return more.onData(stream, session, callback);
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
      const onReplica = await import("~/services/mailer.server");
      expect(await onReplica.sendDueMail({ smtpUrl })).toMatchObject({ primary: false, sent: 0 });
      expect(await onReplica.drainMailQueue({ smtpUrl })).toMatchObject({ primary: false, sent: 0 });
      expect(receivedBy("replica@example.com")).toHaveLength(0);
      expect(rowsTo("replica@example.com")[0]).toMatchObject({ attempts: 0, sentAt: null });
      // Promoted: LiteFS removes `.primary`.
      fs.rmSync(path.join(litefs, ".primary"));
      vi.resetModules();
      const promoted = await import("~/services/mailer.server");
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
    // Sent: the attachment leaves the table (receipt PDFs were its bulk); the bodies stay.
    expect(rowsTo("attach@example.com")[0]).toMatchObject({ attachments: null, text: "t", html: "<p>t</p>" });
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
      const viaSmtp = await import("~/services/mailer.server");
      await viaSmtp.sendMail({ to: "env@example.com", subject: "From env", text: "t", html: "<p>t</p>" });
      await viaSmtp.mailSenderIdle();
      viaSmtp.resetMailerForTests();
      expect(received.at(-1)?.mail.subject).toBe("From env");

      delete process.env.SMTP_URL;
      process.env.OUTBOX_DIR = dir;
      vi.resetModules();
      const viaOutbox = await import("~/services/mailer.server");
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

/** A message queued without a kick (the test drains). */
const put = (to: string) =>
  insertMail({ ...msg(to), attachments: null, messageId: `<${to}-${Date.now()}@test>` });

/** A real SMTP server that answers RCPT TO for busy* with 450 (try later) and nobody* with 550. */
async function pickyServer(port = 0): Promise<{ server: SMTPServer; url: string }> {
  const picky = smtpServer({
    onRcptTo(address, _session, callback) {
      const refuse = (code: number, text: string) =>
        callback(Object.assign(new Error(text), { responseCode: code }));
      if (address.address.startsWith("busy")) return refuse(450, "Mailbox busy, try later");
      if (address.address.startsWith("nobody")) return refuse(550, "No such user");
      callback();
    },
  });
  await new Promise<void>((resolve) => picky.listen(port, "127.0.0.1", resolve));
  const { port: bound } = picky.server.address() as AddressInfo;
  return { server: picky, url: `smtp://127.0.0.1:${bound}` };
}
const closeServer = (s: SMTPServer) => new Promise<void>((resolve) => s.close(() => resolve()));

describe("the server's answers (review of issue 27)", () => {
  it("a 4xx for one message backs off that message only; the pass sends the others", async () => {
    const { server: picky, url } = await pickyServer();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const start = Date.now();
      put("busy1@example.com"); // first in the queue
      put("after1@example.com");
      put("after2@example.com");
      expect(await drainMailQueue({ smtpUrl: url })).toMatchObject({ sent: 2, failed: 1, gaveUp: 0 });
      expect(receivedBy("after1@example.com")).toHaveLength(1);
      expect(receivedBy("after2@example.com")).toHaveLength(1);
      const [busy] = rowsTo("busy1@example.com");
      expect(busy).toMatchObject({ attempts: 1, sentAt: null, claimedUntil: null });
      expect(busy.lastError).toMatch(/^\[retry\] .*450/);
      expect(busy.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(start + 5_000);
    } finally {
      errors.mockRestore();
      resetMailerForTests();
      await closeServer(picky);
    }
  });

  it("a 5xx refusal gives the message up at once, its error kept", async () => {
    const { server: picky, url } = await pickyServer();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      put("nobody1@example.com");
      put("after3@example.com");
      expect(await drainMailQueue({ smtpUrl: url })).toMatchObject({ sent: 1, failed: 1, gaveUp: 1 });
      const [nobody] = rowsTo("nobody1@example.com");
      expect(nobody).toMatchObject({ attempts: 1, sentAt: null, nextAttemptAt: null, claimedUntil: null });
      expect(nobody.lastError).toMatch(/^\[refused\] .*550/);
      expect(receivedBy("after3@example.com")).toHaveLength(1);
      expect(errors.mock.calls.some((c) => String(c[0]).includes("given up"))).toBe(true);
    } finally {
      errors.mockRestore();
      resetMailerForTests();
      await closeServer(picky);
    }
  });

  it("the server back wakes only what its outage backed off, not what it deferred itself", async () => {
    let { server: picky, url } = await pickyServer();
    const port = Number(new URL(url).port);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      put("busy2@example.com");
      await drainMailQueue({ smtpUrl: url }); // 450: backed off 5 s, the server up
      const deferred = rowsTo("busy2@example.com")[0];
      expect(deferred).toMatchObject({ attempts: 1, sentAt: null });
      await closeServer(picky); // the server goes down
      put("outage@example.com");
      await drainMailQueue({ smtpUrl: url });
      expect(rowsTo("outage@example.com")[0]).toMatchObject({ attempts: 1, sentAt: null });
      expect(rowsTo("outage@example.com")[0].lastError).toMatch(/^\[down\] /);
      ({ server: picky, url } = await pickyServer(port)); // back, same address
      put("fresh@example.com");
      expect(await drainMailQueue({ smtpUrl: url })).toMatchObject({ sent: 2, failed: 0 });
      expect(receivedBy("fresh@example.com")).toHaveLength(1);
      expect(receivedBy("outage@example.com")).toHaveLength(1); // woken, not after its back-off
      // The message the server deferred keeps its back-off: not tried again yet.
      expect(rowsTo("busy2@example.com")[0]).toMatchObject({
        attempts: 1,
        nextAttemptAt: deferred.nextAttemptAt,
      });
    } finally {
      errors.mockRestore();
      resetMailerForTests();
      await closeServer(picky);
    }
  });
});

describe("the claim between two processes", () => {
  // better-sqlite3 is synchronous: in one process nothing runs between claimNextMail's read and
  // its UPDATE, so senders racing in one process prove nothing. The seam lets a second connection
  // claim there, as another process can; without the UPDATE's recheck this test fails.
  it("a message another process claims between the read and the UPDATE is left to it", async () => {
    const tos = [1, 2, 3].map((i) => `race${i}@example.com`);
    const ids = tos.map(put);
    // The other process: its own connection to the same file, claiming the message this sender
    // has just read (as a cron's `npm run jobs:run` next to the server can).
    const other = new Database(process.env.DATABASE_PATH as string);
    let raced = 0;
    setClaimRaceForTests((id) => {
      if (id !== ids[1] || raced++) return;
      other
        .prepare("UPDATE mail_queue SET attempts = attempts + 1, claimed_until = ? WHERE id = ?")
        .run(Date.now() + MAIL_CLAIM_MS, id);
    });
    try {
      expect(await drainMailQueue({ smtpUrl })).toMatchObject({ sent: 2 });
    } finally {
      setClaimRaceForTests(undefined);
      other.close();
    }
    expect(raced).toBe(1);
    expect(receivedBy(tos[0])).toHaveLength(1);
    expect(receivedBy(tos[2])).toHaveLength(1);
    // Not sent here: the other process holds it (once for it, never twice).
    expect(receivedBy(tos[1])).toHaveLength(0);
    expect(rowsTo(tos[1])[0]).toMatchObject({ attempts: 1, sentAt: null });
  });
});

describe("shutdown", () => {
  it("stops claiming and waits for the message being sent, which is marked sent", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inData = () => {};
    const sending = new Promise<void>((resolve) => {
      inData = resolve;
    });
    // A slow server: holds the first message's DATA until the test releases it.
    const slow = smtpServer({
      onData(stream, _session, callback) {
        inData();
        stream.resume();
        stream.on("end", () => void held.then(() => callback()));
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const url = `smtp://127.0.0.1:${(slow.server.address() as AddressInfo).port}`;
    try {
      put("inflight@example.com");
      put("notyet@example.com");
      const pass = drainMailQueue({ smtpUrl: url });
      await sending; // the first message is on the wire
      let stopped = false;
      const stop = stopMailSender().then(() => {
        stopped = true;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(stopped).toBe(false); // it waits for the send
      release();
      await stop;
      expect(await pass).toMatchObject({ sent: 1 });
      expect(rowsTo("inflight@example.com")[0]).toMatchObject({ attempts: 1, claimedUntil: null });
      expect(rowsTo("inflight@example.com")[0].sentAt).toBeInstanceOf(Date);
      // Nothing more claimed, by this pass or a later kick or tick.
      expect(await drainMailQueue({ smtpUrl: url })).toMatchObject({ sent: 0 });
      expect(rowsTo("notyet@example.com")[0]).toMatchObject({
        attempts: 0,
        claimedUntil: null,
        sentAt: null,
      });
    } finally {
      restartMailSenderForTests();
      release();
      await mailSenderIdle();
      resetMailerForTests();
      await closeServer(slow);
    }
  });
});

describe("cleanup", () => {
  it("deletes sent messages over 90 days old, never an unsent or given-up one", () => {
    const now = Date.now();
    const old = new Date(now - MAIL_KEEP_SENT_MS - 60_000);
    const recent = new Date(now - MAIL_KEEP_SENT_MS + 60_000);
    const q = schema.mailQueue;
    const set = (to: string, values: Partial<typeof q.$inferInsert>) => {
      const id = put(to);
      db().update(q).set(values).where(eq(q.id, id)).run();
    };
    set("oldsent@example.com", { createdAt: old, sentAt: old, nextAttemptAt: null });
    set("recentsent@example.com", { createdAt: old, sentAt: recent, nextAttemptAt: null });
    set("oldgivenup@example.com", { createdAt: old, nextAttemptAt: null, lastError: "[refused] 550" });
    set("oldunsent@example.com", { createdAt: old, nextAttemptAt: new Date(now + 60_000) });
    expect(cleanup(now)).toMatchObject({ sentMail: 1 });
    expect(rowsTo("oldsent@example.com")).toHaveLength(0);
    for (const to of ["recentsent@example.com", "oldgivenup@example.com", "oldunsent@example.com"])
      expect(rowsTo(to)).toHaveLength(1);
  });
});
