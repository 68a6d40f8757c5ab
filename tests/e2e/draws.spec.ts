// Draws and progression end to end, with JavaScript on and off (issue 10, item 3 and the first
// Done-when): an admin creates a heat round for an event of 8 teams, generates its draw (a preview
// at a seed, Re-draw for another, Save Draw: 2 heats of 4, the second into a new round HEAT 2, the
// previewed lanes exactly), the results desk's times go in (straight into the database), a
// mis-typed time refuses the progression with a message naming round, lane, team and the text
// (nothing written), and once corrected the top 6 go into a FINAL with the fastest in lanes 3 and
// 4. COMMITTEE and MANAGER are kept out of both dialogs, their POSTs too. Every test makes its own
// event (tests/e2e/db.ts).
import { expect, type Page, test } from "./fixtures";
import { createDrawEvent, createDrawRound, createUser, drawRacesOf, drawRoundsOf, setDrawScores } from "./db";
import { asFreshClient, expectRefused, flashToast, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

const HELP =
  "Type a time like 1:02.35 or 58.20, a place like 1st, a win-loss record like 2-1, or DNS, DNF or DSQ.";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test, { csp: false });

async function createRound(page: Page, eventId: number, name: string) {
  await page.goto(`/rounds?event=${eventId}`);
  await page.getByRole("link", { name: "Create Round" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill(`${name} of the test`);
  await dialog.getByRole("button", { name: "Create Round" }).click();
  await expect(flashToast(page, "Round has been created successfully.")).toBeVisible();
  await expect(page.getByRole("link", { name: `Generate Draw for ${name}` })).toBeVisible();
}

/** The lanes of one heat's table in the preview, as [lane, team name]. */
async function previewLanes(page: Page, heatTitle: string): Promise<[number, string][]> {
  const rows = page.getByRole("region", { name: heatTitle, exact: true }).locator("tbody tr");
  const out: [number, string][] = [];
  for (const row of await rows.all()) {
    const cells = await row.locator("td").allInnerTexts();
    out.push([Number(cells[0]), cells[1]]);
  }
  return out;
}

/** Opens a dialog from its row link. A click in the instant the list hydrates can be lost, so it is
 * tried again until the dialog's URL is there. */
async function openDialog(page: Page, link: string, url: RegExp) {
  await expect(async () => {
    await page.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(url, { timeout: 3000 });
  }).toPass({ timeout: 15_000 });
}

const seedOf = (page: Page) => Number(new URL(page.url()).searchParams.get("seed"));

test("admin: a heat round, its draw, times, a mis-typed time refused, the top 6 into a FINAL", async ({
  page,
}) => {
  test.setTimeout(40_000); // a round, its draw, times of 8 teams and a final: ~12-16 s on 2 idle workers
  const { event, teams } = createDrawEvent(8, "DRAWS");
  const nameOf = new Map(teams.map((t) => [t.id, t.name]));
  const admin = createUser("ADMIN");
  await loginAs(page, admin.email);

  await createRound(page, event.id, "HEAT 1");
  await openDialog(page, "Generate Draw for HEAT 1", /\/rounds\/\d+\/draw\?.*seed=\d+/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Generate Draw" })).toBeVisible();
  await expect(dialog.getByLabel("All the event's teams (8)")).toBeChecked();
  await expect(dialog.getByLabel("Lanes per heat")).toHaveValue("6");
  const firstSeed = seedOf(page);
  await expect(dialog.getByLabel("Seed")).toHaveValue(String(firstSeed));

  // Re-draw: another seed (and the URL shows the same draw again).
  await dialog.getByRole("button", { name: "Re-draw" }).click();
  await expect.poll(() => seedOf(page)).not.toBe(firstSeed);
  const seed = seedOf(page);
  await expect(dialog.getByLabel("Seed")).toHaveValue(String(seed));
  await expect(
    dialog.getByRole("heading", { name: `Preview: 8 teams in 2 heats, seed ${seed}` }),
  ).toBeVisible();

  // Eight lanes: one heat; back to six: two heats of four in the centre lanes, HEAT 2 a new round.
  await dialog.getByLabel("Lanes per heat").fill("8");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "HEAT 1 (this round)", exact: true })).toBeVisible();
  expect((await previewLanes(page, "HEAT 1 (this round)")).map(([lane]) => lane)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8,
  ]);
  await dialog.getByLabel("Lanes per heat").fill("6");
  await dialog.getByRole("button", { name: "Preview" }).click();
  const heat1Title = "Heat 1: HEAT 1 (this round)";
  const heat2Title = "Heat 2: HEAT 2 (a new round)";
  await expect(dialog.getByRole("heading", { name: heat2Title, exact: true })).toBeVisible();
  const heat1 = await previewLanes(page, heat1Title);
  const heat2 = await previewLanes(page, heat2Title);
  expect(heat1.map(([lane]) => lane)).toEqual([2, 3, 4, 5]);
  expect(heat2.map(([lane]) => lane)).toEqual([2, 3, 4, 5]);
  expect([...heat1, ...heat2].map(([, team]) => team).sort()).toEqual(teams.map((t) => t.name).sort());
  // The same seed shows the same draw.
  await page.reload();
  expect(await previewLanes(page, heat1Title)).toEqual(heat1);

  await dialog.getByRole("button", { name: "Save Draw" }).click();
  await expect(flashToast(page, "Draw saved: 2 heats, one round each.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
  await expect(page.getByRole("link", { name: "Generate Draw for HEAT 2" })).toBeVisible();
  const [round1, round2] = drawRoundsOf(event.id);
  expect(round2.name).toBe("HEAT 2");
  const saved = (id: number) => drawRacesOf(id).map((r) => [Number(r.lane), nameOf.get(r.team_id)]);
  expect(saved(round1.id)).toEqual(heat1);
  expect(saved(round2.id)).toEqual(heat2);

  // A round with races cannot be drawn again.
  await page.goto(`/rounds/${round1.id}/draw?event=${event.id}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This round already has races. Delete them first." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Draw" })).toHaveCount(0);

  // The results desk's times; one mis-typed (a dot for the colon).
  setDrawScores(round1.id, { 2: "1:01.00", 3: "59.80", 4: "1:00.40", 5: "DNF" });
  setDrawScores(round2.id, { 2: "1:02.00", 3: "1.00.10", 4: "1:03.50", 5: "1:00.90" });
  const teamIn = (roundId: number, lane: number) =>
    nameOf.get(drawRacesOf(roundId).find((r) => r.lane === String(lane))?.team_id ?? 0) ?? "";

  await createRound(page, event.id, "FINAL");
  const final = drawRoundsOf(event.id).find((r) => r.name === "FINAL")!;
  await openDialog(page, "Progress FINAL", /\/rounds\/\d+\/progress\?/);
  await expect(dialog.getByRole("heading", { name: "Progress" })).toBeVisible();
  await expect(dialog.getByText("Tick the finished rounds to rank, then Preview.")).toBeVisible();
  await dialog.getByLabel("HEAT 1").check();
  await dialog.getByLabel("HEAT 2").check();
  await expect(dialog.getByLabel("Top")).toHaveValue("6");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    `HEAT 2, lane 3 (${teamIn(round2.id, 3)}): "1.00.10" is not a score. ${HELP}`,
  );
  await expect(dialog.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  expect(drawRacesOf(final.id)).toEqual([]);

  // Corrected: the ranking, and the top 6 with the fastest in lanes 3 and 4.
  setDrawScores(round2.id, { 3: "1:00.10" });
  await page.reload();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  const ranking = dialog.getByRole("region", { name: "Ranking" }).locator("tbody tr");
  await expect(ranking).toHaveCount(8);
  await expect(ranking.nth(0)).toContainText(teamIn(round1.id, 3));
  await expect(ranking.nth(0)).toContainText("59.80");
  await expect(ranking.nth(7)).toContainText("DNF");
  await expect(
    dialog.getByRole("heading", { name: "Next round: the top 6, fastest in the centre lanes" }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(flashToast(page, "Progression saved: 6 teams in this round.")).toBeVisible();
  expect(saved(final.id)).toEqual([
    [1, teamIn(round1.id, 2)], // 5th 1:01.00
    [2, teamIn(round1.id, 4)], // 3rd 1:00.40
    [3, teamIn(round1.id, 3)], // 1st 59.80
    [4, teamIn(round2.id, 3)], // 2nd 1:00.10
    [5, teamIn(round2.id, 5)], // 4th 1:00.90
    [6, teamIn(round2.id, 2)], // 6th 1:02.00
  ]);
});

for (const role of ["COMMITTEE", "MANAGER"] as const) {
  // @once: refusals by URL and raw posts; Generate Draw's refusal runs without JS in draws' "admin: a heat round ... a mis-typed time refused".
  test(`${role} is kept out of Generate Draw and Progress, GET and POST`, {
    tag: "@once",
  }, async ({ page }) => {
    const { event } = createDrawEvent(3, "KEPT");
    const roundId = createDrawRound(event.id, "HEAT 1");
    const user = createUser(role);
    await loginAs(page, user.email);
    for (const dialog of ["draw", "progress"])
      await expectRefused(page, `/rounds/${roundId}/${dialog}?event=${event.id}`);
    // The POSTs last: each refusal flashes a toast into the shared cookie jar.
    for (const dialog of ["draw", "progress"]) {
      const posted = await page.request.post(`/rounds/${roundId}/${dialog}?event=${event.id}`, {
        form: { lanes: "6", seed: "1", source: "event", fingerprint: "x" },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(302);
      expect(posted.headers().location).toBe("/");
    }
    expect(drawRacesOf(roundId)).toEqual([]);
  });
}
