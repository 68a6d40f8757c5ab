// The big screen /board (issue 20, section 6), public, no login. With JavaScript: a round started
// shows under "Now racing", and results written meanwhile (by another connection, as the results
// desk's save or a LiteFS replica would) arrive on the open page through the live stream, by place
// with their state, without a reload. Without JavaScript: a meta refresh every 30 s that the page
// says it does. The board is shared by every test running at the same time: each test only looks
// at its own round. The notice on the board is notices.spec's.
import { expect, test } from "./fixtures";
import * as make from "../factories";
import * as raceDay from "../factories/race-day";
import { createEvent, createTeam, unique } from "./db";
import { asFreshClient, isJs, watchServerErrors } from "./helpers";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test, { consoleErrors: /Content Security Policy|Uncaught/i });

/** A started round (race number far above any other test's) with three lanes. */
function startedRound() {
  const event = createEvent({ name: unique("BD EVENT").toUpperCase() });
  const club = make.club({ name: unique("Bd Club") }).id;
  const teams = ["A", "B", "C"].map((x) => {
    const name = `${unique("BD").toUpperCase()} ${x}`;
    return { name, id: createTeam(club, event.id, name) };
  });
  const raceNumber = 100_000 + Math.floor(Math.random() * 800_000);
  const now = Date.now();
  const name = `${event.name} HEAT 1`;
  const { id } = raceDay.round(event.id, {
    name,
    description: "",
    raceNumber,
    scheduledAt: new Date(now - 60_000),
    startedAt: new Date(now),
  });
  for (const [i, t] of teams.entries()) raceDay.race(id, t.id, String(i + 1));
  return { id, name, raceNumber, teams };
}

test("with JavaScript results reach an open board by place, Provisional then Official, no reload", async ({
  page,
}) => {
  test.skip(!isJs(), "live updates need JavaScript (without it the board reloads every 30 s)");
  const round = startedRound();
  await page.goto("/board");
  await expect(page.locator("#sb-status")).toHaveText("Live");
  const now = page.getByRole("region", { name: "Now racing" });
  await expect(now.getByText(`Race ${round.raceNumber}`)).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The results desk saves: lane 3 first, lane 1 second, lane 2 did not finish. Provisional.
  raceDay.atomically(() => {
    raceDay.setLaneColumns(round.id, "1", { place: 2, status: null, score: "1:02.00", timeMs: 62_000 });
    raceDay.setLaneColumns(round.id, "2", { place: null, status: "DNF", score: "DNF", timeMs: null });
    raceDay.setLaneColumns(round.id, "3", { place: 1, status: null, score: "1:01.00", timeMs: 61_000 });
    raceDay.setRoundColumns(round.id, {
      resultState: "PROVISIONAL",
      resultsAt: new Date(Date.now() + 3_600_000),
      protestUntil: new Date(Date.UTC(2026, 11, 1, 6, 35)),
    });
  });
  const latest = page.getByRole("region", { name: "Latest results" });
  const card = latest.locator(`[data-round="${round.id}"]`);
  await expect(card.getByText("Provisional, protests until 14:35")).toBeVisible({ timeout: 4000 });
  await expect(now.getByText(`Race ${round.raceNumber}`)).toHaveCount(0);
  const rows = await card
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => (td.textContent ?? "").trim())),
    );
  expect(rows).toEqual([
    ["1", round.teams[2].name, "1:01.00"],
    ["2", round.teams[0].name, "1:02.00"],
    ["DNF", round.teams[1].name, "DNF"],
  ]);

  raceDay.setRoundColumns(round.id, { resultState: "OFFICIAL", revision: 1, protestUntil: null });
  await expect(card.getByText("Official", { exact: true })).toBeVisible({ timeout: 4000 });
  // The change was announced politely.
  await expect(page.locator("#sb-announce")).toContainText(`Results updated: ${round.name} Official`);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("without JavaScript the board reloads every 30 s, and says so", async ({ page }) => {
  test.skip(isJs(), "the no-JS refresh");
  const response = await page.goto("/board");
  expect(response?.status()).toBe(200);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
  // (Playwright's text matchers skip <noscript>: read the DOM.)
  expect(await page.locator("#sb-status").textContent()).toBe("This page refreshes every 30 seconds.");
  await expect(page.getByRole("heading", { name: "Now racing" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest results" })).toBeVisible();
});
