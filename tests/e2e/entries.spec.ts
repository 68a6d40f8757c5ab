// Event entries and the waitlist end to end, with JavaScript on and off: a manager buys two entries
// through the payment simulator and finds the two event teams on Assigned Events; a request over
// the cap says how many are left and creates no order; a full event's waitlist gets the offer
// email when another club's order is cancelled, and the held entries are bought; the entries
// deadline hides the controls and refuses forged requests; other roles, other clubs' waitlist
// entries and requests without a CSRF token are refused; staff see an event's waitlist. Every test
// makes its own clubs and events (tests/e2e/db.ts) and sets the entries deadline for its own
// requests (tests/e2e/test-context.ts: the saved deadline is one for the whole app).
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  createClub,
  createEntryEvent,
  createEntryOrder,
  createTeam,
  createUser,
  createWaitlistEntry,
  entryLinesOf,
  orderRecord,
  ordersOwnedBy,
  teamNamesOf,
  waitlistRows,
} from "./db";
import {
  asFreshClient,
  csrfOf,
  flashToast as toast,
  forgePost,
  isJs,
  payOnSimulator,
  waitForMail,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

/** services/waitlist-mail.server.ts WAITLIST_OFFER_SUBJECT (not imported: a server module). */
const OFFER_SUBJECT = /^Event entries are held for your team$/;
const NONE_SELECTED = "Number of teams must be at least 1.";
const TOO_MANY = "Number of teams must be a whole number from 0 to 20.";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** A club of one manager (and `members - 1` competitors). */
async function club(members = 1) {
  const c = await createClub({ members, manager: true });
  return { ...c, manager: c.members[0] };
}

const buyTable = (page: Page) => page.getByRole("table", { name: "Buy Event Entries" });
const eventRow = (page: Page, name: string) => buyTable(page).getByRole("row").filter({ hasText: name });
const teamsInput = (page: Page, name: string) =>
  page.getByLabel(`Number of teams for ${name}`, { exact: true });
const checkoutDialog = (page: Page) => page.getByRole("dialog", { name: "Checkout" });
/** The dialog's Close button (the × in its corner is a link named Close too). */
const closeDialog = (page: Page) =>
  checkoutDialog(page).locator("a.btn").filter({ hasText: "Close" }).click();

/** A second browser (same JavaScript setting) logged in as someone else. */
async function otherBrowser(browser: Browser, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: isJs() });
  const page = await context.newPage();
  await asFreshClient(page);
  await withTestContext(page, { settings: OPEN });
  await loginAs(page, email, "/");
  return { page, close: () => context.close() };
}

