// The reused browser context (ADR 0041): what one test sets on it context-wide does not reach the
// next test in the same worker. Playwright resets cookies and storage itself; tests/e2e/fixtures.ts
// resets the two things it leaves, the extra HTTP headers (a test's own clock and settings) and
// offline mode. Two tests in turn on one worker: the first leaves all of them set, the second finds
// none. Raw browser state, the same with JavaScript on or off: once.
import { expect, test } from "./fixtures";
import { withTestContext } from "./test-context";

test.describe.configure({ mode: "serial" });

test("a test leaves headers, offline mode, a cookie and local storage set @once", async ({
  page,
  context,
}) => {
  await page.goto("/healthcheck");
  await withTestContext(page, { now: new Date("2030-01-01T00:00:00Z") });
  await context.addCookies([{ name: "left-behind", value: "1", url: page.url() }]);
  await page.evaluate(() => localStorage.setItem("left-behind", "1"));
  const response = await page.goto("/healthcheck");
  expect((await response!.request().allHeaders())["x-test-now"]).toBe("2030-01-01T00:00:00.000Z");
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
});

test("the next test in that worker starts without any of them @once", async ({ page, context }) => {
  const response = await page.goto("/healthcheck");
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  expect((await response!.request().allHeaders())["x-test-now"]).toBeUndefined();
  expect((await context.cookies()).map((c) => c.name)).not.toContain("left-behind");
  expect(await page.evaluate(() => localStorage.getItem("left-behind"))).toBeNull();
});
