// Members and crew tag fee payments end to end, with JavaScript on and off: a manager approves a
// member (who gets an email), pays the fee for two members through the payment simulator (the
// real hashing and verification: callback first, then the return), and lands on /orders; a failed
// payment; forged, replayed and repeated payment calls; another club's manager trying our members.
// Every test makes its own club (tests/e2e/db.ts), so runs in parallel never share rows.
import { expect, type Page, test } from "./fixtures";
import {
  createClub,
  createMembershipOrder,
  type Member,
  memberFlags,
  orderLinesOf,
  orderRecord,
  ordersOwnedBy,
  paymentLogsOf,
  paymentRefOfOrder,
  setMemberState,
} from "./db";
import {
  asFreshClient,
  csrfOf,
  flashToast as toast,
  forgePost,
  isJs,
  leaveReturnPage,
  waitForMail,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

const DECLARATION = /swim at least 50 m/;
const APPROVED = "Selected members have been approved.";
const NONE_SELECTED = "Select at least one member first.";
const DECLARATION_ERROR = "You must agree with the declaration to continue.";
const RETURN_ERROR =
  "An error occured when processing payment. Do contact event committee / adminstrator for more info.";

// No 5xx anywhere and no script the CSP refused (the checkout's auto-submit carries the nonce):
// checked after each test.
test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** A club of ours: its manager (approved, fee unpaid, approved photo), two members waiting for
 * approval, three approved members with unpaid fees, one whose email is not verified. */
async function ourClub() {
  const club = await createClub({ members: 7, manager: true, photo: "approved" });
  const [manager, p1, p2, f1, f2, f3, unverified] = club.members;
  for (const m of [p1, p2]) setMemberState(m.id, { approved: false });
  setMemberState(unverified.id, { verified: false, approved: false });
  return { club, manager, pending: [p1, p2], fee: [f1, f2, f3], unverified };
}

function tab(page: Page, label: string) {
  return page
    .getByRole("navigation", { name: "Member tabs" })
    .getByRole("link", { name: new RegExp(`^${label} \\(`) });
}

function memberRows(page: Page) {
  return page.getByRole("table", { name: "Members" }).locator("tbody tr");
}

async function tick(page: Page, member: Member) {
  await page.getByLabel(`Select ${member.name}`).check();
}

/** From the fee tab to the simulator's page for these members, declaration error first. */
async function checkoutToSimulator(page: Page, ownerId: number, members: Member[]) {
  await page.goto("/members?tab=fee");
  const pay = page.getByRole("button", { name: "Pay", exact: true });
  if (isJs()) await expect(pay).toHaveCount(0); // shown once a member is ticked
  for (const m of members) await tick(page, m);
  await pay.click();
  await expect(page).toHaveURL(/\/members\/checkout\?/);
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await expect(dialog.locator('td[data-label="Item"]')).toHaveText(members.map((m) => m.name));
  const price = (await dialog.locator('td[data-label="Price"]').first().textContent()) ?? "";
  expect(price).toMatch(/^RM \d/);
  const sen = Math.round(Number(price.replace(/[^\d.]/g, "")) * 100);
  const total = (await dialog.locator('td[data-label="Total"]').textContent()) ?? "";
  expect(Math.round(Number(total.replace(/[^\d.]/g, "")) * 100)).toBe(sen * members.length);
  await expect(dialog).toContainText("Payment is due within");
  await expect(dialog).toContainText("Orders are non-refundable.");

  // Without the declaration: the spec's error, and no order.
  const before = ordersOwnedBy(ownerId).length;
  await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(toast(page, DECLARATION_ERROR)).toBeVisible();
  expect(ordersOwnedBy(ownerId)).toHaveLength(before);

  await page.getByRole("dialog", { name: "Checkout" }).getByLabel(DECLARATION).check();
  await page
    .getByRole("dialog", { name: "Checkout" })
    .getByRole("button", { name: "Proceed to Payment" })
    .click();
  if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/simulator\/pay\?/);
  await expect(page.getByRole("heading", { name: "Regatta (simulator)" })).toBeVisible();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  const orders = ordersOwnedBy(ownerId);
  expect(orders).toHaveLength(before + 1);
  const order = orders.at(-1)!;
  expect(order.status).toBe("PROCESSING");
  expect(orderLinesOf(order.id).map((l) => [l.kind, l.user_id, l.price, l.count])).toEqual(
    members.map((m) => ["MEMBERSHIP", m.id, sen, 1]),
  );
  return { orderId: order.id, total };
}

/** Collects the /senangpay/return URLs the browser is sent to (with their signed parameters). */
function watchReturns(page: Page): URL[] {
  const seen: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/senangpay/return" && r.method() === "GET") seen.push(url);
  });
  return seen;
}

