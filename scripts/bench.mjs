// `npm run bench`: how heavy is each page (gzipped HTML, CSS, JS) and how many requests per second
// does the built app serve at 20 concurrent connections, next to a bare node:http hello-world?
// Everything runs on 127.0.0.1 against a fresh, seeded SQLite file in the system temp folder.
// BENCH_SECONDS (default 5) sets the length of each measurement; BENCH_PORT (default 3210) the app's
// port, the hello-world server takes the next one.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import autocannon from "autocannon";

const HOST = "127.0.0.1";
const APP_PORT = Number(process.env.BENCH_PORT || 3210);
const HELLO_PORT = APP_PORT + 1;
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS) || 5);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 20;
const PASSWORD = "Regatta2026!";
const ROLES = [
  ["ADMIN", "admin@example.com"],
  ["COMMITTEE", "committee@example.com"],
  ["MANAGER", "manager@example.com"],
  ["COMPETITOR", "competitor@example.com"],
];
// Browsers always ask for compression, and remix-serve compresses: measure what they get.
const LOAD_HEADERS = { "accept-encoding": "gzip" };

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);
const base = `http://${HOST}:${APP_PORT}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-bench-"));
const logFile = path.join(tmp, "server.log");

/** @type {import("node:child_process").ChildProcess | undefined} */
let app;
/** @type {Worker | undefined} */
let hello;
let cleanedUp = false;

/** Stops what this script started and removes the temp folder; safe to call more than once. */
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (app && app.exitCode === null && app.signalCode === null) {
    // npx runs remix-serve in a child of its own: signal the whole process group we created.
    try {
      process.kill(-app.pid, "SIGKILL");
    } catch {}
  }
  hello?.terminate();
  fs.rmSync(tmp, { recursive: true, force: true });
}

function fail(message) {
  console.error(`\nbench: ${message}`);
  if (fs.existsSync(logFile)) {
    const tail = fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-30).join("\n");
    if (tail) console.error(`--- last lines of the app's output ---\n${tail}`);
  }
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

