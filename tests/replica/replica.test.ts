// LiteFS simulated (it cannot run here): a primary and a replica, two `node server.mjs` processes on
// one seeded SQLite file. The replica sees LITEFS_DIR with a `.primary` file naming the primary, as
// LiteFS leaves it, so it opens the database read-only (app/lib/db.server.ts): a loader or a job
// that writes fails there with "attempt to write a readonly database".
//   - every GET page of every role (and anonymous) answers on the replica without a 5xx: the pages
//     are crawled from the route table (app/lib/access.ts ROUTES) through every link, so lists,
//     dialogs (/users/ID/photo, /orders/ID, ...), CSV and PDF downloads are met with real ids;
//     the sessions are made by logging in on the primary (a POST) and live in the shared file;
//   - every form found (and PUT/PATCH/DELETE) posted to the replica is answered 409 with
//     `fly-replay: instance=<primary>` before Remix runs, and the database is unchanged;
//   - the scheduled jobs run on the primary only (an overdue order: the replica leaves it, the
//     primary cancels it).
// Runs after the build (scripts/test.mjs): npx vitest run --config tests/replica/vitest.config.ts
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATOR_WARNING } from "~/lib/env.server";
import { cookieHeader, crawl, type Jar, login, type PostForm, shapeOf, USERS, type Who } from "./crawl";
import { freePort } from "../../cluster/lib.mjs";

const ROOT = path.resolve(__dirname, "../..");
const TMP = path.join(ROOT, "tests/.tmp/replica");
const DB_FILE = path.join(TMP, "regatta.db");
const PRIMARY_HOST = "primary-machine-1";
type Node = { name: string; base: string; proc: ChildProcess; out: string[]; err: string[] };
let primary: Node | undefined;
let replica: Node | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_PATH: DB_FILE,
    SESSION_SECRET: "replica-test-secret-0123456789abcdef",
    SMTP_URL: "",
    PAYMENT_PROVIDER: "simulator",
    HOST: "127.0.0.1",
  };
  delete env.TRUSTED_PROXY_HEADER;
  delete env.LITEFS_DIR;
  return env;
}

/** `node server.mjs` as one machine: its own port, uploads cache, outbox and LiteFS mount dir. */
async function startNode(name: string, primaryHost: string | null): Promise<Node> {
  const port = await freePort();
  const dir = path.join(TMP, name);
  const litefs = path.join(dir, "litefs");
  fs.mkdirSync(litefs, { recursive: true });
  if (primaryHost) fs.writeFileSync(path.join(litefs, ".primary"), `${primaryHost}\n`);
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      PORT: String(port),
      APP_URL: base,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      LITEFS_DIR: litefs,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: string[] = [];
  const err: string[] = [];
  const log = fs.createWriteStream(path.join(TMP, `${name}.log`));
  for (const [stream, lines] of [
    [proc.stdout, out],
    [proc.stderr, err],
  ] as const) {
    stream?.on("data", (chunk: Buffer) => {
      lines.push(chunk.toString());
      log.write(chunk);
    });
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited: ${err.join("")}`);
    try {
      const res = await fetch(`${base}/healthcheck`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${name} did not answer /healthcheck: ${out.join("")}`);
    await sleep(100);
  }
  return { name, base, proc, out, err };
}

async function stopNode(node: Node | undefined) {
  if (!node || node.proc.exitCode !== null) return;
  const exited = new Promise((r) => node.proc.once("exit", r));
  node.proc.kill("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  if (node.proc.exitCode === null) node.proc.kill("SIGKILL");
}

/** Every row of every table, hashed: "the database is unchanged" compares two of these. */
function databaseHash(): string {
  const sqlite = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash("sha256");
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const t of tables) {
      hash.update(`\n#${t}\n`);
      for (const row of sqlite.prepare(`SELECT * FROM "${t}"`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString("base64") : v)));
      }
    }
    return hash.digest("hex");
  } finally {
    sqlite.close();
  }
}

