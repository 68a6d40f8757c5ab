// `npm test`: typecheck, lint, unit tests (vitest), then against a fresh build the replica test
// (tests/replica) and the browser suite (Playwright, JS on and off). Installs Debian's chromium
// first when it is missing and we are root. Ends with how long each part took (also when one
// fails: the parts that ran, the failed one marked).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${chromium}. Install it: sudo apt-get install -y chromium`);
    printTimings();
    process.exit(1);
  }
  step("chromium", "Installing Debian's chromium", "sh", [
    "-c",
    "apt-get update -qq && apt-get install -y -qq chromium",
  ]);
}

step("typecheck", "Typecheck", "npx", ["tsc", "--noEmit"]);
step("lint", "Lint and format", "npx", ["biome", "check", "."]);
step("unit", "Unit tests (vitest)", "npx", ["vitest", "run"]);
ensureChromium();
step("build", "Build", "npx", ["remix", "build"]);
// Needs the build: a primary and a read-only LiteFS replica (simulated) on one database (~20 s).
step("replica", "Replica test (vitest: primary and replica servers)", "npx", [
  "vitest",
  "run",
  "--config",
  "tests/replica/vitest.config.ts",
]);
step("e2e", "Browser tests (Playwright: js and no-js)", "npx", [
  "playwright",
  "test",
  ...process.argv.slice(2),
]);
printTimings();
console.log("\n✓ All tests passed");
