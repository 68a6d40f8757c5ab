// Starts what the Playwright suite talks to: a real SMTP catcher on 127.0.0.1 (messages readable
// at http://127.0.0.1:3125/messages) and the built app (server.mjs) on a fresh, seeded SQLite file.
// The app's pid goes to tests/.tmp/e2e/app.pid and its log (stdout) to tests/.tmp/e2e/app.log.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3125);
const SMTP_PORT = MAIL_PORT + 1;
const dir = path.resolve("tests/.tmp/e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

/** @type {{to: string, subject: string, text: string, html: string, date: number}[]} */
const messages = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = [mail.to]
          .flat()
          .flatMap((a) => a?.value ?? [])
          .map((v) => v.address?.toLowerCase() ?? "");
        for (const address of to) {
          messages.push({
            to: address,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: String(mail.html ?? ""),
            date: Date.now(),
          });
        }
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const to = url.searchParams.get("to")?.toLowerCase();
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(messages.filter((m) => !to || m.to === to)));
  })
  .listen(MAIL_PORT, "127.0.0.1");

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(APP_PORT),
  APP_URL: `http://127.0.0.1:${APP_PORT}`,
  DATABASE_PATH: path.join(dir, "e2e.db"),
  UPLOADS_DIR: path.join(dir, "uploads"),
  OUTBOX_DIR: path.join(dir, "outbox"),
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SESSION_SECRET: "e2e-secret-0123456789abcdef",
  // Production needs the provider named (ADR 0023): the tests pay on the built-in simulator.
  PAYMENT_PROVIDER: "simulator",
  // The tests play the proxy in front of the app: this header is the client's address.
  TRUSTED_PROXY_HEADER: "X-Test-Client-IP",
  // A request with this header can make a named route's loader or action fail (app/services/failures.server.ts).
  TEST_FAIL_HEADER: "X-Test-Fail",
  // A request's X-Test-Now and X-Test-Settings set its clock and settings (app/lib/clock.server.ts).
  TEST_CONTEXT_HEADERS: "1",
  // The race call's job (issue 28) ticks every 2 s, not 30: my-races.spec.ts waits for its email.
  RACE_CALL_EVERY_MS: "2000",
  // Webhook endpoints on 127.0.0.1 over http (issue 29): webhooks.spec.ts runs its receiver there.
  WEBHOOKS_ALLOW_LOOPBACK: "1",
};
const seeded = spawnSync("npx", ["tsx", "db/seed-cli.ts"], { stdio: "inherit", env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
// node itself (not npx), so that app.pid is the server's process.
const app = spawn(process.execPath, ["server.mjs"], { stdio: ["ignore", "pipe", "inherit"], env });
fs.writeFileSync(path.join(dir, "app.pid"), String(app.pid));
const log = fs.createWriteStream(path.join(dir, "app.log"));
app.stdout.pipe(log);
app.stdout.pipe(process.stdout);
const stop = () => {
  app.kill("SIGTERM");
  smtp.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => process.exit(code ?? 1));
