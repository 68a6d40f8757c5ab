// The results screen (/rounds/:id/results, issue 20 sections 2 and 3), JS on and off: the results
// desk imports a FinishLynx .lif (a preview that writes nothing, marking what differs), saves it as
// Provisional, declares it Official and revises it after a protest. A malformed .lif is refused
// with every reason and nothing written (@once: the same HTML form either way). A save from a page
// older than the stored results (a second desk) is refused with the typed rows kept, then saved.
// The lead's journey test covers the rest of race day (schedule, .evt, board, progression, PDFs).
import { expect, type Page, test } from "./fixtures";
import * as raceDay from "../factories/race-day";
import { createRaceEvent, createRaceRound, createRaceRow, e2eDb, unique } from "./db";
import { asFreshClient, flashToast, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** A round of a new event with three lanes; its id and race ids by lane. */
function roundOfThree() {
  const { event, teams } = createRaceEvent(3);
  const roundId = createRaceRound(event.id, unique("RS HEAT").toUpperCase());
  const races = teams.map((t, i) => createRaceRow(roundId, t.id, String(i + 1)));
  return { roundId, races, teams };
}

type LaneRow = {
  lane: string;
  time_ms: number | null;
  status: string | null;
  penalty_ms: number;
  place: number | null;
  score: string | null;
};
const lanesOf = (roundId: number) =>
  e2eDb()
    .prepare(
      "SELECT lane, time_ms, status, penalty_ms, place, score FROM races WHERE round_id = ? ORDER BY lane",
    )
    .all(roundId) as LaneRow[];
const roundOf = (roundId: number) =>
  e2eDb().prepare("SELECT result_state, revision FROM rounds WHERE id = ?").get(roundId) as {
    result_state: string;
    revision: number;
  };

const box = (page: Page, lane: string, what: string) =>
  page.getByLabel(`Lane ${lane}: ${what}`, { exact: true });

async function importFile(page: Page, text: string) {
  await page.getByLabel("FinishLynx file (.lif)").setInputFiles({
    name: "race.lif",
    mimeType: "text/plain",
    buffer: Buffer.from(text),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

test("imports a .lif as a preview, saves it provisional, declares it official and revises it", async ({
  page,
}) => {
  const { roundId } = roundOfThree();
  await loginAs(page, "COMMITTEE", `/rounds/${roundId}/results`);
  await expect(page.getByTestId("results-state")).toHaveText("Scheduled");

  await importFile(
    page,
    "0,0,0,800m 14,,,,,,,11:47:50.9326\r\n1,,2,,,,2:35.19,,2:35.190,,,,,,\r\n2,,1,,,,2:43.85,,8.655,,,,,,\r\nDNS,,3,,,,,,,,,,,,\r\n",
  );
  await expect(page.getByText(/Preview of the imported \.lif file/)).toBeVisible();
  await expect(box(page, "2", "Time")).toHaveValue("2:35.19");
  await expect(box(page, "3", "Status")).toHaveValue("DNS");
  await expect(page.locator("tr.results-differs")).toHaveCount(3);
  expect(lanesOf(roundId).every((x) => x.time_ms === null && x.status === null)).toBe(true);

  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(flashToast(page, "Results saved as Provisional.")).toBeVisible();
  await expect(page.getByTestId("results-state")).toHaveText(/^Provisional, protests until \d\d:\d\d$/);
  expect(lanesOf(roundId).map((x) => [x.lane, x.place, x.score])).toEqual([
    ["1", 2, "2:43.85"],
    ["2", 1, "2:35.19"],
    ["3", null, "DNS"],
  ]);

  await page.getByRole("button", { name: "Declare Official" }).click();
  await expect(flashToast(page, "Results declared Official.")).toBeVisible();
  await expect(page.getByTestId("results-state")).toHaveText("Official");
  await expect(page.getByTestId("results-revision")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Declare Official" })).toHaveCount(0);

  // A protest upheld: lane 2 gets 10 seconds; a reason is asked for first, and what was typed stays.
  await box(page, "2", "Penalty (s)").fill("10");
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(page.getByText("A penalty needs a reason.", { exact: true })).toBeVisible();
  await expect(box(page, "2", "Penalty (s)")).toHaveValue("10");
  await box(page, "2", "Penalty reason").fill("Protest upheld: lane change");
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(flashToast(page, "Official results revised (revision 2).")).toBeVisible();
  await expect(page.getByTestId("results-state")).toHaveText("Official (revised)");
  expect(roundOf(roundId)).toEqual({ result_state: "OFFICIAL", revision: 2 });
  expect(lanesOf(roundId).map((x) => [x.lane, x.place, x.score])).toEqual([
    ["1", 1, "2:43.85"],
    ["2", 2, "2:45.19 (+10.00)"],
    ["3", null, "DNS"],
  ]);

  // Two desks: another desk marks lane 3 DNF while this page, still showing DNS, corrects lane 1.
  raceDay.setLaneColumns(roundId, "3", { status: "DNF", score: "DNF" });
  await box(page, "1", "Time").fill("2:43.00");
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(page.getByTestId("results-conflict")).toHaveText(/^Someone else saved results for this round/);
  await expect(box(page, "1", "Time")).toHaveValue("2:43.00");
  await expect(page.locator("tr.results-differs")).toHaveCount(2); // lane 1 (typed) and lane 3 (theirs)
  await expect(page.locator("tr.results-differs").last()).toContainText("stored: DNF");
  expect(roundOf(roundId)).toEqual({ result_state: "OFFICIAL", revision: 2 });
  expect(lanesOf(roundId).map((x) => x.score)).toEqual(["2:43.85", "2:45.19 (+10.00)", "DNF"]);
  // Saving again is now deliberate: it goes through with what this desk typed.
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(flashToast(page, "Official results revised (revision 3).")).toBeVisible();
  expect(lanesOf(roundId).map((x) => x.score)).toEqual(["2:43.00", "2:45.19 (+10.00)", "DNS"]);
});

test("a malformed .lif is refused with every reason and nothing is written", { tag: "@once" }, async ({
  page,
}) => {
  const { roundId } = roundOfThree();
  await loginAs(page, "ADMIN", `/rounds/${roundId}/results`);
  await importFile(page, "0,0,0,800m 14\r\n1,,1,,,,2:3x.19\r\n2,,9,,,,2:40.00\r\n3,,1,,,,2:41.00\r\n");
  const reasons = page.locator(".results-refused li");
  await expect(page.getByText("The file was refused and nothing was saved:")).toBeVisible();
  expect(await reasons.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(/Preview of the imported/)).toHaveCount(0);
  expect(lanesOf(roundId).every((x) => x.time_ms === null && x.status === null && x.score === null)).toBe(
    true,
  );
  expect(roundOf(roundId)).toEqual({ result_state: "NONE", revision: 0 });
});
