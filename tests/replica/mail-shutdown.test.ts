// server.mjs's shutdown and the mail sender (issue 27 review, ADR 0037): on SIGTERM the built
// server stops claiming mail and waits for the message it is sending, so that message is marked
// sent before the process exits (it would otherwise keep its claim for 2 min and be sent again
// after a restart). One `node server.mjs` on a fresh database, a real SMTP server on 127.0.0.1 that
// holds the message's DATA until the test lets it go.
// Runs after the build, with the replica test: npx vitest run --config tests/replica/vitest.config.ts
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import type net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../cluster/lib.mjs";

const ROOT = path.resolve(__dirname, "../..");
const TMP = path.join(ROOT, "tests/.tmp/mail-shutdown");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let child: ChildProcess | undefined;
let smtp: SMTPServer | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (smtp) await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

it("SIGTERM waits for the message being sent and claims no other", async () => {
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    const built = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("remix build failed");
  }
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, "app.db");

  // The SMTP server: DATA arrives, and is answered only once `release` is called.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const dataFor: string[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      dataFor.push(...session.envelope.rcptTo.map((r) => r.address));
      stream.resume();
      stream.on("end", () => void held.then(() => callback()));
    },
  });
  await new Promise<void>((resolve) => smtp?.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as net.AddressInfo).port;

  const port = await freePort();
  const log: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: file,
    UPLOADS_DIR: path.join(TMP, "uploads"),
    OUTBOX_DIR: path.join(TMP, "outbox"),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SESSION_SECRET: "mail-shutdown-secret-0123456789abcdef",
    PAYMENT_PROVIDER: "simulator",
  };
  delete env.LITEFS_DIR;
  delete env.TRUSTED_PROXY_HEADER;
  child = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => log.push(String(d)));
  child.stderr?.on("data", (d) => log.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
  await until("the server to start", async () => {
    if (child?.exitCode !== null) throw new Error(`the server exited:\n${log.join("")}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthcheck`)).ok;
    } catch {
      return false;
    }
  });

  // Two messages queued (as by a request); the server's 5 s tick takes the first.
  const sqlite = new Database(file);
  try {
    const insert = sqlite.prepare(
      "INSERT INTO mail_queue (created_at, `to`, subject, text, html, message_id, next_attempt_at) VALUES (?, ?, 's', 't', '<p>t</p>', ?, ?)",
    );
    const now = Date.now();
    insert.run(now, "first@example.com", `<first-${now}@test>`, now);
    insert.run(now + 1, "second@example.com", `<second-${now}@test>`, now + 1);
    await until("the first message's DATA", () => dataFor.length > 0);
    expect(dataFor).toEqual(["first@example.com"]);

    child.kill("SIGTERM");
    await sleep(1_000);
    expect(child.exitCode).toBeNull(); // still sending: it waits
    release();
    expect(await exited).toBe(0);

    const rows = sqlite
      .prepare("SELECT `to`, attempts, sent_at, claimed_until FROM mail_queue ORDER BY id")
      .all() as { to: string; attempts: number; sent_at: number | null; claimed_until: number | null }[];
    expect(rows[0]).toMatchObject({ to: "first@example.com", attempts: 1, claimed_until: null });
    expect(rows[0].sent_at).toEqual(expect.any(Number));
    // Not taken after the signal: a restart sends it at once, not after a lapsed claim.
    expect(rows[1]).toMatchObject({
      to: "second@example.com",
      attempts: 0,
      claimed_until: null,
      sent_at: null,
    });
    expect(dataFor).toEqual(["first@example.com"]);
  } finally {
    release();
    sqlite.close();
  }
});
