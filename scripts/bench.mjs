// `npm run bench`: server latency (p50, p95) and requests per second at 20 concurrent connections
// for the staff pages on the race-day dataset, our not-found page, a vanilla Remix v2 app
// (bench/vanilla, served by remix-serve) and a bare node:http hello-world; plus page weight
// (gzipped HTML, CSS, JS) and the size and time of one full CSV export of the users. The public
// scoreboard: its page (and a 304 revalidation) against the vanilla app and /not-found, the time
// from a Save Scores POST to the event on an open live stream, and the server's memory with 500
// open streams (docs/decisions/0016-race-day.md, Scoreboard). The big screen /board (issue 20): its
// page against /not-found and the vanilla app, and the time from a round declared Official to the
// new board on each of 500 open /board streams (p50/p95/max), and /board while a day's start lists
// (the busiest day, one PDF) are laid out (docs/decisions/0034-pdf-worker.md). Issue 29 (ADR 0039):
// /standings, /overlay and the API's timetable against the vanilla app (target 10x), and Declare
// Official with no webhook endpoint and with 20 (each a local receiver), to the 20th delivery.
// Then every page of every role (issue 12): the pages each of anonymous, ADMIN, COMMITTEE, MANAGER
// and COMPETITOR reaches by following links from the route table, one per URL shape, each measured
// in short slices alternating with the vanilla app, with its weight against the phone budgets (JS at
// most 100 kB gzipped, HTML+CSS at most 25 kB) and the server's peak RSS over the whole run (at most
// 180 MB).
// See docs/decisions/0010-performance.md and 0022-speed.md for the targets, docs/bench/ for the runs.
//
// Everything runs on 127.0.0.1. The app is copied (sources only, node_modules linked) into a
// temp folder and built there, so the run measures the working tree and never touches build/ or
// public/build/ (which the e2e suite may be serving); it is served by `node server.mjs` with
// NODE_ENV=production on a fresh SQLite file seeded with `db/seed-cli.ts --size race-day`.
//
//   BENCH_SECONDS   length of each measurement (default 5), after a 1 s warm-up
//   BENCH_PORT      the app's port (default 3210); the vanilla app takes the next, hello-world the one after
//   BENCH_ONLY      a regular expression: measure only the rows whose label matches (vanilla is always run)
//   BENCH_CPU_PROF  a folder: run our server under `node --cpu-prof` and leave its .cpuprofile there
//                   (summarise it with `node bench/cpuprofile-summary.mjs <file>`)
//   BENCH_PAGE_SECONDS  length of each page's measurement in the every-page table (default 2)
//   BENCH_PAGES     0: skip the every-page table
//   BENCH_APP       the app's sources to copy instead of this repository's (e.g. an older commit:
//                   `git archive <commit> | tar -x -C /tmp/before`, then BENCH_APP=/tmp/before)
//   BENCH_RECORD    a folder (e.g. docs/bench): also write the run there as one Markdown file, named
//                   by date, time and commit, headed by the commit, the knobs set and the machine's
//                   state (CPUs, memory, load before and after); stdout is unchanged
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { storeCookies as store } from "../rehearsal/http.mjs";
import autocannon from "autocannon";

const HOST = "127.0.0.1";
const APP_PORT = Number(process.env.BENCH_PORT || 3210);
const VANILLA_PORT = APP_PORT + 1;
const HELLO_PORT = APP_PORT + 2;
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS) || 5);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 20;
const PAGE_SECONDS = Math.max(1, Number(process.env.BENCH_PAGE_SECONDS) || 2);
const ALL_PAGES = process.env.BENCH_PAGES !== "0";
/** The demo users of each role (db/seed.ts, README); anonymous has no login. */
const ROLE_USERS = {
  anonymous: null,
  ADMIN: "admin@example.com",
  COMMITTEE: "committee@example.com",
  MANAGER: "manager@example.com",
  COMPETITOR: "competitor@example.com",
};
const JS_BUDGET = 100_000;
const HTML_CSS_BUDGET = 25_000;
const RSS_BUDGET_MB = 180;
/** Where the crawl starts: the route table's paths without parameters (app/lib/access.ts ROUTES),
 * plus pages only a row or a picker leads to. */
const SEED_PATHS = [
  "/",
  "/associations",
  "/audit-log",
  "/auth/login",
  "/auth/register/manager",
  "/auth/register/competitor",
  "/auth/reset",
  "/auth/resend-verification",
  "/confirmed-events",
  "/eoi",
  "/eoi-events",
  "/events",
  "/events-summary",
  "/help",
  "/members",
  "/not-found",
  "/orders",
  "/password",
  "/photo",
  "/payments",
  "/races",
  "/rounds",
  "/scan-log",
  "/scanning/entrance",
  "/scoreboard",
  "/scoreboard-manage",
  "/board",
  "/settings",
  "/teams/manage",
  "/tickets/purchase",
  "/training",
  "/training-reservations",
  "/training-sessions",
  "/users",
  "/users/approve-photo",
  "/users/photo-approved",
  "/users/new",
  "/events/new",
  "/rounds/new",
  "/races/new",
  "/eoi-events/new",
  "/training-sessions/new",
];
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const ADMIN = "admin@example.com";
/** The demo manager: the race-day seed runs on top of the demo data, whose club has a full crew. */
const MANAGER = "manager@example.com";
const PASSWORD = "Regatta2026!";
// Browsers always ask for compression, and both servers compress: measure what they get.
const LOAD_HEADERS = { "accept-encoding": "gzip" };

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);
const vanillaDir = path.join(root, "bench", "vanilla");
// The app's sources: this repository, or BENCH_APP (e.g. an older commit exported with git archive).
const SOURCE = process.env.BENCH_APP ? path.resolve(process.env.BENCH_APP) : root;
const base = `http://${HOST}:${APP_PORT}`;
const vanillaBase = `http://${HOST}:${VANILLA_PORT}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-bench-"));
const appDir = path.join(tmp, "app");
const logFile = path.join(tmp, "server.log");
const vanillaLogFile = path.join(tmp, "vanilla.log");

/** @type {import("node:child_process").ChildProcess[]} */
const servers = [];
/** @type {Worker | undefined} */
let hello;
let cleanedUp = false;

const alive = (child) => child.exitCode === null && child.signalCode === null;

/** Stops what this script started and removes the temp folder; safe to call more than once. */
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of servers) {
    // Each server has its own process group (npx runs remix-serve in a child of its own).
    if (alive(child)) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
  }
  hello?.terminate();
  fs.rmSync(tmp, { recursive: true, force: true });
}

function fail(message) {
  console.error(`\nbench: ${message}`);
  for (const file of [logFile, vanillaLogFile]) {
    if (!fs.existsSync(file)) continue;
    const tail = fs.readFileSync(file, "utf8").trim().split("\n").slice(-30).join("\n");
    if (tail) console.error(`--- last lines of ${path.basename(file)} ---\n${tail}`);
  }
  // A run that failed is recorded too (what it measured, then why it stopped).
  printed.push(`bench: FAILED: ${message.split("\n")[0]}`);
  record(loadAtStart);
  cleanup();
  process.exit(1);
}

process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => fail(`interrupted (${sig})`));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

function runQuietly(cmd, args, { env = process.env, cwd = root, timeoutMs }) {
  const r = spawnSync(cmd, args, {
    env,
    cwd,
    encoding: "utf8",
    timeout: timeoutMs,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (r.status !== 0) {
    console.error(`${r.stdout ?? ""}${r.stderr ?? ""}`);
    fail(`\`${cmd} ${args.join(" ")}\` failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`);
  }
}

// --- HTTP helpers (127.0.0.1 only) ---------------------------------------------------------------

/** @param {string} url */
function assertLocal(url) {
  const u = new URL(url);
  if (u.hostname !== HOST) throw new Error(`refusing to contact ${u.host}`);
  return u;
}

