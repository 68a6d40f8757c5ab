// The test context (app/lib/clock.server.ts, docs/decisions/0029-test-clock.md): a request's
// X-Test-Now and X-Test-Settings headers set the clock and settings its loaders and actions see,
// only when the server was started with TEST_CONTEXT_HEADERS=1 (scripts/e2e-server.mjs). Any other
// value, or none (production), leaves the build as it is: no header is read.
//
// The test hooks (this one and TEST_FAIL_HEADER, which lets a request make a route fail) must never
// be on in production, and one variable left set was all that stood between them and it (issue 27,
// security review). So a server refuses to start with either set (any non-empty value) where it
// looks like production: APP_URL is https (only a deployment ends TLS in front of the app; every
// test server is http://127.0.0.1), or FLY_APP_NAME is set (Fly sets it on every machine).
// `testHooksRefusal` says why, server.mjs prints it on stderr and exits 1 before loading the build;
// `withTestContext` refuses too, for any other starter. docs/decisions/0029-test-clock.md.

/** The test hooks: a non-empty value turns one on (or shows a test configuration). */
const TEST_HOOKS = ["TEST_CONTEXT_HEADERS", "TEST_FAIL_HEADER"];

/**
 * Why the test hooks may not be set in this environment, or null when they may (or none is set).
 * Pure: reads only `env`.
 * @param {Record<string, string | undefined>} env  e.g. process.env
 * @returns {string | null}
 */
export function testHooksRefusal(env) {
  const hooks = TEST_HOOKS.filter((name) => (env[name] ?? "") !== "");
  if (hooks.length === 0) return null;
  const reasons = [];
  if (/^\s*https:/i.test(env.APP_URL ?? "")) reasons.push(`APP_URL is https (${env.APP_URL?.trim()})`);
  if ((env.FLY_APP_NAME ?? "") !== "") reasons.push(`FLY_APP_NAME is set (${env.FLY_APP_NAME})`);
  if (reasons.length === 0) return null;
  return (
    `refusing to start: ${hooks.join(" and ")} ${hooks.length > 1 ? "are" : "is"} set, but ` +
    `${reasons.join(" and ")}: this looks like production, where the test hooks would let any ` +
    `request set the clock and settings or make routes fail. Unset ${hooks.join(" and ")} ` +
    "(they are for the test servers only, scripts/e2e-server.mjs)."
  );
}

/**
 * @param {string | undefined} flag  TEST_CONTEXT_HEADERS
 * @returns {boolean}
 */
export const testContextEnabled = (flag) => flag === "1";

/**
 * @template {{ entry: { module: object } }} B
 * @param {B} build  the loaded server build
 * @param {string | undefined} flag  TEST_CONTEXT_HEADERS
 * @returns {B}
 */
export function withTestContext(build, flag) {
  if (!testContextEnabled(flag)) return build;
  const refusal = testHooksRefusal({ ...process.env, TEST_CONTEXT_HEADERS: flag });
  if (refusal) throw new Error(refusal);
  const honour = /** @type {((b: B) => B) | undefined} */ (
    /** @type {Record<string, unknown>} */ (build.entry.module).honourTestContext
  );
  if (!honour) throw new Error("TEST_CONTEXT_HEADERS=1, but the build has no honourTestContext");
  console.warn("[server] TEST_CONTEXT_HEADERS=1: requests can set the clock and settings (tests only)");
  return honour(build);
}
