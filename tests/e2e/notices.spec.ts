// Notices (issue 20, section 6): race control posts one, and it shows on the board (a TV with no
// JavaScript), the scoreboard and the kiosk until removed. Only one notice shows at a time (the
// newest) and every page shares it, so this is the only spec that posts notices, and it runs in the
// js project only (@once) with its own no-JS context for the posting and the board: two copies
// running at once would replace each other's notice. The refusals (roles, caps, forged ids) are in
// tests/unit/race-control.test.ts.
import { expect, test } from "./fixtures";
import { e2eDb, unique } from "./db";
import { asFreshClient, flashToast, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

test("a notice posted without JavaScript shows on the board, the scoreboard and the kiosk; Remove takes it down", {
  tag: "@once",
}, async ({ page, browser }) => {
  const text = unique("Race 12 delayed 10 minutes, notice");
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  try {
    // The desk posts it from a browser without JavaScript (the plain form).
    const desk = await noJs.newPage();
    await loginAs(desk, "COMMITTEE", "/race-control");
    await desk.getByRole("textbox", { name: "Notice" }).fill(text);
    await desk.getByRole("button", { name: "Post Notice" }).click();
    await expect(flashToast(desk, "Notice posted.")).toBeVisible();
    await expect(desk.getByTestId("rc-notice")).toHaveText(text);

    // The venue's TV: no JavaScript, the notice on the board.
    const tv = await noJs.newPage();
    await tv.goto("/board");
    await expect(tv.getByRole("region", { name: "Notice" })).toContainText(text);

    // A phone (JavaScript on) on the scoreboard, and the kiosk (staff logged in).
    await page.goto("/scoreboard");
    await expect(page.getByRole("region", { name: "Notice" })).toContainText(text);
    await loginAs(page, "ADMIN", "/scanning/entrance");
    await expect(page.getByTestId("kiosk-notice")).toContainText(text);

    // Removed (with JavaScript): gone from the board, kept in the database as removed.
    await page.goto("/race-control");
    await page.getByRole("button", { name: "Remove the notice" }).click();
    await expect(flashToast(page, "Notice removed.")).toBeVisible();
    await expect(page.getByText("No notice is shown.")).toBeVisible();
    await tv.goto("/board");
    await expect(tv.getByRole("region", { name: "Notice" })).toHaveCount(0);
    expect(
      e2eDb().prepare("SELECT removed_at IS NOT NULL AS gone FROM notices WHERE text = ?").get(text),
    ).toEqual({ gone: 1 });
  } finally {
    await noJs.close();
  }
});
