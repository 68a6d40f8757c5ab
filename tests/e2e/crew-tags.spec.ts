// Crew tags (issue 10, item 5) end to end, with JavaScript on and off: a manager downloads their
// club's crew tag PDF from the Members screen (one card per paid member, each QR code the member's
// signed code, which the scanning profile accepts with 'Require signed crew tags' on), cannot get
// another club's, and a club with nobody paid gets a warning instead; an
// ADMIN downloads any club's from All Teams; COMMITTEE sees no such link and is refused, like a
// COMPETITOR. Every test makes its own clubs (tests/e2e/db.ts createCrewTagClub).
import { expect, type Page, test } from "./fixtures";
import { pdfPageCount, qrCodesInPdf } from "../pdf-qr";
import { createCrewTagClub } from "./db";
import { asFreshClient, flashToast, watchServerErrors } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

watchServerErrors(test);
test.beforeEach(async ({ page }) => {
  await asFreshClient(page);
});

const NO_PAID = "No crew tags to print yet: a member gets a crew tag once their crew tag fee is paid.";

/** Clicks a link that downloads a file and returns the file's name and bytes, as the browser saved them. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

async function getPdf(page: Page, url: string) {
  const res = await page.request.get(url, { maxRedirects: 0 });
  return { res, bytes: await res.body() };
}

/** A paid member's QR code: `#<id>.`, the crew tag version, `.` and a 10-character signature. */
const signedCodeOf = (id: number) => new RegExp(`^#${id}\\.[1-9]\\d{0,3}\\.[A-Za-z0-9_-]{10}$`);