test.describe("Members", () => {
  test("the tabs list only our members, with their counts and the photo viewer", async ({ page }) => {
    const ours = await ourClub();
    const theirs = await ourClub();
    await loginAs(page, ours.manager.email);
    await page.goto("/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await expect(tab(page, "Paid")).toHaveText("Paid (0)");
    await expect(tab(page, "Email Verification Required")).toHaveText("Email Verification Required (1)");
    await expect(tab(page, "Pending Approval")).toHaveText("Pending Approval (2)");
    await expect(tab(page, "Pending Crew Tag Fee")).toHaveText("Pending Crew Tag Fee (4)");
    await tab(page, "Pending Crew Tag Fee").click();
    await expect(page).toHaveURL(/\?tab=fee$/);
    await expect(memberRows(page)).toHaveCount(4);
    await expect(memberRows(page).locator('td[data-label="Name"]')).toHaveText([
      ours.manager.name,
      ...ours.fee.map((m) => m.name),
    ]);
    await tab(page, "Email Verification Required").click();
    await expect(memberRows(page)).toHaveCount(1);
    await expect(memberRows(page)).toContainText(ours.unverified.email);
    // The photo viewer, for our members only.
    await page.getByRole("link", { name: `Photo Approved: view photo of ${ours.unverified.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${ours.unverified.id}/photo\\?tab=unverified$`));
    await expect(page.getByRole("dialog", { name: ours.unverified.name })).toBeVisible();
    const foreign = await page.request.get(`/members/${theirs.fee[0].id}/photo`);
    expect(foreign.status()).toBe(404);
  });

  test("the manager approves a member, who gets an email; an empty selection says so", async ({ page }) => {
    const { manager, pending } = await ourClub();
    const [p1, p2] = pending;
    await loginAs(page, manager.email);
    await page.goto("/members?tab=pending");
    const approve = page.getByRole("button", { name: "Approve" });
    if (isJs()) {
      await expect(approve).toHaveCount(0);
      await tick(page, p1);
      await expect(approve).toBeVisible();
      await page.getByLabel(`Select ${p1.name}`).uncheck();
      await expect(approve).toHaveCount(0);
    } else {
      await approve.click();
      await expect(toast(page, NONE_SELECTED)).toBeVisible();
      expect([memberFlags(p1.id).approved, memberFlags(p2.id).approved]).toEqual([0, 0]);
    }
    const since = Date.now();
    await tick(page, p1);
    await approve.click();
    await expect(toast(page, APPROVED)).toBeVisible();
    await expect(page).toHaveURL(/\/members\?tab=pending$/);
    await expect(memberRows(page)).toHaveCount(1);
    expect([memberFlags(p1.id).approved, memberFlags(p2.id).approved]).toEqual([1, 0]);
    const mail = await waitForMail(p1.email, /approved by your team manager/, since);
    expect(mail.text).toContain(manager.name);
    expect(mail.text).toContain("crew tag fee");
    await expect(tab(page, "Pending Crew Tag Fee")).toHaveText("Pending Crew Tag Fee (5)");
  });
});

test.describe("Crew tag fee payment", () => {
  test("pays for two members through the simulator: callback then return, the order paid once", async ({
    page,
  }) => {
    const { manager, fee } = await ourClub();
    const [f1, f2, f3] = fee;
    const returns = watchReturns(page);
    await loginAs(page, manager.email);
    const { orderId } = await checkoutToSimulator(page, manager.id, [f1, f2]);

    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await leaveReturnPage(page, "Payment was successful");
    const paid = orderRecord(orderId)!;
    expect(paid.status).toBe("PAID");
    expect(paid.transaction_id).toMatch(/^SIM\d{12}$/);
    expect(paid.effects_applied_at).not.toBeNull();
    expect([f1, f2, f3].map((m) => memberFlags(m.id).membership_paid)).toEqual([1, 1, 0]);
    expect(paymentLogsOf(orderId).map((l) => [l.source, l.verified, l.status_id, l.msg])).toEqual([
      ["callback", 1, "1", "Payment_was_successful"],
      ["return", 1, "1", "Payment_was_successful"],
    ]);

    await page.goto("/members?tab=paid");
    await expect(memberRows(page).locator('td[data-label="Name"]')).toHaveText([f1.name, f2.name]);

    // The same callback again (SenangPay re-checks and may call back late): logged, changes nothing.
    expect(returns).toHaveLength(1);
    const signed = Object.fromEntries(returns[0].searchParams);
    const replay = await page.request.post("/senangpay/callback", { form: signed });
    expect([replay.status(), await replay.text()]).toEqual([200, "OK"]);
    // And the return posted again (a reload, a second tab).
    await page.goto("/members");
    const again = await forgePost(page, "/senangpay/return", [
      ...Object.entries(signed),
      ["csrf", await csrfOf(page)],
    ]);
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("/orders");
    const after = orderRecord(orderId)!;
    expect([after.status, after.updated_at, after.effects_applied_at]).toEqual([
      "PAID",
      paid.updated_at,
      paid.effects_applied_at,
    ]);
    expect(paymentLogsOf(orderId).map((l) => l.source)).toEqual(["callback", "return", "callback", "return"]);
  });

  // @once: a failed payment (the simulator's answer); checkout and the return page run without JS in "pays for two members through the simulator".
  test("a failed payment leaves the order Failed and the members unpaid", { tag: "@once" }, async ({
    page,
  }) => {
    const { manager, fee } = await ourClub();
    const [f1, f2] = fee;
    await loginAs(page, manager.email);
    const { orderId } = await checkoutToSimulator(page, manager.id, [f1, f2]);
    await page.getByRole("button", { name: "Fail" }).click();
    await leaveReturnPage(page, "Payment failed");
    expect(orderRecord(orderId)!.status).toBe("FAILED");
    expect([memberFlags(f1.id).membership_paid, memberFlags(f2.id).membership_paid]).toEqual([0, 0]);
    expect(paymentLogsOf(orderId).map((l) => [l.source, l.verified, l.status_id])).toEqual([
      ["callback", 1, "0"],
      ["return", 1, "0"],
    ]);
    // Free to pay again: back in the fee tab, selectable.
    await page.goto("/members?tab=fee");
    await expect(page.getByLabel(`Select ${f1.name}`)).toBeEnabled();
  });

  // @once: a cancelled payment (the simulator's answer); checkout and the return page run without JS in "pays for two members through the simulator".
  test("Cancel on the payment page; a document response goes on by its nonce'd script", {
    tag: "@once",
  }, async ({ page }) => {
    const { manager, fee } = await ourClub();
    await loginAs(page, manager.email);
    await page.goto(`/members/checkout?tab=fee&ids=${fee[0].id}`);
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await dialog.getByLabel(DECLARATION).check();
    if (isJs()) {
      // Submitted as a document (as before hydration): the answer is a page whose inline script,
      // allowed by the CSP nonce, sends the browser to the payment page.
      await dialog.locator("form").evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
    } else {
      await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
      await page.getByRole("button", { name: "Continue to payment" }).click();
    }
    await expect(page).toHaveURL(/\/simulator\/pay\?/);
    const [order] = ordersOwnedBy(manager.id);
    await page.getByRole("button", { name: "Cancel" }).click();
    await leaveReturnPage(page, "Payment cancelled by buyer");
    expect(orderRecord(order.id)!.status).toBe("FAILED");
    expect(memberFlags(fee[0].id).membership_paid).toBe(0);
  });

  // @once: an open order replaced (a server rule); without JS the checkout is "pays for two members"'s and its refusal "without a selection, Pay says so"'s.
  test("a member in the club's open fee order can be chosen again (the new order replaces it); one in another club's order cannot", {
    tag: "@once",
  }, async ({ page }) => {
    const { manager, fee } = await ourClub();
    const [f1, f2, f3] = fee;
    const open = createMembershipOrder(manager.id, [f1.id]);
    // f3 moved here from a club whose unpaid fee order still holds them.
    const rival = (await createClub({ members: 1, manager: true })).members[0];
    const elsewhere = createMembershipOrder(rival.id, [f3.id]);
    await loginAs(page, manager.email);
    await page.goto("/members?tab=fee");
    await expect(page.getByLabel(`Select ${f1.name}`)).toBeEnabled();
    await expect(memberRows(page).filter({ hasText: f1.name })).toContainText(
      `Payment in progress (order #${open})`,
    );
    await expect(page.getByLabel(`Select ${f3.name}`)).toBeDisabled();
    // Held by another club's order: refused on the checkout view and on Proceed.
    await page.goto(`/members/checkout?tab=fee&ids=${f3.id}&ids=${f2.id}`);
    await expect(page.getByRole("dialog", { name: "Checkout" })).toContainText("already in an order");
    await expect(page.getByRole("button", { name: "Proceed to Payment" })).toHaveCount(0);
    const forged = await forgePost(page, "/members/checkout", [
      ["ids", f3.id],
      ["ids", f2.id],
      ["declaration", "yes"],
      ["csrf", await csrfOf(page)],
    ]);
    expect(forged.status()).toBe(409);
    expect(ordersOwnedBy(manager.id).map((o) => [o.id, o.status])).toEqual([[open, "PROCESSING"]]);
    // f1 again, with f2: the dialog says the open order is replaced; Proceed cancels it.
    await page.goto(`/members/checkout?tab=fee&ids=${f1.id}&ids=${f2.id}`);
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await expect(dialog.getByRole("note")).toHaveText(
      `Your club's unpaid order #${open} will be cancelled and replaced by this one.`,
    );
    await dialog.getByLabel(/I declare/).check();
    await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
    if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/simulator\/pay\?/);
    expect(ordersOwnedBy(manager.id).map((o) => o.status)).toEqual(["CANCELLED", "PROCESSING"]);
    expect(orderRecord(elsewhere)?.status).toBe("PROCESSING");
  });

  test("without a selection, Pay says so and changes nothing", async ({ page }) => {
    test.skip(isJs(), "with JavaScript, Pay is shown only once a member is ticked");
    const { manager } = await ourClub();
    await loginAs(page, manager.email);
    await page.goto("/members?tab=fee");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Checkout" })).toContainText(NONE_SELECTED);
    expect(ordersOwnedBy(manager.id)).toHaveLength(0);
  });
});

