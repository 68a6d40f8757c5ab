import { expect, test } from "./fixtures";
import { DEMO, login, logout, PASSWORD, toast, UNVERIFIED, asFreshClient } from "./helpers";
import { loginAs } from "./login";

// Each test comes from an address of its own (the e2e server trusts X-Test-Client-IP, as the
// deployment trusts its proxy), so per-address throttles never couple tests.
test.beforeEach(({ page }) => asFreshClient(page));

test("a demo user logs in and lands on their home", async ({ page }) => {
  await login(page, DEMO.ADMIN);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await logout(page);
  await login(page, DEMO.MANAGER);
  await expect(page.getByRole("heading", { name: "Team Manager Profile" })).toBeVisible();
  await logout(page);
  await login(page, DEMO.COMPETITOR);
  await expect(page.getByRole("heading", { name: "Competitor Profile" })).toBeVisible();
});

test("loginAs: the fixture's session is one the app accepts, and a second loginAs replaces it", {
  tag: "@once",
}, async ({ page }) => {
  await loginAs(page, "ADMIN", "/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await loginAs(page, "COMPETITOR", "/");
  await expect(page.getByRole("heading", { name: "Competitor Profile" })).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === "__session")).toHaveLength(1);
  await logout(page); // the session row goes; the cookie no longer logs anyone in
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a wrong password shows the spec's message and keeps the typed email", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(DEMO.MANAGER);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  const mismatch = toast(page, "Your email and password do not match. Please try again.");
  await expect(mismatch).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(DEMO.MANAGER);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page).toHaveURL(/\/auth\/login$/);
  // Dismissable with and without JavaScript.
  await mismatch.locator(".toast-close").click();
  await expect(mismatch).toBeHidden();
});

// @once: a second case of the same refusal of the login form as "a wrong password shows the spec's message", which runs without JS.
test("an unknown email gets the same message as a wrong password", { tag: "@once" }, async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Your email and password do not match. Please try again.")).toBeVisible();
});

// @once: accounts.spec.ts "OK on the unverified toast resends the verification email" shows this toast and sends its OK without JS.
test("an unverified account is offered a resend of the verification email", { tag: "@once" }, async ({
  page,
}) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(UNVERIFIED);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  const confirm = toast(
    page,
    "Verify your email account before logging in. Click OK to resend verification email.",
  );
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "OK" })).toBeVisible();
  await expect(confirm.getByRole("link", { name: "Cancel" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(UNVERIFIED);
});

test("login validates email and password with the spec's messages", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Please enter a valid email.")).toBeVisible();
  await expect(page.getByText("Please enter a valid password.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/auth/reset");
});

// @once: the session row (a server rule); the Logout form runs without JS in "a demo user logs in and lands on their home".
test("logout ends the session row: the old cookie no longer works", { tag: "@once" }, async ({
  page,
  context,
}) => {
  await loginAs(page, "COMMITTEE", "/");
  const before = await context.cookies();
  await logout(page);
  await context.addCookies(before.filter((c) => c.name === "__session"));
  await page.goto("/users");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, "Session expired! Log in to proceed.")).toBeVisible();
});

test("a logged-in user is sent from the login page to the root", { tag: "@once" }, async ({ page }) => {
  await loginAs(page, "COMPETITOR");
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("CSRF", () => {
  test("a POST without the token, or with a wrong one, is refused and changes nothing", {
    tag: "@once",
  }, async ({ page }) => {
    await loginAs(page, "MANAGER");
    for (const form of [{}, { csrf: "forged.token" }] as Record<string, string>[]) {
      const res = await page.request.post("/auth/logout", { form, maxRedirects: 0 });
      expect(res.status()).toBe(403);
    }
    // Still logged in: the logout did not happen.
    await page.goto("/members");
    await expect(page).toHaveURL(/\/members$/);
  });

  test("login without the token is refused", { tag: "@once" }, async ({ request }) => {
    const res = await request.post("/auth/login", {
      form: { email: DEMO.ADMIN, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"] ?? "").not.toContain("__session=");
  });

  test("the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie is accepted", { tag: "@once" }, async ({
    page,
    context,
  }) => {
    await loginAs(page, "MANAGER", "/");
    const token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
    expect(token).toBeTruthy();
    const res = await page.request.post("/auth/logout", {
      headers: { "X-XSRF-TOKEN": token! },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    await page.goto("/members");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
