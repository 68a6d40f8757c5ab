// Account flows end to end, with JavaScript on and off, against real email (SMTP catcher) and the
// real photo pipeline.
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import sharp from "sharp";
import { phonePhoto as makePhonePhoto, smallPhoto as makeSmallPhoto } from "../fixtures/photos.mjs";
import { createUser } from "./db";
import {
  DEMO,
  linkIn,
  login,
  logout,
  PASSWORD,
  toast,
  UNVERIFIED,
  waitForMail,
  asFreshClient,
} from "./helpers";
import { loginAs } from "./login";

// Each test comes from an address of its own (the e2e server trusts X-Test-Client-IP, as the
// deployment trusts its proxy), so per-address throttles never couple tests.
test.beforeEach(({ page }) => asFreshClient(page));

const TMP = path.resolve("tests/.tmp/fixtures");

const phonePhoto = () => makePhonePhoto(TMP);
const smallPhoto = () => makeSmallPhoto(TMP);

const unique = (what: string) =>
  `${what}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function fillPerson(page: Page, p: { email: string; name: string }) {
  await page.getByLabel("Email").fill(p.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByLabel("MyKad/Passport Number").fill(" a1234567 ");
  await page.getByLabel("Name", { exact: true }).fill(p.name);
  await page.getByLabel("Female").check();
  await page.getByLabel("Year of Birth").fill("1994");
  await page.getByLabel("Phone", { exact: true }).fill("60123456789");
  await page.getByLabel("Address").fill("12 Lebuh Pantai, George Town");
}

async function verifyFromEmail(page: Page, email: string) {
  const mail = await waitForMail(email, /Verify your Regatta account/);
  await page.goto(linkIn(mail, "/auth/verify/"));
  if (test.info().project.name === "no-js") await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, "Your email has been verified. You may now log in.")).toBeVisible();
}

/** Registers a new club through the form and verifies its manager from the emailed link. */
async function registerVerifiedManager(page: Page, what: string, country = "MY"): Promise<string> {
  const email = `${unique(what)}@example.com`;
  await page.goto("/auth/register/manager");
  await page.getByLabel("Team Name").fill(unique(`${what} Club`));
  await page.getByLabel("Team Country").selectOption(country);
  await fillPerson(page, { email, name: `${what} Person` });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await verifyFromEmail(page, email);
  return email;
}

test("a manager registers a club with a photo, verifies, logs in and invites a competitor who joins that club", async ({
  page,
  browser,
}) => {
  test.setTimeout(40_000); // registration with a photo resized on the server, two verification mails, two browsers: ~12-16 s on 2 idle workers
  const team = unique("Club");
  const managerEmail = `${unique("mgr")}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth/register/MANAGER");
  await expect(page.getByRole("heading", { name: "Team Manager Registration" })).toBeVisible();
  await expect(page.getByRole("img", { name: /plain background/ })).toBeVisible();
  await page.getByLabel("Team Name").fill(team);
  await page.getByLabel("Team Country").selectOption("MY");
  await expect(page.getByLabel("Team Country").locator("option")).toHaveCount(251);
  await fillPerson(page, { email: managerEmail, name: "lim mei ling" });
  await page.getByLabel("Photo (optional)").setInputFiles(await phonePhoto());
  if (test.info().project.name === "js")
    await expect(page.getByTestId("photo-resized")).toContainText("1440 x 1080");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 20_000 });
  await expect(
    toast(page, "User created successfully. Check your email and verify before logging in."),
  ).toBeVisible();

  // Not verified yet: login offers the resend.
  await page.getByLabel("Email").fill(managerEmail);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Verify your email account before logging in.")).toBeVisible();

  await verifyFromEmail(page, managerEmail);
  await login(page, managerEmail);
  await expect(page.getByRole("heading", { name: "Team Manager Profile" })).toBeVisible();
  await expect(page.getByText("Photo in Validation")).toBeVisible();
  const fields = page.locator(".profile-fields");
  await expect(fields.getByText("LIM MEI LING")).toBeVisible();
  await expect(fields.getByText("A1234567")).toBeVisible();
  const photo = page.locator(".profile-photo img");
  await expect(photo).toBeVisible();
  const img = await page.request.get((await photo.getAttribute("src"))!);
  expect(img.headers()["content-type"]).toBe("image/jpeg");
  // A person's photo: kept by this browser only, and for a day, so a replaced one goes away.
  expect(img.headers()["cache-control"]).toBe("private, max-age=86400");
  const meta = await sharp(await img.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1440, 1080]);

  const referral = await page.getByLabel("Referral Link").inputValue();
  expect(referral).toMatch(/\/auth\/register\/competitor\?token=/);
  await logout(page);

  // The competitor, in a fresh browser.
  const competitorEmail = `${unique("cmp")}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js" });
  const p2 = await context.newPage();
  await p2.goto(new URL(referral).pathname + new URL(referral).search);
  await expect(p2.getByRole("heading", { name: "Competitor Registration" })).toBeVisible();
  await expect(p2.getByLabel("Team Name")).toHaveValue(team);
  await expect(p2.getByLabel("Team Name")).toHaveAttribute("readonly", "");
  await fillPerson(p2, { email: competitorEmail, name: "tan ah kow" });
  await p2.getByRole("button", { name: "Register" }).click();
  await expect(p2).toHaveURL(/\/auth\/login$/);
  await verifyFromEmail(p2, competitorEmail);
  await loginAs(p2, competitorEmail, "/");
  await expect(p2.getByRole("heading", { name: "Competitor Profile" })).toBeVisible();
  await expect(p2.locator(".profile-fields").getByText(`${team} (Malaysia)`)).toBeVisible();
  await expect(p2.getByText("Pending Team Approval")).toBeVisible();
  await expect(p2.getByText("Pending Photo Upload")).toBeVisible();
  await context.close();
});

test("registration errors keep what was typed (except passwords) and show the spec's messages", async ({
  page,
}) => {
  await page.goto("/auth/register/manager");
  await page.getByLabel("Team Name").fill("Bad <Team>");
  await fillPerson(page, { email: `${unique("bad")}@example.com`, name: "Someone" });
  await page.getByLabel("Phone", { exact: true }).fill("012-345");
  await page.getByLabel("Photo (optional)").setInputFiles(await smallPhoto());
  await page.getByRole("button", { name: "Register" }).click();
  await expect(
    page.getByText("Team name may only contain letters, numbers, spaces and . , ' - / @ ( ) &").first(),
  ).toBeVisible();
  await expect(page.getByText("Please select a team country.")).toBeVisible();
  await expect(page.getByText("Phone number should contain numbers only.")).toBeVisible();
  await expect(page.getByText("Shorter end of the image must be at least 1000px.")).toBeVisible();
  await expect(page.getByLabel("Team Name")).toHaveValue("Bad <Team>");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Someone");
  await expect(page.getByLabel("Address")).toHaveValue("12 Lebuh Pantai, George Town");
  await expect(page.getByLabel("Female")).toBeChecked();
  await expect(page.getByLabel("Year of Birth")).toHaveValue("1994");
  if (test.info().project.name === "no-js")
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

// @once: a second refusal of the register form; "registration errors keep what was typed" sends it without JS.
test("a taken email and a taken team name get the spec's messages", { tag: "@once" }, async ({ page }) => {
  await page.goto("/auth/register/manager");
  await page.getByLabel("Team Name").fill(unique("Fresh"));
  await page.getByLabel("Team Country").selectOption("SG");
  await fillPerson(page, { email: DEMO.MANAGER, name: "Dup" });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(
    toast(page, "User already exist. Please login or register with a different email."),
  ).toBeVisible();

  await page.getByLabel("Team Name").fill("penang dragon WARRIORS");
  await page.getByLabel("Email").fill(`${unique("dup")}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(
    toast(
      page,
      "Team with same name already exist. Please contact the event committee for more information.",
    ),
  ).toBeVisible();
});

