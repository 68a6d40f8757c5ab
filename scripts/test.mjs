// `npm test`: typecheck, lint, unit tests (vitest), then against a fresh build the replica test
// (tests/replica) and the browser suite (Playwright, JS on and off). Installs Debian's chromium
// first when it is missing and we are root.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function step(title, cmd, args, env = process.env) {
  console.log(`\n=== ${title}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${chromium}. Install it: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  step("Installing Debian's chromium", "sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"]);
}

step("Typecheck", "npx", ["tsc", "--noEmit"]);
step("Lint and format", "npx", ["biome", "check", "."]);
step("Unit tests (vitest)", "npx", ["vitest", "run"]);
ensureChromium();
step("Build", "npx", ["remix", "build"]);
// Needs the build: a primary and a read-only LiteFS replica (simulated) on one database (~20 s).
step("Replica test (vitest: primary and replica servers)", "npx", [
  "vitest",
  "run",
  "--config",
  "tests/replica/vitest.config.ts",
]);
step("Browser tests (Playwright: js and no-js)", "npx", ["playwright", "test", ...process.argv.slice(2)]);
console.log("\n✓ All tests passed");
