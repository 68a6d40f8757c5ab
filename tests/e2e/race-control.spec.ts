// /race-control end to end (issue 20): ADMIN schedules two rounds and sees them in race-number
// order; COMMITTEE starts a race and the page says how late the day runs (the test's own clock);
// notices are notices.spec's (every test shares the one shown). The refusals (roles, forged
// ids, clashes) are unit tests (tests/unit/race-control.test.ts). Every test makes its own event.
import { expect, test } from "./fixtures";
import * as raceDay from "../factories/race-day";
import { createRaceEvent, createRaceRound, e2eDb } from "./db";
import { asFreshClient, flashToast, isJs, tableRows, watchServerErrors } from "./helpers";
import { loginAs } from "./login";
import { withTestContext } from "./test-context";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const MIN = 60_000;
/** A race number nobody else holds in this database (the seeds use 1-3 and 101 up). */
function freeRaceNumbers(count: number): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number BETWEEN ? AND ?");
  for (;;) {
    const n = 2000 + Math.floor(Math.random() * 7000);
    if (!taken.get(n, n + count - 1)) return n;
  }
}

test("ADMIN schedules two rounds and sees them in race-number order @once", async ({ page }) => {
  const { event } = createRaceEvent(1);
  createRaceRound(event.id, "HEAT 2");
  createRaceRound(event.id, "HEAT 1");
  const first = freeRaceNumbers(2);
  await loginAs(page, "ADMIN", "/race-control");
  for (const round of ["HEAT 1", "HEAT 2"])
    await page.getByRole("checkbox", { name: `Select ${event.name} ${round}` }).check();
  await page.getByLabel("First race number").fill(String(first));
  await page.getByLabel("First start").fill("2031-03-01T09:00");
  await page.getByLabel("Minutes between races").fill("7");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(flashToast(page, "2 races scheduled.")).toBeVisible();
  const mine = tableRows(page, "Races in race-number order").filter({ hasText: event.name });
  await expect(mine).toHaveCount(2);
  // Unscheduled rounds go in event then round order: HEAT 1 first, whatever order they were made.
  await expect(mine.nth(0)).toContainText(`${first}`);
  await expect(mine.nth(0)).toContainText("01/03 09:00");
  await expect(mine.nth(0)).toContainText("HEAT 1");
  await expect(mine.nth(1)).toContainText(`${first + 1}`);
  await expect(mine.nth(1)).toContainText("01/03 09:07");
  await expect(mine.nth(1)).toContainText("HEAT 2");
  await expect(mine.nth(0)).toContainText("Scheduled");
});

test("COMMITTEE starts a race and sees how late the day runs @once", async ({ page }) => {
  const { event } = createRaceEvent(1);
  const round = createRaceRound(event.id, "FINAL");
  const race = freeRaceNumbers(1);
  // Later than any other start in this database, so it is the day's latest race.
  const scheduled = Date.UTC(2032, 0, 1, 0, 0) + Math.floor(Math.random() * 500_000) * MIN;
  raceDay.setRoundColumns(round, { raceNumber: race, scheduledAt: new Date(scheduled) });
  await withTestContext(page, { now: scheduled + 12 * MIN + 20_000 });
  await loginAs(page, "COMMITTEE", "/race-control");
  await page.getByRole("button", { name: `Start Race ${race} ${event.name} FINAL` }).click();
  await expect(flashToast(page, `Race ${race} ${event.name} FINAL started.`)).toBeVisible();
  await expect(page.getByTestId("rc-delay")).toHaveText("Running 12 min late");
  const row = tableRows(page, "Races in race-number order").filter({ hasText: event.name });
  await expect(row).toContainText("Started");
  // COMMITTEE runs the day; Schedule is ADMIN's.
  await expect(page.getByRole("button", { name: "Schedule", exact: true })).toHaveCount(0);
});

// The tables are HTML the server writes (issue 30): a refused Schedule brings back the boxes that
// were ticked and what was typed, with and without JavaScript; with it, a row's Start is sent by
// the router (the page is not loaded again), and a box ticked but not sent stays ticked.
test("a refused Schedule keeps the boxes ticked; a row's Start keeps them too", async ({ page }) => {
  const { event } = createRaceEvent(1);
  createRaceRound(event.id, "HEAT 1");
  createRaceRound(event.id, "HEAT 2");
  const started = createRaceRound(event.id, "FINAL");
  const race = freeRaceNumbers(1);
  raceDay.setRoundColumns(started, { raceNumber: race, scheduledAt: new Date(Date.UTC(2033, 0, 1)) });
  await loginAs(page, "ADMIN", "/race-control");
  const box = (round: string) => page.getByRole("checkbox", { name: `Select ${event.name} ${round}` });
  await box("HEAT 1").check();
  await page.getByLabel("First race number").fill(String(freeRaceNumbers(2)));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("First start must be a date and a time.").first()).toBeVisible();
  await expect(box("HEAT 1")).toBeChecked();
  await expect(box("HEAT 2")).not.toBeChecked();
  await expect(page.getByLabel("First race number")).not.toHaveValue("");

  await box("HEAT 2").check();
  if (isJs()) await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("button", { name: `Start Race ${race} ${event.name} FINAL` }).click();
  await expect(flashToast(page, `Race ${race} ${event.name} FINAL started.`)).toBeVisible();
  const row = tableRows(page, "Races in race-number order").filter({ hasText: event.name });
  await expect(row).toContainText("Started");
  if (isJs()) {
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    // Ticked, not yet sent: still ticked after the page's tables were written again.
    await expect(box("HEAT 1")).toBeChecked();
    await expect(box("HEAT 2")).toBeChecked();
  }
});
