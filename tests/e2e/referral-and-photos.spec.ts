// Issue 18, section 3, with JavaScript on and off: a club's referral (invitation) link regenerated
// by its manager (profile) or ADMIN (All Teams) — the old link then gives 'Invalid token.' and
// not-found, the new one opens registration, audited — while COMMITTEE, a COMPETITOR or another
// club's manager change nothing; and photo approval that approves only the photo the admin saw.
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  auditOf,
  clubToken,
  createClub,
  createUser,
  findUser,
  photosBefore,
  photoStored,
  replacePhoto,
  unique,
} from "./db";
import {
  csrfOf,
  expectRefused,
  flashToast,
  forgePost,
  isJs,
  mailsTo,
  toast,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

// No 5xx anywhere: every response the page sees is checked after each test.
watchServerErrors(test);

const REGENERATED = "The referral link has been regenerated. The old link no longer works.";
const REGISTER = "/auth/register/competitor";

const tokenIn = (link: string) => new URL(link).searchParams.get("token");

/** A logged-out browser opens a referral link (its path and query on the test server). */
async function openAsGuest(browser: Browser, link: string) {
  const context = await browser.newContext({ javaScriptEnabled: isJs() });
  const page = await context.newPage();
  const url = new URL(link, "http://x");
  await page.goto(url.pathname + url.search);
  return { page, close: () => context.close() };
}

/** The old link: 'Invalid token.' and not-found; the new one: the club's registration form. */
async function expectOnlyNewLinkWorks(browser: Browser, oldToken: string, newToken: string, team: string) {
  const old = await openAsGuest(browser, `${REGISTER}?token=${encodeURIComponent(oldToken)}`);
  await expect(old.page).toHaveURL(/\/not-found$/);
  await expect(toast(old.page, "Invalid token.")).toBeVisible();
  await old.close();
  const fresh = await openAsGuest(browser, `${REGISTER}?token=${encodeURIComponent(newToken)}`);
  await expect(fresh.page.getByRole("heading", { name: "Competitor Registration" })).toBeVisible();
  await expect(fresh.page.getByLabel("Team Name")).toHaveValue(team);
  await fresh.close();
}

test.describe("Regenerate the referral link", () => {
  test("the manager regenerates their club's link from the profile", async ({ page, browser }) => {
    const club = await createClub({ members: 2, manager: true });
    const other = await createClub({ members: 1 });
    const manager = club.members[0];
    await loginAs(page, manager.email, "/");
    const field = page.getByLabel("Referral Link");
    expect(tokenIn(await field.inputValue())).toBe(club.token);

    // No: back to the profile, nothing changes.
    await page.getByRole("link", { name: "Regenerate Link" }).click();
    await expect(page).toHaveURL(/\/referral-link$/);
    let dialog = page.getByRole("dialog", { name: "Regenerate Link" });
    await expect(dialog).toContainText(club.name);
    await expect(dialog).toContainText("Are you sure you want to regenerate this team's referral link?");
    await expect(dialog).toContainText("The old link stops working at once");
    await dialog.getByRole("link", { name: "No", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(clubToken(club.id)).toBe(club.token);

    // Yes: a new link on the profile, with the toast; audited with the actor and the club.
    await page.getByRole("link", { name: "Regenerate Link" }).click();
    dialog = page.getByRole("dialog", { name: "Regenerate Link" });
    await dialog.getByRole("button", { name: "Yes, regenerate" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(flashToast(page, REGENERATED)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const newToken = clubToken(club.id)!;
    expect(newToken).not.toBe(club.token);
    await expect(field).toHaveValue(new RegExp(`${REGISTER}\\?token=${newToken}$`));
    expect(clubToken(other.id)).toBe(other.token);
    const audited = auditOf(manager.id);
    expect(audited.map((e) => [e.action, e.target_id])).toEqual([
      ["association.referral_regenerated", String(club.id)],
    ]);
    expect(audited[0].details).not.toContain(newToken);

    await expectOnlyNewLinkWorks(browser, club.token, newToken, club.name);
  });

  test("ADMIN regenerates any club's link from All Teams", async ({ page, browser }) => {
    const admin = createUser("ADMIN");
    const club = await createClub({ name: unique("Regen Club"), members: 1 });
    const other = await createClub({ members: 1 });
    await loginAs(page, admin.email);
    await page.goto(`/associations?name=${encodeURIComponent(club.name)}`);
    await page.getByRole("link", { name: `Copy Referral Link of ${club.name}` }).click();
    const referral = page.getByRole("dialog", { name: `Referral Link: ${club.name}` });
    expect(tokenIn(await referral.getByLabel("Referral Link").inputValue())).toBe(club.token);
    await referral.getByRole("link", { name: "Regenerate Link" }).click();
    await expect(page).toHaveURL(new RegExp(`/associations/${club.id}/regenerate\\?name=`));
    const confirm = page.getByRole("dialog", { name: "Regenerate Link" });
    await expect(confirm).toContainText(club.name);
    expect(clubToken(club.id)).toBe(club.token); // not on GET
    await confirm.getByRole("button", { name: "Yes, regenerate" }).click();

    // Back on the club's referral dialog (the list's query kept), with the new link.
    await expect(page).toHaveURL(new RegExp(`/associations/${club.id}/referral\\?name=`));
    await expect(flashToast(page, REGENERATED)).toBeVisible();
    const newToken = clubToken(club.id)!;
    expect(newToken).not.toBe(club.token);
    await expect(
      page.getByRole("dialog", { name: `Referral Link: ${club.name}` }).getByLabel("Referral Link"),
    ).toHaveValue(new RegExp(`${REGISTER}\\?token=${newToken}$`));
    expect(clubToken(other.id)).toBe(other.token);
    expect(auditOf(admin.id).map((e) => [e.action, e.target_id])).toEqual([
      ["association.referral_regenerated", String(club.id)],
    ]);

    await expectOnlyNewLinkWorks(browser, club.token, newToken, club.name);
  });

  test("COMMITTEE, a COMPETITOR and another club's manager change nothing", { tag: "@once" }, async ({
    page,
  }) => {
    const club = await createClub({ members: 2, manager: true });
    const other = await createClub({ members: 2, manager: true });
    const [manager, competitor] = club.members;

    // The manager of `club`, forging a POST for `other`: by its id on their own form, or on
    // ADMIN's route. Without a CSRF token: refused as well.
    await loginAs(page, manager.email);
    await expectRefused(page, `/associations/${other.id}/regenerate`);
    let csrf = await csrfOf(page);
    let response = await forgePost(page, "/referral-link", [
      ["csrf", csrf],
      ["association", other.id],
    ]);
    expect(response.status()).toBe(404);
    response = await forgePost(page, `/associations/${other.id}/regenerate`, [["csrf", csrf]]);
    expect(response.status()).toBe(302);
    expect(new URL(response.headers().location, "http://x").pathname).toBe("/");
    response = await forgePost(page, "/referral-link", [["association", club.id]]);
    expect(response.status()).toBe(403);
    expect(clubToken(club.id)).toBe(club.token);
    expect(clubToken(other.id)).toBe(other.token);
    expect(auditOf(manager.id)).toEqual([]);
    await page.context().clearCookies();

    // A competitor of the club: not theirs to regenerate.
    await loginAs(page, competitor.email, "/");
    await expect(page.getByRole("link", { name: "Regenerate Link" })).toHaveCount(0);
    csrf = await csrfOf(page);
    response = await forgePost(page, "/referral-link", [
      ["csrf", csrf],
      ["association", club.id],
    ]);
    expect(response.status()).toBe(302);
    expect(new URL(response.headers().location, "http://x").pathname).toBe("/");
    expect(clubToken(club.id)).toBe(club.token);
    expect(auditOf(competitor.id)).toEqual([]);
    await page.context().clearCookies();

    // COMMITTEE sees and copies the link but has no Regenerate Link, and a POST is refused.
    const committee = createUser("COMMITTEE");
    await loginAs(page, committee.email);
    await page.goto(`/associations/${club.id}/referral`);
    await expect(page.getByRole("dialog", { name: `Referral Link: ${club.name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Regenerate Link" })).toHaveCount(0);
    await expectRefused(page, `/associations/${club.id}/regenerate`);
    csrf = await csrfOf(page);
    for (const [url, pairs] of [
      [`/associations/${club.id}/regenerate`, [["csrf", csrf]]],
      [
        "/referral-link",
        [
          ["csrf", csrf],
          ["association", club.id],
        ],
      ],
    ] as [string, [string, string | number][]][]) {
      response = await forgePost(page, url, pairs);
      expect(response.status(), url).toBe(302);
      expect(new URL(response.headers().location, "http://x").pathname).toBe("/");
    }
    expect(clubToken(club.id)).toBe(club.token);
    expect(auditOf(committee.id)).toEqual([]);
  });
});

/** The grid page (size 100) on which a member's card is: the grids are ordered by member id. */
function gridOf(id: number) {
  return `/users/approve-photo?size=100&page=${Math.floor(photosBefore(id, "pending") / 100)}`;
}

const box = (page: Page, name: string) => page.getByRole("checkbox", { name });

test.describe("Photo approval approves the photo the admin saw", () => {
  // @once: a conflict on the approve and reject confirmations, which staff-console.spec.ts "admin approves two and rejects one" sends without JS.
  test("a photo replaced between page load and Approve stays pending, and the admin is told", {
    tag: "@once",
  }, async ({ page }) => {
    const admin = createUser("ADMIN");
    const club = await createClub({ members: 3, photo: "pending" });
    const [a, b, c] = club.members;
    await loginAs(page, admin.email);
    await page.goto(gridOf(a.id));
    await expect(box(page, a.name)).toHaveValue(`${a.id}:${a.image}`);
    await box(page, a.name).check();
    await box(page, b.name).check();

    // b uploads a new photo while the admin looks at the old one.
    const bNew = await replacePhoto(b.id);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = page.getByRole("dialog", { name: "Approve" });
    await expect(approve).toContainText("Are you sure you want to approve selected 2 user(s)?");
    await approve.getByRole("button", { name: "Yes, approve" }).click();

    // The others as before, with the spec's toast; b skipped, and named.
    await expect(flashToast(page, "Selected photo(s) have been approved.")).toBeVisible();
    await expect(
      flashToast(
        page,
        `1 photo(s) not approved: the member replaced it after the page was loaded (${b.name}). Please review the new photo.`,
      ),
    ).toBeVisible();
    expect(findUser(a.id)).toMatchObject({ valid_image: 1, image: a.image });
    expect(findUser(b.id)).toMatchObject({ valid_image: 0, image: bNew });
    expect(findUser(c.id)).toMatchObject({ valid_image: 0, image: c.image });
    expect(auditOf(admin.id).map((e) => [e.action, e.details])).toEqual([
      ["photos.approved", JSON.stringify({ userIds: [a.id] })],
    ]);
    // b's card now shows the new photo, still to review.
    await expect(page.getByRole("img", { name: b.name })).toHaveAttribute("src", `/uploads/${bNew}`);
    await expect(box(page, b.name)).toHaveValue(`${b.id}:${bNew}`);

    // Reject, and the photo is replaced again between the confirmation and Yes: nothing is
    // rejected (the new photo is not deleted unseen), no email, only the warning.
    await box(page, b.name).check();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    const reject = page.getByRole("dialog", { name: "Reject" });
    await expect(reject).toContainText("Are you sure you want to reject selected 1 user(s)?");
    const bNewer = await replacePhoto(b.id);
    await reject.getByRole("button", { name: "Yes, reject" }).click();
    await expect(
      flashToast(
        page,
        `1 photo(s) not rejected: the member replaced it after the page was loaded (${b.name}). Please review the new photo.`,
      ),
    ).toBeVisible();
    await expect(flashToast(page, "Selected photo(s) have been rejected.")).toHaveCount(0);
    expect(findUser(b.id)).toMatchObject({ valid_image: 0, image: bNewer });
    expect(photoStored(bNewer)).toBe(true);
    expect(await mailsTo(b.email)).toEqual([]);
    expect(auditOf(admin.id)).toHaveLength(1);
  });

  test("a POST without the photo each id was shown with is refused", { tag: "@once" }, async ({ page }) => {
    const admin = createUser("ADMIN");
    const [m] = (await createClub({ members: 1, photo: "pending" })).members;
    await loginAs(page, admin.email, "/");
    const csrf = await csrfOf(page);
    for (const value of [String(m.id), `${m.id}:`, `${m.id}:../x.jpg`, `:${m.image}`]) {
      const response = await forgePost(page, "/users/approve-photo", [
        ["csrf", csrf],
        ["intent", "approve"],
        ["confirmed", "yes"],
        ["ids", value],
      ]);
      expect(response.status(), value).toBe(400);
    }
    expect(findUser(m.id)).toMatchObject({ valid_image: 0, image: m.image });
    expect(auditOf(admin.id)).toEqual([]);
  });
});
