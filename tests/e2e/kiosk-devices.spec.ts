// Kiosk devices (issue 18 section 2; docs/decisions/0024-kiosk-enrolment.md), with JavaScript on
// and off. The scanning screens and the entrance's check/save endpoints answer participant data
// only to a kiosk device: a browser where ADMIN or COMMITTEE is logged in, or one they enrolled with
// "Enrol this device as a kiosk". Anyone else gets the frame and a short explanation: no names,
// photos, rosters or ids in the HTML or the loader data, and the endpoints refuse (403) and write
// nothing. Staff enrol a device, log out, and it still scans and saves (the scan log names it);
// ADMIN revokes it on /kiosks and it is refused at once; MANAGER and COMPETITOR cannot enrol.
import { expect, type Page, test } from "./fixtures";
import { createScanSetup, createUser, type ScanSetup, scanLogsOf, setCrewDetails } from "./db";
import {
  asFreshClient,
  csrfOf,
  DEMO,
  flashToast,
  forgePost,
  isJs,
  logout,
  tableRows,
  UNAUTHORIZED,
  watchServerErrors,
} from "./helpers";
import { asKioskDevice, KIOSK_COOKIE, kioskRecord, kiosksNamed, scanSaversOf } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const LOCKED = "This screen shows participants only on a kiosk device.";
const ENROL = "Enrol this device as a kiosk";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const scanUrl = (s: ScanSetup) => `/scanning/entrance?roundId=${s.round.id}&teamId=${s.team.id}`;

/** Everything a stranger must not learn about a setup's people: names, ids, the team's name. */
function secretsOf(s: ScanSetup): string[] {
  return [
    ...[...s.team.members, ...s.other.members].flatMap((m) => [m.name, m.name.toUpperCase()]),
    s.team.name,
    s.other.name,
  ];
}

/** The page's HTML and (with JavaScript) the hydration data hold none of `secrets`, and no photo. */
async function expectNothingShown(page: Page, secrets: string[]) {
  await expect(page.getByText(LOCKED)).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  const html = await page.content();
  for (const secret of secrets) expect(html, secret).not.toContain(secret);
  expect(html).not.toContain("/uploads/");
  if (isJs()) {
    const context = await page.evaluate(() =>
      JSON.stringify((window as { __remixContext?: unknown }).__remixContext),
    );
    expect(context).toContain("locked"); // the hydration data is there, and it is the locked frame's
    for (const secret of secrets) expect(context, secret).not.toContain(secret);
    expect(context).not.toContain("roster");
  }
}

/** A scan in the focused scan input; without JavaScript the form posts. */
async function scanCode(page: Page, code: string, answer: string) {
  await page.locator("#scan-code").fill(code);
  const loaded = isJs() ? null : page.waitForEvent("load");
  await page.locator("#scan-code").press("Enter");
  await loaded;
  await expect(page.locator(".kiosk-msg")).toHaveText(answer);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.locator(".toast").filter({ hasText: "History has been successfully saved." }),
  ).toBeVisible();
}

// @once: server-rendered refusals and forged requests; the locked kiosk page runs without JS in "staff enrol the device".
test("a browser that is not a kiosk device gets the explanation and no one's data; the endpoints refuse and write nothing", {
  tag: "@once",
}, async ({ page }) => {
  const s = await createScanSetup({ minFemale: 0 });
  const [m1] = s.team.members;
  const secrets = secretsOf(s);
  await withTestContext(page, { settings: OPEN });
  for (const url of [
    "/scanning/entrance",
    `/scanning/entrance?round=${encodeURIComponent(s.round.name)}`,
    `/scanning/entrance?roundId=${s.round.id}`,
    scanUrl(s),
    "/scanning/profile",
    `/scanning/profile?code=${encodeURIComponent(`#${m1.id}`)}`,
  ]) {
    await page.goto(url);
    await expectNothingShown(page, [...secrets, `#${m1.id}`]);
    await expect(page.getByRole("button", { name: ENROL })).toHaveCount(0);
    await expect(page.locator("#scan-code, #profile-code, #round-name")).toHaveCount(0);
  }
  // The loader data asked for directly: the locked frame only.
  for (const url of [
    `${scanUrl(s)}&_data=routes%2Fscanning.entrance`,
    `/scanning/profile?code=%23${m1.id}&_data=routes%2Fscanning.profile`,
  ]) {
    const text = await (await page.request.get(url)).text();
    for (const secret of secrets) expect(text, url).not.toContain(secret);
    expect(text).toContain('"locked"');
  }
  // The JS kiosk's check and save, and the no-JS scan and save: 403, nothing written.
  const check = await page.request.get(
    `/scanning/entrance/check?roundId=${s.round.id}&teamId=${s.team.id}&code=%23${m1.id}`,
  );
  expect(check.status()).toBe(403);
  expect(await check.text()).not.toContain(m1.name);
  const csrf = await csrfOf(page);
  const saved = await forgePost(page, "/scanning/entrance/save", [
    ["csrf", csrf],
    ["roundId", s.round.id],
    ["teamId", s.team.id],
    ["confirmed", "yes"],
    ["h", `#${m1.id}`],
  ]);
  expect(saved.status()).toBe(403);
  for (const intent of ["scan", "save"]) {
    const res = await forgePost(page, scanUrl(s), [
      ["csrf", csrf],
      ["intent", intent],
      ["code", `#${m1.id}`],
      ["h", `#${m1.id}`],
      ["confirmed", "yes"],
    ]);
    expect(res.status()).toBe(403);
    expect(await res.text()).not.toContain(m1.name);
  }
  expect(scanLogsOf(s.round.id)).toEqual([]);
});

