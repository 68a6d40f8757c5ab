// Issue 18 section 1 through the browser and over HTTP: a re-split return or callback changes
// nothing while the genuine one (the simulator's) pays; the return page never shows unverified
// text; both payment endpoints answer 429 past their per-address limit; ADMIN sees the counted
// calls on Payment Logs. See docs/decisions/0023-payment-reference.md.
import { expect, test } from "./fixtures";
import {
  createClub,
  createMembershipOrder,
  orderRecord,
  paymentLogsOf,
  paymentRefOfOrder,
  paymentRejectsFrom,
  simulatorSigned,
} from "./db";
import { flashToast, isJs, leaveReturnPage } from "./helpers";
import { loginAs } from "./login";

const RETURN_ERROR =
  "An error occured when processing payment. Do contact event committee / adminstrator for more info.";
const PROCESSING = "Processing payment ...";

let addressSeq = 0;
/** A client address of its own (the e2e server trusts X-Test-Client-IP), so the per-address limits
 * of one test never touch another's. */
const freshAddress = () => `198.18.${process.pid % 250}.${(++addressSeq % 250) + 1}`;

/** The same text cut differently at the order_id / transaction_id boundary (the old attack). */
function resplits(genuine: ReturnType<typeof simulatorSigned>) {
  const joined = genuine.order_id + genuine.transaction_id;
  const at = genuine.order_id.length;
  return [at - 1, at - 3, at + 1, at + 3].map((cut) => ({
    ...genuine,
    order_id: joined.slice(0, cut),
    transaction_id: joined.slice(cut),
  }));
}

/** A club with its MANAGER and one approved member whose crew tag fee is unpaid. */
async function clubWithFeeMember() {
  const club = await createClub({ members: 2, manager: true, photo: "approved" });
  const [manager, member] = club.members;
  return { club, manager, member };
}

test.describe("Re-split payment results", () => {
  // @once: forged calls and a server rule; checkout and the return page run without JS in members-payments.spec.ts "pays for two members through the simulator", a refused return below.
  test("a re-split callback or return changes nothing; the simulator's genuine payment pays", {
    tag: "@once",
  }, async ({ page }) => {
    const ours = await clubWithFeeMember();
    const theirs = await clubWithFeeMember();
    const victim = createMembershipOrder(theirs.manager.id, [theirs.member.id]);
    await loginAs(page, ours.manager.email);
    // Checkout through the app: the simulator's page shows the reference the checkout sent.
    await page.goto(`/members/checkout?tab=fee&ids=${ours.member.id}`);
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await dialog.getByLabel(/swim at least 50 m/).check();
    await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
    if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/simulator\/pay\?/);
    const simulatorPage = page.url();
    const ref = new URL(simulatorPage).searchParams.get("order_id") ?? "";
    expect(ref).toMatch(/^R\d{10}-[0-9a-f]{12}$/);
    const orderId = Number(ref.slice(1, 11));
    expect(paymentRefOfOrder(orderId)).toBe(ref);

    // What the simulator would send for a payment, cut differently: every variant verifies as a
    // hash, none has our reference's shape.
    const genuine = simulatorSigned({
      status_id: "1",
      order_id: ref,
      transaction_id: "SIM000000000042",
      msg: "Payment_was_successful",
    });
    const address = freshAddress();
    for (const forged of resplits(genuine)) {
      const response = await page.request.post("/senangpay/callback", {
        form: forged,
        headers: { "X-Test-Client-IP": address },
      });
      expect([response.status(), await response.text()], forged.order_id).toEqual([400, "Bad Request"]);
    }
    // The same as a return in the buyer's browser: refused with the spec's error.
    const forgedReturn = resplits(genuine)[0];
    await page.goto(`/senangpay/return?${new URLSearchParams(forgedReturn)}`);
    await expect(page.getByText(PROCESSING, { exact: true })).toBeVisible();
    if (!isJs()) await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(flashToast(page, RETURN_ERROR)).toBeVisible();
    expect(orderRecord(orderId)!.status).toBe("PROCESSING");
    expect(orderRecord(victim)!.status).toBe("PROCESSING");
    expect(paymentLogsOf(orderId).filter((l) => l.verified)).toEqual([]);

    // The genuine payment through the simulator's page pays this order and no other.
    await page.goto(simulatorPage);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await leaveReturnPage(page, "Payment was successful");
    expect(orderRecord(orderId)!.status).toBe("PAID");
    expect(orderRecord(victim)!.status).toBe("PROCESSING");
    expect(paymentLogsOf(orderId).map((l) => [l.source, l.verified])).toEqual([
      ["callback", 1],
      ["return", 1],
    ]);
  });
});

