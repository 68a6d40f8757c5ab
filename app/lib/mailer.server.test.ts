import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailLayout, resetMailerForTests, sendMail } from "~/lib/mailer.server";

let server: SMTPServer;
let smtpUrl: string;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
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

describe("sendMail", () => {
  it("delivers through SMTP", async () => {
    const { text, html } = mailLayout("Reset your password", ["Someone asked to reset it."], {
      href: "http://127.0.0.1:3999/auth/reset?token=abc",
      label: "Reset password",
    });
    await sendMail({ to: "crew@example.com", subject: "Reset Password", text, html }, { smtpUrl });
    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0];
    expect(envelopeTo).toEqual(["crew@example.com"]);
    expect(mail.subject).toBe("Reset Password");
    expect(mail.text?.trim()).toBe(text);
    expect(mail.html).toContain('href="http://127.0.0.1:3999/auth/reset?token=abc"');
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0].address).toBe("crew@example.com");
    expect(mail.from?.value[0].address).toBe("no-reply@regatta.local");
  });

  it("rejects when the SMTP server cannot be reached", async () => {
    await expect(
      sendMail(
        { to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" },
        { smtpUrl: "smtp://127.0.0.1:1" },
      ),
    ).rejects.toThrow();
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
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = fs.readFileSync(path.join(dir, files[0]));
      expect(raw.toString("utf8")).toContain("Subject: Verify your Regatta account");
      const parsed = await simpleParser(raw);
      expect(parsed.subject).toBe("Verify your Regatta account");
      expect(parsed.text?.trim()).toBe(text);
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
      viaSmtp.resetMailerForTests();
      expect(received.at(-1)?.mail.subject).toBe("From env");

      delete process.env.SMTP_URL;
      process.env.OUTBOX_DIR = dir;
      vi.resetModules();
      const viaOutbox = await import("~/lib/mailer.server");
      await viaOutbox.sendMail({ to: "env@example.com", subject: "To outbox", text: "t", html: "<p>t</p>" });
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
