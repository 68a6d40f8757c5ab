// The Editions screens (issue 21, ed-screens), with JavaScript on and off, WITHOUT creating or
// opening an edition on the shared server (every other test writes into the open one; the journey
// that opens one runs last: editions-journey.spec.ts). ADMIN's /editions lists the editions with
// their states and a CSV, and New Edition refuses a year another edition has (nothing saved);
// staff switch the sidebar's picker to the archived edition: every staff screen shows the banner,
// a write there is refused with the archive's sentence and changes nothing, and "Back to the current
// edition" ends it. Managers never get the picker.
import { expect, test } from "./fixtures";
import { e2eDb, unique } from "./db";
import { insertEditionRow } from "../../app/models/edition.server";
import { asFreshClient, csvAt, flashToast, tableRows, toast, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

type Row = { id: number; name: string; year: number };

/** An archived edition: the seed's last year once it has one, else one made here (a row only: no
 * data of its own, so no other test sees anything of it but its name in staff pickers). */
function archivedEdition(): Row {
  const db = e2eDb();
  const have = db
    .prepare("SELECT id, name, year FROM editions WHERE state = 'ARCHIVED' ORDER BY year DESC")
    .get() as Row | undefined;
  if (have) return have;
  const open = openEdition();
  const year = open.year - 1;
  insertEditionRow({
    name: `Regatta ${year}`,
    year,
    startsOn: `${year}-09-26`,
    endsOn: `${year}-09-27`,
    state: "ARCHIVED",
    archivedAt: new Date(),
  });
  return db.prepare("SELECT id, name, year FROM editions WHERE year = ?").get(year) as Row;
}

function openEdition(): Row {
  return e2eDb().prepare("SELECT id, name, year FROM editions WHERE state = 'OPEN'").get() as Row;
}

const editionCount = () => (e2eDb().prepare("SELECT count(*) AS n FROM editions").get() as { n: number }).n;

test("ADMIN's Editions: the table, its CSV, and New Edition refusing a year in use", async ({ page }) => {
  const archived = archivedEdition();
  const open = openEdition();
  await loginAs(page, "ADMIN", "/editions");
  await expect(page.getByRole("heading", { name: "Editions", level: 1 })).toBeVisible();
  const rows = tableRows(page, "Editions");
  await expect(rows.filter({ hasText: open.name })).toContainText("Open");
  await expect(rows.filter({ hasText: archived.name })).toContainText("Archived");
  const csv = await csvAt(page, "/editions.csv");
  expect(csv[0]).toEqual(["Name", "Dates", "State"]);
  expect(csv).toContainEqual([open.name, expect.stringContaining(" to "), "Open"]);

  const before = editionCount();
  await page.getByRole("link", { name: "New Edition" }).click();
  const dialog = page.getByRole("dialog", { name: "New Edition" });
  await dialog.getByLabel("Name").fill(`Regatta ${open.year}`);
  await dialog.getByLabel("Year").fill(String(open.year));
  await dialog.getByLabel("Start date").fill(`${open.year}-09-01`);
  await dialog.getByLabel("End date").fill(`${open.year}-09-02`);
  await expect(dialog.getByLabel("Copy from")).toHaveValue(String(open.id));
  await dialog.getByRole("button", { name: "Create Edition" }).click();
  const taken = `There is already an edition for ${open.year}. Choose another year.`;
  await expect(toast(page, taken)).toBeVisible();
  await expect(dialog.getByLabel("Year")).toHaveValue(String(open.year)); // what was typed stays
  expect(editionCount()).toBe(before);
});

test("staff looking at the archived edition: the banner, a write refused, back to the current", async ({
  page,
}) => {
  const archived = archivedEdition();
  await loginAs(page, "ADMIN", "/eoi-events");
  await expect(page.locator(".edition-banner")).toHaveCount(0);
  await page.getByLabel("Edition", { exact: true }).selectOption({ label: `${archived.name} (archived)` });
  await page.getByRole("button", { name: "View", exact: true }).click();
  await expect(page).toHaveURL(/\/eoi-events$/);
  await expect(page.getByText(`You are looking at ${archived.name} (archived): read-only.`)).toBeVisible();

  const name = unique("ARCHIVE EOI").toUpperCase();
  await page.getByRole("link", { name: "Create EOI Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create EOI Event" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create EOI Event" }).click();
  await expect(
    flashToast(page, `${archived.name} is archived: it can be looked at, not changed.`),
  ).toBeVisible();
  expect(e2eDb().prepare("SELECT count(*) AS n FROM eoi_events WHERE name = ?").get(name)).toEqual({ n: 0 });

  // Another staff screen shows the banner too; the button there goes back to the open edition.
  await page.goto("/users");
  await expect(page.getByText(`You are looking at ${archived.name} (archived): read-only.`)).toBeVisible();
  await page.getByRole("button", { name: "Back to the current edition" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.locator(".edition-banner")).toHaveCount(0);

  // A manager never gets the picker.
  await loginAs(page, "MANAGER", "/");
  await expect(page.getByLabel("Edition", { exact: true })).toHaveCount(0);
});
