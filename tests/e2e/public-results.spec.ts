// Public results by year (issue 21): anyone, not logged in, opens /results, follows last year's
// edition (the demo seed's archived "Regatta <year - 1>", db/seed-last-year.ts) and reads its
// official results by event and round, crews by place. A static page without a script: run once,
// without JavaScript. Reads only the seeded archive, which no test can change.
import { expect, test } from "./fixtures";
import { isJs, watchServerErrors } from "./helpers";

watchServerErrors(test);

test("the public follows last year's results from /results and reads an official final", async ({ page }) => {
  test.skip(isJs(), "a plain document without a script: the no-js run covers it");
  const year = new Date().getUTCFullYear() - 1;
  await page.goto("/results");
  await expect(page.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();
  await page.getByRole("link", { name: `Regatta ${year}` }).click();
  await expect(page).toHaveURL(new RegExp(`/results/${year}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Regatta ${year} results` })).toBeVisible();

  const final = page.getByRole("region", { name: /250M PREMIER MIXED FINAL/ });
  await expect(final.getByText("Official", { exact: true })).toBeVisible();
  const rows = final.locator("tbody tr");
  await expect(rows.first().locator("td").nth(0)).toHaveText("1");
  await expect(rows.first().locator("td").nth(1)).toHaveText("PENANG DRAGON WARRIORS A");
  await expect(rows.first().locator("td").last()).toHaveText("1:01.95");
  await expect(rows.last()).toContainText("DSQ");
  // A result changed after it was declared says so.
  await expect(
    page.getByRole("region", { name: /250M PREMIER WOMEN FINAL/ }).getByText("Official (revised)"),
  ).toBeVisible();
});
