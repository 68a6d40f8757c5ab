import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium-path.mjs";

/** Ports can be moved (E2E_PORT, E2E_MAIL_PORT) so two checkouts can run the suite side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3125);
/** Raw-HTTP specs (tests/e2e/http-*.spec.ts): no page to render with JS on or off, so they run once. */
const HTTP_SPECS = /\/http-[^/]*\.spec\.ts$/;

/**
 * Tests tagged `@once` run in project js only (docs/testing.md, "JS on and off"). What differs
 * without JavaScript is how a form is sent and its answer shown, and dialogs as pages: the no-js
 * project sends each form and opens each dialog once without scripts (each screen's main path and
 * a refusal through each of its forms), not every server rule twice. So a test qualifies when
 * nothing it checks depends on the browser running scripts (raw HTTP, CSV and PDF contents, mails,
 * markup read after a page.goto), or when it drives a form that an untagged test already sends
 * without JS, to check another server rule (a throttle, a cap, a conflict, another role or
 * language); its comment names that test.
 */
const ONCE = /@once/;
/** The editions journey (issue 21) opens a new edition, which archives the one every other test
 * writes into: it runs after all of them, once with JS and then once without. */
const LAST = /\/editions-journey\.spec\.ts$/;

// The built app on a fresh database, with a real SMTP catcher on 127.0.0.1 (scripts/e2e-server.mjs).
// Every spec runs twice, with JavaScript and without, except tests tagged @once (js only) and the
// raw-HTTP specs (http-*.spec.ts), which run once (project `http`).
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A test that needs longer says so itself (test.setTimeout), with the reason.
  timeout: 20_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      // Debian's headless shell, else its full chromium; CHROMIUM_PATH wins (ADR 0042).
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    // Traces cost time and disk on every test; a retry (CI) records one for the failure.
    trace: "on-first-retry",
    // One browser context per worker, reset by Playwright between tests, instead of a new one per
    // test: ~22% less CPU (docs/decisions/0041-e2e-context-reuse.md). What the reset leaves is put
    // back by tests/e2e/fixtures.ts. E2E_FRESH_CONTEXTS=1 runs with a new context per test, to rule
    // out state carried from one test to the next.
    reuseContext: !process.env.E2E_FRESH_CONTEXTS,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: [HTTP_SPECS, LAST] },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [HTTP_SPECS, LAST], grepInvert: ONCE },
    { name: "http", use: { javaScriptEnabled: true }, testMatch: HTTP_SPECS },
    {
      name: "last-js",
      use: { javaScriptEnabled: true },
      testMatch: LAST,
      dependencies: ["js", "no-js", "http"],
    },
    { name: "last-no-js", use: { javaScriptEnabled: false }, testMatch: LAST, dependencies: ["last-js"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/healthcheck`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
