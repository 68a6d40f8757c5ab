// `node scripts/bench-cpu.mjs [path-regex]`: server CPU per request, page by page, ours against the
// vanilla Remix app; robust on a shared machine, where req/s is noise (docs/decisions/0022-speed.md).
// Serves the already built app (run `npx remix build` first) and bench/vanilla (built when missing)
// each in its own process, sends BENCH_CPU_N requests per page (4 at a time, after a warm-up) in two
// halves alternating with the vanilla app's page, and
// reads each server's user + system CPU time from /proc before and after. The race-day database is
// seeded once into BENCH_CPU_DB (default /tmp/regatta-bench-cpu.db) and copied for each run.
//
//   BENCH_CPU_N      requests per page and half (default 50): ours, vanilla, ours, vanilla
//   BENCH_CPU_PORT   our port (default 3272); the vanilla app takes the next
//   BENCH_CPU_DB     the seeded race-day database to reuse (delete it to seed again)
//   BENCH_CPU_PROF   a folder: run our server under --cpu-prof (summarise with bench/cpuprofile-summary.mjs)
//   BENCH_CPU_SAVE   a folder: keep each page's last body there (what the page weighs, and in what)
//   BENCH_CPU_MAIN   1: count the main thread's CPU only (what bounds req/s: zlib's and the file
//                    system's work runs on libuv's thread pool, beside it)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HOST = "127.0.0.1";
const PORT = Number(process.env.BENCH_CPU_PORT || 3272);
const VPORT = PORT + 1;
const N = Number(process.env.BENCH_CPU_N || 50);
const PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const MAIN_THREAD = process.env.BENCH_CPU_MAIN === "1";
const SAVE = process.env.BENCH_CPU_SAVE ? path.resolve(process.env.BENCH_CPU_SAVE) : null;
const root = fileURLToPath(new URL("..", import.meta.url));
const vanillaDir = path.join(root, "bench", "vanilla");
const seeded = path.resolve(process.env.BENCH_CPU_DB || path.join(os.tmpdir(), "regatta-bench-cpu.db"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-bench-cpu-"));
const filter = process.argv[2] ? new RegExp(process.argv[2]) : null;

/** Pages per role (the every-page table's worst and a few of each kind). */
const PAGES = {
  anonymous: ["/auth/login", "/auth/register/manager", "/not-found"],
  ADMIN: [
    "/",
    "/users",
    "/users?name=ali&photo=valid",
    "/associations",
    "/audit-log",
    "/events",
    "/events/new",
    "/events/36/edit",
    "/events/36/waitlist",
    "/events-summary",
    "/orders",
    "/orders/5",
    "/orders/5/edit",
    "/payments",
    "/eoi/teams",
    "/eoi/list",
    "/training-sessions",
    "/training-sessions/8/edit",
    "/training-sessions/8/teams",
    "/training-reservations",
    "/scoreboard-manage",
    "/race-control",
    "/users/new",
    "/settings",
    "/kiosks",
    "/password",
    "/users.csv",
    "/users/approve-photo",
    "/users/approve-photo/14",
    "/users/photo-approved",
    "/users/4/photo",
    "/training-sessions/8/delete",
    "/training-reservations/9",
    "/rounds/1/results",
    "/crew-changes",
    "/teams/manage",
    "/eoi/countries",
    "/eoi-events",
    "/webhooks",
    "/associations/37/referral",
    "/training-sessions/new",
    "/events/36/waitlist",
  ],
  COMMITTEE: ["/races", "/training-sessions/8/teams"],
  MANAGER: [
    "/",
    "/events",
    "/members",
    "/members/52/photo",
    "/training",
    "/training/9/cancel",
    "/orders/5",
    "/confirmed-events",
    "/my-races",
    "/events/teams/1",
    "/eoi",
    "/tickets/purchase/checkout",
  ],
  COMPETITOR: ["/", "/my-races"],
};
const USERS = {
  ADMIN: "admin@example.com",
  COMMITTEE: "committee@example.com",
  MANAGER: "manager@example.com",
  COMPETITOR: "competitor@example.com",
};

const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST,
  PORT: String(PORT),
  APP_URL: `http://${HOST}:${PORT}`,
  SESSION_SECRET: randomBytes(16).toString("hex"),
  DATABASE_PATH: path.join(tmp, "bench.db"),
  UPLOADS_DIR: path.join(tmp, "uploads"),
  OUTBOX_DIR: path.join(tmp, "outbox"),
  SMTP_URL: "",
  LITEFS_DIR: "",
  PAYMENT_PROVIDER: "simulator",
};

const children = [];
function cleanup() {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGKILL");
    } catch {}
  }
  if (!process.env.BENCH_CPU_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(1));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tick = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
/** User + system CPU ms of a process and its children (/proc/<pid>/stat fields 14-17). */
function cpuMs(pid) {
  const file = MAIN_THREAD ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const f = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
}