function orderStatus(id: number): string {
  const sqlite = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare("SELECT status FROM orders WHERE id = ?").pluck().get(id) as string;
  } finally {
    sqlite.close();
  }
}

const linesOf = (chunks: string[] = []) =>
  chunks
    .join("")
    .split("\n")
    .filter((l) => l.trim());
/** What the replica wrote to stderr (errors: a failed write, a failed job), and any read-only error. */
const replicaErrors = () => [
  // The production server's start-up banner on the payment simulator (issue 18) is a notice.
  ...linesOf(replica?.err).filter((l) => !/^\*+$/.test(l.trim()) && !l.includes(SIMULATOR_WARNING)),
  ...linesOf(replica?.out).filter((l) => /readonly/i.test(l)),
];

/** Pages only a picker leads to, with the demo seed's ids: the rounds and races of a race day. */
function seededPages(): string[] {
  const sqlite = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const rounds = sqlite.prepare("SELECT id, event_id AS event FROM rounds ORDER BY id LIMIT 4").all() as {
      id: number;
      event: number;
    }[];
    return rounds.flatMap((r) => [
      `/rounds?event=${r.event}`,
      `/races?event=${r.event}&round=${r.id}`,
      `/races?event=${r.event}&round=${r.id}&mode=scores`,
    ]);
  } finally {
    sqlite.close();
  }
}

let overdueOrder = 0;
let primaryBase = "";

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    const built = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("remix build failed");
  }
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const seeded = spawnSync("npx", ["tsx", "db/seed-cli.ts"], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      UPLOADS_DIR: path.join(TMP, "seed-uploads"),
      OUTBOX_DIR: path.join(TMP, "seed-outbox"),
    },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  // An unpaid order far past the payment due hours: the auto-cancel job's work, 1 s after start-up.
  const sqlite = new Database(DB_FILE);
  overdueOrder = sqlite
    .prepare("SELECT id FROM orders WHERE status = 'PROCESSING' ORDER BY id LIMIT 1")
    .pluck()
    .get() as number;
  sqlite
    .prepare("UPDATE orders SET created_at = ? WHERE id = ?")
    .run(Date.now() - 30 * 86_400_000, overdueOrder);
  sqlite.close();

  // The replica first and alone, long enough for its start-up job tick (1 s) to have passed.
  replica = await startNode("replica", PRIMARY_HOST);
  await sleep(2_000);
  primary = await startNode("primary", null);
  primaryBase = primary.base;
});

afterAll(async () => {
  await Promise.all([stopNode(replica), stopNode(primary)]);
});