/** GET (or POST) without following redirects, bounded in time; Set-Cookie lands in `jar`. */
async function request(url, { jar, method = "GET", body } = {}) {
  assertLocal(url);
  const headers = {};
  if (jar?.size) headers.cookie = cookieHeader(jar);
  if (body) headers["content-type"] = "application/x-www-form-urlencoded";
  const send = () =>
    fetch(url, { method, body, headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  let res;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive socket that the server closed meanwhile fails once ("fetch failed"): a GET may
    // simply be sent again.
    if (method !== "GET" || error?.name === "TimeoutError") throw error;
    res = await send();
  }
  if (jar) store(jar, res.headers.getSetCookie());
  return res;
}

/** One GET over a fresh connection with exactly these headers: status, bytes on the wire, ms to the last byte. */
function timedGet(url, headers) {
  const u = assertLocal(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      { host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, headers, agent: false },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            bytes,
            ms: performance.now() - started,
            encoding: res.headers["content-encoding"] ?? "identity",
            contentType: res.headers["content-type"],
            setCookie: res.headers["set-cookie"] ?? [],
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${u.pathname} timed out`)));
    req.on("error", reject);
  });
}

const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

const decodeEntities = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const tagsOf = (html, name) => html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];

function attr(tag, name) {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"));
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3]) : null;
}

const relOf = (tag) => (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);

// --- login ---------------------------------------------------------------------------------------

/**
 * Logs in like a browser without JavaScript and returns the cookie jar: `__session`, and the
 * XSRF-TOKEN that the first page after the login re-issues (the token is bound to the session).
 */
async function login(email) {
  const jar = new Map();
  const page = await request(`${base}/auth/login`, { jar });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /auth/login answered ${page.status}`);
  const input = tagsOf(html, "input").find((t) => attr(t, "name") === "csrf");
  const csrf = input && attr(input, "value");
  if (!csrf || !jar.has("XSRF-TOKEN")) throw new Error("no CSRF token on /auth/login");
  const res = await request(`${base}/auth/login`, {
    jar,
    method: "POST",
    body: new URLSearchParams({ csrf, email, password: PASSWORD }).toString(),
  });
  await res.arrayBuffer();
  if (res.status !== 302 || !jar.has("__session")) {
    throw new Error(`login of ${email} answered ${res.status} without a __session cookie`);
  }
  // Follow the redirect like a browser: it shows (and clears) any toast and re-binds XSRF-TOKEN.
  const home = await request(new URL(res.headers.get("location") ?? "/", base).href, { jar });
  await home.arrayBuffer();
  if (home.status !== 200) throw new Error(`the page after the login answered ${home.status}`);
  // From here on a page sets no cookie: the browser's steady state, which is what we measure.
  const again = await timedGet(`${base}/`, { cookie: cookieHeader(jar) });
  if (again.setCookie.length) throw new Error(`a second page still sets cookies: ${again.setCookie}`);
  return jar;
}

// --- page weight ---------------------------------------------------------------------------------

const gz = (buf) => zlib.gzipSync(buf).length;
/** @type {Map<string, Promise<number>>} */
const assetSizes = new Map();

function assetSize(url) {
  if (!assetSizes.has(url)) {
    assetSizes.set(
      url,
      request(url).then(async (res) => {
        const buf = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${res.status}`);
        return gz(buf);
      }),
    );
  }
  return assetSizes.get(url);
}

/** Gzipped bytes of the page's HTML, of its stylesheets and of its scripts (count and sum). */
async function weigh(url, jar, expectStatus) {
  const res = await request(url, { jar: jar && new Map(jar) });
  const html = await res.text();
  if (res.status !== expectStatus) throw new Error(`GET ${url} answered ${res.status} (not logged in?)`);
  const origin = new URL(url).origin;
  const css = new Set();
  const js = new Set();
  const external = new Set();
  const add = (set, href) => {
    if (!href) return;
    const asset = new URL(href, url);
    if (asset.origin === origin) set.add(asset.href);
    else external.add(asset.href);
  };
  for (const tag of tagsOf(html, "link")) {
    const rel = relOf(tag);
    if (rel.includes("stylesheet")) add(css, attr(tag, "href"));
    if (rel.includes("modulepreload")) add(js, attr(tag, "href"));
  }
  for (const tag of tagsOf(html, "script")) add(js, attr(tag, "src"));
  const sum = async (set) => (await Promise.all([...set].map(assetSize))).reduce((a, b) => a + b, 0);
  return {
    html: gz(Buffer.from(html)),
    css: { bytes: await sum(css), files: css.size },
    js: { bytes: await sum(js), files: js.size },
    external: [...external],
  };
}

// --- load ----------------------------------------------------------------------------------------

/** Latency percentile (ms) of the sorted samples, nearest rank. */
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** One autocannon run: every response's latency, and how many were not the expected status.
 * `post`: `{ method, body }` for a form POST (the kiosk's scan). */
function cannon(url, headers, duration, expectStatus, timeout, post) {
  assertLocal(url);
  return new Promise((resolve, reject) => {
    /** @type {number[]} */
    const times = [];
    let unexpected = 0;
    const timer = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`autocannon on ${url} did not finish`));
      },
      (duration + timeout + 30) * 1000,
    );
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        headers: { ...LOAD_HEADERS, ...headers },
        timeout,
        ...post,
        setupClient: ownAddress({ ...LOAD_HEADERS, ...headers }),
      },
      (err, result) => {
        clearTimeout(timer);
        if (err) return reject(err);
        resolve({ times, duration, unexpected, errors: result.errors + result.timeouts });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      times.push(ms);
      if (status !== expectStatus) unexpected++;
    });
  });
}

let benchClients = 0;
/** autocannon's setupClient: each connection its own client address (X-Bench-Client, the bench
 * server's TRUSTED_PROXY_HEADER), new for every run. The kiosk's scans (POST) and its reading
 * screens (/scanning/entrance, /scanning/pontoon) are rate-limited per address by design; from one
 * address their rows measured many 429 answers. Twenty connections of one person are here twenty
 * people, as twenty kiosks at a venue are. */
const nextBenchAddress = () => {
  benchClients++;
  return `10.${(benchClients >> 16) & 255}.${(benchClients >> 8) & 255}.${benchClients & 255}`;
};
const ownAddress = (headers) => (client) => {
  client.setHeaders({ ...headers, "x-bench-client": nextBenchAddress() });
};

/** Runs merged: req/s, latency percentiles, non-matching responses, errors, server CPU ms per request. */
function combine(runs) {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const cpu = runs.reduce((sum, r) => sum + r.cpuMs, 0);
  return {
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    count: times.length,
    unexpected: runs.reduce((sum, r) => sum + r.unexpected, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    cpu: cpu / times.length,
  };
}

/**
 * CPU time (user + system, ms) used so far by the processes of a process group (Linux /proc; NaN
 * elsewhere). Each server runs in a group of its own (npx and its child for remix-serve).
 */
function groupCpuMs(pgid) {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // gone meanwhile
      }
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    }
    return ticks * (1000 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/**
 * What to load: `{ url, headers, status, server }` (server: the child process whose group's CPU
 * time is counted, or null).
 * @typedef {{ url: string, headers: Record<string, string>, status: number, server: import("node:child_process").ChildProcess | null, timeout?: number, post?: { method: string, body: string } }} Load
 */

/**
 * One run of `seconds`, with the server's CPU time over it. Requests still in flight when the run
 * stops are dropped by the client; the pause after it lets the server finish them before the next
 * run (they count towards this run's CPU time, not towards the next run's requests).
 */
async function run(load, seconds) {
  const before = load.server ? groupCpuMs(load.server.pid) : NaN;
  const result = await cannon(load.url, load.headers, seconds, load.status, load.timeout ?? 10, load.post);
  await sleep(300);
  return { ...result, cpuMs: load.server ? groupCpuMs(load.server.pid) - before : NaN };
}

/** A warm-up, then `seconds` of load in one run. */
async function measure(load, seconds = SECONDS) {
  await run(load, WARMUP_SECONDS); // let the JIT and SQLite's page cache settle
  return combine([await run(load, seconds)]);
}

/**
 * Two loads measured in alternating one-second slices (a b, b a, a b ...) for SECONDS each, so that
 * both see the same machine: on a shared machine the load drifts within seconds.
 */
async function measurePair(a, b) {
  await run(a, WARMUP_SECONDS);
  await run(b, WARMUP_SECONDS);
  const runsA = [];
  const runsB = [];
  for (let i = 0; i < SECONDS; i++) {
    if (i % 2 === 0) {
      runsA.push(await run(a, 1));
      runsB.push(await run(b, 1));
    } else {
      runsB.push(await run(b, 1));
      runsA.push(await run(a, 1));
    }
  }
  return [combine(runsA), combine(runsB)];
}

/** The URL of the users' CSV export: the href of the "Download CSV" link on `/users`. */
async function csvUrl(jar) {
  const res = await request(`${base}/users`, { jar: new Map(jar) });
  const html = await res.text();
  const link = html.match(/<a\b[^>]*>\s*Download CSV\s*<\/a>/i)?.[0];
  const href = link && attr(link, "href");
  if (res.status !== 200 || !href) throw new Error("no Download CSV link on /users");
  return new URL(href, base).href;
}

/** The crew picker of the demo manager's first event team (a full crew): its "Pick Crew" link. */
async function crewUrl(jar) {
  const res = await request(`${base}/events`, { jar: new Map(jar) });
  const href = (await res.text()).match(/href="(\/events\/teams\/\d+)"/)?.[1];
  if (res.status !== 200 || !href) throw new Error("no Pick Crew link on the manager's /events");
  return new URL(href, base).href;
}

/** The first Download Invoice link of the admin's /orders page. */
async function invoiceUrl(jar) {
  const res = await request(`${base}/orders`, { jar: new Map(jar) });
  const href = (await res.text()).match(/href="([^"]*\/invoice\.pdf)"/)?.[1];
  if (res.status !== 200 || !href) throw new Error("no Download Invoice link on /orders");
  return new URL(href.replace(/&amp;/g, "&"), base).href;
}

/**
 * A gate laptop as race day has it (issue 18): ADMIN logs in, enrols the browser with "Enrol this
 * device as a kiosk" and logs out; the jar keeps only the device's cookie, so the scans measured
 * below are an enrolled kiosk's, not a staff session's.
 */
async function kioskDevice() {
  const staff = await login(ADMIN);
  const page = await request(`${base}/scanning/entrance`, { jar: staff });
  const input = tagsOf(await page.text(), "input").find((t) => attr(t, "name") === "csrf");
  const csrf = input && attr(input, "value");
  if (page.status !== 200 || !csrf) throw new Error(`no enrol form on /scanning/entrance (${page.status})`);
  const res = await request(`${base}/scanning/enrol`, {
    jar: staff,
    method: "POST",
    body: new URLSearchParams({ csrf, name: "bench kiosk", back: "/scanning/entrance" }).toString(),
  });
  await res.arrayBuffer();
  const device = [...staff].find(([name]) => name === "__kiosk" || name === "__Host-kiosk");
  if (res.status !== 302 || !device) throw new Error(`enrolling the bench kiosk answered ${res.status}`);
  return new Map([device]);
}

/**
 * The pontoon kiosk without JavaScript (issue 28; an enrolled device): one scan is a POST of the
 * direction and a crew tag code, answered with the page. A paddler of a team whose boat is out in
 * the race-day seed (the next race's): every POST finds the member's lane of the day and answers
 * that the boat is out already, with no write, as the entrance's scan POST re-checks a history
 * without saving. Returns the load: URL, cookie jar, form headers and the POST.
 */
async function pontoonScanLoad(databasePath) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath, { readonly: true });
  const row = sqlite
    .prepare(
      `SELECT tm.user_id AS userId FROM boat_trips b
       JOIN rounds r ON r.id = b.round_id AND r.started_at IS NULL
       JOIN team_members tm ON tm.team_id = b.team_id
       JOIN users u ON u.id = tm.user_id AND u.role IN ('COMPETITOR', 'MANAGER')
       WHERE b.back_at IS NULL AND b.out_at IS NOT NULL
         AND date(r.scheduled_at / 1000 + 8 * 3600, 'unixepoch') = date(? / 1000 + 8 * 3600, 'unixepoch')
       ORDER BY r.race_number, b.lane, tm.user_id LIMIT 1`,
    )
    .get(Date.now());
  sqlite.close();
  if (!row) throw new Error("no paddler of a boat out today (Malaysia time) in the race-day seed");
  const url = `${base}/scanning/pontoon?dir=out`;
  const jar = await kioskDevice();
  const page = await request(url, { jar });
  const input = tagsOf(await page.text(), "input").find((t) => attr(t, "name") === "csrf");
  const csrf = input && attr(input, "value");
  if (page.status !== 200 || !csrf) throw new Error(`no pontoon scan page at ${url} (${page.status})`);
  const body = new URLSearchParams({ csrf, direction: "out", code: `#${row.userId}` });
  const probe = await request(url, { jar: new Map(jar), method: "POST", body: body.toString() });
  const html = await probe.text();
  if (probe.status !== 200 || !/lane [^<]*out/i.test(html))
    throw new Error(`the pontoon scan answered ${probe.status}`);
  return {
    url,
    jar,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    post: { method: "POST", body: body.toString() },
  };
}

/**
 * The entrance kiosk without JavaScript (an enrolled device): one scan is a POST of the code and the history so far (as
 * hidden inputs), all re-checked by the server, answered with the page. A race-day team of a round
 * with at least 12 members that the event's caps admit; its page gives the XSRF cookie and token.
 * Returns the load: URL, cookie jar, form headers and the POST.
 */
async function kioskScan(databasePath) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath, { readonly: true });
  const teams = sqlite
    .prepare(
      `SELECT ra.round_id AS roundId, ra.team_id AS teamId, e.max_race AS maxRace, e.max_male AS maxMale
       FROM races ra JOIN rounds r ON r.id = ra.round_id
       JOIN events e ON e.id = r.event_id AND e.deleted = 0 AND e.max_race >= 12
       WHERE (SELECT count(*) FROM team_members tm WHERE tm.team_id = ra.team_id) >= 12
       ORDER BY ra.round_id, ra.team_id LIMIT 50`,
    )
    .all();
  const members = sqlite.prepare(
    `SELECT u.id, u.gender FROM team_members tm JOIN users u ON u.id = tm.user_id
     WHERE tm.team_id = ? AND u.role IN ('COMPETITOR', 'MANAGER') ORDER BY u.id`,
  );
  let found = null;
  for (const t of teams) {
    let males = 0;
    const ids = members
      .all(t.teamId)
      .filter((m) => m.gender !== "MALE" || ++males <= t.maxMale)
      .map((m) => m.id);
    if (ids.length >= 12) {
      found = { ...t, ids: ids.slice(0, 12) };
      break;
    }
  }
  sqlite.close();
  if (!found) throw new Error("no race-day team of 12 the kiosk would admit");
  const url = `${base}/scanning/entrance?roundId=${found.roundId}&teamId=${found.teamId}`;
  const jar = await kioskDevice();
  const page = await request(url, { jar });
  const input = tagsOf(await page.text(), "input").find((t) => attr(t, "name") === "csrf");
  const csrf = input && attr(input, "value");
  if (page.status !== 200 || !csrf) throw new Error(`no kiosk scan page at ${url} (${page.status})`);
  const body = new URLSearchParams({ csrf, intent: "scan", code: `#${found.ids[11]}` });
  for (const id of found.ids.slice(0, 11)) body.append("h", `#${id}`);
  const probe = await request(url, { jar: new Map(jar), method: "POST", body: body.toString() });
  const html = await probe.text();
  if (probe.status !== 200 || !html.includes(" added."))
    throw new Error(`the kiosk scan answered ${probe.status}`);
  return {
    url,
    jar,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    post: { method: "POST", body: body.toString() },
  };
}

// --- standings (issue 29) ---------------------------------------------------------------------------

/**
 * A club table worth measuring: the race-day seed's races run so far have scores but no places
 * and no Official state (its finals are later in the day). Every round whose lanes all have a
 * score gets places by score and is declared Official, and every round counts (Finals only off),
 * so /standings ranks every club that has raced. A direct write, as a script would.
 */
async function standingsData(databasePath) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  try {
    sqlite.exec(`
      UPDATE settings SET points_finals_only = 0;
      UPDATE races SET place = (
        SELECT COUNT(*) + 1 FROM races o WHERE o.round_id = races.round_id AND o.score < races.score)
      WHERE score IS NOT NULL;
      UPDATE rounds SET result_state = 'OFFICIAL', revision = 1, results_at = unixepoch('subsec') * 1000
      WHERE result_state = 'NONE' AND EXISTS (SELECT 1 FROM races WHERE round_id = rounds.id)
        AND NOT EXISTS (SELECT 1 FROM races WHERE round_id = rounds.id AND score IS NULL);`);
  } finally {
    sqlite.close();
  }
}

// --- scoreboard (issue 10; docs/decisions/0016-race-day.md, Scoreboard) -------------------------------

/** The public scoreboard's ETag, for the revalidation row (a browser that already has the page). */
async function scoreboardEtag() {
  const res = await request(`${base}/scoreboard`);
  await res.arrayBuffer();
  const etag = res.headers.get("etag");
  if (res.status !== 200 || !etag) throw new Error(`GET /scoreboard answered ${res.status} without an ETag`);
  return etag;
}

/**
 * One live stream (GET /scoreboard/events) on its own connection, like one browser's EventSource.
 * Resolves once its first bytes arrived; `boards` counts the "board" events, `waitFor(text)`
 * resolves with the time the first event containing `text` arrived.
 */
function openScoreboardStream(path = "/scoreboard/events") {
  const u = assertLocal(`${base}${path}`);
  return new Promise((resolve, reject) => {
    let buffered = "";
    /** @type {{ text: string, resolve: (ms: number) => void }[]} */
    let waiting = [];
    const stream = { boards: 0, waitFor: null, close: null };
    const req = http.get(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        agent: false,
        // Each stream is one spectator's phone: its own client address (the server allows 10 open
        // streams per address, ADR 0026).
        headers: { accept: "text/event-stream", "x-bench-client": nextBenchAddress() },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${path} answered ${res.statusCode}`));
        res.setEncoding("utf8");
        res.once("data", () => resolve(stream));
        res.on("data", (chunk) => {
          buffered += chunk;
          let end = buffered.indexOf("\n\n");
          while (end !== -1) {
            const message = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            if (/^event: board$/m.test(message)) {
              stream.boards++;
              const now = performance.now();
              waiting = waiting.filter((w) => {
                if (!message.includes(w.text)) return true;
                w.resolve(now);
                return false;
              });
            }
            end = buffered.indexOf("\n\n");
          }
        });
      },
    );
    req.on("error", reject);
    stream.waitFor = (text, timeoutMs = 10_000) =>
      new Promise((done, failed) => {
        const timer = setTimeout(
          () => failed(new Error(`no board with ${text} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          text,
          resolve: (ms) => {
            clearTimeout(timer);
            done(ms);
          },
        });
      });
    stream.close = () => req.destroy();
  });
}