test("a manager downloads their club's crew tags: a card per paid member, QR codes of signed codes", {
  tag: "@once",
}, async ({ page }) => {
  const club = await createCrewTagClub({ members: 4, paid: 3 });
  const other = await createCrewTagClub({ members: 2, paid: 2 });
  await loginAs(page, club.manager.email);
  await page.goto("/members");
  const link = page.getByRole("link", { name: "Download Crew Tags" });
  await expect(link).toHaveAttribute("href", "/members/crew-tags.pdf");

  const saved = await download(page, () => link.click());
  expect(saved.name).toMatch(/^crew-tags-club-[a-z0-9-]+\.pdf$/);
  expect(saved.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdfPageCount(saved.bytes)).toBe(1);
  // One QR code per paid member, by name (the factory's names sort as made), none for the unpaid.
  const codes = qrCodesInPdf(saved.bytes).map((q) => q.text);
  expect(codes).toHaveLength(3);
  for (const [i, m] of club.paid.entries()) expect(codes[i]).toMatch(signedCodeOf(m.id));
  expect(codes.join(" ")).not.toContain(`#${club.unpaid[0].id}.`);

  const own = await getPdf(page, "/members/crew-tags.pdf");
  expect(own.res.status()).toBe(200);
  expect(own.res.headers()["content-type"]).toBe("application/pdf");
  expect(own.res.headers()["content-disposition"]).toMatch(/^attachment; filename="crew-tags-.+\.pdf"$/);
  expect(own.res.headers()["cache-control"]).toBe("private, no-store");
  expect(own.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Their own club by id as well; another club's id, or one that does not exist, is a 404.
  expect((await getPdf(page, `/associations/${club.id}/crew-tags.pdf`)).res.status()).toBe(200);
  expect((await getPdf(page, `/associations/${other.id}/crew-tags.pdf`)).res.status()).toBe(404);
  expect((await getPdf(page, "/associations/999999999/crew-tags.pdf")).res.status()).toBe(404);
  // A part beyond the club's members is a 404 too.
  expect((await getPdf(page, "/members/crew-tags.pdf?part=2")).res.status()).toBe(404);
});

test("the QR codes of the PDF are accepted at the scanning profile with 'Require signed crew tags' on", {
  tag: "@once",
}, async ({ page }) => {
  const club = await createCrewTagClub({ members: 3, paid: 3 });
  await loginAs(page, club.manager.email, "/");
  await asKioskDevice(page); // the profile shows people only on a kiosk device (issue 18)
  // Printed and scanned at the pinned crew tag version: voiding the printed tags in another test
  // (ADR 0025) moves only the saved one.
  await withTestContext(page, { settings: { ...OPEN, requireSignedTags: true } });
  const { res, bytes } = await getPdf(page, "/members/crew-tags.pdf");
  expect(res.status()).toBe(200);
  const codes = qrCodesInPdf(bytes).map((q) => q.text ?? "");
  expect(codes).toHaveLength(3);
  for (const [i, m] of club.paid.entries()) {
    await page.goto(`/scanning/profile?code=${encodeURIComponent(codes[i])}`);
    await expect(page.getByRole("article", { name: m.name.toUpperCase() })).toBeVisible();
  }
  // The plain code the spec's kiosk reads is refused while signed tags are required.
  await page.goto(`/scanning/profile?code=${encodeURIComponent(`#${club.paid[0].id}`)}`);
  await expect(page.getByRole("alert")).toHaveText("Invalid input.");
});

// @once: a refusal by URL; Members runs without JS in members-payments.spec.ts.
test("a club with nobody paid has no crew tags: no link, and the URL says why", { tag: "@once" }, async ({
  page,
}) => {
  const club = await createCrewTagClub({ members: 2, paid: 0 });
  await loginAs(page, club.manager.email);
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download Crew Tags" })).toHaveCount(0);
  await page.goto("/members/crew-tags.pdf");
  await expect(page).toHaveURL(/\/members$/);
  await expect(flashToast(page, NO_PAID)).toBeVisible();
});

test("an admin downloads any club's crew tags from All Teams", { tag: "@once" }, async ({ page }) => {
  const club = await createCrewTagClub({ members: 3, paid: 3 });
  const unpaid = await createCrewTagClub({ members: 1, paid: 0 });
  await loginAs(page, "ADMIN");
  await page.goto(`/associations?name=${encodeURIComponent(club.name)}`);
  const table = page.getByRole("table", { name: "All Teams" });
  const link = table.getByRole("link", { name: `Download Crew Tags of ${club.name}` });
  await expect(link).toHaveAttribute("href", `/associations/${club.id}/crew-tags.pdf`);
  const saved = await download(page, () => link.click());
  expect(saved.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const codes = qrCodesInPdf(saved.bytes).map((q) => q.text);
  expect(codes).toHaveLength(3);
  for (const [i, m] of club.paid.entries()) expect(codes[i]).toMatch(signedCodeOf(m.id));

  const { res, bytes } = await getPdf(page, `/associations/${club.id}/crew-tags.pdf`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // A club with nobody paid: no link, and the URL goes back to All Teams with the reason.
  await page.goto(`/associations?name=${encodeURIComponent(unpaid.name)}`);
  await expect(table.getByRole("row").filter({ hasText: unpaid.name })).toHaveCount(1);
  await expect(table.getByRole("link", { name: /Download Crew Tags/ })).toHaveCount(0);
  await page.goto(`/associations/${unpaid.id}/crew-tags.pdf`);
  await expect(page).toHaveURL(/\/associations$/);
  await expect(flashToast(page, NO_PAID)).toBeVisible();
  // An admin has no club of their own.
  expect((await getPdf(page, "/members/crew-tags.pdf")).res.status()).toBe(302);
});

test("committee and competitors get no crew tags", { tag: "@once" }, async ({ page }) => {
  const club = await createCrewTagClub({ members: 3, paid: 3 });
  await loginAs(page, "COMMITTEE");
  await page.goto(`/associations?name=${encodeURIComponent(club.name)}`);
  const table = page.getByRole("table", { name: "All Teams" });
  await expect(table.getByRole("row").filter({ hasText: club.name })).toHaveCount(1);
  await expect(table.getByRole("link", { name: /Download Crew Tags/ })).toHaveCount(0);
  let refused = await getPdf(page, `/associations/${club.id}/crew-tags.pdf`);
  expect(refused.res.status()).toBe(302);
  expect(refused.res.headers().location).toBe("/");

  // A competitor of the club itself: refused on both URLs, sent home with the spec's message.
  await page.context().clearCookies();
  const competitor = club.members[1];
  expect(competitor.role).toBe("COMPETITOR");
  await loginAs(page, competitor.email);
  for (const url of ["/members/crew-tags.pdf", `/associations/${club.id}/crew-tags.pdf`]) {
    refused = await getPdf(page, url);
    expect(refused.res.status(), url).toBe(302);
    expect(refused.res.headers().location).toBe("/");
  }
  await page.goto("/members/crew-tags.pdf");
  await expect(page).toHaveURL(/\/$/);
  // (The refused requests above flashed the same message; the page shows them all.)
  await expect(flashToast(page, "Unauthorized. Redirect to homepage.").first()).toBeVisible();

  // Logged out: to the login page.
  await page.context().clearCookies();
  refused = await getPdf(page, "/members/crew-tags.pdf");
  expect(refused.res.status()).toBe(302);
  expect(refused.res.headers().location).toBe("/auth/login");
});
