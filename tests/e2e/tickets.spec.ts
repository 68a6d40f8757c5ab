// Dinner Ticket Purchase end to end, with JavaScript on and off: a club's manager sees the ticket
// (description and price from the settings), is refused 0 pax with the spec's sentence (nothing
// created, the typed pax kept), buys 3 pax through the payment simulator (the real hashing and
// verification) and the order is PAID with one TICKET line of count 3. Other roles are refused;
// forged posts (no CSRF token, pax out of range) create nothing.
import { expect, type Page, test } from "./fixtures";
import { formatRM } from "../../app/rules/format";
import { defaultSettings } from "../../app/rules/settings-schema";
import * as make from "../factories";
import { createClub, createUser, orderLinesOf, orderRecord, ordersOwnedBy, settingsRow } from "./db";
import {
  asFreshClient,
  flashToast as toast,
  forgePost,
  isJs,
  leaveReturnPage,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

const PAX_MIN = "Number of pax must be at least 1.";
const PAX_MAX = "Number of pax must be at most 50 per order. For more, place another order.";
const UNAUTHORIZED = "Unauthorized. Redirect to homepage.";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** The ticket's price and description as the app reads them (the saved settings, or defaults). */
function ticketSettings() {
  const row = settingsRow();
  const defaults = defaultSettings();
  return {
    price: row?.ticket_price_sen ?? defaults.ticketPriceSen,
    description: row?.ticket_description ?? defaults.ticketDescription,
  };
}

async function ourManager() {
  const club = await createClub({ members: 2, manager: true });
  return club.members[0];
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Checkout" });
const paxInput = (page: Page) => page.getByLabel("Number of pax");

async function checkout(page: Page, pax: string) {
  await paxInput(page).fill(pax);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/purchase/checkout\\?pax=${pax}$`));
  await expect(dialog(page)).toBeVisible();
}

test.describe("Dinner Ticket Purchase", () => {
  test("0 pax is refused with the spec's sentence; 3 pax is paid through the simulator", async ({ page }) => {
    const manager = await ourManager();
    await loginAs(page, manager.email);
    const before = ticketSettings();
    await page.goto("/tickets/purchase");
    await expect(page.getByRole("heading", { name: "Dinner Ticket Purchase", level: 1 })).toBeVisible();
    const row = page.getByRole("table", { name: "Dinner Ticket Purchase" }).locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-label="Item"]')).toHaveText("Dinner Ticket");
    // Another spec may be saving a description of its own meanwhile: either reading is the app's.
    const shown = (await row.locator('td[data-label="Description"]').textContent())?.trim();
    expect([before.description, ticketSettings().description]).toContain(shown);
    const price = before.price;
    await expect(row.locator('td[data-label="Price"]')).toHaveText(formatRM(price));
    await expect(paxInput(page)).toHaveAttribute("type", "number");
    await expect(paxInput(page)).toHaveAttribute("min", "0");
    await expect(paxInput(page)).toHaveAttribute("max", "50");

    // 0 pax: the spec's sentence in the dialog, no Proceed, nothing created, the 0 kept behind.
    await checkout(page, "0");
    await expect(dialog(page).getByRole("alert")).toHaveText(PAX_MIN);
    await expect(dialog(page).getByRole("button", { name: "Proceed to Payment" })).toHaveCount(0);
    await expect(paxInput(page)).toHaveValue("0");
    expect(ordersOwnedBy(manager.id)).toHaveLength(0);
    await dialog(page).getByText("Close", { exact: true }).click(); // the button, not the × corner link
    await expect(page).toHaveURL(/\/tickets\/purchase\?pax=0$/);
    await expect(dialog(page)).toHaveCount(0);
    await expect(paxInput(page)).toHaveValue("0");

    // 3 pax: the draft order (item, price, count, subtotal, total = 3 x price) and the notes.
    await checkout(page, "3");
    await expect(paxInput(page)).toHaveValue("3");
    const d = dialog(page);
    await expect(d.locator('td[data-label="Item"]')).toHaveText("Dinner Ticket");
    await expect(d.locator('td[data-label="Price"]')).toHaveText(formatRM(price));
    await expect(d.locator('td[data-label="Count"]')).toHaveText("3");
    await expect(d.locator('td[data-label="Subtotal"]')).toHaveText(formatRM(3 * price));
    await expect(d.locator('td[data-label="Total"]')).toHaveText(formatRM(3 * price));
    await expect(d).toContainText("Payment is due within");
    await expect(d).toContainText("Orders are non-refundable.");
    expect(ordersOwnedBy(manager.id)).toHaveLength(0);

    await d.getByRole("button", { name: "Proceed to Payment" }).click();
    if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/simulator\/pay\?/);
    await expect(page.getByText(formatRM(3 * price), { exact: true })).toBeVisible();
    const orders = ordersOwnedBy(manager.id);
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe("PROCESSING");

    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await leaveReturnPage(page, "Payment was successful");
    const paid = orderRecord(orders[0].id)!;
    expect(paid.status).toBe("PAID");
    expect(paid.effects_applied_at).not.toBeNull();
    expect(orderLinesOf(paid.id)).toEqual([{ kind: "TICKET", user_id: null, price, count: 3 }]);
  });

  // @once: refusals by URL; without JS the checkout dialog and Continue to payment are "0 pax is refused ...; 3 pax is paid"'s.
  test("the checkout refuses a pax out of range in the URL; a document post goes on by its nonce'd script", {
    tag: "@once",
  }, async ({ page }) => {
    const manager = await ourManager();
    await loginAs(page, manager.email);
    for (const [pax, message] of [
      ["-1", PAX_MIN],
      ["", PAX_MIN],
      ["1000", PAX_MAX],
      ["51", PAX_MAX],
    ]) {
      await page.goto(`/tickets/purchase/checkout?pax=${pax}`);
      await expect(dialog(page).getByRole("alert")).toHaveText(message);
      await expect(page.getByRole("button", { name: "Proceed to Payment" })).toHaveCount(0);
    }
    expect(ordersOwnedBy(manager.id)).toHaveLength(0);

    await page.goto("/tickets/purchase/checkout?pax=2");
    if (isJs()) {
      // Submitted as a document (as before hydration): the answer's inline script, allowed by the
      // CSP nonce, sends the browser to the payment page.
      await dialog(page)
        .locator("form")
        .evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
    } else {
      await dialog(page).getByRole("button", { name: "Proceed to Payment" }).click();
      await page.getByRole("button", { name: "Continue to payment" }).click();
    }
    await expect(page).toHaveURL(/\/simulator\/pay\?/);
    const [order] = ordersOwnedBy(manager.id);
    await page.getByRole("button", { name: "Cancel" }).click();
    await leaveReturnPage(page, "Payment cancelled by buyer");
    expect(orderRecord(order.id)!.status).toBe("FAILED");
    expect(orderLinesOf(order.id).map((l) => [l.kind, l.count])).toEqual([["TICKET", 2]]);
  });

  test("forged posts create nothing: no CSRF token, pax out of range", { tag: "@once" }, async ({ page }) => {
    const manager = await ourManager();
    await loginAs(page, manager.email);
    await page.goto("/tickets/purchase/checkout?pax=3");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    expect(csrf).not.toBe("");

    const noToken = await forgePost(page, "/tickets/purchase/checkout?pax=3", [["pax", 3]]);
    expect(noToken.status()).toBe(403);
    const wrongToken = await forgePost(page, "/tickets/purchase/checkout?pax=3", [
      ["pax", 3],
      ["csrf", "x".repeat(csrf.length)],
    ]);
    expect(wrongToken.status()).toBe(403);
    for (const pax of ["1000", "-1", "0", "51", "2.5", "abc", ""]) {
      const response = await forgePost(page, "/tickets/purchase/checkout?pax=3", [
        ["pax", pax],
        ["csrf", csrf],
      ]);
      expect(response.status(), `pax=${pax}`).toBe(400);
    }
    // A price in the form is not read: the order would be at the settings' price anyway.
    expect(ordersOwnedBy(manager.id)).toHaveLength(0);
  });
});

test.describe("One open ticket order per club", () => {
  // @once: one open order per club (a server rule) through the checkout, which "0 pax is refused ...; 3 pax is paid" sends without JS.
  test("a second checkout cancels the club's first unpaid one; the orders screen says so, and a late payment of it is honoured", {
    tag: "@once",
  }, async ({ page }) => {
    const club = await createClub({ members: 2, manager: true });
    const manager = club.members[0];
    // Another club's unpaid ticket order: untouched by this club's checkouts.
    const rival = (await createClub({ members: 1, manager: true })).members[0];
    const rivalOrder = make.order(
      rival.id,
      { status: "PROCESSING", token: `rival-${Date.now()}-${Math.random()}` },
      [{ kind: "TICKET", count: 1, price: 8000 }],
    ).id;
    await loginAs(page, manager.email, "/");
    const proceed = async () => {
      await dialog(page).getByRole("button", { name: "Proceed to Payment" }).click();
      if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/simulator\/pay\?/);
    };

    await page.goto("/tickets/purchase");
    await checkout(page, "2");
    await expect(dialog(page).getByRole("note")).toHaveCount(0);
    await proceed();
    const firstPayment = page.url();
    const [first] = ordersOwnedBy(manager.id);
    expect(first.status).toBe("PROCESSING");

    // The second checkout: the dialog says the first will be replaced.
    await page.goto("/tickets/purchase");
    await checkout(page, "3");
    await expect(dialog(page).getByRole("note")).toHaveText(
      `Your club's unpaid order #${first.id} will be cancelled and replaced by this one.`,
    );
    await proceed();
    const orders = ordersOwnedBy(manager.id);
    expect(orders.map((o) => o.status)).toEqual(["CANCELLED", "PROCESSING"]);
    const second = orders[1];
    expect(orderRecord(rivalOrder)?.status).toBe("PROCESSING");

    // The orders screen explains the cancelled one.
    await page.goto("/orders");
    const rowOf = (id: number) =>
      page
        .locator("tbody tr")
        .filter({ has: page.locator('td[data-label="Id"]', { hasText: new RegExp(`^${id}$`) }) });
    await expect(rowOf(first.id).locator('td[data-label="Status"]')).toHaveText(
      `CancelledReplaced by order #${second.id}`,
    );
    await expect(rowOf(second.id).locator('td[data-label="Status"]')).toHaveText("Processing");

    // The buyer pays the first one after all (its payment page was still open): the money was
    // taken, so it is PAID, and the screen says it was paid after being replaced.
    await page.goto(firstPayment);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await leaveReturnPage(page, "Payment was successful");
    expect(orderRecord(first.id)?.status).toBe("PAID");
    await expect(rowOf(first.id).locator('td[data-label="Status"]')).toHaveText(
      `PaidPaid after being replaced by order #${second.id}`,
    );
  });
});

test.describe("Who may buy tickets", () => {
  for (const role of ["COMPETITOR", "COMMITTEE", "ADMIN"] as const) {
    // @once: refusals by URL and a forged post (access.spec.ts shows a refusal without JS); the checkout's own refusal is "0 pax is refused"'s.
    test(`${role} is refused the screen, the checkout and the post`, {
      tag: "@once",
    }, async ({ page }) => {
      const user = createUser(role);
      await loginAs(page, user.email);
      for (const url of ["/tickets/purchase", "/tickets/purchase/checkout?pax=3"]) {
        await page.goto(url);
        await expect(page).toHaveURL(/\/$/);
        await expect(toast(page, UNAUTHORIZED)).toBeVisible();
      }
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const post = await forgePost(page, "/tickets/purchase/checkout?pax=3", [
        ["pax", 3],
        ["csrf", csrf],
      ]);
      expect(post.status()).toBe(302);
      expect(post.headers().location).toBe("/");
      expect(ordersOwnedBy(user.id)).toHaveLength(0);
    });
  }

  test("logged out: the login page", { tag: "@once" }, async ({ page }) => {
    await page.goto("/tickets/purchase");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