/** The inputs (name, value, in order) and action of the page's form that has an input named `name`. */
function formWith(html, name) {
  const chunk = html
    .split(/<form\b/i)
    .find((part) => tagsOf(part.split(/<\/form>/i)[0], "input").some((t) => attr(t, "name") === name));
  if (!chunk) return null;
  const body = chunk.split(/<\/form>/i)[0];
  return {
    action: attr(`<form${body.slice(0, body.indexOf(">") + 1)}`, "action"),
    inputs: tagsOf(body, "input")
      .map((t) => [attr(t, "name") ?? "", attr(t, "value") ?? ""])
      .filter(([n]) => n),
  };
}

/** The server's resident memory (kB), from /proc (Linux): its own RSS, plus what its child
 * processes hold of their own (private pages: the PDF worker is a child process since issue 30;
 * the pages it shares with the server, node's code, are already in the server's RSS). */
function rssKb(pid) {
  let total = ownRssKb(pid);
  for (const child of childPids(pid)) {
    try {
      total += privateKb(child);
    } catch {} // it exited meanwhile
  }
  return total;
}

/** A process's private resident pages and its children's (kB). */
function privateKb(pid) {
  const s = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  let total =
    Number(s.match(/Private_Clean:\s+(\d+)/)?.[1] ?? 0) + Number(s.match(/Private_Dirty:\s+(\d+)/)?.[1] ?? 0);
  for (const child of childPids(pid)) {
    try {
      total += privateKb(child);
    } catch {}
  }
  return total;
}

function ownRssKb(pid) {
  const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) : NaN;
}

/** The processes whose parent is `pid` (from each /proc/<pid>/stat's fourth field). */
function childPids(pid) {
  const children = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the last ")" ends it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {}
  }
  return children;
}

const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The live scoreboard, measured on a fresh server (before the load rows grow its heap): (1) its RSS
 * before and with 500 open streams; (2) a score saved by ADMIN through the races screen's Save
 * Scores (an HTTP POST, as the results desk does) until the board event carrying it reaches one
 * stream, and all 500 (fan-out), 10 times after a warm-up; (3) a write by another connection (what
 * a LiteFS replica sees when the primary's write arrives: no event in this process, the 1 s
 * data-version poll finds it) until the event, 10 times at random moments.
 */
