// A Malay-speaking team manager end to end, with JavaScript on and off (issue 12, item 1): they
// switch to Bahasa Melayu with the sidebar's button, and then approve a member, pay the crew tag fee
// through the payment simulator and pick a crew, every heading, button, tab, label and toast of
// ours in Malay (the bundle app/messages.ms.ts), <html lang="ms"> on every page, and nothing of the
// English sidebar left. The simulator is the provider's page and its return message is the
// provider's ("Payment was successful"): those stay as the provider sends them.
import { expect, type Page, test } from "./fixtures";
import { MS } from "../../app/messages.ms";
import {
  createClub,
  createCrewEvent,
  createTeam,
  memberFlags,
  ordersOwnedBy,
  setMemberState,
  settingsRow,
  teamMemberIds,
} from "./db";
import { asFreshClient, flashToast, isJs, watchServerErrors } from "./helpers";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const { MSG, TITLES, NAV, LABELS } = MS;

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

async function expectMalay(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
}

test("a manager in Bahasa Melayu approves a member, pays the crew tag fee and picks a crew", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The manager and three members, approved photos; one member waits for approval; no fee paid.
  const club = await createClub({ members: 4, manager: true, photo: "approved" });
  const [manager, waiting, m2, m3] = club.members;
  setMemberState(waiting.id, { approved: false });
  const event = createCrewEvent({ minRace: 2, maxRace: 4, reserveCount: 0, maxMale: 4, minFemale: 0 });
  const teamName = `${club.name} A`;
  const teamId = createTeam(club.id, event.id, teamName);

  await loginAs(page, manager.email, "/");
  // The sidebar's switch (a plain POST form): back on the same page, in Malay.
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectMalay(page);
  const nav = page.getByRole("navigation", { name: LABELS.mainNav });
  const links = (await nav.getByRole("link").allInnerTexts()).map((t) => t.replace(" ↗", "").trim());
  expect(links).toEqual([
    NAV.officialWebsite,
    NAV.home,
    NAV.events,
    NAV.myRaces, // issue 28
    TITLES.tickets,
    TITLES.members,
    TITLES.orders,
    TITLES.eoiManager,
    TITLES.training,
    TITLES.help,
  ]);
  await expect(page.locator(".sidebar-user small")).toHaveText(LABELS.roles.MANAGER);
  await expect(page.getByRole("button", { name: NAV.logout })).toBeVisible();
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();

  // Members: approve the waiting member.
  await nav.getByRole("link", { name: TITLES.members, exact: true }).click();
  await expect(h1(page, TITLES.members)).toBeVisible();
  await expect(page).toHaveTitle(`${TITLES.members} | ${TITLES.appName}`);
  await expectMalay(page);
  const tabs = page.getByRole("navigation", { name: LABELS.memberTabs });
  await tabs.getByRole("link", { name: new RegExp(`^${LABELS.tabPending} \\(`) }).click();
  await expect(page.getByRole("columnheader", { name: LABELS.colIdentification })).toBeVisible();
  await page.getByLabel(LABELS.selectMember(waiting.name)).check();
  await page.getByRole("button", { name: LABELS.approve, exact: true }).click();
  await expect(flashToast(page, MSG.membersApproved)).toBeVisible();
  expect(memberFlags(waiting.id).approved).toBe(1);

  // The crew tag fee of all four: the checkout dialog, the declaration error, the simulator.
  await tabs.getByRole("link", { name: new RegExp(`^${LABELS.tabFee} \\(`) }).click();
  await expect(page).toHaveURL(/tab=fee/);
  for (const m of [manager, waiting, m2, m3]) await page.getByLabel(LABELS.selectMember(m.name)).check();
  await page.getByRole("button", { name: LABELS.pay, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: TITLES.checkout });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: LABELS.item })).toBeVisible();
  await expect(dialog.locator(`td[data-label="${LABELS.item}"]`)).toHaveCount(4);
  await expect(dialog.getByRole("rowheader", { name: LABELS.total })).toBeVisible();
  await expect(dialog).toContainText(MSG.membersPaymentNotes(settingsRow()?.payment_due_hours ?? 24));
  await dialog.getByRole("button", { name: LABELS.proceedToPayment }).click();
  await expect(flashToast(page, MSG.membersDeclarationRequired)).toBeVisible();
  const checkout = page.getByRole("dialog", { name: TITLES.checkout });
  await checkout.getByLabel(MSG.membersDeclaration).check();
  await checkout.getByRole("button", { name: LABELS.proceedToPayment }).click();
  if (!isJs()) {
    await expect(page.getByText(MSG.paymentRedirecting)).toBeVisible();
    await page.getByRole("button", { name: LABELS.continueToPayment }).click();
  }
  await expect(page).toHaveURL(/\/simulator\/pay\?/);
  await expectMalay(page);
  await expect(page.getByText(LABELS.simulatorHint)).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  if (!isJs()) {
    await expect(page).toHaveURL(/\/senangpay\/return\?/);
    await expect(h1(page, TITLES.paymentReturn)).toBeVisible();
    await page.getByRole("button", { name: LABELS.continue, exact: true }).click();
  }
  await expect(page).toHaveURL(/\/orders$/);
  await expect(flashToast(page, "Payment was successful")).toBeVisible();
  expect(ordersOwnedBy(manager.id).at(-1)?.status).toBe("PAID");
  for (const m of [manager, waiting, m2, m3]) expect(memberFlags(m.id).membership_paid).toBe(1);

  // Pick Crew, from Assigned Events: a refused selection, then a saved one.
  await withTestContext(page, { settings: OPEN });
  await nav.getByRole("link", { name: NAV.events, exact: true }).click();
  await expect(h1(page, TITLES.assignedEvents)).toBeVisible();
  await page.getByRole("link", { name: LABELS.pickCrewFor(teamName) }).click();
  await expect(h1(page, LABELS.eventTeamTitle(teamName))).toBeVisible();
  await expect(page).toHaveTitle(`${LABELS.eventTeamTitle(teamName)} | ${TITLES.appName}`);
  await expectMalay(page);
  await expect(page.getByRole("link", { name: LABELS.backToEvents })).toHaveAttribute("href", "/events");
  await expect(page.getByText(`${LABELS.capsRange(2, 4)}; ${LABELS.capsMaxMale(4)}.`)).toBeVisible();
  await expect(page.getByRole("table", { name: LABELS.canBePicked })).toBeVisible();
  const box = (name: string) => page.getByRole("checkbox", { name, exact: true });
  await box(m2.name).check();
  await page.getByRole("button", { name: LABELS.save, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.crewMinRace(2) })).toBeVisible();
  expect(teamMemberIds(teamId)).toEqual([]);
  if (isJs()) {
    await expect(page.getByRole("list", { name: LABELS.selection })).toContainText(
      `${LABELS.countSelected}: 1`,
    );
  }
  for (const m of [manager, waiting, m2]) await box(m.name).setChecked(true);
  await page.getByRole("button", { name: LABELS.save, exact: true }).click();
  await expect(flashToast(page, MSG.crewUpdated)).toBeVisible();
  expect(teamMemberIds(teamId)).toEqual([manager.id, waiting.id, m2.id].sort((a, b) => a - b));
});
