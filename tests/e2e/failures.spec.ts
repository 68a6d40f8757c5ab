// Unexpected failures speak the spec (section 8; issue 18 section 4): a loader or action that throws
// (a bug, SQLITE_BUSY ...) answers 'An error occured when {doing X}. Please try again.' as an error
// toast over the page the user was on, the request id in the log. The e2e server runs with
// TEST_FAIL_HEADER=X-Test-Fail (scripts/e2e-server.mjs): a request carrying
// `X-Test-Fail: loader:<route id>` or `action:<route id>` makes that route throw before it runs
// (app/services/failures.server.ts). JavaScript on and off. docs/decisions/0028-unexpected-failures.md.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import {
  createClub,
  createScanSetup,
  createUser,
  eventsNamed,
  memberFlags,
  scanLogsOf,
  setMemberState,
  unique,
} from "./db";
import { isJs } from "./helpers";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const LOG = path.resolve("tests/.tmp/e2e/app.log");

/** Every request of the page (documents and JavaScript's data requests) asks `failing` to fail. */
const failOn = (page: Page, ...failing: string[]) =>
  page.setExtraHTTPHeaders({ "X-Test-Fail": failing.join(",") });
const stopFailing = (page: Page) => page.setExtraHTTPHeaders({});

/** The error toast (role alert) with the spec's sentence. */
const alertToast = (page: Page, text: string) =>
  page.locator(".toast-slot .toast[role=alert]").filter({ hasText: text });

const sidebar = (page: Page) => page.getByRole("navigation");

/** Follows a sidebar link (on a phone the sidebar is folded behind Menu). */
async function nav(page: Page, name: string) {
  const menu = page.locator(".nav-toggle-label");
  if (await menu.isVisible()) await menu.click();
  await sidebar(page).getByRole("link", { name, exact: true }).click();
}

test.describe("A screen whose loader fails", () => {
  test("All Users: the spec's sentence as a toast, the sidebar still there, a way back; the log has the request", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    await loginAs(page, admin.email, "/");
    await failOn(page, "loader:routes/_app.users");
    let status: number | undefined;
    if (isJs()) {
      // A client-side navigation from the overview (a data request).
      await nav(page, "All Users");
      await expect(page).toHaveURL(/\/users$/);
    } else {
      status = (await page.goto("/users"))?.status();
      expect(status).toBe(500);
    }
    const sentence = "An error occured when getting users. Please try again.";
    await expect(alertToast(page, sentence)).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "All Events", exact: true })).toBeAttached();
    await expect(page.getByRole("button", { name: "Logout" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "All Users" })).toHaveCount(0);
    // The page shows the request's reference; its log line has it, with the 500 (the error's
    // stack goes to the error log with the same id).
    if (!isJs()) {
      const id = await page.locator("[data-request-id]").getAttribute("data-request-id");
      expect(id).toMatch(/^[a-z0-9]{10}$/);
      const line = () =>
        fs
          .readFileSync(LOG, "utf8")
          .split("\n")
          .find((l) => l.includes(`"id":"${id}"`));
      await expect.poll(line).toContain('"status":500');
    }

    // Try again, once the failure is gone: the list.
    await stopFailing(page);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "All Users", level: 1 })).toBeVisible();
    await expect(alertToast(page, sentence)).toHaveCount(0);
  });

  test("the overview: 'getting statistics' for staff, 'getting user details' for a manager's profile", async ({
    page,
  }) => {
    const committee = createUser("COMMITTEE");
    await loginAs(page, committee.email, "/");
    await failOn(page, "loader:routes/_app._home");
    if (isJs()) {
      await nav(page, "All Events");
      await expect(page.getByRole("heading", { name: "All Events", level: 1 })).toBeVisible();
      await nav(page, "Home");
    } else {
      expect((await page.goto("/"))?.status()).toBe(500);
    }
    await expect(
      alertToast(page, "An error occured when getting statistics. Please try again."),
    ).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "All Users", exact: true })).toBeAttached();
    if (isJs()) {
      // Back to the page the user came from.
      await page.getByRole("link", { name: "Back to the previous page" }).click();
      await expect(page.getByRole("heading", { name: "All Events", level: 1 })).toBeVisible();
    }

    await stopFailing(page);
    await page.context().clearCookies();
    await loginAs(page, "MANAGER");
    await failOn(page, "loader:routes/_app._home");
    await page.goto("/");
    await expect(
      alertToast(page, "An error occured when getting user details. Please try again."),
    ).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Members", exact: true })).toBeAttached();
  });

  // @once: a page.goto and its status; the failure page runs without JS in "All Users: the spec's sentence as a toast".
  test("an expected refusal keeps its page: a 404 is not a failure", { tag: "@once" }, async ({ page }) => {
    await loginAs(page, createUser("ADMIN").email);
    await failOn(page, "loader:routes/_app.users"); // another route
    const res = await page.goto("/eoi-events/999999999/edit");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("404 Not Found.");
    await expect(page.locator(".toast")).toHaveCount(0);
  });
});

