// What every spec imports instead of @playwright/test: the same API, with the browser context's
// state that Playwright's context reuse leaves behind put back before each test.
//
// The suite runs with `reuseContext` (playwright.config.ts; docs/decisions/0041-e2e-context-reuse.md):
// each worker keeps one browser context and Playwright resets it between tests (cookies, cache,
// local storage and IndexedDB, service workers, extra pages, routes, bindings, init scripts, the
// clock, viewport and emulation). Two things it documents as not reset are used here, so they are
// reset before every test: the context's extra HTTP headers (a test's own clock and settings,
// test-context.ts) and offline mode (the kiosk and pontoon offline tests). Permissions and
// geolocation, the other two, are not used by any test.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({});
    await context.setOffline(false);
    await use(context);
  },
});
