// Progression plans end to end (issue 20, section 4): an admin saves a plan in the Plan dialog over
// /rounds (a plan of more crews than lanes refused first, the typed values kept), and the table
// shows it in a few words; a round its plan seeded is unseeded from the Undo seeding step (the
// same without JavaScript: @once); a seeding its heat's revision outran is re-seeded from race
// control (@once: a plain form). The seeding itself (on Official, on a plan saved late) and the
// refusals are covered by tests/unit/progression.test.ts. Every test makes its own event
// (tests/e2e/db.ts).
import { expect, test } from "./fixtures";
import * as raceDay from "../factories/race-day";
import { createRaceEvent, createRaceRound, createRaceRow, createUser, e2eDb, racesOfRound } from "./db";
import { asFreshClient, flashToast, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

test("admin saves a progression plan for a final from two heats", async ({ page }) => {
  const { event } = createRaceEvent(2);
  const h1 = createRaceRound(event.id, "HEAT 1");
  createRaceRound(event.id, "HEAT 2");
  const final = createRaceRound(event.id, "FINAL");
  raceDay.setRoundColumns(h1, { raceNumber: 900_000 + h1 });
  const admin = createUser("ADMIN");
  await loginAs(page, admin.email, `/rounds?event=${event.id}`);

  await expect(async () => {
    await page.getByRole("link", { name: "Progression plan of FINAL" }).click();
    await expect(page).toHaveURL(new RegExp(`/rounds/${final}/plan`), { timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog", { name: "Progression Plan" });
  await dialog.getByLabel(`HEAT 1 (race ${900_000 + h1})`).check();
  await dialog.getByLabel("HEAT 2").check();
  await dialog.getByLabel("Places in each round").check();
  await dialog.getByLabel("Qualify", { exact: true }).fill("3");
  await dialog.getByLabel("Plus best times").fill("1");
  await dialog.getByLabel("Lanes").fill("6");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(
    flashToast(
      page,
      "This plan sends 7 crews into 6 lanes. Lower Qualify or Plus best times, or raise Lanes.",
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Plus best times")).toHaveValue("1");
  await expect(dialog.getByLabel("HEAT 2")).toBeChecked();
  await expect(dialog.getByLabel("Places in each round")).toBeChecked();

  await dialog.getByLabel("Qualify", { exact: true }).fill("2");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(flashToast(page, "Progression plan saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
  const row = page.getByRole("row").filter({ hasText: "FINAL" });
  await expect(row).toContainText("From HEAT 1, HEAT 2: top 2 each + 1 time");
  const saved = e2eDb()
    .prepare(
      "SELECT mode, count, plus_times AS plusTimes, lanes FROM progression_plans WHERE to_round_id = ?",
    )
    .get(final);
  expect(saved).toEqual({ mode: "PLACE", count: 2, plusTimes: 1, lanes: 6 });
});

test("admin undoes a seeding: the round's lanes go, the plan stays", { tag: "@once" }, async ({ page }) => {
  const { event, teams } = createRaceEvent(2);
  const heat = createRaceRound(event.id, "HEAT 1");
  const final = createRaceRound(event.id, "FINAL");
  raceDay.progressionPlan(event.id, final, [heat], { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 });
  createRaceRow(final, teams[0].id, "3");
  createRaceRow(final, teams[1].id, "4");
  raceDay.setRoundColumns(final, { seededAt: new Date() });
  const admin = createUser("ADMIN");
  await loginAs(page, admin.email, `/rounds?event=${event.id}`);

  const row = page.getByRole("row").filter({ hasText: "FINAL" });
  await expect(row).toContainText("From HEAT 1: best 2 times");
  await expect(row).toContainText("Seeded by its plan");
  await page.goto(`/rounds/${final}/unseed?event=${event.id}`);
  const dialog = page.getByRole("dialog", { name: "Undo Seeding" });
  await expect(dialog).toContainText("Remove the lanes its plan gave this round?");
  await expect(dialog).toContainText("2 lanes, seeded");
  await dialog.getByRole("button", { name: "Undo seeding" }).click();
  await expect(flashToast(page, "Seeding undone: the round's lanes were removed.")).toBeVisible();
  expect(racesOfRound(final)).toEqual([]);
  await expect(row).toContainText("From HEAT 1: best 2 times");
  await expect(row).not.toContainText("Seeded by its plan");
});

test("admin re-seeds a final after its heat was revised", { tag: "@once" }, async ({ page }) => {
  const { event, teams } = createRaceEvent(3);
  const heat = createRaceRound(event.id, "HEAT 1");
  const final = createRaceRound(event.id, "FINAL");
  raceDay.progressionPlan(event.id, final, [heat], { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 });
  // HEAT 1 now (revision 2, after a protest): teams 2 and 1 are the best two; the final was seeded
  // at revision 1 with teams 0 and 1.
  [61_000, 60_000, 59_000].forEach((ms, i) => {
    raceDay.race(heat, teams[i].id, String(i + 1), { timeMs: ms });
  });
  raceDay.setRoundColumns(heat, { resultState: "OFFICIAL", revision: 2 });
  createRaceRow(final, teams[0].id, "3");
  createRaceRow(final, teams[1].id, "4");
  raceDay.setRoundColumns(final, { seededAt: new Date(), seededRevisions: JSON.stringify({ [heat]: 1 }) });
  const admin = createUser("ADMIN");
  await loginAs(page, admin.email, "/race-control");

  const row = page.getByRole("row").filter({ hasText: event.name }).filter({ hasText: "FINAL" });
  await expect(row).toContainText("HEAT 1 was revised after FINAL was seeded");
  await row.getByRole("button", { name: /^Re-seed / }).click();
  await expect(
    flashToast(page, "FINAL re-seeded from the current official results with 2 crews."),
  ).toBeVisible();
  await expect(row).not.toContainText("was revised after");
  await expect(row).toContainText("Seeded by plan");
  expect(racesOfRound(final).map((r) => [r.lane, r.team_id])).toEqual([
    ["3", teams[2].id],
    ["4", teams[1].id],
  ]);
});
