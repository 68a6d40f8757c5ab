// The route table in the browser, JS on and off: what a refusal looks like on the page (the
// toast over the home page or the login). Every route for every role, and every refused POST, is
// checked without a browser in tests/unit/access-matrix.test.ts (the table written out there).
import { expect, test } from "./fixtures";
import { toast } from "./helpers";
import { loginAs } from "./login";

const UNAUTHORIZED = "Unauthorized. Redirect to homepage.";
const SESSION_EXPIRED = "Session expired! Log in to proceed.";

test("a refused page: home with the Unauthorized toast; allowed pages open without one", async ({ page }) => {
  await loginAs(page, "COMPETITOR");
  for (const path of ["/settings", "/users", "/members"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL((url) => url.pathname === "/");
    await expect(toast(page, UNAUTHORIZED), path).toBeVisible();
  }
  await loginAs(page, "ADMIN");
  for (const path of ["/settings", "/users", "/scoreboard"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL((url) => url.pathname === path);
    await expect(page.locator(".toast-error"), path).toHaveCount(0);
  }
});

test("logged out: a page sends to the login with 'Session expired', home without a toast; a logged-in user is sent home from the login", async ({
  page,
}) => {
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, SESSION_EXPIRED)).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator(".toast-error")).toHaveCount(0);
  await loginAs(page, "MANAGER", "/auth/login");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.locator(".toast-error")).toHaveCount(0);
});

test("unknown paths and a payment return without its parameters go to not-found", async ({ page }) => {
  for (const path of ["/no-such-page", "/auth/register/admin/x", "/senangpay/return?status_id=1"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/not-found$/);
  }
  await expect(page.getByRole("heading", { name: "404 Not Found." })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