test("staff enrol the device, log out, and it still scans and saves; the scan log names the kiosk; ADMIN revokes it and it is refused at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(40_000); // two browsers: the enrolled kiosk and the admin: ~12-16 s on 2 idle workers
  const s = await createScanSetup({ minFemale: 0 });
  const [m1, m2] = s.team.members;
  setCrewDetails(m1.id, { yob: 1980 });
  const staff = createUser("COMMITTEE");
  const name = `Gate ${Date.now().toString(36)} ${isJs() ? "js" : "nojs"}`;
  await withTestContext(page, { settings: OPEN });
  // Staff logged in: the kiosk works, and offers to enrol the device; the profile shows them the
  // year of birth as well as the age group.
  await loginAs(page, staff.email);
  await page.goto(`/scanning/profile?code=${encodeURIComponent(`#${m1.id}`)}`);
  const card = page.getByRole("article", { name: m1.name.toUpperCase() });
  await expect(card.locator("dt")).toHaveText(["Year of Birth", "Age Group", "Gender", "Association"]);
  await expect(card.locator("dd").nth(0)).toHaveText("1980");
  await expect(card.locator("dd").nth(1)).toHaveText("Senior (S40)");
  await page.goto("/scanning/entrance");
  await page.getByLabel("Device name").fill(`  ${name}  `);
  await page.getByRole("button", { name: ENROL }).click();
  await expect(flashToast(page, `This device is now a kiosk: ${name}.`)).toBeVisible();
  await expect(page.getByText(`This device is enrolled as the kiosk ${name}.`)).toBeVisible();
  const [device] = kiosksNamed(name);
  expect(device).toMatchObject({ name, revoked_at: null });
  const cookie = (await page.context().cookies()).find((c) => c.name === KIOSK_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);

  // Logged out, the device still scans and saves; the profile no longer shows the year of birth.
  await page.goto("/");
  await logout(page);
  await page.goto(scanUrl(s));
  await expect(page.getByRole("button", { name: ENROL })).toHaveCount(0);
  await scanCode(page, `#${m1.id}`, `${m1.name} added.`);
  await scanCode(page, `#${m2.id}`, `${m2.name} added.`);
  await save(page);
  await expect
    .poll(() => scanSaversOf(s.round.id))
    .toEqual([
      { user_id: m1.id, kiosk_id: device.id, saved_by: null },
      { user_id: m2.id, kiosk_id: device.id, saved_by: null },
    ]);
  expect(kioskRecord(device.id)?.last_seen_at).toBeGreaterThan(0);
  await page.goto(`/scanning/profile?code=${encodeURIComponent(`#${m1.id}`)}`);
  await expect(card.locator("dt")).toHaveText(["Age Group", "Gender", "Association"]);
  await expect(card.locator("dd").nth(0)).toHaveText("Senior (S40)");

  // ADMIN, elsewhere: the device on /kiosks and in the Kiosk column of Scan Logs; Revoke, Cancel
  // first, then Revoke.
  const context = await browser.newContext({ javaScriptEnabled: isJs() });
  const admin = await context.newPage();
  await asFreshClient(admin);
  await loginAs(admin, "ADMIN", `/scan-log?event=${s.event.id}&round=${s.round.id}`);
  await expect(tableRows(admin, "Scan Logs").locator('td[data-label="Kiosk"]')).toHaveText([name, name]);
  await admin.getByRole("link", { name: "Kiosks" }).click();
  await expect(admin).toHaveURL(/\/kiosks$/);
  const row = tableRows(admin, "Kiosks").filter({ hasText: name });
  await expect(row.locator('td[data-label="Status"]')).toHaveText("Active");
  await row.getByRole("link", { name: `Revoke ${name}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Revoke Kiosk" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  expect(kioskRecord(device.id)?.revoked_at).toBeNull();
  await row.getByRole("link", { name: `Revoke ${name}` }).click();
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(flashToast(admin, `Kiosk ${name} revoked. It no longer shows participants.`)).toBeVisible();
  await expect(row.locator('td[data-label="Status"]')).toHaveText(/^Revoked /);
  await expect(row.getByRole("link", { name: /Revoke/ })).toHaveCount(0);
  expect(kioskRecord(device.id)?.revoked_at).toBeGreaterThan(0);
  await context.close();

  // The revoked device, at once: the explanation, and its save refused.
  await page.goto(scanUrl(s));
  await expectNothingShown(page, secretsOf(s));
  const res = await forgePost(page, "/scanning/entrance/save", [
    ["csrf", await csrfOf(page)],
    ["roundId", s.round.id],
    ["teamId", s.team.id],
    ["confirmed", "yes"],
    ["h", `#${s.team.members[2].id}`],
  ]);
  expect(res.status()).toBe(403);
  expect(scanLogsOf(s.round.id)).toHaveLength(2);
});

test("MANAGER and COMPETITOR cannot enrol a device: no button, and a forged POST changes nothing", {
  tag: "@once",
}, async ({ page }) => {
  const s = await createScanSetup();
  // Counted by this test's own names: other tests enrol kiosks at the same time.
  const forgedName = `Forged kiosk ${s.round.id}`;
  const written = () => kiosksNamed(forgedName).length + kiosksNamed("x".repeat(61)).length;
  for (const email of [DEMO.MANAGER, DEMO.COMPETITOR]) {
    await loginAs(page, email);
    await page.goto("/scanning/entrance");
    await expect(page.getByText(LOCKED)).toBeVisible();
    await expect(page.getByRole("button", { name: ENROL })).toHaveCount(0);
    const res = await forgePost(page, "/scanning/enrol", [
      ["csrf", await csrfOf(page)],
      ["name", forgedName],
      ["back", "/scanning/entrance"],
    ]);
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
    expect(res.headers()["set-cookie"] ?? "").not.toContain(KIOSK_COOKIE);
    expect(written()).toBe(0);
    await page.goto(scanUrl(s));
    await expectNothingShown(page, secretsOf(s));
    await page.goto("/");
    await logout(page);
  }
  // Logged out: to the login page, nothing written. A forged token from staff: 403, nothing written.
  const anon = await forgePost(page, "/scanning/enrol", [
    ["csrf", await csrfOf(page)],
    ["name", forgedName],
  ]);
  expect(anon.headers().location).toBe("/auth/login");
  await loginAs(page, "ADMIN", "/"); // the CSRF token below is read from this page
  const forged = await forgePost(page, "/scanning/enrol", [
    ["csrf", "made.up"],
    ["name", forgedName],
  ]);
  expect(forged.status()).toBe(403);
  // An over-long name (past the input's maxlength) is refused with the reason.
  const long = await forgePost(page, "/scanning/enrol", [
    ["csrf", await csrfOf(page)],
    ["name", "x".repeat(61)],
    ["back", "/scanning/profile"],
  ]);
  expect(long.headers().location).toBe("/scanning/profile");
  expect(written()).toBe(0);
});

test("COMMITTEE may not open /kiosks, its CSV or a revoke step; a forged revoke changes nothing", {
  tag: "@once",
}, async ({ page }) => {
  const device = await asKioskDevice(page);
  await loginAs(page, "COMMITTEE");
  for (const path of ["/kiosks", `/kiosks/${device.id}/revoke`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(flashToast(page, UNAUTHORIZED)).toBeVisible();
  }
  expect((await page.request.get("/kiosks.csv", { maxRedirects: 0 })).status()).toBe(302);
  const res = await forgePost(page, `/kiosks/${device.id}/revoke`, [["csrf", await csrfOf(page)]]);
  expect(res.headers().location).toBe("/");
  expect(kioskRecord(device.id)?.revoked_at).toBeNull();
  // The device still works in this browser (COMMITTEE is staff anyway; the cookie is still good).
  await logout(page);
  await page.goto("/scanning/entrance");
  await expect(page.locator("#round-name")).toBeVisible();
});
