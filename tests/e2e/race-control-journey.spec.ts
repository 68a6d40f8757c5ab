// Race day end to end (issue 20, "Done when"), JS on and off: ADMIN schedules a heat and its final
// on /race-control, downloads the heat's FinishLynx .evt, starts the heat, imports the photo-finish
// .lif (a DNF and a DNS among the times) into a preview and saves it as Provisional (the scoreboard
// and the board say so), declares it Official (the results PDF says Official, revision 1), and the
// final is seeded by its progression plan at once (the two fastest in the centre lanes). Notices,
// which every test shares (the newest shows), are notices.spec's. The refusals are in results.spec
// (a malformed .lif), race-control.spec and the unit tests. Every run makes its own event and race
// numbers.
import { expect, test } from "./fixtures";
import { pdfText } from "../pdf-text";
import * as raceDay from "../factories/race-day";
import { createRaceEvent, createRaceRound, createRaceRow, e2eDb } from "./db";
import { asFreshClient, flashToast, tableRows, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** `count` consecutive race numbers nobody holds in this database (the seeds use 1-3 and 101 up). */
function freeRaceNumbers(count: number): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number BETWEEN ? AND ?");
  for (;;) {
    const n = 9000 + Math.floor(Math.random() * 900); // clear of the other specs (2000-8999)
    if (!taken.get(n, n + count - 1)) return n;
  }
}

test("a heat scheduled, exported, imported, provisional, official; the final seeded by its plan", async ({
  page,
}) => {
  test.setTimeout(60_000); // a whole race: ~12 screens
  const { event, teams } = createRaceEvent(4);
  const heat = createRaceRound(event.id, "HEAT 1");
  const final = createRaceRound(event.id, "FINAL");
  for (const [i, t] of teams.entries()) createRaceRow(heat, t.id, String(i + 1));
  const db = e2eDb();
  raceDay.progressionPlan(event.id, final, [heat], { mode: "TIME", count: 2, plusTimes: 0, lanes: 6 });
  raceDay.showRound(heat);
  const first = freeRaceNumbers(2);
  const heatLabel = `Race ${first} ${event.name} HEAT 1`;

  // 1. The timetable: the heat gets its race number and start (the final is already scheduled,
  // after it: Schedule of several rounds is race-control.spec's).
  raceDay.setRoundColumns(final, {
    raceNumber: first + 1,
    scheduledAt: new Date(Date.UTC(2031, 2, 1, 1, 30)),
  });
  await loginAs(page, "ADMIN", "/race-control");
  await page.getByRole("checkbox", { name: `Select ${event.name} HEAT 1` }).check();
  await page.getByLabel("First race number").fill(String(first));
  await page.getByLabel("First start").fill("2031-03-01T09:00");
  await page.getByLabel("Minutes between races").fill("30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(flashToast(page, "1 race scheduled.")).toBeVisible();
  const rows = tableRows(page, "Races in race-number order").filter({ hasText: event.name });
  await expect(rows.nth(0)).toContainText("01/03 09:00");
  await expect(rows.nth(0)).toContainText("HEAT 1");
  await expect(rows.nth(1)).toContainText("01/03 09:30");

  // 2. The start list for the photo-finish PC.
  const evtHref = await page
    .getByRole("link", { name: `FinishLynx .evt of ${heatLabel}` })
    .getAttribute("href");
  const evt = await page.request.get(evtHref ?? "");
  expect(evt.status()).toBe(200);
  const evtText = await evt.text();
  expect(evtText.split("\r\n")[0]).toBe(`${first},1,1,${event.name} HEAT 1`);
  expect(evtText).toContain(`,${teams[0].id},1,${teams[0].name},,`);

  // 3. The race starts.
  await page.getByRole("button", { name: `Start ${heatLabel}` }).click();
  await expect(flashToast(page, `${heatLabel} started.`)).toBeVisible();

  // 4. The photo finish's .lif: a preview, then Save as Provisional.
  await page.goto(`/rounds/${heat}/results`);
  await page.getByLabel("FinishLynx file (.lif)").setInputFiles({
    name: `${first}-01.lif`,
    mimeType: "text/plain",
    buffer: Buffer.from(
      `${first},1,1,${event.name} HEAT 1,,,,,,,09:42:10.5\r\n` +
        "1,,2,,,,2:35.19,,2:35.190,,,,,,\r\n" +
        "2,,1,,,,2:43.85,,8.655,,,,,,\r\n" +
        "DNF,,3,,,,DNF,,,,,,,,\r\n" +
        "DNS,,4,,,,,,,,,,,,\r\n",
    ),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByLabel("Lane 2: Time", { exact: true })).toHaveValue("2:35.19");
  await expect(page.getByLabel("Lane 3: Status", { exact: true })).toHaveValue("DNF");
  await expect(page.getByLabel("Lane 4: Status", { exact: true })).toHaveValue("DNS");
  expect(db.prepare("SELECT result_state FROM rounds WHERE id = ?").get(heat)).toEqual({
    result_state: "NONE",
  });
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(flashToast(page, "Results saved as Provisional.")).toBeVisible();

  // The public pages say Provisional, with the protest deadline, crews by place.
  const provisional = /Provisional, protests until \d\d:\d\d/;
  await page.goto("/scoreboard");
  const onScoreboard = page.locator(`section.sb-round[data-round="${heat}"]`);
  await expect(onScoreboard.getByText(provisional)).toBeVisible();
  await expect(onScoreboard.locator("tbody tr").first()).toContainText(teams[1].name);
  await page.goto("/board");
  const card = page.getByRole("region", { name: "Latest results" }).locator(`[data-round="${heat}"]`);
  await expect(card.getByText(provisional)).toBeVisible();
  await expect(card.locator("tbody tr").first()).toContainText(teams[1].name);

  // 5. Declared Official: the final is seeded by its plan at once, the two fastest in lanes 3 and 4.
  await page.goto(`/rounds/${heat}/results`);
  await page.getByRole("button", { name: "Declare Official" }).click();
  await expect(flashToast(page, "Results declared Official.")).toBeVisible();
  const seeded = db
    .prepare("SELECT lane, team_id AS teamId FROM races WHERE round_id = ? ORDER BY lane")
    .all(final);
  expect(seeded).toEqual([
    { lane: "3", teamId: teams[1].id },
    { lane: "4", teamId: teams[0].id },
  ]);
  const pdf = await page.request.get(`/rounds/${heat}/results.pdf`);
  expect(pdf.status()).toBe(200);
  const sheet = pdfText(await pdf.body());
  expect(sheet).toMatch(/State\s+OFFICIAL/); // in capitals on paper
  expect(sheet).toMatch(/Revision\s+1/);
  expect(sheet).toContain("DNS");

  await page.goto("/race-control");
  await expect(rows.nth(0)).toContainText("Official");
  await expect(rows.nth(1)).toContainText("Seeded by plan");
});