test.describe("Buying event entries", () => {
  test("the manager buys two entries through the simulator and finds two event teams", async ({ page }) => {
    await withTestContext(page, { settings: OPEN });
    const ours = await club();
    const event = createEntryEvent({ maxTeam: 10, price: 12500 });
    await loginAs(page, ours.manager.email);
    await page.goto("/events");
    await expect(page.getByRole("heading", { name: "Assigned Events", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Buy Event Entries", level: 2 })).toBeVisible();
    const row = eventRow(page, event.name);
    await expect(row).toContainText("RM 125.00");
    await expect(row).toContainText(`Description of ${event.name}.`);

    // Nothing asked for: the dialog says so.
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(checkoutDialog(page)).toContainText(NONE_SELECTED);
    await closeDialog(page);

    // Too many: refused, the number typed stays behind the dialog.
    await teamsInput(page, event.name).fill("21");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(checkoutDialog(page)).toContainText(TOO_MANY);
    await expect(teamsInput(page, event.name)).toHaveValue("21");
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);
    await closeDialog(page);
    await expect(checkoutDialog(page)).toHaveCount(0);
    await expect(teamsInput(page, event.name)).toHaveValue("21");

    await teamsInput(page, event.name).fill("2");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/events\/checkout\?/);
    const dialog = checkoutDialog(page);
    await expect(dialog.getByRole("columnheader")).toHaveText([
      "Event",
      "Price",
      "Number of teams",
      "Subtotal",
    ]);
    await expect(dialog.locator('td[data-label="Event"]')).toHaveText([event.name]);
    await expect(dialog.locator('td[data-label="Number of teams"]')).toHaveText(["2"]);
    await expect(dialog.locator('td[data-label="Subtotal"]')).toHaveText(["RM 250.00"]);
    await expect(dialog.locator('td[data-label="Total"]')).toHaveText("RM 250.00");
    await expect(dialog).toContainText("Payment is due within");
    await expect(teamsInput(page, event.name)).toHaveValue("2");
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0); // the view writes nothing

    await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
    await payOnSimulator(page);
    const [order] = ordersOwnedBy(ours.manager.id);
    expect(orderRecord(order.id)?.status).toBe("PAID");
    expect(entryLinesOf(order.id)).toEqual([{ event_id: event.id, count: 2, price: 12500 }]);

    const base = ours.name.toUpperCase();
    expect(teamNamesOf(ours.id, event.id)).toEqual([`${base} A`, `${base} B`]);
    await page.goto("/events");
    const assigned = page.getByRole("table", { name: "Assigned Events" });
    const mine = assigned.getByRole("row").filter({ hasText: event.name });
    await expect(mine.locator('td[data-label="Event Team"]')).toHaveText([`${base} A`, `${base} B`]);
    await expect(mine.getByRole("link", { name: `Pick Crew for ${base} A` })).toHaveAttribute(
      "href",
      /^\/events\/teams\/\d+$/,
    );
    await expect(eventRow(page, event.name).locator('td[data-label="Entries Left"]')).toHaveText("8");
  });

  test("more than are left: how many are left, no order; the waitlist from the dialog", async ({ page }) => {
    await withTestContext(page, { settings: OPEN });
    const ours = await club();
    const theirs = await club();
    const event = createEntryEvent({ maxTeam: 3 });
    createTeam(theirs.id, event.id, `${theirs.name.toUpperCase()} A`);
    createTeam(theirs.id, event.id, `${theirs.name.toUpperCase()} B`);
    await loginAs(page, ours.manager.email);
    await page.goto("/events");
    await expect(eventRow(page, event.name).locator('td[data-label="Entries Left"]')).toHaveText("1");
    await teamsInput(page, event.name).fill("2");
    await page.getByRole("button", { name: "Checkout" }).click();
    const dialog = checkoutDialog(page);
    await expect(dialog).toContainText(
      `Only 1 entry is left for ${event.name}. Buy at most 1, or join its waitlist.`,
    );
    await expect(dialog.getByRole("button", { name: "Proceed to Payment" })).toHaveCount(0);
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);

    // Forged past the view: 409, still no order.
    const forged = await forgePost(page, "/events/checkout", [
      ["event", event.id],
      ["teams", 2],
      ["csrf", await csrfOf(page)],
    ]);
    expect(forged.status()).toBe(409);
    expect(await forged.text()).toContain("Only 1 entry is left");
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);

    // Join its waitlist right there, for the two teams asked for.
    await expect(dialog.getByLabel(`Teams to wait for in ${event.name}`)).toHaveValue("2");
    await dialog.getByRole("button", { name: `Join Waitlist of ${event.name}` }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(
      toast(page, `You are on the waitlist for ${event.name}. We will email you when entries free up.`),
    ).toBeVisible();
    // The one entry still free is offered at once to the club now first in line (this one).
    await expect(eventRow(page, event.name)).toContainText(`1 entry is held for you in ${event.name} until`);
    expect(waitlistRows(event.id).map((w) => [w.association_id, w.teams, w.status, w.held])).toEqual([
      [ours.id, 2, "OFFERED", 1],
    ]);
    // Once is enough.
    const again = await forgePost(page, "/events/waitlist", [
      ["intent", "join"],
      ["event", event.id],
      ["teams", 2],
      ["csrf", await csrfOf(page)],
    ]);
    expect(again.status()).toBe(302);
    expect(waitlistRows(event.id)).toHaveLength(1);
  });
});

