// Orders and Payment Logs end to end, with JavaScript on and off: a manager's own orders (view,
// invoice and receipt PDFs, cancel after the confirmation, the warning), another manager's order
// refused by id and by token, the admin's status filter and CSV, Edit Order/Add Notes (status
// with its confirmation, notes) seen in the dialog and the audit log, and Payment Logs with their
// filters and forged entries. Every test makes its own managers, orders and logs (tests/e2e/db.ts).
import { expect, type Locator, type Page, test } from "./fixtures";
import {
  addPaymentLog,
  auditOf,
  createClub,
  createOrder,
  createUser,
  membershipPaid,
  orderNotesOf,
  orderStatus,
  unique,
} from "./db";
import { csrfOf, forgePost, isJs, toast, waitForMail, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

watchServerErrors(test, { csp: false });

const ordersTable = (page: Page) => page.getByRole("table", { name: "Orders", exact: true });
const bodyRows = (table: Locator) => table.locator("tbody").getByRole("row");
/** The row whose Id cell is exactly this order's id. */
const orderRow = (page: Page, id: number) =>
  bodyRows(ordersTable(page)).filter({
    has: page.locator("td:first-child", { hasText: new RegExp(`^${id}$`) }),
  });
const dialog = (page: Page) => page.getByRole("dialog");

/** A manager with two members and one order in each status (the Processing one pays their fees). */
async function managerWithOrders() {
  const club = await createClub({ members: 3, manager: true });
  const [manager, m1, m2] = club.members;
  const now = Date.now();
  const processing = createOrder(manager.id, {
    status: "PROCESSING",
    createdAt: now,
    lines: [
      { kind: "MEMBERSHIP", price: 3000, userId: m1.id },
      { kind: "MEMBERSHIP", price: 3000, userId: m2.id },
    ],
  });
  const paid = createOrder(manager.id, {
    status: "PAID",
    createdAt: now - 1000,
    transactionId: unique("TXN"),
    lines: [{ kind: "TICKET", price: 8000, count: 2 }],
  });
  const failed = createOrder(manager.id, { status: "FAILED", createdAt: now - 2000 });
  const cancelled = createOrder(manager.id, { status: "CANCELLED", createdAt: now - 3000 });
  return { club, manager, members: [m1, m2], processing, paid, failed, cancelled };
}

test.describe("Orders: manager", () => {
  test("sees only their own orders under the warning, views one, downloads the invoice and (Paid only) the receipt", async ({
    page,
  }) => {
    const mine = await managerWithOrders();
    const other = createUser("MANAGER");
    const theirs = createOrder(other.id, { status: "PAID" });
    await loginAs(page, mine.manager.email);
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("do not cancel the order or create a new order");
    await expect(page.getByRole("note")).toContainText("not updated after 1 hour");
    // Own orders only, newest first; no status filter, no Owner/Team columns.
    const table = ordersTable(page);
    await expect(bodyRows(table).locator("td:first-child")).toHaveText(
      [mine.processing, mine.paid, mine.failed, mine.cancelled].map((o) => String(o.id)),
    );
    await expect(page.getByLabel("Status")).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Owner" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
    await expect(orderRow(page, mine.processing.id)).toContainText("RM 60.00");
    await expect(orderRow(page, mine.paid.id)).toContainText("Paid");

    // View Order.
    await orderRow(page, mine.processing.id).getByRole("link", { name: "View Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${mine.processing.id}$`));
    const view = dialog(page);
    await expect(view.getByRole("heading", { name: "View Order" })).toBeVisible();
    await expect(view.getByRole("row")).toHaveCount(4); // head, two lines, total
    await expect(view).toContainText(mine.members[0].name);
    await expect(view).toContainText(mine.members[1].name);
    await expect(view.getByRole("row", { name: /Total/ })).toContainText("RM 60.00");
    await view.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(dialog(page)).toHaveCount(0);

    // Download Invoice, as the browser saves it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      orderRow(page, mine.failed.id).getByRole("link", { name: "Download Invoice" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("invoice.pdf");

    // Every invoice link works; the receipt link is on the Paid row only.
    for (const o of [mine.processing, mine.paid, mine.failed, mine.cancelled]) {
      const row = orderRow(page, o.id);
      const href = await row.getByRole("link", { name: "Download Invoice" }).getAttribute("href");
      expect(href).toBe(`/orders/${o.token}/invoice.pdf`);
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect(res.headers()["content-disposition"]).toBe('attachment; filename="invoice.pdf"');
      expect((await res.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await expect(row.getByRole("link", { name: "Download Receipt" })).toHaveCount(o === mine.paid ? 1 : 0);
    }
    const receipt = await page.request.get(`/orders/${mine.paid.token}/receipt.pdf`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()["content-disposition"]).toBe('attachment; filename="receipt.pdf"');
    expect((await receipt.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await page.request.get(`/orders/${mine.processing.token}/receipt.pdf`)).status()).toBe(404);

    // Another manager's order: by id, by token, by a forged cancel. Nothing shown, nothing changed.
    expect((await page.goto(`/orders/${theirs.id}`))?.status()).toBe(404);
    await expect(page.getByText("404 Not Found.")).toBeVisible();
    expect((await page.request.get(`/orders/${theirs.token}/invoice.pdf`)).status()).toBe(404);
    expect((await page.request.get(`/orders/${theirs.token}/receipt.pdf`)).status()).toBe(404);
    expect((await page.request.get(`/orders/${theirs.id}/cancel`)).status()).toBe(404);
    const processingOfTheirs = createOrder(other.id, { status: "PROCESSING" });
    const forged = await forgePost(page, `/orders/${processingOfTheirs.id}/cancel`, [
      ["csrf", await csrfOf(page)],
    ]);
    expect(forged.status()).toBe(404);
    expect(orderStatus(processingOfTheirs.id)).toBe("PROCESSING");
    // A manager is not an admin: no edit, no CSV, no payment logs.
    expect((await page.request.get(`/orders/${mine.paid.id}/edit`)).status()).toBe(403);
    const forgedEdit = await forgePost(page, `/orders/${mine.processing.id}/edit`, [
      ["csrf", await csrfOf(page)],
      ["intent", "status"],
      ["status", "PAID"],
      ["confirmed", "yes"],
    ]);
    expect(forgedEdit.status()).toBe(403);
    expect(orderStatus(mine.processing.id)).toBe("PROCESSING");
    expect(membershipPaid(mine.members[0].id)).toBe(false);
    expect((await page.request.get("/orders.csv")).status()).toBe(403);
    await page.goto("/payments");
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Unauthorized. Redirect to homepage.")).toBeVisible();
  });

  test("cancels a Processing order after the confirmation; other orders cannot be cancelled", async ({
    page,
  }) => {
    const mine = await managerWithOrders();
    await loginAs(page, mine.manager.email);
    await page.goto("/orders");
    for (const o of [mine.paid, mine.failed, mine.cancelled]) {
      await expect(orderRow(page, o.id).getByRole("link", { name: "Cancel Order" })).toHaveCount(0);
    }
    // Asked first; No leaves it alone.
    await orderRow(page, mine.processing.id).getByRole("link", { name: "Cancel Order" }).click();
    await expect(dialog(page)).toContainText("Are you sure you want to cancel this order?");
    await dialog(page).getByRole("link", { name: "No" }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(orderStatus(mine.processing.id)).toBe("PROCESSING");
    // Yes.
    await orderRow(page, mine.processing.id).getByRole("link", { name: "Cancel Order" }).click();
    await dialog(page).getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(toast(page, "Order has been cancelled.")).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(orderRow(page, mine.processing.id)).toContainText("Cancelled");
    await expect(orderRow(page, mine.processing.id).getByRole("link", { name: "Cancel Order" })).toHaveCount(
      0,
    );
    expect(orderStatus(mine.processing.id)).toBe("CANCELLED");

    // A paid order: the confirmation is not offered, and a forged POST changes nothing.
    await page.goto(`/orders/${mine.paid.id}/cancel`);
    await expect(page).toHaveURL(/\/orders$/);
    await expect(toast(page, "only an order in Processing can be cancelled")).toBeVisible();
    const forged = await forgePost(page, `/orders/${mine.paid.id}/cancel`, [["csrf", await csrfOf(page)]]);
    expect(forged.status()).toBe(302);
    expect(orderStatus(mine.paid.id)).toBe("PAID");
    // Without the CSRF field: refused.
    const noCsrf = await forgePost(page, `/orders/${mine.failed.id}/cancel`, []);
    expect(noCsrf.status()).toBe(403);
  });
});

test.describe("Orders: admin", () => {
  test("filters by status, downloads CSV, opens any order, clamps the list parameters", async ({ page }) => {
    const mine = await managerWithOrders();
    await loginAs(page, "ADMIN");
    // The overview card's link.
    await page.goto("/orders?status=FAILED");
    await expect(page.getByLabel("Status")).toHaveValue("FAILED");
    const statuses = bodyRows(ordersTable(page)).locator("td:nth-child(3)");
    await expect(statuses.first()).toHaveText("Failed");
    expect(new Set(await statuses.allTextContents())).toEqual(new Set(["Failed"]));
    await expect(orderRow(page, mine.failed.id)).toContainText(mine.manager.name);
    await expect(orderRow(page, mine.failed.id)).toContainText(mine.club.name);

    // The filter form.
    await page.getByLabel("Status").selectOption({ label: "Processing" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]status=PROCESSING/);
    await expect(orderRow(page, mine.processing.id)).toHaveCount(1);
    await expect(orderRow(page, mine.paid.id)).toHaveCount(0);
    await expect(orderRow(page, mine.processing.id).getByRole("link", { name: "Cancel Order" })).toHaveCount(
      0,
    );

    // CSV of the filtered list: the table's columns, every row Processing.
    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
    const lines = (await res.body()).subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("Id,Created,Status,Owner,Team,Total (RM)");
    expect(lines.slice(1).every((l) => l.split(",")[2] === "Processing")).toBe(true);
    expect(lines.some((l) => l.startsWith(`${mine.processing.id},`) && l.endsWith(",60.00"))).toBe(true);

    // An admin reads any order's documents.
    expect((await page.request.get(`/orders/${mine.paid.token}/receipt.pdf`)).status()).toBe(200);
    // Clear Filters: All.
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByLabel("Status")).toHaveValue("");
    // Nonsense parameters are clamped, not errors.
    const clamped = await page.goto("/orders?page=-1&size=10000&sort=token&status=HACKED");
    expect(clamped?.status()).toBe(200);
    await expect(page.getByText(/^Showing 1–\d+ of /)).toBeVisible();
    await expect(page.getByLabel("Rows per page")).toHaveValue("50");
    // An admin does not cancel through the manager's step.
    expect((await page.request.get(`/orders/${mine.processing.id}/cancel`)).status()).toBe(403);
  });

  test("Edit Order/Add Notes: updates the status after the confirmation, adds a note; both in the dialog and the audit log", async ({
    page,
  }) => {
    const mine = await managerWithOrders();
    const admin = createUser("ADMIN");
    const noted = createOrder(mine.manager.id, { status: "FAILED", notes: ["Bank slip requested."] });
    await loginAs(page, admin.email);
    await page.goto(`/orders?status=PROCESSING`);
    await orderRow(page, mine.processing.id).getByRole("link", { name: "Edit Order/Add Notes" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${mine.processing.id}/edit\\?status=PROCESSING$`));
    const edit = dialog(page);
    await expect(edit.getByRole("heading", { name: "Edit Order/Add Notes" })).toBeVisible();
    await expect(edit.getByLabel("Status")).toHaveValue("PROCESSING");
    await expect(edit.getByText("Nothing to show")).toBeVisible();

    // Unchanged: disabled with JS; without JS the server refuses it.
    const update = edit.getByRole("button", { name: "Update Status" });
    if (isJs()) {
      await expect(update).toBeDisabled();
    } else {
      await update.click();
      await expect(toast(page, "Select a status different from the current one")).toBeVisible();
    }
    expect(orderStatus(mine.processing.id)).toBe("PROCESSING");

    // PROCESSING -> PAID: asked first; Cancel changes nothing.
    await dialog(page).getByLabel("Status").selectOption("PAID");
    await expect(dialog(page).getByRole("button", { name: "Update Status" })).toBeEnabled();
    await dialog(page).getByRole("button", { name: "Update Status" }).click();
    const ask = page.getByRole("alertdialog");
    await expect(ask).toContainText(
      "Changing status might impact payment process, are you sure you want to proceed?",
    );
    expect(orderStatus(mine.processing.id)).toBe("PROCESSING");
    await ask.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(orderStatus(mine.processing.id)).toBe("PROCESSING");

    const since = Date.now();
    await dialog(page).getByLabel("Status").selectOption("PAID");
    await dialog(page).getByRole("button", { name: "Update Status" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, update status" }).click();
    await expect(toast(page, "Order status has been updated.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/${mine.processing.id}/edit\\?status=PROCESSING$`));
    await expect(dialog(page).getByLabel("Status")).toHaveValue("PAID");
    expect(orderStatus(mine.processing.id)).toBe("PAID");
    // Setting PAID applies the order's effects (the members' fees) and mails the receipt.
    expect(membershipPaid(mine.members[0].id)).toBe(true);
    expect(membershipPaid(mine.members[1].id)).toBe(true);
    await waitForMail(
      mine.manager.email,
      new RegExp(`Payment received: order #${mine.processing.id}`),
      since,
    );

    // PAID -> FAILED: the toast says the fees stay paid.
    await dialog(page).getByLabel("Status").selectOption("FAILED");
    await dialog(page).getByRole("button", { name: "Update Status" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, update status" }).click();
    await expect(toast(page, "crew tag fees (and any entries or tickets) stay paid")).toBeVisible();
    expect(orderStatus(mine.processing.id)).toBe("FAILED");
    expect(membershipPaid(mine.members[0].id)).toBe(true);

    // Notes: an empty one is refused; one is added and listed with its author.
    const note = `Checked with the bank ${unique("ref")}`;
    await dialog(page).getByRole("button", { name: "Add Note" }).click();
    await expect(toast(page, "Please enter a note.")).toBeVisible();
    await dialog(page).getByLabel("Add Note").fill(note);
    await dialog(page).getByRole("button", { name: "Add Note" }).click();
    await expect(toast(page, "Order note has been added.")).toBeVisible();
    const notes = dialog(page).getByRole("table", { name: "Order notes" });
    await expect(notes.getByRole("row").filter({ hasText: note })).toContainText(
      /\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M/,
    );
    await expect(dialog(page).getByLabel("Add Note")).toHaveValue("");
    expect(orderNotesOf(mine.processing.id).map((n) => n.note)).toEqual([note]);

    // A seeded note of another order shows in its dialog.
    await page.goto(`/orders/${noted.id}/edit`);
    await expect(dialog(page).getByRole("table", { name: "Order notes" })).toContainText(
      "Bank slip requested.",
    );

    // The audit log: two status changes and the note, by this admin.
    const entries = auditOf(admin.id);
    expect(entries.map((e) => e.action)).toEqual(["order.note", "order.status", "order.status"]);
    expect(entries.every((e) => e.target_id === String(mine.processing.id))).toBe(true);
    await page.goto(`/audit-log?actor=${encodeURIComponent(admin.email)}`);
    const log = page.getByRole("table", { name: "Audit Log" });
    await expect(log.locator("tbody").getByRole("row")).toHaveCount(3);
    await expect(log).toContainText(`order #${mine.processing.id}`);
    await expect(log).toContainText("order.note");
    await expect(log).toContainText('"to":"PAID"');

    // Forged: an unknown order, a status that does not exist, too long a note.
    const csrf = await csrfOf(page);
    expect(
      (
        await forgePost(page, "/orders/999999999/edit", [
          ["csrf", csrf],
          ["intent", "note"],
          ["note", "x"],
        ])
      ).status(),
    ).toBe(404);
    expect(
      (
        await forgePost(page, `/orders/${noted.id}/edit`, [
          ["csrf", csrf],
          ["intent", "status"],
          ["status", "REFUNDED"],
          ["confirmed", "yes"],
        ])
      ).status(),
    ).toBe(400);
    const long = await forgePost(page, `/orders/${noted.id}/edit`, [
      ["csrf", csrf],
      ["intent", "note"],
      ["note", "x".repeat(1001)],
    ]);
    expect(long.status()).toBe(400);
    expect(orderNotesOf(noted.id)).toHaveLength(1);
    expect(orderStatus(noted.id)).toBe("FAILED");
  });
});

test.describe("Payment Logs", () => {
  test("admin filters by order id and transaction id, sees forged (unverified) calls, downloads CSV", async ({
    page,
  }) => {
    const club = await createClub({ members: 1, manager: true });
    const order = createOrder(club.members[0].id, { status: "PAID" });
    const txn = unique("TXN").toUpperCase();
    const forgedTxn = unique("FORGED").toUpperCase();
    addPaymentLog({
      orderId: String(order.id),
      statusId: "0",
      msg: "Insufficient_funds",
      transactionId: `${txn}-A`,
      createdAt: Date.now() - 2000,
    });
    addPaymentLog({
      orderId: String(order.id),
      statusId: "1",
      msg: "Payment_was_successful",
      transactionId: `${txn}-B`,
      source: "return",
      createdAt: Date.now() - 1000,
    });
    addPaymentLog({
      orderId: String(order.id),
      statusId: "1",
      msg: "Payment_was_successful",
      transactionId: forgedTxn,
      verified: false,
    });
    await loginAs(page, "ADMIN");
    await page.goto("/payments");
    await expect(page.getByRole("heading", { name: "Payment Logs" })).toBeVisible();
    const table = page.getByRole("table", { name: "Payment Logs" });

    // By transaction id (a substring, any case).
    await page.getByLabel("Transaction Id").fill(txn.toLowerCase().slice(0, -2));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]transactionId=/);
    const rows = bodyRows(table);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${txn}-B`); // newest first
    await expect(rows.nth(0)).toContainText("Payment was successful");
    await expect(rows.nth(1)).toContainText("Insufficient funds");
    await expect(rows.nth(1)).toContainText("Yes");

    // By order id: the forged call is there, marked.
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).not.toHaveURL(/[?&]transactionId=/); // with JavaScript, a client navigation
    await page.getByLabel("Order Id").fill(String(order.id));
    await page.getByRole("button", { name: "Search" }).click();
    // The unfiltered list holds these rows too: wait for the filtered one before reading every row.
    await expect(page).toHaveURL(/[?&]orderId=/);
    const forged = rows.filter({ hasText: forgedTxn });
    await expect(forged).toContainText("No (forged)");
    await expect(forged).toContainText(String(order.id));
    await expect(rows.filter({ hasText: txn })).toHaveCount(2);
    const orderIds = await rows.locator("td:nth-child(2)").allTextContents();
    expect(orderIds.every((id) => id.includes(String(order.id)))).toBe(true);

    // CSV with the same filter.
    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    const lines = (await res.body()).subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("Timestamp,Order Id,Transaction Id,Status Id,Message,Verified,Source");
    expect(lines.some((l) => l.includes(forgedTxn) && l.includes("No (forged)"))).toBe(true);
  });

  // @once: refusals by URL (access.spec.ts shows one without JS); Orders and Payment Logs run without JS in this file's other tests.
  test("committee reaches neither Orders nor Payment Logs", { tag: "@once" }, async ({ page }) => {
    await loginAs(page, "COMMITTEE");
    for (const path of ["/orders", "/payments"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Unauthorized. Redirect to homepage.")).toBeVisible();
    }
    const csv = await page.request.get("/payments.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
  });
});