async function scoreboardLive(databasePath, adminJar, server) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  const streams = [];
  try {
    const round = sqlite
      .prepare(
        `SELECT r.id AS roundId, r.event_id AS eventId FROM scoreboard_rounds sr
         JOIN rounds r ON r.id = sr.round_id JOIN events e ON e.id = r.event_id AND e.deleted = 0
         WHERE EXISTS (SELECT 1 FROM races ra WHERE ra.round_id = r.id)
         ORDER BY sr.created_at DESC LIMIT 1`,
      )
      .get();
    if (!round) throw new Error("the race-day board shows no round with races");
    const formUrl = `${base}/races?event=${round.eventId}&round=${round.roundId}&mode=scores`;
    (await openScoreboardStream()).close(); // first use: the board rendered, the handlers warm

    await sleep(1000);
    const before = rssKb(server.pid);
    for (let i = 0; i < 500; i += 50) {
      streams.push(...(await Promise.all(Array.from({ length: 50 }, () => openScoreboardStream()))));
    }
    await sleep(2000);
    const open = rssKb(server.pid);

    const post = [];
    const fanOut = [];
    for (let i = 0; i < 11; i++) {
      const page = await request(formUrl, { jar: new Map(adminJar) });
      const form = formWith(await page.text(), "score");
      if (page.status !== 200 || !form) throw new Error(`no Save Scores form at ${formUrl} (${page.status})`);
      const score = `1:${String(10 + i).padStart(2, "0")}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
      let first = true;
      const body = new URLSearchParams();
      for (const [name, value] of form.inputs) {
        body.append(name, name === "score" && first ? score : value);
        if (name === "score") first = false;
      }
      const arrivals = streams.map((s) => s.waitFor(`>${score}<`));
      const started = performance.now();
      const res = await request(new URL(form.action ?? formUrl, base).href, {
        jar: new Map(adminJar),
        method: "POST",
        body: body.toString(),
      });
      await res.arrayBuffer();
      if (res.status !== 302) throw new Error(`Save Scores answered ${res.status}`);
      const times = await Promise.all(arrivals);
      if (i === 0) continue; // the first warms the path
      post.push(times[0] - started);
      fanOut.push(Math.max(...times) - started);
    }
    for (const s of streams.splice(1)) s.close();

    const raceId = sqlite
      .prepare("SELECT id FROM races WHERE round_id = ? ORDER BY id LIMIT 1")
      .get(round.roundId).id;
    const write = sqlite.prepare("UPDATE races SET score = ? WHERE id = ?");
    const other = [];
    for (let i = 0; i < 10; i++) {
      await sleep(Math.random() * 1000); // not in step with the poll
      const score = `2:${String(10 + i).padStart(2, "0")}.00`;
      const arrived = streams[0].waitFor(`>${score}<`);
      const started = performance.now();
      write.run(score, raceId);
      other.push((await arrived) - started);
    }
    return { post, fanOut, other, rss: { before, open, streams: 500 } };
  } finally {
    for (const s of streams) s.close();
    sqlite.close();
  }
}

// --- the big screen (issue 20, section 6) ---------------------------------------------------------

/** Percentile of unsorted samples (nearest rank). */
const percentileOf = (xs, p) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

/** Text as React writes it into an attribute. */
const attrText = (text) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * Declare Official as the results desk does: the screen's form (its CSRF token) read now, and a
 * function that POSTs it (throws unless the answer is the redirect of a done declaration).
 */
async function declareForm(resultsUrl, adminJar) {
  const page = await request(resultsUrl, { jar: new Map(adminJar) });
  const html = await page.text();
  const chunk = html
    .split(/<form\b/i)
    .find((part) => /name="intent" value="declare"/.test(part.split(/<\/form>/i)[0]));
  if (page.status !== 200 || !chunk)
    throw new Error(`no Declare Official form at ${resultsUrl} (${page.status})`);
  const body = new URLSearchParams(
    tagsOf(chunk.split(/<\/form>/i)[0], "input")
      .map((t) => [attr(t, "name") ?? "", attr(t, "value") ?? ""])
      .filter(([n]) => n),
  );
  return async () => {
    const res = await request(resultsUrl, { jar: new Map(adminJar), method: "POST", body: body.toString() });
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`Declare Official answered ${res.status}`);
  };
}

/**
 * Signed webhooks (issue 29): does a fan-out to 20 endpoints slow Declare Official? A round of the
 * race-day data is declared Official by ADMIN's POST (as boardLive), 11 times (the first warms up,
 * between runs it goes back to Provisional by a direct write), first with no endpoint, then with
 * 20 endpoints subscribed to result.official, each a local receiver that answers 200 after 50 ms
 * (as a remote site would take). Times the POST both ways, and from the POST to the 20th delivery
 * received. The server runs with WEBHOOKS_ALLOW_LOOPBACK=1 (the receivers are on 127.0.0.1).
 */
async function webhookFanOut(databasePath, adminJar) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  /** @type {{ at: number, path: string }[]} */
  const received = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ at: performance.now(), path: req.url ?? "" });
      setTimeout(() => res.end("ok"), 50);
    });
  });
  await new Promise((resolve) => receiver.listen(0, HOST, () => resolve(undefined)));
  const port = /** @type {import("node:net").AddressInfo} */ (receiver.address()).port;
  try {
    const round = sqlite
      .prepare(
        `SELECT r.id AS roundId FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
         WHERE (SELECT COUNT(*) FROM races ra WHERE ra.round_id = r.id) >= 2
         ORDER BY r.id DESC LIMIT 1`,
      )
      .get();
    if (!round) throw new Error("the race-day data has no round with two races");
    const lanes = sqlite.prepare("SELECT id FROM races WHERE round_id = ? ORDER BY lane").all(round.roundId);
    const setPlaces = sqlite.prepare(
      "UPDATE races SET place = ?, time_ms = ?, score = ?, wins = ?, losses = 0, status = NULL WHERE id = ?",
    );
    for (const [i, lane] of lanes.entries())
      setPlaces.run(i + 1, 60_000 + i * 1000, `1:0${i % 10}.00`, lanes.length - i, lane.id);
    const provisional = sqlite.prepare(
      `UPDATE rounds SET result_state = 'PROVISIONAL', revision = 0, results_at = ?, protest_until = ?
       WHERE id = ?`,
    );
    const resultsUrl = `${base}/rounds/${round.roundId}/results`;
    const addEndpoint = sqlite.prepare(
      "INSERT INTO webhook_endpoints (url, events, secret, enabled) VALUES (?, ?, ?, 0)",
    );
    for (let i = 0; i < 20; i++)
      addEndpoint.run(
        `http://127.0.0.1:${port}/hook/${i}`,
        JSON.stringify(["result.official"]),
        `bench-secret-${i}`,
      );
    const timeDeclares = async (endpoints) => {
      sqlite.prepare("UPDATE webhook_endpoints SET enabled = ?").run(endpoints > 0 ? 1 : 0);
      const post = [];
      const delivered = [];
      for (let i = 0; i < 11; i++) {
        provisional.run(Date.now(), Date.now() + 15 * 60_000, round.roundId);
        await sleep(300);
        const send = await declareForm(resultsUrl, adminJar);
        received.length = 0;
        const started = performance.now();
        await send();
        const took = performance.now() - started;
        if (endpoints > 0) {
          const deadline = Date.now() + 15_000;
          while (received.length < endpoints && Date.now() < deadline) await sleep(5);
          if (received.length < endpoints)
            throw new Error(`${received.length} of ${endpoints} webhook deliveries arrived within 15 s`);
        }
        if (i === 0) continue;
        post.push(took);
        if (endpoints > 0) delivered.push(Math.max(...received.map((r) => r.at)) - started);
      }
      return { post, delivered };
    };
    const none = await timeDeclares(0);
    const twenty = await timeDeclares(20);
    return { none, twenty };
  } finally {
    sqlite.prepare("DELETE FROM webhook_endpoints").run();
    sqlite.close();
    receiver.close();
  }
}

/**
 * The big screen with 500 spectators: 500 open /board streams (each its own client address, as
 * for the scoreboard: the per-address cap stays as in production), then a round declared Official,
 * 10 times after a warm-up, until each stream received the board that says so, two ways:
 * (1) Declare Official on the results screen (an HTTP POST by ADMIN to /rounds/:id/results,
 * intent=declare: the app's own process, which tells the boards at once); (2) the same state
 * written by a second connection to the database (as a script, or the primary's write arriving on
 * a LiteFS replica: no event in the app's process, the 1 s data-version poll finds it). Between
 * runs the round goes back to Provisional by a direct write (not timed). Then a Save Scores POST
 * (/races) changing a result the board shows.
 */