test.describe("Waitlist", () => {
  // @once: waitlist offers and their email: the Join Waitlist form is "more than are left"'s without JS, the checkout "the manager buys two entries"'s.
  test("a cancelled order frees a full event's entries: the waiting manager is emailed and buys them", {
    tag: "@once",
  }, async ({ page, browser }) => {
    await withTestContext(page, { settings: OPEN });
    const ours = await club();
    const theirs = await club();
    const event = createEntryEvent({ maxTeam: 2 });
    const held = createEntryOrder(theirs.manager.id, event.id, 2);

    await loginAs(page, ours.manager.email);
    await page.goto("/events");
    const row = eventRow(page, event.name);
    await expect(row.locator('td[data-label="Entries Left"]')).toHaveText("Full");
    await expect(teamsInput(page, event.name)).toHaveCount(0);
    await row.getByLabel(`Teams to wait for in ${event.name}`).fill("2");
    await row.getByRole("button", { name: `Join Waitlist of ${event.name}` }).click();
    await expect(toast(page, `You are on the waitlist for ${event.name}.`)).toBeVisible();
    await expect(eventRow(page, event.name)).toContainText("On the waitlist for 2 teams.");
    await expect(
      eventRow(page, event.name).getByRole("button", { name: `Leave Waitlist of ${event.name}` }),
    ).toBeVisible();

    // The other club's manager cancels their Processing order.
    const since = Date.now();
    const other = await otherBrowser(browser, theirs.manager.email);
    try {
      await other.page.goto(`/orders/${held.id}/cancel`);
      await other.page.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(other.page).toHaveURL(/\/orders$/);
    } finally {
      await other.close();
    }
    expect(orderRecord(held.id)?.status).toBe("CANCELLED");

    const mail = await waitForMail(ours.manager.email, OFFER_SUBJECT, since);
    expect(mail.text).toContain(event.name);
    expect(mail.text).toContain("2 entries are held for your team");
    expect(waitlistRows(event.id).map((w) => [w.status, w.held])).toEqual([["OFFERED", 2]]);

    await page.goto("/events");
    await expect(eventRow(page, event.name)).toContainText(
      `2 entries are held for you in ${event.name} until`,
    );
    await expect(teamsInput(page, event.name)).toHaveValue("2");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(checkoutDialog(page).locator('td[data-label="Number of teams"]')).toHaveText(["2"]);
    // Buying closes the club's place on the waitlist: the dialog says so first.
    await expect(checkoutDialog(page)).toContainText(
      `Buying entries of ${event.name} closes your team's place on its waitlist.`,
    );
    await checkoutDialog(page).getByRole("button", { name: "Proceed to Payment" }).click();
    await payOnSimulator(page);
    const base = ours.name.toUpperCase();
    expect(teamNamesOf(ours.id, event.id)).toEqual([`${base} A`, `${base} B`]);
    expect(waitlistRows(event.id).map((w) => w.status)).toEqual(["BOUGHT"]);
  });

  test("a manager leaves their own waitlist entry, never another club's", async ({ page }) => {
    await withTestContext(page, { settings: OPEN });
    const ours = await club();
    const theirs = await club();
    const event = createEntryEvent({ maxTeam: 1 });
    createTeam(theirs.id, event.id, `${theirs.name.toUpperCase()} A`);
    const mine = createWaitlistEntry(event.id, ours.id, ours.manager.id, 1);
    const foreign = createWaitlistEntry(event.id, theirs.id, theirs.manager.id, 3);
    await loginAs(page, ours.manager.email);
    await page.goto("/events");
    const csrf = await csrfOf(page);

    const forged = await forgePost(page, "/events/waitlist", [
      ["intent", "leave"],
      ["entry", foreign],
      ["csrf", csrf],
    ]);
    expect(forged.status()).toBe(404);
    // Without the CSRF token, not even our own.
    const noToken = await forgePost(page, "/events/waitlist", [
      ["intent", "leave"],
      ["entry", mine],
    ]);
    expect(noToken.status()).toBe(403);
    expect(waitlistRows(event.id).map((w) => [w.id, w.status])).toEqual([
      [mine, "WAITING"],
      [foreign, "WAITING"],
    ]);

    await eventRow(page, event.name)
      .getByRole("button", { name: `Leave Waitlist of ${event.name}` })
      .click();
    await expect(toast(page, "You have left the waitlist.")).toBeVisible();
    expect(waitlistRows(event.id).map((w) => [w.id, w.status])).toEqual([
      [mine, "LEFT"],
      [foreign, "WAITING"],
    ]);
    await expect(
      eventRow(page, event.name).getByRole("button", { name: `Join Waitlist of ${event.name}` }),
    ).toBeVisible();
  });
});

