// The big screen /board (issue 20, section 6), public, no login. With JavaScript: a round started
// shows under "Now racing", and results written meanwhile (by another connection, as the results
// desk's save or a LiteFS replica would) arrive on the open page through the live stream, by place
// with their state, without a reload. Without JavaScript: a meta refresh every 30 s that the page
// says it does. The board is shared by every test running at the same time: each test only looks
// at its own round. The notice on the board is notices.spec's.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createEvent, createTeam, e2eDb, unique } from "./db";
import { asFreshClient, isJs, watchServerErrors } from "./helpers";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test, { consoleErrors: /Content Security Policy|Uncaught/i });

/** A started round (race number far above any other test's) with three lanes. */
function startedRound() {
  const db = e2eDb();
  const event = createEvent({ name: unique("BD EVENT").toUpperCase() });
  const club = Number(
    db
      .prepare("INSERT INTO associations (name, country, token) VALUES (?, 'MY', ?)")
      .run(unique("Bd Club"), randomBytes(18).toString("base64url")).lastInsertRowid,
  );
  const teams = ["A", "B", "C"].map((x) => {
    const name = `${unique("BD").toUpperCase()} ${x}`;
    return { name, id: createTeam(club, event.id, name) };
  });
  const raceNumber = 100_000 + Math.floor(Math.random() * 800_000);
  const now = Date.now();
  const name = `${event.name} HEAT 1`;
  const id = Number(
    db
      .prepare(
        `INSERT INTO rounds (event_id, name, description, race_number, scheduled_at, started_at)
         VALUES (?, ?, '', ?, ?, ?)`,
      )
      .run(event.id, name, raceNumber, now - 60_000, now).lastInsertRowid,
  );
  const add = db.prepare("INSERT INTO races (round_id, lane, team_id) VALUES (?, ?, ?)");
  for (const [i, t] of teams.entries()) add.run(id, String(i + 1), t.id);
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
  const db = e2eDb();
  const lane = db.prepare(
    "UPDATE races SET place = ?, status = ?, score = ?, time_ms = ? WHERE round_id = ? AND lane = ?",
  );
  db.transaction(() => {
    lane.run(2, null, "1:02.00", 62_000, round.id, "1");
    lane.run(null, "DNF", "DNF", null, round.id, "2");
    lane.run(1, null, "1:01.00", 61_000, round.id, "3");
    db.prepare(
      `UPDATE rounds SET result_state = 'PROVISIONAL', results_at = ?, protest_until = ? WHERE id = ?`,
    ).run(Date.now() + 3_600_000, Date.UTC(2026, 11, 1, 6, 35), round.id);
  })();
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

  db.prepare(
    "UPDATE rounds SET result_state = 'OFFICIAL', revision = 1, protest_until = NULL WHERE id = ?",
  ).run(round.id);
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
