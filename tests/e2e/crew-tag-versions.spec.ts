// Voiding the printed crew tags (issue 18; docs/decisions/0025-crew-tag-versions.md), with
// JavaScript on and off: ADMIN opens Void Printed Crew Tags on Settings (a confirmation step over the
// screen; No changes nothing), confirms, and the crew tag version moves on, audited, with a toast;
// a tag printed before is then refused at the kiosk while a newly printed one is taken. COMMITTEE
// and MANAGER cannot open the step, and their forged POSTs (with their own CSRF token) change
// nothing; nor does ADMIN's POST without one. Each test makes its own users and club.
import { expect, type Page, test } from "@playwright/test";
import { pdfPageCount, qrCodesInPdf } from "../pdf-qr";
import {
  auditOf,
  createCrewTagClub,
  createUser,
  crewTagVersionNow,
  signedCodeOf,
  withCrewTagsVoidable,
  withSignedTagsOff,
} from "./db";
import { asFreshClient, csrfOf, expectRefused, flashToast, forgePost, watchServerErrors } from "./helpers";
import { EN } from "../../app/messages";
import { loginAs } from "./login";

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

test("ADMIN voids the printed crew tags: audited, old tags refused at the kiosk, newly printed ones taken", async ({
  page,
}) => {
  const admin = createUser("ADMIN");
  const club = await createCrewTagClub({ members: 2, paid: 2 });
  const [m1, m2] = club.paid;
  await withCrewTagsVoidable(async () => {
    const v = crewTagVersionNow();
    const old = signedCodeOf(m1.id, v);
    await loginAs(page, admin.email);
    await profileOf(page, old);
    await expect(page.getByRole("article", { name: m1.name.toUpperCase() })).toBeVisible();

    await page.goto("/settings");
    const section = crewTagsSection(page);
    await expect(section).toContainText(LABELS.crewTagVersionNow(v));
    await expect(section).toContainText(LABELS.voidCrewTagsHint);

    // No: back to Settings, nothing changed.
    await section.getByRole("link", { name: LABELS.voidCrewTags }).click();
    await expect(page).toHaveURL(/\/settings\/void-crew-tags$/);
    await expect(dialog(page)).toContainText(MSG.crewTagsRotateConfirm);
    await expect(dialog(page)).toContainText(LABELS.crewTagVersionNow(v));
    await dialog(page).getByRole("link", { name: LABELS.confirmNo }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(dialog(page)).toHaveCount(0);
    expect(crewTagVersionNow()).toBe(v);
    expect(auditOf(admin.id)).toEqual([]);

    // Yes: the version moves on, with a toast and an audit entry.
    await crewTagsSection(page).getByRole("link", { name: LABELS.voidCrewTags }).click();
    await dialog(page).getByRole("button", { name: LABELS.voidCrewTagsYes }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(flashToast(page, MSG.crewTagsRotated(v + 1))).toBeVisible();
    await expect(crewTagsSection(page)).toContainText(LABELS.crewTagVersionNow(v + 1));
    expect(crewTagVersionNow()).toBe(v + 1);
    const entries = auditOf(admin.id);
    expect(entries.map((e) => e.action)).toEqual(["crew_tags.rotated"]);
    expect(JSON.parse(entries[0].details)).toEqual({ from: v, to: v + 1 });

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
    expect(codes).toEqual([signedCodeOf(m1.id, v + 1), signedCodeOf(m2.id, v + 1)]);
    for (const [i, m] of [m1, m2].entries()) {
      await profileOf(page, codes[i]);
      await expect(page.getByRole("article", { name: m.name.toUpperCase() })).toBeVisible();
    }
  });
});

test("COMMITTEE and MANAGER cannot void the printed crew tags; a POST without a CSRF token changes nothing", async ({
  page,
}) => {
  const admin = createUser("ADMIN");
  const committee = createUser("COMMITTEE");
  const manager = createUser("MANAGER");
  // Shared with the other tests that hold the crew tag version still.
  await withSignedTagsOff(async () => {
    const v = crewTagVersionNow();
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
    expect(crewTagVersionNow()).toBe(v);
    expect(auditOf(admin.id)).toEqual([]);
  });
});

test("the kiosk reads a code inside a scanner's prefix and suffix; two codes or no id stay 'Invalid input.'", async ({
  page,
}) => {
  const admin = createUser("ADMIN");
  const member = createUser("COMPETITOR");
  await withSignedTagsOff(async () => {
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
});
