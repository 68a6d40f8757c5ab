// Voiding the printed crew tags (issue 18; docs/decisions/0025-crew-tag-versions.md), with
// JavaScript off and on (in one test: the saved version is one for everyone): ADMIN opens Void Printed Crew Tags on Settings (a confirmation step over the
// screen; No changes nothing), confirms, and the crew tag version moves on, audited, with a toast;
// a tag printed before is then refused at the kiosk while a newly printed one is taken. COMMITTEE
// and MANAGER cannot open the step, and their forged POSTs (with their own CSRF token) change
// nothing; nor does ADMIN's POST without one. Each test makes its own users and club.
import { expect, type Page, test } from "./fixtures";
import { pdfPageCount, qrCodesInPdf } from "../pdf-qr";
import { auditOf, createCrewTagClub, createUser, crewTagVersionNow, signedCodeOf } from "./db";
import { asFreshClient, csrfOf, expectRefused, flashToast, forgePost, watchServerErrors } from "./helpers";
import { EN } from "../../app/messages";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const { MSG, LABELS } = EN;

watchServerErrors(test);
test.beforeEach(({ page }) => asFreshClient(page));

const dialog = (page: Page) => page.getByRole("dialog");
const crewTagsSection = (page: Page) => page.getByRole("region", { name: LABELS.crewTagsHeading });