test.describe("Refusals", () => {
  test("a competitor cannot check out or join a waitlist; a join without a CSRF token changes nothing", {
    tag: "@once",
  }, async ({ page }) => {
    await withTestContext(page, { settings: OPEN });
    const ours = await club(2);
    const competitor = ours.members[1];
    const event = createEntryEvent({ maxTeam: 1 });
    const theirs = await club();
    createTeam(theirs.id, event.id, `${theirs.name.toUpperCase()} A`);

    await loginAs(page, competitor.email);
    await page.goto("/events");
    const csrf = await csrfOf(page);
    await expect(page.getByRole("heading", { name: "Assigned Events", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Buy Event Entries" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
    const view = await page.goto(`/events/checkout?event=${event.id}&teams=1`);
    expect(view?.status()).toBe(403);
    const buy = await forgePost(page, "/events/checkout", [
      ["event", event.id],
      ["teams", 1],
      ["csrf", csrf],
    ]);
    expect(buy.status()).toBe(403);
    const join = await forgePost(page, "/events/waitlist", [
      ["intent", "join"],
      ["event", event.id],
      ["teams", 1],
      ["csrf", csrf],
    ]);
    expect(join.status()).toBe(403);
    expect(ordersOwnedBy(competitor.id)).toHaveLength(0);
    expect(waitlistRows(event.id)).toEqual([]);

    // The manager, without the token: 403, nothing changed.
    await page.context().clearCookies();
    await loginAs(page, ours.manager.email, "/");
    const noToken = await forgePost(page, "/events/waitlist", [
      ["intent", "join"],
      ["event", event.id],
      ["teams", 1],
    ]);
    expect(noToken.status()).toBe(403);
    const noTokenBuy = await forgePost(page, "/events/checkout", [
      ["event", event.id],
      ["teams", 1],
    ]);
    expect(noTokenBuy.status()).toBe(403);
    expect(waitlistRows(event.id)).toEqual([]);
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);
  });

  test("staff see an event's waitlist; a manager may not", async ({ page }) => {
    await withTestContext(page, { settings: OPEN });
    const event = createEntryEvent({ maxTeam: 1 });
    const empty = createEntryEvent();
    const a = await createClub({ members: 1, manager: true, country: "SG" });
    const b = await createClub({ members: 1, manager: true });
    createTeam(a.id, event.id, `${a.name.toUpperCase()} A`);
    createWaitlistEntry(event.id, b.id, b.members[0].id, 2);
    createWaitlistEntry(event.id, a.id, a.members[0].id, 1, "LEFT");

    for (const role of ["ADMIN", "COMMITTEE"] as const) {
      const staff = createUser(role);
      await page.context().clearCookies();
      await loginAs(page, staff.email);
      await page.goto(`/events?name=${encodeURIComponent(event.name)}`);
      const row = page.getByRole("table", { name: "All Events" }).locator("tbody tr");
      await expect(row.locator('td[data-label="Waitlist"]')).toHaveText("1 waiting · View");
      await row.getByRole("link", { name: `View waitlist of ${event.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/events/${event.id}/waitlist\\?name=`));
      const dialog = page.getByRole("dialog", { name: "Waitlist" });
      const table = dialog.getByRole("table", { name: `Waitlist of ${event.name}` });
      await expect(table.getByRole("columnheader")).toHaveText([
        "#",
        "Team",
        "Country",
        "Manager email",
        "Teams",
        "Status",
        "Held",
        "Hold until",
        "Joined",
      ]);
      const rows = table.locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).locator("td").nth(1)).toHaveText(b.name);
      await expect(rows.nth(0).locator('td[data-label="Manager email"]')).toHaveText(b.members[0].email);
      await expect(rows.nth(0).locator('td[data-label="Teams"]')).toHaveText("2");
      await expect(rows.nth(0).locator('td[data-label="Status"]')).toHaveText("Waiting");
      await expect(rows.nth(1).locator('td[data-label="Country"]')).toHaveText("SG");
      await expect(rows.nth(1).locator('td[data-label="Status"]')).toHaveText("Left");
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.goto(`/events/${empty.id}/waitlist`);
      await expect(page.getByRole("dialog", { name: "Waitlist" })).toContainText("Nothing to show");
      expect((await page.goto("/events/99999999/waitlist"))?.status()).toBe(404);
    }

    await page.context().clearCookies();
    await loginAs(page, b.members[0].email);
    expect((await page.goto(`/events/${event.id}/waitlist`))?.status()).toBe(403);
  });
});

