// A second app server of a spec's own (the built app, server.mjs) on a copy of the seeded e2e
// database as other specs have left it: for specs that must see every change to the database as
// their own (malformed-input.spec.ts) or need another configuration (an https APP_URL).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { e2eDb } from "./db";

/** The header the e2e servers take the client's address from (TRUSTED_PROXY_HEADER). */
export const ADDRESS_HEADER = "X-Test-Client-IP";

export type OwnServer = {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The database file it serves. */
  file: string;
  /** Its stdout and stderr. */
  log: string;
  stop(): void;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server in `dir` (emptied first), with `env` over the e2e server's settings. */
export async function startOwnServer(dir: string, env: Record<string, string> = {}): Promise<OwnServer> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "app.db");
  e2eDb().exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
  const copy = new Database(file);
  // What the server's hourly cleanup (30 s after start) would remove, removed now: the job must
  // not change the database in the middle of a test.
  const soon = Date.now() + 3_600_000;
  copy.prepare("DELETE FROM sessions WHERE expires_at < ?").run(soon);
  copy.prepare("DELETE FROM tokens WHERE expires_at < ?").run(soon);
  copy.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = path.join(dir, "app.log");
  const out = fs.openSync(log, "w");
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATABASE_PATH: file,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      SMTP_URL: "",
      SESSION_SECRET: "own-server-secret-0123456789abcdef",
      PAYMENT_PROVIDER: "simulator",
      TRUSTED_PROXY_HEADER: ADDRESS_HEADER,
      ...env,
    },
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGTERM");
      throw new Error(`the server did not start:\n${fs.readFileSync(log, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    file,
    log,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