test.describe("The return page", () => {
  for (const msg of ["<script>alert(1)</script>", "Call_us_at_+60123456789_to_confirm"]) {
    // @once: the same page twice; the visible text (Call_us...) keeps the run without JS.
    test(`never shows unverified text: ${msg.slice(0, 12)}`, {
      tag: msg.startsWith("<script>") ? "@once" : [],
    }, async ({ page }) => {
      const { manager, member } = await clubWithFeeMember();
      const orderId = createMembershipOrder(manager.id, [member.id]);
      let dialogs = 0;
      page.on("dialog", (d) => {
        dialogs++;
        void d.dismiss();
      });
      await loginAs(page, manager.email);
      const forged = {
        status_id: "1",
        order_id: paymentRefOfOrder(orderId),
        msg,
        transaction_id: "FORGED-MSG",
        hash: "0".repeat(64),
      };
      const response = await page.goto(`/senangpay/return?${new URLSearchParams(forged)}`);
      const shown = msg.replace(/_/g, " ");
      // The page as served (before any script runs) and as first shown (before its post): the fixed
      // text only. (The raw parameters ride in hidden inputs, escaped, to be posted and verified.)
      const html = (await response?.text()) ?? "";
      expect(html).toContain(PROCESSING);
      expect(html).not.toContain(shown);
      expect(html).not.toContain("<script>alert");
      expect(await page.locator("body").innerText()).not.toContain(shown);
      expect(await page.locator("body").innerText()).not.toContain("Call us");
      await expect(page.getByText(PROCESSING, { exact: true }).first()).toBeVisible();
      if (!isJs()) await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(flashToast(page, RETURN_ERROR)).toBeVisible();
      await expect(page.locator("body")).not.toContainText(shown);
      await expect(page.locator("body")).not.toContainText("Call us");
      expect(dialogs).toBe(0);
      expect(orderRecord(orderId)!.status).toBe("PROCESSING");
    });
  }
});

test.describe("Payment endpoint limits", () => {
  test("the callback answers 429 past its per-address limit; another address is still served", {
    tag: "@once",
  }, async ({ request }) => {
    const address = freshAddress();
    const statuses: number[] = [];
    // Missing parameters: refused before anything is counted, but each call takes a token.
    for (let i = 0; i < 400; i++) {
      const r = await request.post("/senangpay/callback", {
        form: { status_id: "1" },
        headers: { "X-Test-Client-IP": address },
      });
      statuses.push(r.status());
      if (r.status() === 429) {
        expect(Number(r.headers()["retry-after"])).toBeGreaterThan(0);
        break;
      }
    }
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await request.post("/senangpay/callback", {
      form: { status_id: "1" },
      headers: { "X-Test-Client-IP": freshAddress() },
    });
    expect(other.status()).toBe(400);
  });

  test("the return's POST answers 429 past its per-address limit", { tag: "@once" }, async ({ request }) => {
    const address = freshAddress();
    let last = 0;
    for (let i = 0; i < 70 && last !== 429; i++) {
      const r = await request.post("/senangpay/return", {
        form: { status_id: "1" },
        headers: { "X-Test-Client-IP": address },
        maxRedirects: 0,
      });
      last = r.status();
      if (i < 50) expect(last).not.toBe(429);
    }
    expect(last).toBe(429);
  });
});

test.describe("Payment Logs", () => {
  test("ADMIN sees the refused calls counted per day, with the busiest address", { tag: "@once" }, async ({
    page,
    request,
  }) => {
    const { manager, member } = await clubWithFeeMember();
    const orderId = createMembershipOrder(manager.id, [member.id]);
    const address = freshAddress();
    const forged = {
      status_id: "1",
      order_id: paymentRefOfOrder(orderId),
      msg: "Payment_was_successful",
      transaction_id: "FLOOD",
      hash: "f".repeat(64),
    };
    for (let i = 0; i < 30; i++) {
      const r = await request.post("/senangpay/callback", {
        form: { ...forged, transaction_id: `FLOOD${i}` },
        headers: { "X-Test-Client-IP": address },
      });
      expect(r.status()).toBe(400);
    }
    expect(paymentRejectsFrom(address)).toEqual([{ source: "callback", reason: "forged", calls: 30 }]);
    expect(orderRecord(orderId)!.status).toBe("PROCESSING");
    await loginAs(page, "ADMIN");
    await page.goto("/payments");
    const section = page.getByRole("region", { name: "Refused calls" });
    await expect(section).toContainText("Did not verify");
    await expect(section.getByRole("row").filter({ hasText: "Callback" }).first()).toBeVisible();
  });
});
