// Issue 21's "done when", with JavaScript on and then off: ADMIN makes Regatta 2027 from the
// seeded Regatta 2026 and opens it; the demo manager then sees 2027's events with no entries and the
// crew tag fee due again, gets the email, and still has 2026's orders and receipts; 2026's official
// results are public at /results/2026; a forged POST into the archived 2026 changes nothing.
// Opening an edition archives the one every other spec writes into, so this spec runs after all of
// them (playwright.config.ts: projects last-js, last-no-js), each run from the seeded state
// (tests/e2e/db-editions.ts).
import { expect, type Page, test } from "./fixtures";
import { e2eDb } from "./db";
import { resetEditions } from "./db-editions";
import { csrfOf, DEMO, flashToast, forgePost, toast, waitForMail, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

watchServerErrors(test, { csp: false });

const YEAR = 2027;
const NAME = `Regatta ${YEAR}`;

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("Regatta 2027 made from 2026 and opened: managers invited back, 2026 kept and read-only", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const js = test.info().project.use.javaScriptEnabled !== false;
  const seeded = resetEditions(YEAR);
  const db = e2eDb();
  const events2026 = db
    .prepare("SELECT name FROM events WHERE edition_id = ? AND deleted = 0 ORDER BY name")
    .pluck()
    .all(seeded.id) as string[];
  const manager = db
    .prepare("SELECT id, association_id AS club FROM users WHERE email = ?")
    .get(DEMO.MANAGER) as {
    id: number;
    club: number;
  };
  const paidOrder = db
    .prepare("SELECT id, token FROM orders WHERE owner_id = ? AND edition_id = ? AND status = 'PAID' LIMIT 1")
    .get(manager.id, seeded.id) as { id: number; token: string };
  expect(paidOrder, "the demo manager has a paid order in the seeded edition").toBeTruthy();
  const since = Date.now();

  // ADMIN: New Edition from 2026, then Open.
  await loginAs(page, DEMO.ADMIN, "/editions");
  await expect(page.getByRole("heading", { level: 1, name: "Editions" })).toBeVisible();
  await page.getByRole("link", { name: "New Edition" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(NAME);
  await dialog.getByLabel("Year").fill(String(YEAR));
  await dialog.getByLabel("Start date").fill(`${YEAR}-09-25`);
  await dialog.getByLabel("End date").fill(`${YEAR}-09-26`);
  await dialog.getByLabel("Copy from").selectOption({ label: seeded.name });
  await dialog.getByRole("button", { name: "Create Edition" }).click();
  await expect(flashToast(page, `${NAME} created as a draft. Open it when it is ready.`)).toBeVisible();
  await expect(rowOf(page, NAME)).toContainText("Draft");
  await rowOf(page, NAME)
    .getByRole("link", { name: `Open ${NAME}` })
    .click();
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(flashToast(page, `${NAME} is open.`)).toBeVisible();
  await expect(rowOf(page, NAME)).toContainText("Open");
  await expect(rowOf(page, seeded.name)).toContainText("Archived");
  const made = db.prepare("SELECT id FROM editions WHERE year = ?").get(YEAR) as { id: number };
  const events2027 = db
    .prepare("SELECT name FROM events WHERE edition_id = ? AND deleted = 0 ORDER BY name")
    .pluck()
    .all(made.id) as string[];
  expect(events2027).toEqual(events2026);

  // A forged POST into the archived 2026 (an event of it, as ADMIN looking at 2027): refused,
  // nothing changed.
  const event2026 = db
    .prepare("SELECT id, name, price FROM events WHERE edition_id = ? AND deleted = 0 ORDER BY id LIMIT 1")
    .get(seeded.id) as { id: number; name: string; price: number };
  await page.goto("/events");
  const csrf = await csrfOf(page);
  const forged = await forgePost(page, `/events/${event2026.id}/delete`, [["csrf", csrf]]);
  expect(forged.status()).not.toBe(200);
  expect(db.prepare("SELECT name, price, deleted FROM events WHERE id = ?").get(event2026.id)).toEqual({
    name: event2026.name,
    price: event2026.price,
    deleted: 0,
  });

  // The demo manager: 2027's events, no entries yet, the crew tag fee due again, the email.
  const context = await browser.newContext({ javaScriptEnabled: js });
  const mine = await context.newPage();
  await loginAs(mine, DEMO.MANAGER, "/events");
  await expect(mine.getByRole("cell").filter({ hasText: events2026[0] }).first()).toBeVisible();
  await expect(mine.getByText("PENANG DRAGON WARRIORS A")).toHaveCount(0);
  await mine.goto("/members?tab=fee");
  await expect(mine.getByRole("cell", { name: "competitor@example.com" })).toBeVisible();
  // Opening emails the manager of every club of the year before: the hundreds the suite made, sent
  // one by one (~8 a second). The email is the server's, the same with JavaScript off, so only the
  // first run reads it (the second run's would wait behind what is left of the first's).
  if (js) {
    const mail = await waitForMail(DEMO.MANAGER, new RegExp(`${NAME} is open for entries`), since, 60_000);
    expect(mail.text).toContain("/events");
  }
  // 2026's orders and receipts stay theirs.
  await mine.goto("/orders");
  await expect(mine.getByRole("row").filter({ hasText: seeded.name }).first()).toBeVisible();
  const receipt = await mine.request.get(`/orders/${paidOrder.token}/receipt.pdf`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toContain("application/pdf");
  // A forged write into 2026 as the manager (Cancel on the archived order): nothing changes.
  await mine.goto("/orders");
  const status = () =>
    (db.prepare("SELECT status FROM orders WHERE id = ?").get(paidOrder.id) as { status: string }).status;
  await forgePost(mine, `/orders/${paidOrder.id}/cancel`, [["csrf", await csrfOf(mine)]]);
  expect(status()).toBe("PAID");
  await context.close();

  // 2026's official results, public.
  const publicContext = await browser.newContext({ javaScriptEnabled: js });
  const visitor = await publicContext.newPage();
  await visitor.goto(`/results/${seeded.name.replace(/\D/g, "")}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(seeded.name.replace(/\D/g, ""));
  await expect(visitor.getByText(/Official/).first()).toBeVisible();
  await publicContext.close();

  // ADMIN looks at the archive: a banner, and a write there refused with the message.
  await page.goto("/editions");
  await page.getByLabel("Edition").selectOption({ label: `${seeded.name} (archived)` });
  await page.getByRole("button", { name: "View" }).click();
  await expect(page.getByText(`You are looking at ${seeded.name} (archived): read-only.`)).toBeVisible();
  await page.goto("/events");
  const refused = await forgePost(page, `/events/${event2026.id}/delete`, [["csrf", await csrfOf(page)]]);
  expect(refused.status()).toBe(302);
  await page.goto("/events");
  await expect(toast(page, `${seeded.name} is archived`)).toBeVisible();
  expect(
    (db.prepare("SELECT deleted FROM events WHERE id = ?").get(event2026.id) as { deleted: number }).deleted,
  ).toBe(0);
});