test.describe("An action that fails", () => {
  test("Create Event: back on the form with 'An error occured when creating.', nothing created, what was typed kept (JS)", async ({
    page,
  }) => {
    await loginAs(page, createUser("ADMIN").email);
    await page.goto("/events/new");
    const dialog = page.getByRole("dialog", { name: "Create Event" });
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    const typed = unique("e2e failing").toLowerCase();
    await field("Name").fill(typed);
    await field("Description").fill("Never created.");
    await failOn(page, "action:routes/_app.events.new");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(alertToast(page, "An error occured when creating. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/events\/new$/);
    await expect(dialog).toBeVisible();
    expect(eventsNamed(typed)).toBe(0);
    // With JavaScript the form was never left: what was typed is still there.
    if (isJs()) await expect(field("Name")).toHaveValue(typed);

    // Once the failure is gone the same form creates it.
    await stopFailing(page);
    await field("Name").fill(typed);
    await field("Description").fill("Created now.");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(page).toHaveURL(/\/events$/);
    expect(eventsNamed(typed)).toBe(1);
  });

  test("Members: Approve says 'An error occured when approving.' on the same tab and approves nobody", async ({
    page,
  }) => {
    const club = await createClub({ members: 2, manager: true, photo: "approved" });
    const [manager, member] = club.members;
    setMemberState(member.id, { approved: false });
    await loginAs(page, manager.email);
    await page.goto("/members?tab=pending");
    const url = page.url();
    await page.getByLabel(`Select ${member.name}`).check();
    await failOn(page, "action:routes/_app.members");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(alertToast(page, "An error occured when approving. Please try again.")).toBeVisible();
    expect(page.url()).toBe(url);
    expect(memberFlags(member.id).approved).toBe(0);
  });

  test("Logout: 'An error occured when logging out.' over the same page, still logged in", async ({
    page,
  }) => {
    await loginAs(page, createUser("ADMIN").email);
    await page.goto("/events");
    await failOn(page, "action:routes/auth.logout");
    const menu = page.locator(".nav-toggle-label");
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(alertToast(page, "An error occured when logging out. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await stopFailing(page);
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "All Users", level: 1 })).toBeVisible();
  });

  test("Login: 'An error occured when logging in.' on the login page, not logged in", async ({ page }) => {
    const user = createUser("COMMITTEE");
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("Regatta2026!");
    await failOn(page, "action:routes/auth.login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(alertToast(page, "An error occured when logging in. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    if (isJs()) await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await stopFailing(page);
    await page.goto("/users");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a Referer on another host is not followed: the form's own page instead", { tag: "@once" }, async ({
    page,
  }) => {
    await loginAs(page, createUser("ADMIN").email);
    await page.goto("/events/new");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const res = await page.request.post("/events/new", {
      form: { csrf, name: "x" },
      headers: {
        "X-Test-Fail": "action:routes/_app.events.new",
        Referer: "https://evil.example/phish",
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/events/new");
    const sneaky = await page.request.post("/events/new", {
      form: { csrf, name: "x" },
      headers: {
        "X-Test-Fail": "action:routes/_app.events.new",
        Referer: `${new URL(page.url()).origin}//evil.example/phish`,
      },
      maxRedirects: 0,
    });
    expect(sneaky.headers().location).toBe("/events/new");
  });
});

test.describe("The entrance kiosk", () => {
  test("Save: 'An error occured when saving history.', nothing saved (the form, and the JS queue's endpoint)", async ({
    page,
  }) => {
    const s = await createScanSetup({ minFemale: 0 });
    const [m1] = s.team.members;
    // Staff's browser: a kiosk whatever the kiosk's own rules become.
    await loginAs(page, createUser("ADMIN").email);
    await withTestContext(page, { settings: OPEN });
    const url = `/scanning/entrance?roundId=${s.round.id}&teamId=${s.team.id}`;
    await page.goto(url);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    if (isJs()) {
      // The JS kiosk's save endpoint: a JSON 500 with the sentence (the queue keeps the save).
      const res = await page.request.post("/scanning/entrance/save", {
        form: {
          csrf,
          roundId: String(s.round.id),
          teamId: String(s.team.id),
          h: `#${m1.id}`,
          confirmed: "yes",
        },
        headers: { "X-Test-Fail": "action:routes/scanning.entrance.save" },
      });
      expect(res.status()).toBe(500);
      expect(await res.json()).toEqual({
        error: "An error occured when saving history. Please try again.",
      });
      // ... which the kiosk shows as an error toast, the save kept in its queue.
      await page.locator("#scan-code").fill(`#${m1.id}`);
      await page.locator("#scan-code").press("Enter");
      await expect(page.locator(".kiosk-msg")).toHaveText(`${m1.name} added.`);
      await failOn(page, "action:routes/scanning.entrance.save");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(alertToast(page, "An error occured when saving history. Please try again.")).toBeVisible();
    } else {
      await page.locator("#scan-code").fill(`#${m1.id}`);
      await page.locator("#scan-code").press("Enter");
      await expect(page.locator(".kiosk-msg")).toHaveText(`${m1.name} added.`);
      await failOn(page, "action:routes/scanning.entrance");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(alertToast(page, "An error occured when saving history. Please try again.")).toBeVisible();
    }
    expect(scanLogsOf(s.round.id)).toEqual([]);
  });
});
