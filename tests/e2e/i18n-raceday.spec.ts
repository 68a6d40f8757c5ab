// Race day and training in Bahasa Melayu (issue 12, item 1), with JavaScript on and off: the
// entrance kiosk (its own language switch, what a browser that is not a kiosk device gets, then an
// enrolled device's round, team, scan and scanning profile), the
// public scoreboard in the visitor's language, an admin's Generate Draw dialog, and a manager's
// Training Booking and Expression of Interest (a saved EOI's toast). English is the default
// everywhere else (the existing specs of these screens).
import { expect, type Page, test } from "./fixtures";
import { MS } from "../../app/messages.ms";
import { createClub, createScanSetup, createUser, signedCodeOf } from "./db";
import { asFreshClient, flashToast, watchServerErrors } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const { MSG, TITLES, LABELS } = MS;

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const malay = (page: Page) => expect(page.locator("html")).toHaveAttribute("lang", "ms");

test("the kiosk, the scanning profile and the scoreboard speak Malay", async ({ page }) => {
  const s = await createScanSetup();
  const [m1] = s.team.members;
  // Signed codes of the pinned crew tag version (tests/e2e/test-context.ts).
  await withTestContext(page, { settings: OPEN });
  // What a stranger gets, in Malay; then the device as staff enrolled it (issue 18).
  await page.goto("/scanning/entrance");
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page.getByText(MSG.kioskLocked)).toBeVisible();
  await asKioskDevice(page);
  await page.reload();
  await expect(h1(page, TITLES.scanningEntrance)).toBeVisible();
  await malay(page);
  await expect(page).toHaveTitle(`${TITLES.scanningEntrance} | ${TITLES.appName}`);
  await page.getByLabel(LABELS.kioskRoundName).fill(s.round.name);
  await page.getByRole("button", { name: LABELS.kioskFindRound }).click();
  await expect(page.getByText(LABELS.kioskLaneHint)).toBeVisible();
  await page.getByRole("button", { name: `${LABELS.rdLaneN("1")} ${s.team.name}` }).click();
  await page.getByLabel(LABELS.kioskScanCode).fill(signedCodeOf(m1.id));
  await page.getByRole("button", { name: LABELS.kioskScan, exact: true }).click();
  await expect(page.locator("#scan-message")).toHaveText(MSG.scanAdded(m1.name));
  await expect(page.locator(".kiosk-counts")).toContainText(LABELS.kioskParticipants(1, 12));
  await expect(page.getByRole("link", { name: LABELS.kioskChangeTeam })).toBeVisible();

  await page.goto(`/scanning/profile?code=${encodeURIComponent(signedCodeOf(m1.id))}`);
  await expect(h1(page, TITLES.scanningProfile)).toBeVisible();
  await expect(page.getByRole("heading", { name: LABELS.kioskTeamEntries })).toBeVisible();
  await expect(page.getByText(LABELS.kioskAssociation, { exact: true })).toBeVisible();
  await expect(page.getByText(LABELS.ageGroup, { exact: true })).toBeVisible();
  await page.goto("/scanning/profile?code=NOT-A-CODE");
  await expect(page.getByRole("alert")).toHaveText(MSG.scanInvalid);

  // The scoreboard follows the same cookie: a plain document in Malay.
  await page.goto("/scoreboard");
  await malay(page);
  await expect(h1(page, TITLES.scoreboard)).toBeVisible();
  await expect(page).toHaveTitle(`${TITLES.scoreboard} | ${TITLES.appName}`);
  await expect(page.locator("footer")).toContainText(MS.FOOTER.designer);
});

// @once: Generate Draw, Training Booking and EOI run without JS in their own specs, Malay pages in "the kiosk, the scanning profile and the scoreboard speak Malay".
test("an admin's Generate Draw and a manager's training and EOI speak Malay", { tag: "@once" }, async ({
  page,
}) => {
  const s = await createScanSetup();
  // Fresh accounts: the switch also keeps the language on the account (users.locale, for emails).
  const admin = createUser("ADMIN");
  const club = await createClub({ members: 1, manager: true });
  await loginAs(page, admin.email, "/");
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await page.goto(`/rounds?event=${s.event.id}`);
  await expect(h1(page, TITLES.rounds)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: LABELS.rdRacesCol })).toBeVisible();
  await page.getByRole("link", { name: LABELS.rdGenerateDrawFor(s.round.name) }).click();
  const dialog = page.getByRole("dialog", { name: LABELS.rdGenerateDraw });
  await expect(dialog).toBeVisible();
  // The round already has its races: the plan's refusal, in a dialog of Malay labels.
  await expect(dialog.getByLabel(LABELS.rdLanesPerHeat)).toBeVisible();
  await expect(dialog.getByText(LABELS.rdNothingSavable)).toBeVisible();
  await expect(dialog.getByRole("button", { name: LABELS.rdRedraw })).toBeVisible();

  await page.context().clearCookies();
  await loginAs(page, club.members[0].email, "/");
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await page.goto("/training");
  await malay(page);
  await expect(h1(page, TITLES.training)).toBeVisible();
  await expect(page.getByText(MSG.bookingIntro)).toBeVisible();
  await page.goto("/eoi");
  await expect(h1(page, TITLES.eoiManager)).toBeVisible();
  await expect(page.getByText(MSG.eoiIntro)).toBeVisible();
  await page.getByRole("button", { name: LABELS.save, exact: true }).click();
  await expect(flashToast(page, MSG.eoiSaved)).toBeVisible();
  await malay(page);
});