describe("a LiteFS replica (simulated)", () => {
  it("runs no scheduled job; the primary does", async () => {
    // The replica ran for 2 s before the primary started: its start-up tick left the order alone.
    expect(overdueOrder).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    while (orderStatus(overdueOrder) === "PROCESSING" && Date.now() < deadline) await sleep(100);
    expect(orderStatus(overdueOrder), "the primary's auto-cancel job").toBe("CANCELLED");
    expect(replicaErrors(), "the replica's log").toEqual([]);
  });

  let forms: PostForm[] = [];
  let jars: [Who, Jar][] = [];

  it("answers every GET page of every role without a 5xx (no loader writes)", async () => {
    const base = replica?.base as string;
    jars = [["anonymous", new Map()]];
    for (const [role, email] of Object.entries(USERS))
      jars.push([role as Who, await login(primaryBase, email)]);
    const results = await Promise.all(jars.map(([who, jar]) => crawl(base, jar, who, seededPages())));
    const failures = results.flatMap((r) =>
      r.visits.filter((v) => v.status >= 500).map((v) => `${r.who} GET ${v.url} -> ${v.status}`),
    );
    expect(failures, replicaErrors().join("\n")).toEqual([]);
    expect(replicaErrors(), "the replica's log").toEqual([]);

    // The crawl met what it should: a fair number of pages per role, lists, dialogs and downloads.
    fs.writeFileSync(path.join(TMP, "visits.json"), JSON.stringify(results, null, 1));
    const counts = Object.fromEntries(results.map((r) => [r.who, r.visits.length]));
    console.log(`replica: pages per role ${JSON.stringify(counts)}`);
    for (const r of results) expect(r.visits.length, r.who).toBeGreaterThan(r.who === "anonymous" ? 10 : 20);
    const seen = (who: Who, re: RegExp) =>
      results
        .find((r) => r.who === who)
        ?.visits.some((v) => v.status === 200 && re.test(new URL(v.url).pathname));
    expect(seen("ADMIN", /^\/users\/\d+\/photo$/), "/users/ID/photo").toBe(true);
    expect(seen("ADMIN", /^\/orders\/\d+$/), "/orders/ID").toBe(true);
    expect(seen("ADMIN", /\.csv$/), "a CSV download").toBe(true);
    expect(seen("ADMIN", /\.pdf$/), "a PDF download").toBe(true);
    expect(seen("MANAGER", /^\/members\/crew-tags\.pdf$/), "the crew tags PDF").toBe(true);
    expect(seen("MANAGER", /^\/training$/), "/training").toBe(true);
    expect(seen("ADMIN", /^\/rounds\/\d+\/edit$/), "/rounds/ID/edit").toBe(true);
    expect(seen("ADMIN", /^\/races\/\d+\/edit$/), "/races/ID/edit").toBe(true);
    expect(seen("MANAGER", /^\/events\/teams\/\d+$/), "the crew picker").toBe(true);
    for (const [role] of jars.slice(1)) expect(seen(role, /^\/$/), `${role}'s home`).toBe(true);
    forms = results.flatMap((r) => r.forms.map((f) => ({ ...f, from: `${r.who} ${f.from}` })));
    expect(forms.length).toBeGreaterThan(20);
  });

  it("replays every write on the primary (409 fly-replay) and changes nothing", async () => {
    const base = replica?.base as string;
    // The primary stops writing (its jobs) while the database is compared.
    await stopNode(primary);
    const before = databaseHash();
    const jarOf = new Map(jars);
    const sent = new Set<string>();
    const requests: { method: string; url: string; body?: URLSearchParams; who: Who }[] = [];
    for (const f of forms) {
      const who = f.from.split(" ")[0] as Who;
      const key = `${who} ${shapeOf(new URL(f.action)).key} ${f.fields.map(([k, v]) => `${k}=${k === "csrf" ? "" : v}`).join("&")}`;
      if (sent.has(key)) continue;
      sent.add(key);
      requests.push({ method: "POST", url: f.action, body: new URLSearchParams(f.fields), who });
    }
    for (const p of ["/auth/login", "/auth/logout", "/scanning/entrance/save", "/senangpay/callback"]) {
      requests.push({
        method: "POST",
        url: `${base}${p}`,
        body: new URLSearchParams({ x: "1" }),
        who: "ADMIN",
      });
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      requests.push({ method, url: `${base}/users`, body: new URLSearchParams({ x: "1" }), who: "ADMIN" });
    }
    const wrong: string[] = [];
    for (const r of requests) {
      const jar = jarOf.get(r.who) ?? new Map();
      const res = await fetch(r.url, {
        method: r.method,
        redirect: "manual",
        headers: {
          ...(jar.size ? { cookie: cookieHeader(jar) } : {}),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: r.body,
      });
      await res.arrayBuffer();
      const replay = res.headers.get("fly-replay");
      if (res.status !== 409 || replay !== `instance=${PRIMARY_HOST}`) {
        wrong.push(`${r.who} ${r.method} ${r.url} -> ${res.status} fly-replay=${replay}`);
      }
    }
    console.log(`replica: ${requests.length} writes replayed`);
    expect(requests.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
    expect(databaseHash(), "the database after the writes sent to the replica").toBe(before);
    expect(replicaErrors(), "the replica's log").toEqual([]);
  });
});