async function start(args, cwd, e, probe) {
  const log = fs.openSync(path.join(tmp, `${children.length}.log`), "w");
  const child = spawn(process.execPath, args, { cwd, env: e, detached: true, stdio: ["ignore", log, log] });
  children.push(child);
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(probe);
      await r.arrayBuffer();
      if (r.ok) return child;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${probe} did not answer`);
}

async function login(email) {
  const jar = new Map();
  const save = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const page = await fetch(`${env.APP_URL}/auth/login`);
  save(page);
  const csrf = (await page.text()).match(/name="csrf" value="([^"]+)"/)?.[1];
  const res = await fetch(`${env.APP_URL}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, email, password: "Regatta2026!" }).toString(),
  });
  save(res);
  const home = await fetch(`${env.APP_URL}/`, { headers: { cookie: cookie() } });
  save(home);
  await home.arrayBuffer();
  return cookie();
}

/** CPU ms per request of `pid` over N GETs (4 at a time) after a warm-up; also the status and bytes. */
async function measure(pid, url, cookie) {
  const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
  let status = 0;
  let bytes = 0;
  const one = async () => {
    const r = await fetch(url, { headers, redirect: "manual" });
    const b = await r.arrayBuffer();
    status = r.status;
    bytes = b.byteLength;
    if (SAVE && url.startsWith(env.APP_URL)) {
      fs.mkdirSync(SAVE, { recursive: true });
      const name = new URL(url).pathname.replace(/[^\w.-]+/g, "_") || "_";
      fs.writeFileSync(path.join(SAVE, `${name}.html`), Buffer.from(b));
    }
  };
  for (let i = 0; i < 10; i++) await one();
  const before = cpuMs(pid);
  let left = N;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) await one();
    }),
  );
  return { ms: (cpuMs(pid) - before) / N, status, bytes };
}

async function main() {
  if (!fs.existsSync(path.join(root, "build", "index.js"))) throw new Error("run `npx remix build` first");
  if (!fs.existsSync(path.join(vanillaDir, "build", "index.js")))
    spawnSync("npx", ["remix", "build"], { cwd: vanillaDir, stdio: "inherit" });
  if (!fs.existsSync(seeded)) {
    console.log(`seeding the race-day dataset into ${seeded} ...`);
    const r = spawnSync("npx", ["tsx", "db/seed-cli.ts", "--size", "race-day"], {
      cwd: root,
      env: { ...env, DATABASE_PATH: seeded },
      stdio: "inherit",
    });
    if (r.status !== 0) throw new Error("seed failed");
  }
  fs.copyFileSync(seeded, env.DATABASE_PATH);
  // Production's node flags (litefs.yml; tests/unit/node-flags.test.ts).
  const nodeArgs = ["--max-old-space-size=128", "--max-semi-space-size=4", "--no-sparkplug"];
  if (PROF) nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${PROF}`);
  const app = await start([...nodeArgs, "server.mjs"], root, env, `${env.APP_URL}/healthcheck`);
  const serve = path.join(root, "node_modules", "@remix-run", "serve", "dist", "cli.js");
  const vanilla = await start(
    [serve, "build/index.js"],
    vanillaDir,
    { ...process.env, NODE_ENV: "production", HOST, PORT: String(VPORT) },
    `http://${HOST}:${VPORT}/`,
  );
  const v = await measure(vanilla.pid, `http://${HOST}:${VPORT}/`);
  console.log(`vanilla / : ${v.ms.toFixed(2)} ms CPU/req (N=${N})`);
  console.log("| role | page | CPU ms/req | vanilla CPU ms/req | x vanilla (CPU) | status | bytes |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [role, pages] of Object.entries(PAGES)) {
    const todo = pages.filter((p) => !filter || filter.test(`${role} ${p}`));
    if (!todo.length) continue;
    const cookie = USERS[role] ? await login(USERS[role]) : undefined;
    for (const p of todo) {
      // Ours and the vanilla page in alternating halves: the machine's speed drifts.
      const a = await measure(app.pid, `${env.APP_URL}${p}`, cookie);
      const va = await measure(vanilla.pid, `http://${HOST}:${VPORT}/`);
      const b = await measure(app.pid, `${env.APP_URL}${p}`, cookie);
      const vb = await measure(vanilla.pid, `http://${HOST}:${VPORT}/`);
      const ms = (a.ms + b.ms) / 2;
      const vms = (va.ms + vb.ms) / 2;
      console.log(
        `| ${role} | \`${p}\` | ${ms.toFixed(1)} | ${vms.toFixed(1)} | ${(vms / ms).toFixed(2)}x | ${a.status} | ${a.bytes} |`,
      );
    }
  }
  if (PROF) {
    process.kill(-app.pid, "SIGINT");
    await sleep(3000);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