test.describe("Payment calls", () => {
  // @once: forged payment calls; the return page's Continue is refused without JS in payment-trust.spec.ts "never shows unverified text: Call_us_at_+".
  test("a forged callback or return changes nothing but is logged (the day's first in full)", {
    tag: "@once",
  }, async ({ page }) => {
    const { manager, fee } = await ourClub();
    const orderId = createMembershipOrder(manager.id, [fee[0].id]);
    const forged = {
      status_id: "1",
      order_id: paymentRefOfOrder(orderId),
      msg: "Payment_was_successful",
      transaction_id: "FORGED1",
      hash: "0".repeat(64),
    };
    const response = await page.request.post("/senangpay/callback", { form: forged });
    expect([response.status(), await response.text()]).toEqual([400, "Bad Request"]);
    expect(orderRecord(orderId)!.status).toBe("PROCESSING");
    expect(memberFlags(fee[0].id).membership_paid).toBe(0);
    expect(paymentLogsOf(orderId)).toEqual([
      {
        source: "callback",
        verified: 0,
        status_id: "1",
        msg: "Payment_was_successful",
        transaction_id: "FORGED1",
      },
    ]);

    // The same through the buyer's browser: the page says only "Processing payment ...", the
    // POST refuses it.
    await loginAs(page, manager.email);
    await page.goto(`/senangpay/return?${new URLSearchParams(forged)}`);
    if (!isJs()) await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(toast(page, RETURN_ERROR)).toBeVisible();
    expect(orderRecord(orderId)!.status).toBe("PROCESSING");
    expect(paymentLogsOf(orderId).map((l) => [l.source, l.verified])).toEqual([
      ["callback", 0],
      ["return", 0],
    ]);
  });

  test("the return page needs all five parameters; the callback takes only POST", { tag: "@once" }, async ({
    page,
  }) => {
    await page.goto("/senangpay/return?status_id=1&order_id=1&msg=x&transaction_id=y");
    await expect(page).toHaveURL(/\/not-found$/);
    const get = await page.request.get("/senangpay/callback");
    expect(get.status()).toBe(405);
    const missing = await page.request.post("/senangpay/callback", { form: { status_id: "1" } });
    expect(missing.status()).toBe(400);
    const badSimulator = await page.request.get("/simulator/pay?detail=x&amount=1.00&order_id=1&hash=bad");
    expect(badSimulator.status()).toBe(400);
  });
});

