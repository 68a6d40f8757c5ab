// The JS kiosk while the LiteFS primary is down (issue 27, ADR 0035): the cluster's edge
// (cluster/edge.mjs) answers its save with 503 and the app's own /reconnecting.json. The save must
// stay queued, the kiosk say why, and the queue drain once the server answers again. Here the edge's
// answer is given to the first saves (the body fetched from the app's real /reconnecting.json),
// then the requests reach the server. Not under watchServerErrors: those 503s are the point.
import { expect, type Page, test } from "./fixtures";
import { createScanSetup, type Member, scanLogsOf } from "./db";
import { asFreshClient, isJs } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { OPEN, withTestContext } from "./test-context";

const code = (m: Member) => `#${m.id}`;

async function typeEnter(page: Page, fieldId: string, text: string) {
  await expect(page.locator(`#${fieldId}`)).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

test("the cluster's 'reconnecting' answer (503) keeps the kiosk's save queued until the server is back", async ({
  page,
}) => {
  test.skip(!isJs(), "the offline queue is JavaScript's");
  await asFreshClient(page);
  await asKioskDevice(page);
  const s = await createScanSetup({ minFemale: 0 });
  const [m1, m2] = s.team.members;
  await withTestContext(page, { settings: OPEN });
  let down = true;
  const refused: number[] = [];
  await page.route("**/scanning/entrance/save", async (route) => {
    if (!down) return route.continue();
    const answer = await route.fetch({
      url: new URL("/reconnecting.json", route.request().url()).href,
      method: "GET",
    });
    refused.push(503);
    await route.fulfill({ status: 503, headers: { "Retry-After": "5" }, json: await answer.json() });
  });

  await page.goto("/scanning/entrance");
  await typeEnter(page, "round-name", s.round.name.toLowerCase());
  await typeEnter(page, "lane", "1");
  await expect(page.getByText(s.team.name, { exact: true })).toBeVisible();
  for (const m of [m1, m2]) {
    await typeEnter(page, "scan-code", code(m));
    await expect(page.locator(".kiosk-msg")).toHaveText(`${m.name} added.`);
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.locator(".toast").filter({ hasText: "The server is reconnecting. Try again in a moment." }),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "2 scans waiting to be sent" })).toBeVisible();
  expect(refused.length).toBeGreaterThan(0);
  expect(scanLogsOf(s.round.id)).toEqual([]);

  down = false;
  await expect(
    page.locator(".toast").filter({ hasText: "2 waiting scans were sent and saved." }),
  ).toBeVisible({
    timeout: 15_000,
  });
  expect(
    scanLogsOf(s.round.id)
      .map((r) => r.user_id)
      .sort((a, b) => a - b),
  ).toEqual([m1.id, m2.id].sort((a, b) => a - b));
});
