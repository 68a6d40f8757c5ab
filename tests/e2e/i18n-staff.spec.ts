// The staff's screens in Bahasa Melayu, with JavaScript on and off (issue 12, item 1): an admin
// switches language with the sidebar's button, and the overview, All Users (filters, columns,
// Create User and its schema's error), Pending Approval (reject, the confirmation, the toast and the
// member's email in the member's own language), Settings (a refused save), the Audit Log and the
// Payment Logs speak Malay (app/messages.ms.ts); a toast's Dismiss box, a guard's flashed toast and
// the error page with its reference line too. The CSV downloads keep the spec's English column names (machine-read).
import { expect, type Page, test } from "./fixtures";
import { MS } from "../../app/messages.ms";
import * as make from "../factories";
import { createClub, createUser, findUser, photosBefore } from "./db";
import { asFreshClient, csvAt, flashToast, waitForMail, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

const { MSG, TITLES, LABELS } = MS;

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** A fresh admin (or committee member), logged in, switched to Malay with the sidebar's button
 * (back on the same page). */
async function malayAdmin(page: Page, role: "ADMIN" | "COMMITTEE" = "ADMIN") {
  const admin = createUser(role);
  await loginAs(page, admin.email, "/");
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  return admin;
}

test("an admin in Bahasa Melayu: overview, All Users, Create User, Settings, Audit Log, Payment Logs", async ({
  page,
}) => {
  await malayAdmin(page);
  await expect(h1(page, TITLES.overview)).toBeVisible();
  await expect(page.locator('[data-stat="usersPaid"] .stat-label')).toHaveText(LABELS.usersPaid);
  await expect(page.locator('[data-stat="ordersFailed"] .stat-label')).toHaveText(LABELS.ordersFailed);

  // All Users: the filter bar, its buttons and the columns.
  await page.goto("/users?role=ADMIN");
  await expect(h1(page, TITLES.users)).toBeVisible();
  await expect(page).toHaveTitle(`${TITLES.users} | ${TITLES.appName}`);
  await expect(page.getByLabel(LABELS.teamApproval)).toBeVisible();
  await expect(page.getByLabel(LABELS.role, { exact: true })).toHaveValue("ADMIN");
  await expect(page.getByLabel(LABELS.role, { exact: true }).locator("option:checked")).toHaveText(
    LABELS.roleNames.ADMIN,
  );
  await expect(page.getByRole("button", { name: LABELS.getUsers })).toBeVisible();
  await expect(page.getByRole("link", { name: LABELS.clearFilters })).toBeVisible();
  await expect(page.getByRole("link", { name: LABELS.downloadCsv })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: LABELS.emergency })).toBeVisible();
  await expect(page.locator(`td[data-label="${LABELS.role}"]`).first()).toHaveText(LABELS.roles.ADMIN);
  // The CSV keeps the spec's English names.
  const csv = await csvAt(page, "/users.csv?role=ADMIN");
  expect(csv[0].slice(0, 4)).toEqual(["#", "Team", "Role", "Name"]);

  // Create User: the dialog and the schema's first error in Malay.
  await page.getByRole("link", { name: LABELS.createUser }).click();
  const dialog = page.getByRole("dialog", { name: LABELS.createUser });
  await expect(dialog.getByLabel(LABELS.password)).toBeVisible();
  await dialog.getByRole("button", { name: LABELS.createUser }).click();
  await expect(flashToast(page, MSG.createUserRole)).toBeVisible();

  // Settings: a refused save says why in Malay and keeps what was stored.
  await page.goto("/settings");
  await expect(h1(page, TITLES.settings)).toBeVisible();
  await page.getByLabel(LABELS.regattaYear).fill("1999");
  await page.getByRole("button", { name: LABELS.updateSettings }).click();
  const year = new Date().getFullYear();
  await expect(flashToast(page, MSG.settingsYear(2000, year + 10))).toBeVisible();
  await expect(page.getByText(LABELS.entriesCloseHint)).toBeVisible();

  // The Audit Log and the Payment Logs: their filters.
  await page.goto("/audit-log");
  await expect(h1(page, TITLES.auditLog)).toBeVisible();
  await expect(page.getByLabel(LABELS.actor)).toBeVisible();
  await expect(page.getByLabel(LABELS.dateFrom)).toBeVisible();
  await expect(page.getByLabel(LABELS.action, { exact: true }).locator("option").first()).toHaveText(
    LABELS.all,
  );
  await page.goto("/payments");
  await expect(h1(page, TITLES.payments)).toBeVisible();
  await expect(page.getByLabel(LABELS.transactionId)).toBeVisible();
  await expect(page.getByRole("button", { name: LABELS.search, exact: true })).toBeVisible();
});

// @once: the reject form and its dialog run without JS in staff-console.spec.ts "admin approves two and rejects one", Malay pages in "an admin in Bahasa Melayu".
test("Pending Approval in Malay; the rejected member's email in their own language", {
  tag: "@once",
}, async ({ page }) => {
  const club = await createClub({ members: 2, photo: "pending" });
  const [malay, english] = club.members;
  make.setUser(malay.id, { locale: "ms" });
  await malayAdmin(page);
  await page.goto(
    `/users/approve-photo?size=100&page=${Math.floor(photosBefore(malay.id, "pending") / 100)}`,
  );
  await expect(h1(page, TITLES.approvePhoto)).toBeVisible();
  await expect(page.getByRole("link", { name: LABELS.viewPhoto(malay.name) })).toBeVisible();
  await page.getByRole("checkbox", { name: malay.name }).check();
  await page.getByRole("checkbox", { name: english.name }).check();
  await page.getByRole("button", { name: LABELS.reject, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: LABELS.reject });
  await expect(confirm).toContainText(MSG.photosConfirm("reject", 2));
  await confirm.getByRole("button", { name: LABELS.yesReject }).click();
  const done = flashToast(page, MSG.photosRejected);
  await expect(done).toBeVisible();
  expect(findUser(malay.id)?.valid_image).toBe(2);
  // Each member in their own language (users.locale): Malay, and English by default.
  await waitForMail(malay.email, new RegExp(`^${LABELS.photoMailSubject}$`));
  await waitForMail(english.email, /^Please upload a new photo for your crew tag$/);

  // The toast's Dismiss box (a checkbox the × labels) is named in Malay and hides it, JS on or off.
  await expect(page.getByRole("checkbox", { name: LABELS.dismiss })).toHaveCount(1);
  await done.locator(".toast-close").click();
  await expect(done).toBeHidden();
});

// @once: refusals by URL; Malay pages run without JS in "an admin in Bahasa Melayu".
test("the error page and a guard's toast in Malay", { tag: "@once" }, async ({ page }) => {
  await malayAdmin(page, "COMMITTEE");
  // Settings are the admin's: the guard's flashed sentence is shown in the page's language.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
  await expect(flashToast(page, MSG.unauthorized)).toBeVisible();
  const response = await page.goto("/users/999999999/photo");
  expect(response?.status()).toBe(404);
  const id = response?.headers()["x-request-id"];
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: MSG.notFoundTitle })).toBeVisible();
  await expect(alert).toContainText(MSG.notFoundBody);
  await expect(alert).toContainText(`${MSG.errorReference} ${id}`);
  await expect(alert.getByRole("link", { name: MSG.returnHome })).toBeVisible();
});
