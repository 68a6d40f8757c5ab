// `npm test`: typecheck, lint and the folders check, and the build with the replica and cluster
// tests (tests/replica, tests/cluster) after it, these three side by side; then the smoke rehearsal
// (tests/rehearsal) alone; then the unit tests (vitest); then the browser suite (Playwright, JS on
// and off). Installs Debian's chromium-headless-shell first when it is missing and we are root
// (scripts/chromium-path.mjs, ADR 0042). Ends with how
// long each part took (also when one fails: the parts that ran, the failed one marked).
//
// Why side by side: tsc uses one core, the build and then the replica test about one (its two
// servers: 18 s of CPU in 15 s); one after the other they left the second core of a 2-core
// machine idle for ~35 s. A part's output
// is printed whole when it ends.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { FULL_CHROMIUM, HEADLESS_SHELL } from "./chromium-path.mjs";

const started = Date.now();
/** @type {{ part: string, ms: number, ok: boolean }[]} */
const timings = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function printTimings() {
  const width = Math.max(5, ...timings.map((t) => t.part.length));
  console.log(`\n${"part".padEnd(width)}  ${"time".padStart(9)}  ${"m:ss".padStart(6)}`);
  for (const t of timings)
    console.log(
      `${t.part.padEnd(width)}  ${seconds(t.ms).padStart(9)}  ${clock(t.ms).padStart(6)}${t.ok ? "" : "  FAILED"}`,
    );
  const total = Date.now() - started;
  console.log("(typecheck, lint and build + replica + cluster side by side: the total is less than the sum)");
  console.log(`${"total".padEnd(width)}  ${seconds(total).padStart(9)}  ${clock(total).padStart(6)}`);
}

/** Runs one part of the suite; `part` is its short name in the closing table. */
function step(part, title, cmd, args, env = process.env) {
  console.log(`\n=== ${title}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  timings.push({ part, ms: Date.now() - t0, ok: r.status === 0 });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    printTimings();
    process.exit(r.status ?? 1);
  }
}

/** Runs one part with its output kept, printed whole (under its title) when it ends. */
function part(name, title, cmd, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code) => {
      const ok = code === 0;
      timings.push({ part: name, ms: Date.now() - t0, ok });
      console.log(`\n=== ${title} (${seconds(Date.now() - t0)})`);
      process.stdout.write(Buffer.concat(out));
      if (!ok) console.error(`\n✗ ${title} failed`);
      resolve(ok);
    });
  });
}

/** Parts one after the other, stopping at the first that fails. */
async function inTurn(...parts) {
  for (const run of parts) if (!(await run())) return false;
  return true;
}

/** Runs one part whose failure the suite survives (an install with a fallback); true if it passed.
 * Stopped (SIGTERM) after `timeoutMs`, a last resort behind the command's own timeouts. */
function tryStep(part, title, cmd, args, timeoutMs) {
  console.log(`\n=== ${title}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", timeout: timeoutMs });
  const ok = r.status === 0;
  timings.push({ part: ok ? part : `${part} (not installed)`, ms: Date.now() - t0, ok: true });
  return ok;
}

/** The browser for Playwright (ADR 0042): CHROMIUM_PATH, else Debian's headless shell, installed
 * here when we are root, else Debian's full chromium (slower) when the install cannot be made. */
function ensureChromium() {
  const fail = (message) => {
    console.error(message);
    printTimings();
    process.exit(1);
  };
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!fs.existsSync(given)) fail(`CHROMIUM_PATH names no file: ${given}`);
    return;
  }
  if (fs.existsSync(HEADLESS_SHELL)) return;
  if (process.getuid?.() === 0) {
    // A mirror that does not answer must not hold the suite: 30 s per connection, no retries.
    const apt = "apt-get -o Acquire::http::Timeout=30 -o Acquire::Retries=0";
    tryStep(
      "chromium",
      "Installing Debian's chromium-headless-shell",
      "sh",
      ["-c", `${apt} update -qq && ${apt} install -y -qq chromium-headless-shell`],
      300_000,
    );
    if (fs.existsSync(HEADLESS_SHELL)) return;
  }
  if (fs.existsSync(FULL_CHROMIUM)) {
    console.warn(
      `Using ${FULL_CHROMIUM}: the browser suite runs ~20% faster on Debian's headless shell ` +
        "(sudo apt-get install -y chromium-headless-shell).",
    );
    return;
  }
  fail(`No Chromium found. Install it: sudo apt-get install -y chromium-headless-shell`);
}

ensureChromium();
// Typecheck (one core), lint and the build with the replica test after it, side by side.
const ok = await Promise.all([
  part("typecheck", "Typecheck", "npx", ["tsc", "--noEmit"]),
  // Lint, then the folders' one-way imports (dependency-cruiser, .dependency-cruiser.cjs; ~10 s).
  inTurn(
    () => part("lint", "Lint and format", "npx", ["biome", "check", "."]),
    () =>
      part("folders", "Folders import one way (dependency-cruiser)", "npm", [
        "run",
        "--silent",
        "check:folders",
      ]),
  ),
  // The replica test needs the build: a primary and a read-only LiteFS replica (simulated) on one
  // database (~15 s).
  inTurn(
    () => part("build", "Build", "sh", ["-c", "npx tsx scripts/i18n-routes.ts --check && npx remix build"]),
    () =>
      part("replica", "Replica test (vitest: primary and replica servers)", "npx", [
        "vitest",
        "run",
        "--config",
        "tests/replica/vitest.config.ts",
      ]),
    // A real two-node LiteFS cluster behind an edge like Fly's (ADR 0035, ~20 s); it skips itself,
    // loudly, where LiteFS or FUSE is missing.
    () =>
      part("cluster", "Cluster test (vitest: real LiteFS primary and replica)", "npx", [
        "vitest",
        "run",
        "--config",
        "tests/cluster/vitest.config.ts",
      ]),
  ),
]);
if (ok.includes(false)) {
  printTimings();
  process.exit(1);
}
// The smoke rehearsal (a small regatta day on that cluster, with its faults: ADR 0036, ~110 s; on
// one plain node, loudly, where LiteFS is missing), alone: it checks each actor's p95, which the
// unit tests beside it pushed past 600 ms on CI's cluster (stop 40). Then the unit tests: not
// beside tsc and the replica servers either, where their timed tests (a 10 s seeding hook, the
// SIGKILL and throttle tests) ran out of time.
if (
  !(await part("rehearsal", "Rehearsal (smoke: a race day on the cluster, with faults)", "npx", [
    "vitest",
    "run",
    "--config",
    "tests/rehearsal/vitest.config.ts",
  ]))
) {
  printTimings();
  process.exit(1);
}
// The folders' check ran above: folders.test.ts skips its own run of it on the whole tree.
step("unit", "Unit tests (vitest)", "npx", ["vitest", "run"], {
  ...process.env,
  REGATTA_FOLDERS_CHECKED: "1",
});
step("e2e", "Browser tests (Playwright: js and no-js)", "npx", [
  "playwright",
  "test",
  ...process.argv.slice(2),
]);
printTimings();
console.log("\n✓ All tests passed");