test.describe("Another club's manager", () => {
  test("cannot approve, check out or pay for our members (forged posts refused, nothing changed)", {
    tag: "@once",
  }, async ({ page }) => {
    const ours = await ourClub();
    const them = await ourClub();
    await loginAs(page, them.manager.email);
    await page.goto("/members");
    const csrf = await csrfOf(page);

    const approve = await forgePost(page, "/members", [
      ["intent", "approve"],
      ["ids", ours.pending[0].id],
      ["csrf", csrf],
    ]);
    expect(approve.status()).toBe(403);
    // Mixed with one of their own: still refused as a whole.
    const mixed = await forgePost(page, "/members", [
      ["intent", "approve"],
      ["ids", them.pending[0].id],
      ["ids", ours.pending[1].id],
      ["csrf", csrf],
    ]);
    expect(mixed.status()).toBe(403);
    expect(ours.pending.map((m) => memberFlags(m.id).approved)).toEqual([0, 0]);
    expect(memberFlags(them.pending[0].id).approved).toBe(0);

    await page.goto(`/members/checkout?tab=fee&ids=${ours.fee[0].id}`);
    await expect(page.getByRole("dialog", { name: "Checkout" })).toContainText("not in your team");
    const pay = await forgePost(page, "/members/checkout", [
      ["ids", ours.fee[0].id],
      ["ids", them.fee[0].id],
      ["declaration", "yes"],
      ["csrf", csrf],
    ]);
    expect(pay.status()).toBe(403);
    expect(ordersOwnedBy(them.manager.id)).toHaveLength(0);
    expect(ordersOwnedBy(ours.manager.id)).toHaveLength(0);
    expect(memberFlags(ours.fee[0].id).membership_paid).toBe(0);
  });
});
