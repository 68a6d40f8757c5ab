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
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "~/lib/access";
import { SIMULATOR_WARNING } from "~/lib/env.server";

const ROOT = path.resolve(__dirname, "../..");
const TMP = path.join(ROOT, "tests/.tmp/replica");
const DB_FILE = path.join(TMP, "regatta.db");
const PRIMARY_HOST = "primary-machine-1";
const PASSWORD = "Regatta2026!";
const USERS = {
  ADMIN: "admin@example.com",
  COMMITTEE: "committee@example.com",
  MANAGER: "manager@example.com",
  COMPETITOR: "competitor@example.com",
} as const;
type Who = keyof typeof USERS | "anonymous";
/** Most pages visited per role, and per path pattern (query variants: tabs, filters, pages). */
const MAX_PAGES = 400;
const MAX_PER_PATTERN = 6;

type Node = { name: string; base: string; proc: ChildProcess; out: string[]; err: string[] };
let primary: Node | undefined;
let replica: Node | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

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

// --- a cookie jar and a small HTML reader ---------------------------------------------------------

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
function store(jar: Jar, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";");
    const i = pair.indexOf("=");
    if (i <= 0) continue;
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const cleared = attrs.some((a) => /^\s*max-age=0\b/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (cleared || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
function attr(tag: string, name: string): string | null {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"));
  return m ? decode(m[1] ?? m[2] ?? m[3]) : null;
}

type PostForm = { action: string; fields: [string, string][]; from: string };

/** A GET form's queries: as submitted untouched (inputs' values, each select's selected or first
 * non-empty option), and with each other option of each select (e.g. every event of a picker). */
function getFormUrls(open: string, inner: string, pageUrl: string): string[] {
  const base = new URL(attr(open, "action") ?? pageUrl, pageUrl);
  base.search = "";
  for (const input of inner.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attr(input, "name");
    const type = (attr(input, "type") ?? "text").toLowerCase();
    if (!name || ((type === "checkbox" || type === "radio") && !/\schecked\b/i.test(input))) continue;
    base.searchParams.append(name, attr(input, "value") ?? "");
  }
  const selects = [...inner.matchAll(/<select\b[^>]*>([\s\S]*?)<\/select>/gi)].map((m) => {
    const values = (m[1].match(/<option\b[^>]*>/gi) ?? []).map((o) => ({
      value: attr(o, "value") ?? "",
      selected: /\sselected\b/i.test(o),
    }));
    const chosen = values.find((v) => v.selected && v.value) ?? values.find((v) => v.value);
    return { name: attr(m[0], "name") ?? "", values: values.map((v) => v.value).filter(Boolean), chosen };
  });
  for (const s of selects) if (s.name && s.chosen) base.searchParams.set(s.name, s.chosen.value);
  const urls = [base.href];
  for (const s of selects) {
    for (const value of s.values.slice(0, 8)) {
      const u = new URL(base);
      u.searchParams.set(s.name, value);
      urls.push(u.href);
    }
  }
  return urls;
}

/** Links (anchors, images, GET forms) and POST forms of a page (forms with their named inputs and
 * the first named submit button). */
function readPage(html: string, pageUrl: string) {
  const links = [...(html.match(/<a\b[^>]*>/gi) ?? [])]
    .map((tag) => attr(tag, "href"))
    .concat((html.match(/<img\b[^>]*>/gi) ?? []).map((tag) => attr(tag, "src")))
    .filter((h): h is string => !!h);
  const forms: PostForm[] = [];
  for (const m of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)) {
    const open = m[0].slice(0, m[0].indexOf(">") + 1);
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") {
      links.push(...getFormUrls(open, m[1], pageUrl));
      continue;
    }
    const fields: [string, string][] = [];
    for (const input of m[1].match(/<(input|textarea|select)\b[^>]*>/gi) ?? []) {
      const name = attr(input, "name");
      if (name && (attr(input, "type") ?? "") !== "file") fields.push([name, attr(input, "value") ?? "1"]);
    }
    const button = (m[1].match(/<button\b[^>]*>/gi) ?? []).find((b) => attr(b, "name"));
    if (button) fields.push([attr(button, "name") ?? "", attr(button, "value") ?? ""]);
    forms.push({ action: new URL(attr(open, "action") ?? pageUrl, pageUrl).href, fields, from: pageUrl });
  }
  return { links, forms };
}

