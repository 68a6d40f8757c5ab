// A test's own clock and settings (docs/decisions/0029-test-clock.md): every request of the page's
// browser context (page loads, forms, fetches, page.request) carries X-Test-Now and X-Test-Settings,
// which the e2e server (TEST_CONTEXT_HEADERS=1, scripts/e2e-server.mjs) applies to that request
// alone (app/lib/clock.server.ts). A test closes a deadline or requires signed crew tags for itself,
// so no test waits for another and none changes the shared settings row. Works with JS on and off.
import type { Page } from "@playwright/test";
import type { SettingsOverrides } from "../../app/lib/clock.server";

export type TestContext = { now?: number | Date; settings?: SettingsOverrides };

/** The crew tag version the tests that sign or print codes pin (voiding tags in another test moves
 * the saved version on; these tests keep signing and scanning with this one). */
export const PINNED_TAG_VERSION = 1;

/** Deadlines open and plain crew tag codes allowed, at the pinned crew tag version: the settings
 * most tests take for granted, whatever another test saves. */
export const OPEN: SettingsOverrides = {
  entriesCloseAt: null,
  crewCloseAt: null,
  requireSignedTags: false,
  crewTagVersion: PINNED_TAG_VERSION,
};

/** The headers that give a request this test context. */
export function testContextHeaders({ now, settings }: TestContext): Record<string, string> {
  const headers: Record<string, string> = {};
  if (now !== undefined) headers["X-Test-Now"] = new Date(now).toISOString();
  if (settings) headers["X-Test-Settings"] = JSON.stringify(settings);
  return headers;
}

/** From now on every request of the page's browser context sees this clock and these settings
 * (replacing any set before). Page-level extra headers (asFreshClient's address) still apply. */
export async function withTestContext(page: Page, context: TestContext): Promise<void> {
  await page.context().setExtraHTTPHeaders(testContextHeaders(context));
}