async function boardLive(databasePath, adminJar) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  const streams = [];
  try {
    const round = sqlite
      .prepare(
        `SELECT r.id AS roundId, r.event_id AS eventId, r.name AS name FROM rounds r
         JOIN events e ON e.id = r.event_id AND e.deleted = 0
         WHERE (SELECT COUNT(*) FROM races ra WHERE ra.round_id = r.id) >= 2
         ORDER BY r.id LIMIT 1`,
      )
      .get();
    if (!round) throw new Error("the race-day data has no round with two races");
    const lanes = sqlite.prepare("SELECT id FROM races WHERE round_id = ? ORDER BY lane").all(round.roundId);
    // Results as the results save leaves them: places, times, the formatted score; Provisional.
    // (wins and losses too, should the round be Tug of War: Declare Official needs every lane done)
    const setPlaces = sqlite.prepare(
      "UPDATE races SET place = ?, time_ms = ?, score = ?, wins = ?, losses = 0 WHERE id = ?",
    );
    for (const [i, lane] of lanes.entries())
      setPlaces.run(i + 1, 60_000 + i * 1000, `1:0${i % 10}.00`, lanes.length - i, lane.id);
    const provisional = sqlite.prepare(
      `UPDATE rounds SET result_state = 'PROVISIONAL', revision = 0, results_at = ?, protest_until = ?
       WHERE id = ?`,
    );
    const official = sqlite.prepare(
      "UPDATE rounds SET result_state = 'OFFICIAL', revision = 1, results_at = ?, protest_until = NULL WHERE id = ?",
    );
    provisional.run(Date.now(), Date.now() + 15 * 60_000, round.roundId);

    const isOfficial = `data-round="${round.roundId}" data-said="${attrText(`${round.name} Official`)}"`;
    const isProvisional = `data-round="${round.roundId}" data-said="${attrText(`${round.name} Provisional`)}`;
    (await openScoreboardStream("/board/events")).close(); // first use: rendered, handlers warm
    for (let i = 0; i < 500; i += 50) {
      streams.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => openScoreboardStream("/board/events")))),
      );
    }
    await sleep(1500);
    const resultsUrl = `${base}/rounds/${round.roundId}/results`;
    const declare = () => declareForm(resultsUrl, adminJar);
    const runs = { post: { all: [], last: [] }, write: { all: [], last: [] } };
    for (const how of ["post", "write"]) {
      for (let i = 0; i < 11; i++) {
        // Back to Provisional (not timed), then declared Official at a moment not in step with the poll.
        const back = streams.map((s) => s.waitFor(isProvisional));
        provisional.run(Date.now(), Date.now() + (15 + (i % 40)) * 60_000, round.roundId);
        await Promise.all(back);
        const send = how === "post" ? await declare() : null;
        await sleep(Math.random() * 1000);
        const arrivals = streams.map((s) => s.waitFor(isOfficial));
        const started = performance.now();
        if (send) await send();
        else official.run(Date.now(), round.roundId);
        const times = (await Promise.all(arrivals)).map((t) => t - started);
        if (i === 0) continue; // the first warms the path
        runs[how].all.push(...times);
        runs[how].last.push(Math.max(...times));
      }
    }

    // (2) Through the app's process: a Save Scores POST changing a result the board shows.
    const formUrl = `${base}/races?event=${round.eventId}&round=${round.roundId}&mode=scores`;
    const post = [];
    for (let i = 0; i < 6; i++) {
      const page = await request(formUrl, { jar: new Map(adminJar) });
      const form = formWith(await page.text(), "score");
      if (page.status !== 200 || !form) throw new Error(`no Save Scores form at ${formUrl} (${page.status})`);
      const score = `1:${String(20 + i).padStart(2, "0")}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
      let first = true;
      const body = new URLSearchParams();
      for (const [name, value] of form.inputs) {
        body.append(name, name === "score" && first ? score : value);
        if (name === "score") first = false;
      }
      const arrivals = streams.map((s) => s.waitFor(`>${score}<`));
      const started = performance.now();
      const res = await request(new URL(form.action ?? formUrl, base).href, {
        jar: new Map(adminJar),
        method: "POST",
        body: body.toString(),
      });
      await res.arrayBuffer();
      if (res.status !== 302) throw new Error(`Save Scores answered ${res.status}`);
      const times = (await Promise.all(arrivals)).map((t) => t - started);
      if (i === 0) continue;
      post.push(...times);
    }
    return { declared: runs.post, written: runs.write, post, streams: streams.length };
  } finally {
    for (const s of streams) s.close();
    sqlite.close();
  }
}

/**
 * The big screen while a day's start lists are laid out (docs/decisions/0034-pdf-worker.md): the
 * open edition's busiest day (the most rounds scheduled on one Malaysia day) downloaded as one PDF by
 * ADMIN, three times in a row, while `/board` is asked for every 20 ms whether or not the last
 * answer came (open loop, each request its own connection: a stalled server is not asked less
 * often), each timed from when it was due. Then the same sampling on the idle server. p50/p95/max
 * of `/board` both ways, the PDF's median time, and the server's RSS (peak while the PDFs are made).
 */
async function boardWhileStartLists(databasePath, adminJar, server) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(databasePath, { readonly: true });
  const busiest = sqlite
    .prepare(
      `SELECT strftime('%Y-%m-%d', r.scheduled_at / 1000 + 8 * 3600, 'unixepoch') AS day, count(*) AS rounds
       FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
       JOIN editions ed ON ed.id = r.edition_id AND ed.state = 'OPEN'
       WHERE r.scheduled_at IS NOT NULL GROUP BY day ORDER BY rounds DESC LIMIT 1`,
    )
    .get();
  sqlite.close();
  if (!busiest) throw new Error("the race-day dataset has no scheduled round");
  const pdfUrl = `${base}/race-control/start-lists.pdf?day=${busiest.day}`;
  const cookie = cookieHeader(adminJar);
  const getPdf = async () => {
    const r = await timedGet(pdfUrl, { cookie });
    if (r.status !== 200 || !/^application\/pdf/.test(r.contentType ?? ""))
      throw new Error(`${pdfUrl} answered ${r.status} ${r.contentType ?? ""}`);
    return r.ms;
  };
  const rssBefore = rssKb(server.pid);
  const rss = rssSampler(server.pid);
  await getPdf(); // warm: the worker started, the statements prepared
  /** `/board` every 20 ms until `until` settles; each latency from when the request was due. */
  const sample = async (until) => {
    const times = [];
    const inFlight = [];
    let done = false;
    until.finally(() => {
      done = true;
    });
    const started = performance.now();
    for (let k = 0; !done; k++) {
      const due = started + k * 20;
      await sleep(Math.max(0, due - performance.now()));
      inFlight.push(
        timedGet(`${base}/board`, {}).then((r) => {
          if (r.status !== 200) throw new Error(`/board answered ${r.status}`);
          times.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(inFlight);
    return times;
  };
  const pdfTimes = [];
  const busy = await sample(
    (async () => {
      for (let i = 0; i < 3; i++) pdfTimes.push(await getPdf());
    })(),
  );
  rss.stop();
  const idle = await sample(sleep(Math.max(2000, Math.min(...pdfTimes))));
  const rssMb = { before: rssBefore / 1024, peak: rss.peak() / 1024, after: rssKb(server.pid) / 1024 };
  return { day: busiest.day, rounds: busiest.rounds, pdfMs: medianOf(pdfTimes), busy, idle, rssMb };
}

// --- every page of every role --------------------------------------------------------------------

/** A URL's shape: its path with numeric ids and long tokens as :id / :token, without the query. */
const shapeOfPath = (pathname) =>
  pathname.replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, "/:token");

/** Paths never loaded as pages: assets, photos, the live stream, and GETs whose answer is a file. */
const NOT_A_PAGE = /^\/(build|uploads)\/|^\/(scoreboard|board)\/events|\.(csv|pdf)$|^\/auth\/logout/;

/**
 * The HTML pages the jar's user reaches from the route table's paths by following links and GET
 * forms: the first URL of each shape, answered 200 with HTML. Breadth first, so a list comes before
 * the dialogs its rows open.
 */
async function crawlPages(jar, seeds) {
  const queue = seeds.map((p) => new URL(p, base).href);
  const shapes = new Set();
  const pages = [];
  const admit = (href, from) => {
    let u;
    try {
      u = new URL(decodeEntities(href), from);
    } catch {
      return;
    }
    if (u.origin !== base || NOT_A_PAGE.test(u.pathname)) return;
    const shape = shapeOfPath(u.pathname);
    if (shapes.has(shape)) return;
    shapes.add(shape);
    queue.push(`${u.origin}${u.pathname}${u.search}`);
  };
  for (const seed of queue.splice(0)) admit(seed, base);
  while (queue.length && pages.length < 400) {
    const url = queue.shift();
    const res = await request(url, { jar: new Map(jar) });
    const type = res.headers.get("content-type") ?? "";
    const body = await res.text();
    if (res.status === 302 || res.status === 303) {
      admit(res.headers.get("location") ?? "/", url);
      continue;
    }
    if (res.status !== 200 || !type.includes("text/html")) continue;
    pages.push({ url, shape: shapeOfPath(new URL(url).pathname) });
    for (const tag of tagsOf(body, "a")) {
      const href = attr(tag, "href");
      if (href && attr(tag, "download") === null) admit(href, url);
    }
    for (const m of body.matchAll(/<form\b[^>]*>/gi)) {
      if ((attr(m[0], "method") ?? "get").toLowerCase() === "get") admit(attr(m[0], "action") ?? url, url);
    }
  }
  return pages;
}

/** The server's peak resident memory, sampled every 200 ms while `sampling` runs. */
function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {}
  }, 200);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

// --- servers -------------------------------------------------------------------------------------

/** Copies the app's sources into the temp folder (node_modules linked) and builds them there. */
function buildApp() {
  fs.mkdirSync(appDir);
  const source = SOURCE;
  for (const entry of [
    "app",
    "db",
    "server",
    "public",
    "server.mjs",
    "remix.config.js",
    "remix.env.d.ts",
    "package.json",
    "tsconfig.json",
  ]) {
    fs.cpSync(path.join(source, entry), path.join(appDir, entry), {
      recursive: true,
      filter: (src) => src !== path.join(source, "public", "build"),
    });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(appDir, "node_modules"), "dir");
  runQuietly("npx", ["remix", "build"], { cwd: appDir, timeoutMs: 5 * 60_000 });
}

function buildVanilla() {
  runQuietly("npx", ["remix", "build"], { cwd: vanillaDir, timeoutMs: 5 * 60_000 });
}

/** Starts a server in its own process group, its output to `file`; resolves once `probe` answers 200. */
async function startServer(cmd, args, { cwd, env, file, probe }) {
  const log = fs.openSync(file, "w");
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  servers.push(child);
  const started = Date.now();
  for (;;) {
    if (!alive(child)) fail(`\`${cmd} ${args.join(" ")}\` exited during start-up`);
    if (Date.now() - started > 60_000) fail(`${probe} did not answer within 60 s`);
    try {
      const res = await request(probe);
      await res.arrayBuffer();
      if (res.status === 200) return child;
    } catch {}
    await sleep(250);
  }
}

async function stopServer(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  if (alive(child))
    await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(10_000)]);
}

// --- main ----------------------------------------------------------------------------------------

