// The test context (app/lib/clock.server.ts, docs/decisions/0029-test-clock.md): a request's
// X-Test-Now and X-Test-Settings headers set the clock and settings its loaders and actions see,
// only when the server was started with TEST_CONTEXT_HEADERS=1 (scripts/e2e-server.mjs). Any other
// value, or none (production), leaves the build as it is: no header is read.

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
  const honour = /** @type {((b: B) => B) | undefined} */ (
    /** @type {Record<string, unknown>} */ (build.entry.module).honourTestContext
  );
  if (!honour) throw new Error("TEST_CONTEXT_HEADERS=1, but the build has no honourTestContext");
  console.warn("[server] TEST_CONTEXT_HEADERS=1: requests can set the clock and settings (tests only)");
  return honour(build);
}
