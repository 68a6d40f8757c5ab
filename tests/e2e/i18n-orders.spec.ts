// A team manager in Bahasa Melayu on the order screens, with JavaScript on and off (issue 12, item
// 1): Assigned Events with Buy Event Entries, the orders table and an order's View Order dialog,
// the receipt PDF (in the requester's language), and Dinner Ticket Purchase with its checkout
// dialog and refusal; every heading, column, button and sentence of ours in Malay (app/messages.ms.ts).
import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "./fixtures";
import { MS } from "../../app/messages.ms";
import { createClub, createEvent, createOrder, createTeam } from "./db";
import { asFreshClient, watchServerErrors } from "./helpers";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const { MSG, TITLES, LABELS } = MS;

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** The PDF's text, or null where poppler's pdftotext is not installed. */
function pdfText(bytes: Buffer): string | null {
  try {
    return execFileSync("pdftotext", ["-", "-"], { input: bytes }).toString("utf8");
  } catch {
    return null;
  }
}

// @once: its screens' forms and dialogs run without JS in orders.spec.ts and tickets.spec.ts, Malay answers in i18n-manager.spec.ts.
test("a manager in Bahasa Melayu: events, an order's details and its receipt, dinner tickets", {
  tag: "@once",
}, async ({ page }) => {
  test.setTimeout(60_000);
  const club = await createClub({ members: 1, manager: true });
  const [manager] = club.members;
  const event = createEvent({ price: 25000 });
  createTeam(club.id, event.id, `${club.name} A`);
  const paid = createOrder(manager.id, {
    status: "PAID",
    transactionId: "TX-I18N-1",
    lines: [{ kind: "TICKET", price: 8000, count: 2 }],
  });

  await loginAs(page, manager.email, "/");
  await page.getByRole("button", { name: "Bahasa Melayu" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");

  // Assigned Events and Buy Event Entries.
  await withTestContext(page, { settings: OPEN });
  await page.goto("/events");
  await expect(h1(page, TITLES.assignedEvents)).toBeVisible();
  await expect(page.getByRole("cell", { name: `${club.name} A`, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: LABELS.buyEventEntries })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: LABELS.entriesLeft })).toBeVisible();
  await expect(page.getByLabel(LABELS.numberOfTeamsFor(event.name))).toBeVisible();
  await expect(page.getByRole("button", { name: TITLES.checkout, exact: true })).toBeVisible();

  // Orders: the table, View Order, the receipt PDF.
  await page.goto("/orders");
  await expect(h1(page, TITLES.orders)).toBeVisible();
  await expect(page).toHaveTitle(`${TITLES.orders} | ${TITLES.appName}`);
  await expect(page.getByText(MSG.ordersWarning)).toBeVisible();
  for (const col of [LABELS.colId, LABELS.created, LABELS.status, LABELS.totalRM])
    await expect(page.getByRole("columnheader", { name: col, exact: true })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: String(paid.id), exact: true }) });
  await expect(row.getByText(LABELS.orderStatus.PAID, { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: LABELS.downloadReceipt })).toBeVisible();
  await row.getByRole("link", { name: LABELS.viewOrder }).click();
  const dialog = page.getByRole("dialog", { name: LABELS.viewOrder });
  await expect(dialog).toContainText(LABELS.orderN(paid.id));
  await expect(dialog).toContainText(/ (PG|PTG) · /);
  await expect(dialog.locator(`td[data-label="${LABELS.item}"]`)).toHaveText(LABELS.dinnerTicket);
  await expect(dialog.getByRole("rowheader", { name: LABELS.total })).toBeVisible();
  await expect(dialog.getByText(LABELS.orderStatus.PAID, { exact: true })).toBeVisible();

  const receipt = await page.request.get(`/orders/${paid.token}/receipt.pdf`);
  expect(receipt.status()).toBe(200);
  const text = pdfText(await receipt.body());
  if (text !== null) {
    expect(text).toContain(LABELS.pdfTitle.receipt);
    expect(text).toContain(LABELS.dinnerTicket);
    expect(text).toContain(LABELS.pdfReceiptClosing);
  }

  // Dinner Ticket Purchase: the table, a refused pax, then a draft.
  await page.goto("/tickets/purchase");
  await expect(h1(page, TITLES.tickets)).toBeVisible();
  await expect(page.getByRole("cell", { name: LABELS.dinnerTicket, exact: true })).toBeVisible();
  await page.getByLabel(LABELS.numberOfPax).fill("0");
  await page.getByRole("button", { name: TITLES.checkout, exact: true }).click();
  const checkout = page.getByRole("dialog", { name: TITLES.checkout });
  await expect(checkout).toContainText(MSG.ticketPaxMin);
  await page.goto("/tickets/purchase/checkout?pax=2");
  await expect(checkout.locator(`td[data-label="${LABELS.item}"]`)).toHaveText(LABELS.dinnerTicket);
  await expect(checkout.getByRole("button", { name: LABELS.proceedToPayment })).toBeVisible();
});