async function main() {
  const loadBefore = os.loadavg()[0];
  for (const port of [APP_PORT, VANILLA_PORT, HELLO_PORT]) {
    if (!(await portFree(port))) fail(`port ${port} on ${HOST} is in use (set BENCH_PORT to move)`);
  }
  setTimeout(() => fail("gave up after 45 minutes"), 45 * 60_000).unref();

  console.log(`bench: building a copy of the app in ${appDir} and bench/vanilla ...`);
  buildApp();
  buildVanilla();

  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(APP_PORT),
    APP_URL: base,
    SESSION_SECRET: randomBytes(16).toString("hex"),
    DATABASE_PATH: path.join(tmp, "bench.db"),
    UPLOADS_DIR: path.join(tmp, "uploads"),
    OUTBOX_DIR: path.join(tmp, "outbox"),
    // Empty means unset: no mail server, no LiteFS, the payment simulator, the TCP peer's address.
    SMTP_URL: "",
    LITEFS_DIR: "",
    PAYMENT_PROVIDER: "simulator",
    // The webhook fan-out row's receivers are on 127.0.0.1 (issue 29; the flag only tests set).
    WEBHOOKS_ALLOW_LOOPBACK: "1",
    // Production's malloc (Dockerfile ENV; ADR 0022, "Native memory").
    MALLOC_ARENA_MAX: "2",
  };
  // The kiosk's scans come from many gates, each its own address (the kiosk's per-address rate
  // limit): the kiosk row gives each connection of each run its own address in this header. Every
  // other request has none, and the server falls back to the TCP peer (127.0.0.1), as in production
  // without a proxy.
  env.TRUSTED_PROXY_HEADER = "X-Bench-Client";

  console.log("bench: seeding the race-day dataset ...");
  const seedStarted = performance.now();
  runQuietly("npx", ["tsx", "db/seed-cli.ts", "--size", "race-day"], {
    env,
    cwd: appDir,
    timeoutMs: 300_000,
  });
  console.log(`bench: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  console.log(
    `bench: starting node server.mjs on ${base} and remix-serve (bench/vanilla) on ${vanillaBase} ...`,
  );
  if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
  // Production's node flags (litefs.yml: `node --max-old-space-size=128 --max-semi-space-size=4
  // --no-sparkplug server.mjs`; tests/unit/node-flags.test.ts keeps them the same).
  const nodeArgs = [
    "--max-old-space-size=128",
    "--max-semi-space-size=4",
    "--no-sparkplug",
    ...(CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : []),
  ];
  const appStarted = Date.now();
  const app = await startServer(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: appDir,
    env,
    file: logFile,
    probe: `${base}/healthcheck`,
  });
  const vanilla = await startServer("npx", ["remix-serve", "build/index.js"], {
    cwd: vanillaDir,
    env: { ...process.env, NODE_ENV: "production", HOST, PORT: String(VANILLA_PORT) },
    file: vanillaLogFile,
    probe: `${vanillaBase}/`,
  });

  // A worker thread of this process: its own event loop, so autocannon does not slow it down.
  hello = new Worker(
    `const http = require("node:http");
     const { parentPort, workerData } = require("node:worker_threads");
     http
       .createServer((req, res) => {
         res.writeHead(200, { "content-type": "text/plain" });
         res.end("Hello, world!\\n");
       })
       .listen(workerData.port, workerData.host, () => parentPort.postMessage("listening"));`,
    { eval: true, workerData: { port: HELLO_PORT, host: HOST } },
  );
  await new Promise((resolve, reject) => {
    hello.once("message", resolve);
    hello.once("error", reject);
  });

  const admin = await login(ADMIN);
  const manager = await login(MANAGER);
  // The scoreboard's live stream, on the fresh server (its heap not yet grown by the load rows).
  /** @type {string[]} */
  const scoreboardLines = [];
  await sleep(Math.max(0, appStarted + 5000 - Date.now()));
  if (!ONLY || ONLY.test("scoreboard live (SSE)")) {
    process.stdout.write("bench: scoreboard live (SSE) ...");
    const live = await scoreboardLive(env.DATABASE_PATH, admin, app);
    const fmt = (xs) =>
      `median ${Math.round(medianOf(xs))} ms (min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))}, n=${xs.length})`;
    console.log(" done");
    const perStream = (live.rss.open - live.rss.before) / live.rss.streams;
    scoreboardLines.push(
      `Scoreboard live: Save Scores POST (ADMIN, /races) -> board event on an open stream ${fmt(live.post)}; ` +
        `to all ${live.rss.streams} open streams ${fmt(live.fanOut)}; a write by another connection (as on a LiteFS ` +
        `replica; found by the 1 s poll) -> event ${fmt(live.other)}; target 2,000 ms.`,
      `Scoreboard streams: server RSS ${(live.rss.before / 1024).toFixed(1)} MB before, ${(live.rss.open / 1024).toFixed(1)} MB ` +
        `with ${live.rss.streams} open streams (+${perStream.toFixed(1)} kB per stream), on a fresh server.`,
    );
  }

  // The big screen (issue 20): 500 open /board streams and a round declared Official.
  if (!ONLY || ONLY.test("board live (SSE)")) {
    process.stdout.write("bench: board live (SSE), 500 streams ...");
    const live = await boardLive(env.DATABASE_PATH, admin);
    const pct = (xs) =>
      `p50 ${Math.round(percentileOf(xs, 50))} ms, p95 ${Math.round(percentileOf(xs, 95))} ms, max ${Math.round(Math.max(...xs))} ms`;
    console.log(" done");
    scoreboardLines.push(
      `Board live, ${live.streams} open \`/board\` streams: Declare Official POST (ADMIN, /rounds/:id/results) -> the new ` +
        `board on each stream ${pct(live.declared.all)} (n=${live.declared.all.length}; the last stream of each run: ` +
        `${pct(live.declared.last)}, ${live.declared.last.length} runs); Official written by a second connection (as on a ` +
        `LiteFS replica; found by the 1 s poll) -> each stream ${pct(live.written.all)} (last of each run: ` +
        `${pct(live.written.last)}); a Save Scores POST (/races) -> each stream ${pct(live.post)}; target 2,000 ms.`,
    );
  }

  // Signed webhooks (issue 29): Declare Official with 0 and with 20 endpoints subscribed.
  if (!ONLY || ONLY.test("webhook fan-out")) {
    process.stdout.write("bench: webhook fan-out, 20 endpoints ...");
    const r = await webhookFanOut(env.DATABASE_PATH, admin);
    const pct = (xs) =>
      `p50 ${Math.round(percentileOf(xs, 50))} ms, p95 ${Math.round(percentileOf(xs, 95))} ms, max ${Math.round(Math.max(...xs))} ms`;
    console.log(" done");
    scoreboardLines.push(
      `Webhook fan-out: Declare Official POST (ADMIN) with no endpoint ${pct(r.none.post)}; with 20 endpoints ` +
        `subscribed to result.official ${pct(r.twenty.post)} (n=${r.twenty.post.length}); the POST to the 20th ` +
        `delivery received (each receiver answering after 50 ms) ${pct(r.twenty.delivered)}.`,
    );
  }

  // PDFs off the main thread (docs/decisions/0034-pdf-worker.md): the big screen meanwhile.
  if (!ONLY || ONLY.test("while a day's start lists are laid out")) {
    process.stdout.write("bench: /board while a day's start lists are laid out ...");
    const r = await boardWhileStartLists(env.DATABASE_PATH, admin, app);
    const pct = (xs) =>
      `p50 ${Math.round(percentileOf(xs, 50))} ms, p95 ${Math.round(percentileOf(xs, 95))} ms, max ${Math.round(Math.max(...xs))} ms`;
    console.log(" done");
    scoreboardLines.push(
      `While a day's start lists are laid out (${r.rounds} races on ${r.day}, the PDF in ${Math.round(r.pdfMs)} ms, ` +
        `median of 3): \`/board\` asked every 20 ms ${pct(r.busy)} (n=${r.busy.length}); on the idle server ` +
        `${pct(r.idle)} (n=${r.idle.length}). Server RSS ${r.rssMb.before.toFixed(1)} MB before, peak ` +
        `${r.rssMb.peak.toFixed(1)} MB while the PDFs were made, ${r.rssMb.after.toFixed(1)} MB after.`,
    );
  }

  /** @type {{ label: string, url: string, jar?: Map<string, string>, status?: number, weigh?: boolean, target?: number }[]} */
  const targets = [
    { label: "`/users` (ADMIN)", url: `${base}/users`, jar: admin, target: 0.5 },
    {
      label: "`/users?name=ali&photo=valid`",
      url: `${base}/users?name=ali&photo=valid`,
      jar: admin,
      target: 0.5,
    },
    { label: "`/users/approve-photo`", url: `${base}/users/approve-photo`, jar: admin, target: 0.5 },
    { label: "`/associations`", url: `${base}/associations`, jar: admin, target: 0.5 },
    { label: "`/` overview (ADMIN)", url: `${base}/`, jar: admin, target: 0.5 },
    { label: "CSV of all users (Download CSV on `/users`)", csv: true, jar: admin, weigh: false },
    { label: "`/orders` (ADMIN, all 10,000)", url: `${base}/orders`, jar: admin, target: 0.5 },
    { label: "`/payments` (ADMIN)", url: `${base}/payments`, jar: admin, target: 0.5 },
    { label: "invoice PDF (Download Invoice on `/orders`)", pdf: true, jar: admin, weigh: false },
    { label: "`/events` (ADMIN)", url: `${base}/events`, jar: admin, target: 0.5 },
    { label: "`/events` (MANAGER: assigned, buy entries)", url: `${base}/events`, jar: manager, target: 0.5 },
    { label: "crew picker of a full team (MANAGER)", crew: true, jar: manager, target: 0.5 },
    { label: "`/events-summary` (ADMIN)", url: `${base}/events-summary`, jar: admin, target: 0.5 },
    // Issue 11: the EOI result tabs (300 teams, 8 EOI events), the training screens (60 sessions, ~300
    // requests) and the managers' pages.
    { label: "`/eoi` Result by Events (ADMIN)", url: `${base}/eoi`, jar: admin, target: 0.5 },
    { label: "`/eoi/teams` Result by Teams (ADMIN)", url: `${base}/eoi/teams`, jar: admin, target: 0.5 },
    { label: "`/eoi/countries` Countries (ADMIN)", url: `${base}/eoi/countries`, jar: admin, target: 0.5 },
    { label: "`/eoi/list` Teams (ADMIN)", url: `${base}/eoi/list`, jar: admin, target: 0.5 },
    { label: "`/eoi` (MANAGER: expression of interest)", url: `${base}/eoi`, jar: manager, target: 0.5 },
    { label: "`/training-sessions` (ADMIN)", url: `${base}/training-sessions`, jar: admin, target: 0.5 },
    {
      label: "`/training-reservations` (ADMIN)",
      url: `${base}/training-reservations`,
      jar: admin,
      target: 0.5,
    },
    { label: "`/training` (MANAGER: training booking)", url: `${base}/training`, jar: manager, target: 0.5 },
    { label: "`/not-found` (anonymous)", url: `${base}/not-found`, status: 404, target: 0.9 },
    // Race day on the water (issue 28): the whole day's timetable with each race's Ready count and
    // the On the water panel (the race-day seed has boats out).
    {
      label: "`/race-control` (ADMIN: the day, Ready per race, On the water)",
      url: `${base}/race-control`,
      jar: admin,
      target: 0.5,
    },
    {
      label: "kiosk scan POST, no JS (12th code onto an 11-code history)",
      kiosk: true,
      weigh: false,
      target: 0.5,
    },
    // Issue 28: the pontoon's scan POST, no slower than the entrance's (the row above).
    {
      label: "pontoon scan POST, no JS (a paddler of a boat out)",
      pontoon: true,
      weigh: false,
      target: 0.5,
    },
    // The crowd's scoreboard (issue 10): served from memory, target 10x an ordinary page.
    { label: "`/scoreboard` (anonymous, race-day board)", url: `${base}/scoreboard`, target: 10 },
    // The big screen (issue 20): served from memory like the scoreboard, target 10x an ordinary page.
    { label: "`/board` (anonymous, big screen)", url: `${base}/board`, target: 10 },
    // Issue 29: the club table, the broadcast overlay and the open data API, each served from memory
    // like the board (rendered once per change, answered ahead of express): target 10x an ordinary page.
    { label: "`/standings` (anonymous, club table)", url: `${base}/standings`, target: 10, standings: true },
    { label: "`/overlay` (anonymous, OBS lower third)", url: `${base}/overlay`, target: 10 },
    {
      label: "API timetable (`/api/v1/editions/current/timetable`)",
      url: `${base}/api/v1/editions/current/timetable`,
      weigh: false,
      target: 10,
    },
    {
      label: "`/scoreboard` revalidation (If-None-Match: 304)",
      url: `${base}/scoreboard`,
      status: 304,
      scoreboardEtag: true,
      weigh: false,
      target: 10,
    },
    { label: "vanilla Remix (remix-serve)", url: `${vanillaBase}/`, vanilla: true },
    { label: "hello world (bare node:http)", url: `http://${HOST}:${HELLO_PORT}/`, weigh: false },
  ].filter((t) => t.vanilla || !ONLY || ONLY.test(t.label));
  for (const t of targets) if (t.csv) t.url = await csvUrl(admin);
  for (const t of targets) if (t.pdf) t.url = await invoiceUrl(admin);
  for (const t of targets) if (t.crew) t.url = await crewUrl(manager);
  for (const t of targets) if (t.kiosk) Object.assign(t, await kioskScan(env.DATABASE_PATH));
  for (const t of targets) if (t.standings) await standingsData(env.DATABASE_PATH);
  // The pontoon's row needs a boat out on today's Malaysia day; the race-day seed's times are
  // relative to now, so after 16:00 UTC (midnight in Malaysia) there may be none: skip the row.
  for (const t of targets)
    if (t.pontoon) {
      try {
        Object.assign(t, await pontoonScanLoad(env.DATABASE_PATH));
      } catch (error) {
        console.log(`(row skipped: ${t.label}: ${error instanceof Error ? error.message : error})`);
        t.skip = true;
      }
    }
  targets.splice(0, targets.length, ...targets.filter((t) => !t.skip));
  for (const t of targets) if (t.scoreboardEtag) t.headers = { "if-none-match": await scoreboardEtag() };

  // Start-up work of the app (jobs run once at start, a throwaway PDF render 2 s in) and first-use
  // costs (lazy imports, prepared statements, caches) stay out of the measurements: wait, then
  // request every page a few times.
  await sleep(Math.max(0, appStarted + 5000 - Date.now()));
  for (const t of targets) {
    for (let i = 0; i < 3; i++) {
      const res = await request(t.url, { jar: t.jar && new Map(t.jar) });
      await res.arrayBuffer();
    }
  }

  // Load on a shared machine drifts (other processes, other VMs): each of our rows is measured in
  // one-second slices alternating with the vanilla app, and its "x vanilla" is against those
  // slices. The vanilla row shows the median of its runs.
  const rss = rssSampler(app.pid);
  const rssAtStart = rssKb(app.pid);
  const vanillaTarget = targets.find((t) => t.vanilla);
  const vanillaWeight = await weigh(vanillaTarget.url, undefined, 200);
  const vanillaRuns = [];
  const rows = [];
  const notes = [];
  const describe = (speed) =>
    `${Math.round(speed.rps)} req/s, p50 ${Math.round(speed.p50)} ms, p95 ${Math.round(speed.p95)} ms` +
    (Number.isFinite(speed.cpu) ? `, ${speed.cpu.toFixed(1)} ms CPU/req` : "");
  /** @type {Load} */
  const vanillaLoad = { url: vanillaTarget.url, headers: {}, status: 200, server: vanilla };
  for (const t of targets) {
    if (t.vanilla) continue;
    const status = t.status ?? 200;
    const server = t.url.startsWith(base) ? app : null;
    process.stdout.write(`bench: ${t.label} ...`);
    const weight = t.weigh === false ? null : await weigh(t.url, t.jar, status);
    if (weight?.external.length)
      notes.push(`${t.label}: not counted, not local: ${weight.external.join(", ")}`);
    /** @type {Load} */
    const headers = { ...(t.jar ? { cookie: cookieHeader(t.jar) } : {}), ...t.headers };
    const load = { url: t.url, headers, status, server, post: t.post };
    let pair = null;
    let speed;
    if (t.target !== undefined) {
      [speed, pair] = await measurePair(load, vanillaLoad);
      vanillaRuns.push(pair);
    } else if (t.csv || t.pdf) {
      // Each export takes a while: longer, with time for the 20 queued requests to finish.
      speed = await measure({ ...load, timeout: 60 }, Math.max(SECONDS, 10));
    } else {
      speed = await measure(load);
    }
    console.log(` ${describe(speed)}${pair ? `; vanilla meanwhile ${describe(pair)}` : ""}`);
    rows.push({ ...t, weight, speed, pair });
    if (speed.unexpected || speed.errors) {
      notes.push(`${t.label}: ${speed.unexpected} responses not ${status}, ${speed.errors} errors/timeouts`);
    }
  }
  // Every page of every role, in short slices alternating with the vanilla app (ALL_PAGES).
  const pageRows = [];
  if (ALL_PAGES && (!ONLY || ONLY.test("every page"))) {
    for (const [role, email] of Object.entries(ROLE_USERS)) {
      const jar = email
        ? email === ADMIN
          ? admin
          : email === MANAGER
            ? manager
            : await login(email)
        : new Map();
      const pages = await crawlPages(jar, SEED_PATHS);
      console.log(`bench: ${role}: ${pages.length} pages`);
      for (const page of pages) {
        const weight = await weigh(page.url, jar, 200);
        const headers = jar.size ? { cookie: cookieHeader(jar) } : {};
        const load = { url: page.url, headers, status: 200, server: app };
        for (let i = 0; i < 3; i++) await (await request(page.url, { jar: new Map(jar) })).arrayBuffer();
        const runsA = [];
        const runsB = [];
        for (let i = 0; i < PAGE_SECONDS; i++) {
          const order = i % 2 === 0 ? [load, vanillaLoad] : [vanillaLoad, load];
          for (const l of order) (l === load ? runsA : runsB).push(await run(l, 1));
        }
        const [speed, pair] = [combine(runsA), combine(runsB)];
        vanillaRuns.push(pair);
        process.stdout.write(`bench:   ${role} ${new URL(page.url).pathname}: ${describe(speed)}\n`);
        pageRows.push({ role, page, weight, speed, pair });
        if (speed.unexpected || speed.errors) {
          notes.push(
            `${role} ${page.url}: ${speed.unexpected} responses not 200, ${speed.errors} errors/timeouts`,
          );
        }
      }
    }
  }
  if (vanillaRuns.length === 0) vanillaRuns.push(await measure(vanillaLoad));
  const median = (key) => {
    const sorted = vanillaRuns.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const vanillaSpeed = { rps: median("rps"), p50: median("p50"), p95: median("p95"), cpu: median("cpu") };
  const helloAt = rows.findIndex((r) => r.label.startsWith("hello world"));
  rows.splice(helloAt === -1 ? rows.length : helloAt, 0, {
    ...vanillaTarget,
    label: `${vanillaTarget.label}${vanillaRuns.length > 1 ? `, median of ${vanillaRuns.length} runs` : ""}`,
    weight: vanillaWeight,
    speed: vanillaSpeed,
    pair: vanillaSpeed,
  });

  // One CSV export on an idle server: what a person clicking Download CSV waits for.
  /** @type {{ raw: Awaited<ReturnType<typeof timedGet>>, gzip: Awaited<ReturnType<typeof timedGet>> } | null} */
  let csv = null;
  const csvRow = rows.find((r) => r.csv);
  if (csvRow) {
    const cookie = cookieHeader(admin);
    await timedGet(csvRow.url, { cookie }); // warm
    const raw = await timedGet(csvRow.url, { cookie, "accept-encoding": "identity" });
    const gzip = await timedGet(csvRow.url, { cookie, "accept-encoding": "gzip" });
    if (raw.status === 200 && gzip.status === 200 && /^text\/csv/.test(raw.contentType ?? "")) {
      csv = { raw, gzip };
    } else {
      notes.push(`the CSV export (${csvRow.url}) answered ${raw.status} ${raw.contentType ?? ""}: no CSV`);
    }
  }

  // One invoice PDF on an idle server (median of 5): what a manager clicking Download Invoice waits for.
  let pdfMs = null;
  const pdfRow = rows.find((r) => r.pdf);
  if (pdfRow) {
    const cookie = cookieHeader(admin);
    const times = [];
    for (let i = 0; i < 6; i++) {
      const r = await timedGet(pdfRow.url, { cookie });
      if (r.status !== 200 || !/^application\/pdf/.test(r.contentType ?? "")) {
        notes.push(`the invoice (${pdfRow.url}) answered ${r.status} ${r.contentType ?? ""}: no PDF`);
        break;
      }
      if (i > 0) times.push(r.ms);
    }
    if (times.length) pdfMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  }

  // The scoreboard against /not-found (interleaved, like the vanilla pairs).
  const scoreboardRow = rows.find((r) => r.label.startsWith("`/scoreboard` (anonymous"));
  if (scoreboardRow) {
    process.stdout.write("bench: `/scoreboard` against `/not-found` ...");
    const [board, notFound] = await measurePair(
      { url: scoreboardRow.url, headers: {}, status: 200, server: app },
      { url: `${base}/not-found`, headers: {}, status: 404, server: app },
    );
    console.log(` ${describe(board)}; /not-found meanwhile ${describe(notFound)}`);
    scoreboardLines.push(
      `Scoreboard page: ${Math.round(board.rps).toLocaleString("en-US")} req/s = ${(board.rps / notFound.rps).toFixed(1)}x ` +
        `\`/not-found\` (${Math.round(notFound.rps)} req/s, interleaved) and ` +
        `${(scoreboardRow.speed.rps / scoreboardRow.pair.rps).toFixed(1)}x the vanilla app (table above); target 10x an ordinary page.`,
    );
  }
  const boardRow = rows.find((r) => r.label.startsWith("`/board` (anonymous"));
  if (boardRow) {
    process.stdout.write("bench: `/board` against `/not-found` ...");
    const [board, notFound] = await measurePair(
      { url: boardRow.url, headers: {}, status: 200, server: app },
      { url: `${base}/not-found`, headers: {}, status: 404, server: app },
    );
    console.log(` ${describe(board)}; /not-found meanwhile ${describe(notFound)}`);
    scoreboardLines.push(
      `Board page: ${Math.round(board.rps).toLocaleString("en-US")} req/s = ${(board.rps / notFound.rps).toFixed(1)}x ` +
        `\`/not-found\` (${Math.round(notFound.rps)} req/s, interleaved) and ` +
        `${(boardRow.speed.rps / boardRow.pair.rps).toFixed(1)}x the vanilla app (table above); target 10x an ordinary page.`,
    );
  }
  rss.stop();
  const rssPeakMb = rss.peak() / 1024;
  await stopServer(app);
  await stopServer(vanilla);
  await hello.terminate();
  if (CPU_PROF) {
    const profiles = fs.readdirSync(CPU_PROF).filter((f) => f.endsWith(".cpuprofile"));
    notes.push(`CPU profile(s) of node server.mjs in ${CPU_PROF}: ${profiles.join(", ")}`);
  }

  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const files = (w) => `${kb(w.bytes)} (${w.files})`;
  const int = (n) => Math.round(n).toLocaleString("en-US");
  const ms = (n) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-US"));
  const lines = [
    "| page | p50 ms | p95 ms | req/s | x vanilla | server CPU ms/req | HTML gz | CSS gz (files) | JS gz (files) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(({ label, weight, speed, target, pair }) => {
      const ratio = speed.rps / (pair ?? vanillaSpeed).rps;
      const miss = target !== undefined && ratio < target ? ` (target ${target}x)` : "";
      return `| ${[
        label,
        ms(speed.p50),
        ms(speed.p95),
        int(speed.rps),
        `${ratio.toFixed(2)}x${miss}`,
        Number.isFinite(speed.cpu) ? speed.cpu.toFixed(1) : "–",
        weight ? kb(weight.html) : "–",
        weight ? files(weight.css) : "–",
        weight ? files(weight.js) : "–",
      ].join(" | ")} |`;
    }),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  if (pageRows.length) {
    const misses = { speed: 0, js: 0, weight: 0 };
    const pageLines = [
      "| role | page | p50 ms | p95 ms | req/s | x vanilla | CPU ms/req | HTML+CSS gz | JS gz |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...pageRows.map(({ role, page, weight, speed, pair }) => {
        const ratio = speed.rps / pair.rps;
        const htmlCss = weight.html + weight.css.bytes;
        if (ratio < 0.5) misses.speed++;
        if (weight.js.bytes > JS_BUDGET) misses.js++;
        if (htmlCss > HTML_CSS_BUDGET) misses.weight++;
        const u = new URL(page.url);
        return `| ${[
          role,
          `\`${u.pathname}${u.search}\``,
          ms(speed.p50),
          ms(speed.p95),
          int(speed.rps),
          `${ratio.toFixed(2)}x${ratio < 0.5 ? " (< 0.5x)" : ""}`,
          Number.isFinite(speed.cpu) ? speed.cpu.toFixed(1) : "–",
          `${kb(htmlCss)}${htmlCss > HTML_CSS_BUDGET ? " (> 25)" : ""}`,
          `${kb(weight.js.bytes)}${weight.js.bytes > JS_BUDGET ? " (> 100)" : ""}`,
        ].join(" | ")} |`;
      }),
    ];
    console.log(
      `Every page of every role (${pageRows.length} pages, ${PAGE_SECONDS} s each alternating with the vanilla app):\n`,
    );
    console.log(`${pageLines.join("\n")}\n`);
    console.log(
      `Every page: ${pageRows.length - misses.speed} of ${pageRows.length} at least 0.5x the vanilla app's req/s; ` +
        `${pageRows.length - misses.js} within 100 kB of JS; ${pageRows.length - misses.weight} within 25 kB of HTML+CSS (gzipped).`,
    );
  }
  console.log(
    `Server memory (RSS) under load: ${(rssAtStart / 1024).toFixed(1)} MB when the load began, peak ${rssPeakMb.toFixed(1)} MB ` +
      `(target at most ${RSS_BUDGET_MB} MB, Fly's 256 MB machine)${rssPeakMb > RSS_BUDGET_MB ? ": OVER" : ""}.`,
  );
  if (csv) {
    console.log(
      `CSV export of all users (${new URL(csvRow.url).pathname}), one request on an idle server: ${kb(csv.raw.bytes)} in ` +
        `${Math.round(csv.raw.ms)} ms uncompressed; ${kb(csv.gzip.bytes)} in ${Math.round(csv.gzip.ms)} ms ` +
        `gzipped (${csv.gzip.encoding}); target under 1,000 ms.`,
    );
  }
  if (pdfMs !== null) {
    console.log(
      `Invoice PDF, one request on an idle server: ${Math.round(pdfMs)} ms (median of 5); target under 200 ms.`,
    );
  }
  for (const line of scoreboardLines) console.log(line);
  console.log(
    `${SECONDS} s per row after a ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, ` +
      `"accept-encoding: gzip"; latency is request to last byte as autocannon sees it; "x vanilla" is ` +
      "req/s over the vanilla app's, measured in alternating 1 s slices with the row; server CPU is user + system time of the " +
      "server's processes during the run over the requests served. Our app: node " +
      `server.mjs, NODE_ENV=production, race-day seed; vanilla: remix-serve. Node ${process.version}, ` +
      `${os.cpus().length} CPU(s) shared by the servers and autocannon; load average ${loadBefore.toFixed(2)} ` +
      `before, ${os.loadavg()[0].toFixed(2)} after (other work on the machine skews req/s).`,
  );
  for (const note of notes) console.log(`note: ${note}`);
  record(loadBefore);
  cleanup();
  process.exit(0);
}