test.describe("Entries deadline", () => {
  // @once: the deadline's server-rendered markup and forged posts; /events' forms run without JS in "the manager buys two entries" and "more than are left".
  test("before it the date shows; after it the controls are gone and forged requests are refused", {
    tag: "@once",
  }, async ({ page }) => {
    const ours = await club();
    const event = createEntryEvent({ maxTeam: 1 });
    const open = createEntryEvent();
    const theirs = await club();
    createTeam(theirs.id, event.id, `${theirs.name.toUpperCase()} A`);
    const waiting = createWaitlistEntry(event.id, ours.id, ours.manager.id, 1);
    const minute = 60_000;
    await loginAs(page, ours.manager.email);

    const later = Math.ceil(Date.now() / minute) * minute + 24 * 60 * minute;
    await withTestContext(page, { settings: { ...OPEN, entriesCloseAt: later } });
    await page.goto("/events");
    await expect(page.getByText(/^Entries close on \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M\.$/)).toBeVisible();
    await expect(teamsInput(page, open.name)).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();

    const past = Math.floor(Date.now() / minute) * minute - 60 * minute;
    await withTestContext(page, { settings: { ...OPEN, entriesCloseAt: past } });
    await page.goto("/events");
    const closed = page.getByText(/^Entries closed on \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M\. Contact/);
    await expect(closed).toBeVisible();
    await expect(buyTable(page).getByRole("textbox")).toHaveCount(0);
    await expect(buyTable(page).getByRole("spinbutton")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Join|Leave) Waitlist/ })).toHaveCount(0);
    // The club's place on the waitlist still shows.
    await expect(eventRow(page, event.name)).toContainText("On the waitlist for 1 team.");

    const view = await page.goto(`/events/checkout?event=${open.id}&teams=1`);
    expect(view?.status()).toBe(409);
    await expect(checkoutDialog(page)).toContainText("Entries closed on");
    const csrf = await csrfOf(page);
    const buy = await forgePost(page, "/events/checkout", [
      ["event", open.id],
      ["teams", 1],
      ["csrf", csrf],
    ]);
    expect(buy.status()).toBe(409);
    const join = await forgePost(page, "/events/waitlist", [
      ["intent", "join"],
      ["event", event.id],
      ["teams", 1],
      ["csrf", csrf],
    ]);
    expect(join.status()).toBe(302);
    const leave = await forgePost(page, "/events/waitlist", [
      ["intent", "leave"],
      ["entry", waiting],
      ["csrf", csrf],
    ]);
    expect(leave.status()).toBe(302);
    await page.goto("/events");
    await expect(toast(page, "Entries closed on")).toHaveCount(2);
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);
    expect(waitlistRows(event.id).map((w) => [w.id, w.status])).toEqual([[waiting, "WAITING"]]);
  });
});