/** The shape of a URL: its path with ids as :id (visited at most MAX_PER_PATTERN times), and the
 * key of one visit: that path with the query, paging, sorting and search values left out. */
function shapeOf(u: URL): { pattern: string; key: string } {
  const pattern = u.pathname
    .replace(/\/\d+(?=\/|$)/g, "/:id")
    .replace(/\/orders\/[^/]{20,}\//, "/orders/:token/")
    .replace(/^\/uploads\/.*/, "/uploads/:file");
  const query = [...u.searchParams]
    .map(([k, v]) => `${k}=${/^(page|size|sort|dir|q|name|search|email)$/.test(k) ? "*" : v}`)
    .sort()
    .join("&");
  return { pattern, key: `${pattern}?${query}` };
}

type Visit = { url: string; status: number; type: string };

/** Every page reachable from the route table by links, on `base`, as the jar's user. */
async function crawl(base: string, jar: Jar, who: Who, extra: string[]) {
  const seeds = Object.values(ROUTES)
    .map((r) => r.path as string)
    .filter((p) => !p.includes(":"))
    .concat([
      "/auth/register/manager",
      "/auth/register/competitor",
      "/auth/verify/not-a-real-token",
      "/auth/resend-verification",
      "/auth/logout",
      "/photo",
      "/events/checkout",
      "/events/waitlist",
      "/members/checkout",
      "/tickets/purchase/checkout",
      "/scanning/entrance/check?roundId=1&teamId=1&code=X",
      "/senangpay/return?status_id=1&order_id=1&msg=Payment_was_successful&transaction_id=T1&hash=00",
      "/no-such-page",
      ...extra,
    ]);
  const queue = seeds.map((p) => new URL(p, base).href);
  const seenKeys = new Set<string>();
  const perPattern = new Map<string, number>();
  const visits: Visit[] = [];
  const forms: PostForm[] = [];
  const admit = (href: string, from: string) => {
    let u: URL;
    try {
      u = new URL(href, from);
    } catch {
      return;
    }
    u.hash = "";
    if (u.origin !== base || u.pathname.startsWith("/build/") || u.pathname === "/scoreboard/events") return;
    const { pattern, key } = shapeOf(u);
    if (seenKeys.has(key) || (perPattern.get(pattern) ?? 0) >= MAX_PER_PATTERN) return;
    seenKeys.add(key);
    perPattern.set(pattern, (perPattern.get(pattern) ?? 0) + 1);
    queue.push(u.href);
  };
  for (const s of queue.splice(0)) admit(s, base);

  const worker = async () => {
    while (queue.length && visits.length < MAX_PAGES) {
      const url = queue.shift() as string;
      const res = await fetch(url, {
        headers: jar.size ? { cookie: cookieHeader(jar) } : {},
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      store(jar, res);
      const type = res.headers.get("content-type") ?? "";
      visits.push({ url, status: res.status, type });
      if (type.includes("event-stream")) {
        await res.body?.cancel();
        continue;
      }
      const body = await res.arrayBuffer();
      const location = res.headers.get("location");
      if (location) admit(location, url);
      if (res.status === 200 && type.includes("text/html")) {
        const page = readPage(Buffer.from(body).toString("utf8"), url);
        for (const href of page.links) admit(href, url);
        forms.push(...page.forms);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { who, visits, forms };
}

/** Logs in on the primary like a browser without JavaScript; the session row is in the shared file. */
async function login(base: string, email: string): Promise<Jar> {
  const jar: Jar = new Map();
  const page = await fetch(`${base}/auth/login`, { redirect: "manual" });
  store(jar, page);
  const html = await page.text();
  const csrfTag = (html.match(/<input\b[^>]*>/gi) ?? []).find((t) => attr(t, "name") === "csrf");
  const csrf = csrfTag ? attr(csrfTag, "value") : null;
  if (!csrf) throw new Error("no CSRF token on /auth/login");
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, email, password: PASSWORD }),
  });
  store(jar, res);
  if (res.status !== 302 || !jar.has("__session")) throw new Error(`login of ${email}: ${res.status}`);
  return jar;
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