// --- BENCH_RECORD: the run as a file of docs/bench -----------------------------------------------

const RECORD = process.env.BENCH_RECORD ? path.resolve(process.env.BENCH_RECORD) : null;
const recordStarted = new Date();
const loadAtStart = os.loadavg()[0];
/** The commit measured, taken as the run starts (the sources are copied then). */
const recordCommit = (() => {
  if (!process.env.BENCH_RECORD) return "";
  const git = (...args) => spawnSync("git", args, { cwd: SOURCE, encoding: "utf8" }).stdout?.trim() ?? "";
  const commit = git("rev-parse", "--short", "HEAD") || "unknown";
  return git("status", "--porcelain", "--untracked-files=no") ? `${commit}+` : commit;
})();
/** What this run printed on stdout (progress and results), line by line, for BENCH_RECORD. */
const printed = [];
if (RECORD) {
  let partial = "";
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const lines = (partial + String(chunk)).split("\n");
    partial = lines.pop() ?? "";
    printed.push(...lines);
    return write(chunk, ...rest);
  };
}

/** Writes the run to BENCH_RECORD (docs/decisions/0022-speed.md: one file per run). */
function record(loadBefore) {
  if (!RECORD) return;
  const commit = recordCommit.replace(/\+$/, "");
  const dirty = recordCommit.endsWith("+") ? " (with uncommitted changes)" : "";
  const stamp = recordStarted.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  const knobs = Object.entries(process.env)
    .filter(([k]) => k.startsWith("BENCH_") && k !== "BENCH_RECORD")
    .map(([k, v]) => `${k}=${v}`);
  const header = [
    `# Bench run ${recordStarted.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}${dirty}`,
    "",
    `- Command: \`${knobs.length ? `${knobs.join(" ")} ` : ""}npm run bench\`${process.env.BENCH_APP ? ` (app from ${process.env.BENCH_APP})` : ""}`,
    `- Machine: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
      `Node ${process.version}; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`,
    `- Targets: docs/decisions/0022-speed.md`,
    "",
    "```text",
  ];
  fs.mkdirSync(RECORD, { recursive: true });
  const file = path.join(RECORD, `${stamp}-${commit}.md`);
  fs.writeFileSync(file, `${[...header, ...printed, "```", ""].join("\n")}`);
  process.stderr.write(`bench: recorded in ${path.relative(root, file)}\n`);
}

main().catch((error) => fail(`${error?.stack ?? error}${error?.cause ? `\ncause: ${error.cause}` : ""}`));