/** The scanning profile's answer for a code (ADMIN is logged in: a kiosk device). */
async function profileOf(page: Page, code: string) {
  await page.goto(`/scanning/profile?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole("heading", { name: "Scanning Profile", level: 1 })).toBeVisible();
}

/** Opens Void Printed Crew Tags from Settings, says No (nothing changes), then Yes: the version
 * moves on from `from`, with its toast and an audit entry. */
async function voidTags(page: Page, admin: { id: number }, from: number) {
  await page.goto("/settings");
  const section = crewTagsSection(page);
  await expect(section).toContainText(LABELS.crewTagVersionNow(from));
  await expect(section).toContainText(LABELS.voidCrewTagsHint);

  // No: back to Settings, nothing changed.
  await section.getByRole("link", { name: LABELS.voidCrewTags }).click();
  await expect(page).toHaveURL(/\/settings\/void-crew-tags$/);
  await expect(dialog(page)).toContainText(MSG.crewTagsRotateConfirm);
  await expect(dialog(page)).toContainText(LABELS.crewTagVersionNow(from));
  const audited = auditOf(admin.id).length;
  await dialog(page).getByRole("link", { name: LABELS.confirmNo }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(dialog(page)).toHaveCount(0);
  expect(crewTagVersionNow()).toBe(from);
  expect(auditOf(admin.id)).toHaveLength(audited);

  // Yes: the version moves on, with a toast and an audit entry.
  await crewTagsSection(page).getByRole("link", { name: LABELS.voidCrewTags }).click();
  await dialog(page).getByRole("button", { name: LABELS.voidCrewTagsYes }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(flashToast(page, MSG.crewTagsRotated(from + 1))).toBeVisible();
  await expect(crewTagsSection(page)).toContainText(LABELS.crewTagVersionNow(from + 1));
  expect(crewTagVersionNow()).toBe(from + 1);
  const entries = auditOf(admin.id);
  expect(entries.map((e) => e.action)).toEqual(Array(audited + 1).fill("crew_tags.rotated"));
  expect(entries.map((e) => JSON.parse(e.details))).toContainEqual({ from, to: from + 1 });
}

// The only test that moves the saved crew tag version on (every other test that signs or prints
// codes pins its own, tests/e2e/test-context.ts), so it runs once and voids twice: without
// JavaScript, then with it. Two runs (js and no-js projects) at once would move it under each other.
test("ADMIN voids the printed crew tags (JS off, then on): audited, old tags refused at the kiosk, newly printed ones taken", async ({
  page,
  browser,
}) => {
  test.skip(
    test.info().project.name !== "js",
    "moves the one saved crew tag version: runs once, JS off and on",
  );
  const admin = createUser("ADMIN");
  const club = await createCrewTagClub({ members: 2, paid: 2 });
  const [m1, m2] = club.paid;
  // Signed tags required, at the saved version (not pinned).
  const required = { settings: { requireSignedTags: true } };
  await withTestContext(page, required);
  const v = crewTagVersionNow();
  const old = signedCodeOf(m1.id, v);
  await loginAs(page, admin.email);
  await profileOf(page, old);
  await expect(page.getByRole("article", { name: m1.name.toUpperCase() })).toBeVisible();

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noJs.newPage();
    await asFreshClient(plain);
    await withTestContext(plain, required);
    await loginAs(plain, admin.email);
    await voidTags(plain, admin, v);
  } finally {
    await noJs.close();
  }
  await voidTags(page, admin, v + 1);
  const now = v + 2;

  // The tag printed before is refused at the kiosk, saying why (whether or not signed tags are
  // required; they are in this test); a forged code of the old version is just invalid.
  await profileOf(page, old);
  await expect(page.getByRole("alert")).toHaveText(MSG.scanTagVoided);
  await expect(page.getByRole("article")).toHaveCount(0);
  await profileOf(page, `${old.slice(0, -1)}${old.endsWith("A") ? "B" : "A"}`);
  await expect(page.getByRole("alert")).toHaveText(MSG.scanInvalid);
  await expect(page.getByRole("article")).toHaveCount(0);

  // The club's crew tags print the new version, and those codes are taken.
  const res = await page.request.get(`/associations/${club.id}/crew-tags.pdf`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const pdf = await res.body();
  expect(pdfPageCount(pdf)).toBe(1);
  const codes = qrCodesInPdf(pdf).map((q) => q.text ?? "");
  expect(codes).toEqual([signedCodeOf(m1.id, now), signedCodeOf(m2.id, now)]);
  for (const [i, m] of [m1, m2].entries()) {
    await profileOf(page, codes[i]);
    await expect(page.getByRole("article", { name: m.name.toUpperCase() })).toBeVisible();
  }
});

test("COMMITTEE and MANAGER cannot void the printed crew tags; a POST without a CSRF token changes nothing", {
  tag: "@once",
}, async ({ page }) => {
  const admin = createUser("ADMIN");
  const committee = createUser("COMMITTEE");
  const manager = createUser("MANAGER");
  await withTestContext(page, { settings: OPEN });
  for (const who of [committee, manager]) {
    await loginAs(page, who.email, "/");
    await expect(page).toHaveURL(/\/$/);
    await expectRefused(page, "/settings/void-crew-tags");
    await expect(crewTagsSection(page)).toHaveCount(0);
    const csrf = await csrfOf(page); // their own, valid token (the Logout form's)
    expect(csrf).not.toBe("");
    const res = await forgePost(page, "/settings/void-crew-tags", [["csrf", csrf]]);
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
    expect(auditOf(who.id)).toEqual([]);
    await page.context().clearCookies();
  }
  await loginAs(page, admin.email);
  await page.goto("/settings");
  await expect(crewTagsSection(page).getByRole("link", { name: LABELS.voidCrewTags })).toBeVisible();
  const noToken = await forgePost(page, "/settings/void-crew-tags", []);
  expect(noToken.status()).toBe(403);
  const wrongToken = await forgePost(page, "/settings/void-crew-tags", [["csrf", "x".repeat(40)]]);
  expect(wrongToken.status()).toBe(403);
  // Nothing voided: voiding is audited in its own transaction (models/settings.server.ts), and
  // the saved version is the voiding test's to move, so the audit is what says so here.
  expect(auditOf(admin.id)).toEqual([]);
});

test("the kiosk reads a code inside a scanner's prefix and suffix; two codes or no id stay 'Invalid input.'", {
  tag: "@once",
}, async ({ page }) => {
  const admin = createUser("ADMIN");
  const member = createUser("COMPETITOR");
  await withTestContext(page, { settings: OPEN });
  await loginAs(page, admin.email);
  for (const code of [`ID#${member.id}`, `]Q1${signedCodeOf(member.id)}`, `#${member.id};`]) {
    await profileOf(page, code);
    await expect(page.getByRole("article"), code).toHaveCount(1);
  }
  for (const code of [`#${member.id}#${member.id}`, `ID${member.id}`, "#", `#${member.id}x`]) {
    await profileOf(page, code);
    await expect(page.getByRole("alert"), code).toHaveText(MSG.scanInvalid);
  }
});