function runQuietly(cmd, args, env, timeoutMs) {
  const r = spawnSync(cmd, args, {
    env,
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
  if (jar) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      const i = pair.indexOf("=");
      if (i > 0) jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }
  return res;
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

/** Logs in like a browser without JavaScript; returns the cookie jar holding `__session`. */
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
async function weigh(pathname, jar) {
  const res = await request(`${base}${pathname}`, { jar });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status} (not logged in?)`);
  const css = new Set();
  const js = new Set();
  const external = new Set();
  const add = (set, href) => {
    if (!href) return;
    const url = new URL(href, `${base}${pathname}`);
    if (url.hostname === HOST && url.port === String(APP_PORT)) set.add(url.href);
    else external.add(url.href);
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

function cannon(url, headers, duration) {
  assertLocal(url);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`autocannon on ${url} did not finish`));
      },
      (duration + 30) * 1000,
    );
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration, headers: { ...LOAD_HEADERS, ...headers }, timeout: 10 },
      (err, result) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(result);
      },
    );
  });
}

async function load(url, headers) {
  await cannon(url, headers, WARMUP_SECONDS); // let the JIT and SQLite's page cache settle
  const r = await cannon(url, headers, SECONDS);
  return { rps: r.requests.average, p50: r.latency.p50, non2xx: r.non2xx, errors: r.errors };
}

// --- main ----------------------------------------------------------------------------------------

async function main() {
  const loadBefore = os.loadavg()[0];
  for (const port of [APP_PORT, HELLO_PORT]) {
    if (!(await portFree(port))) fail(`port ${port} on ${HOST} is in use (set BENCH_PORT to move)`);
  }

  if (!fs.existsSync("build/index.js") || !fs.existsSync("public/build")) {
    console.log("bench: building the app (npx remix build) ...");
    runQuietly("npx", ["remix", "build"], process.env, 10 * 60_000);
  }

  // Everything after the build is bounded by one deadline.
  const targets = 1 + ROLES.length + 1;
  const budget = 240_000 + targets * (WARMUP_SECONDS + SECONDS + 20) * 1000;
  setTimeout(() => fail(`gave up after ${Math.round(budget / 1000)} s`), budget).unref();

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
    // Empty means unset: no mail server, no LiteFS, the payment simulator.
    SMTP_URL: "",
    LITEFS_DIR: "",
    PAYMENT_PROVIDER: "simulator",
  };

  console.log(`bench: seeding ${env.DATABASE_PATH} ...`);
  runQuietly("npx", ["tsx", "db/seed.ts"], env, 180_000);

  console.log(`bench: starting the app on ${base} ...`);
  const log = fs.openSync(logFile, "w");
  // Its own process group, so that stopping it also stops remix-serve under npx.
  app = spawn("npx", ["remix-serve", "./build/index.js"], {
    env,
    detached: true,
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const started = Date.now();
  for (;;) {
    if (app.exitCode !== null || app.signalCode !== null) fail("the app exited during start-up");
    if (Date.now() - started > 60_000) fail("the app did not answer /healthcheck within 60 s");
    try {
      const res = await request(`${base}/healthcheck`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    await sleep(250);
  }

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

  /** @type {{ label: string, pathname: string, jar: Map<string, string> }[]} */
  const pages = [];
  const anon = new Map();
  await (await request(`${base}/auth/login`, { jar: anon })).arrayBuffer(); // a returning visitor's XSRF cookie
  pages.push({ label: "/auth/login (anonymous)", pathname: "/auth/login", jar: anon });
  for (const [role, email] of ROLES) {
    pages.push({ label: `/ (${role})`, pathname: "/", jar: await login(email) });
  }

  const rows = [];
  const notes = [];
  for (const page of pages) {
    process.stdout.write(`bench: ${page.label} ...`);
    const weight = await weigh(page.pathname, page.jar);
    const speed = await load(`${base}${page.pathname}`, { cookie: cookieHeader(page.jar) });
    console.log(` ${Math.round(speed.rps)} req/s`);
    rows.push({ label: page.label, weight, speed });
    if (weight.external.length)
      notes.push(`${page.label}: not counted, not local: ${weight.external.join(", ")}`);
  }
  process.stdout.write("bench: hello world ...");
  const helloSpeed = await load(`http://${HOST}:${HELLO_PORT}/`, {});
  console.log(` ${Math.round(helloSpeed.rps)} req/s`);
  rows.push({ label: "hello world (bare node:http)", weight: null, speed: helloSpeed });

  for (const { label, speed } of rows) {
    if (speed.non2xx || speed.errors) {
      notes.push(`${label}: ${speed.non2xx} non-2xx responses, ${speed.errors} connection errors`);
    }
  }

  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const files = (w) => `${kb(w.bytes)} (${w.files} file${w.files === 1 ? "" : "s"})`;
  const int = (n) => Math.round(n).toLocaleString("en-US");
  const lines = [
    "| page | HTML gz | CSS gz | JS gz | req/s (20 conn) | p50 latency ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows
      .map(({ label, weight, speed }) =>
        [
          label,
          weight ? kb(weight.html) : "–",
          weight ? files(weight.css) : "–",
          weight ? files(weight.js) : "–",
          int(speed.rps),
          String(speed.p50),
        ].join(" | "),
      )
      .map((row) => `| ${row} |`),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  console.log(
    `${SECONDS} s per row after a ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, ` +
      `"accept-encoding: gzip"; remix-serve with NODE_ENV=production; Node ${process.version}, ` +
      `${os.cpus().length} CPU(s) shared by the app, the hello-world worker and autocannon; ` +
      `load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (other work on ` +
      "the machine skews req/s).",
  );
  for (const note of notes) console.log(`note: ${note}`);

  // Stop both servers: a polite SIGTERM first, then cleanup() makes sure.
  try {
    process.kill(-app.pid, "SIGTERM");
  } catch {}
  if (app.exitCode === null && app.signalCode === null) {
    await Promise.race([new Promise((resolve) => app.once("exit", resolve)), sleep(5000)]);
  }
  await hello.terminate();
  cleanup();
  process.exit(0);
}

main().catch((error) => fail(`${error?.stack ?? error}${error?.cause ? `\ncause: ${error.cause}` : ""}`));