test("registration links: other roles, a missing token and an unknown token go to not-found", {
  tag: "@once",
}, async ({ page }) => {
  for (const url of ["/auth/register/admin", "/auth/register/competitor"]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/not-found$/);
  }
  await page.goto("/auth/register/competitor?token=nope");
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(toast(page, "Invalid token.")).toBeVisible();
});

test("OK on the unverified toast resends the verification email", async ({ page }) => {
  const since = Date.now();
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(UNVERIFIED);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await toast(page, "Verify your email account").getByRole("button", { name: "OK" }).click();
  await expect(toast(page, "Verification email has been sent. Please check your inbox.")).toBeVisible();
  await waitForMail(UNVERIFIED, /Verify your Regatta account/, since);
});

test("forgot password: the emailed link resets it once; the used link is refused", async ({ page }) => {
  test.setTimeout(60_000); // a registration, a reset mail and two password hashes: ~12-16 s on 2 idle workers
  // A fresh account per project, so the two projects do not share a password.
  const email = await registerVerifiedManager(page, "Reset");

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("button", { name: "Send Reset Email" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(toast(page, "Account does not exist. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("nobody-here@example.com");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, "Password reset email has been sent. Please check your inbox.")).toBeVisible();

  const link = linkIn(await waitForMail(email, /Reset your Regatta password/), "/auth/reset?token=");
  await page.goto(link);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Make sure to fill in all the fields.")).toBeVisible();
  await page.getByLabel("New Password").fill("BrandNew123");
  await page.getByLabel("Confirm Password").fill("BrandNew124");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password and confirm password must be equal.")).toBeVisible();
  await page.getByLabel("New Password").fill("BrandNew123");
  await page.getByLabel("Confirm Password").fill("BrandNew123");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(
    toast(page, "Your password has been reset. Please log in with your new password."),
  ).toBeVisible();
  await login(page, email, "BrandNew123");
  await logout(page);

  await page.goto(link);
  await expect(
    page.getByText("This password reset link is invalid or has expired. Please request a new one."),
  ).toBeVisible();
  await page.goto("/auth/verify/not-a-real-token");
  if (test.info().project.name === "no-js") await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(
    toast(page, "This verification link is invalid or has expired. Log in to get a new one."),
  ).toBeVisible();
});

test("profile: change password in its dialog, and upload a photo", async ({ page }) => {
  test.setTimeout(40_000); // a registration, three password hashes and two photo uploads resized on the server: ~12-16 s on 2 idle workers
  const email = await registerVerifiedManager(page, "Profile", "TH");
  await loginAs(page, email, "/");
  await expect(page.getByText("Pending Photo Upload")).toBeVisible();

  await page.getByRole("link", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await dialog.getByLabel("Old Password").fill("wrong-password");
  await dialog.getByLabel("New Password").fill("Changed123");
  await dialog.getByLabel("Confirm Password").fill("Changed123");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Wrong password. Please try again.")).toBeVisible();
  await dialog.getByLabel("Old Password").fill(PASSWORD);
  await dialog.getByLabel("New Password").fill("Changed123");
  await dialog.getByLabel("Confirm Password").fill("Changed999");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Password and confirm password must be the same.")).toBeVisible();
  await dialog.getByLabel("Old Password").fill(PASSWORD);
  await dialog.getByLabel("New Password").fill("Changed123");
  await dialog.getByLabel("Confirm Password").fill("Changed123");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Password updated successfully.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("Choose a photo").setInputFiles(await smallPhoto());
  await page.getByRole("button", { name: "Upload Photo", exact: true }).click();
  await expect(toast(page, "Shorter end of the image must be at least 1000px.")).toBeVisible();
  await page.getByLabel("Choose a photo").setInputFiles(await phonePhoto());
  await page.getByRole("button", { name: "Upload Photo", exact: true }).click();
  await expect(toast(page, "Photo updated successfully.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Photo in Validation")).toBeVisible();

  await page.getByRole("link", { name: "View Confirmed Events" }).click();
  await expect(
    page.getByRole("dialog", { name: "Confirmed Events" }).getByText("Nothing to show"),
  ).toBeVisible();
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await logout(page);
  await login(page, email, "Changed123");
});

test("an approved photo hides the upload control", { tag: "@once" }, async ({ page }) => {
  await loginAs(page, "COMPETITOR", "/");
  await expect(page.getByText("Photo Approved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload Photo", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Referral Link")).toHaveCount(0);
});

// @once: a throttle count on the /password form, which "staff change their own password from the sidebar" sends without JS.
test("change password: after 5 wrong old passwords the 6th waits, even the right one (a stolen session cannot guess)", {
  tag: "@once",
}, async ({ page }) => {
  test.setTimeout(40_000); // seven password hashes: ~12-16 s on 2 idle workers
  const user = createUser("COMMITTEE");
  await loginAs(page, user.email);
  await page.goto("/password");
  const attempt = async (old: string) => {
    await page.getByLabel("Old Password").fill(old);
    await page.getByLabel("New Password").fill("Guessed-New-12");
    await page.getByLabel("Confirm Password").fill("Guessed-New-12");
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/password",
      ),
      page.getByRole("button", { name: "Change Password" }).click(),
    ]);
  };
  for (let i = 1; i <= 5; i++) {
    await attempt(`guess-number-${i}`);
    await expect(toast(page, "Wrong password. Please try again.")).toHaveCount(1);
  }
  await attempt(PASSWORD);
  await expect(toast(page, "Too many attempts. Please wait 15 minutes and try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/password$/);
  // The password did not change: the account still logs in with the old one.
  await page.goto("/");
  await logout(page);
  await login(page, user.email);
});

test("staff change their own password from the sidebar; the old session id is retired", async ({ page }) => {
  const staff = createUser("COMMITTEE");
  await loginAs(page, staff.email, "/");
  const before = (await page.context().cookies()).find((c) => c.name === "__session")?.value;
  const menu = page.locator(".nav-toggle-label");
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/password$/);
  await page.getByLabel("Old Password").fill("not-my-password");
  await page.getByLabel("New Password").fill("Staff-New-12");
  await page.getByLabel("Confirm Password").fill("Staff-New-12");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Wrong password. Please try again.")).toBeVisible();
  await page.getByLabel("Old Password").fill(PASSWORD);
  await page.getByLabel("New Password").fill("Staff-New-12");
  await page.getByLabel("Confirm Password").fill("Staff-New-12");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Password updated successfully.")).toBeVisible();
  const after = (await page.context().cookies()).find((c) => c.name === "__session")?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  await logout(page);
  await login(page, staff.email, "Staff-New-12");
});
