// Ready or not, per lane (issue 28 section 1): the entrance scans of a crew turn its lane Ready on
// race control (the Ready column, "1 of 2 lanes", opening onto each lane) and on the board's Next
// cards; a lane not ready says why. A missed scan: Mark Ready needs a Reason, then staff see
// "Ready (by hand)" with the reason and the board plain "Ready"; Undo (here on the results desk)
// puts it back. MANAGER and COMPETITOR posting Mark Ready are refused and nothing changes. With
// JavaScript the open board turns as scans are saved, within 2 s. Every test makes its own race
// (tests/e2e/db-readiness.ts), with a race number below everyone's so that it is on the board's
// Next, and takes the number away at the end.
import { expect, type Locator, type Page, test } from "./fixtures";
import {
  laneAudit,
  laneReadyRecord,
  type ReadyRace,
  createReadyRace,
  retire,
  scanCrew,
} from "./db-readiness";
import {
  asFreshClient,
  flashToast,
  forgePost,
  isJs,
  tableRows,
  toast,
  UNAUTHORIZED,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

let race: ReadyRace | undefined;
test.afterEach(() => {
  if (race) retire(race);
  race = undefined;
});

/** The race's row on race control. */
const rowOf = (page: Page, r: ReadyRace) =>
  tableRows(page, "Races in race-number order").filter({ hasText: r.eventName });

/** The race's Ready cell, opened onto its lanes (their states). */
async function openLanes(page: Page, r: ReadyRace, summary: string): Promise<Locator> {
  const details = rowOf(page, r).locator("details.rdy-details");
  await expect(details.locator("summary")).toHaveText(summary);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator("summary").click();
  return details;
}

/** The race's lanes with Mark Ready and Undo: its "Mark Ready or Undo" link (`?lanes=`). */
async function laneForms(page: Page, r: ReadyRace, summary: string): Promise<Locator> {
  const details = await openLanes(page, r, summary);
  await details.getByRole("link", { name: `Mark Ready or Undo: lanes of ${r.label}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]lanes=${r.roundId}`));
  const open = rowOf(page, r).locator("details.rdy-details[open]");
  await expect(open.locator("summary")).toHaveText(summary);
  return open;
}
const laneIn = (scope: Locator, lane: string) => scope.locator(`li[data-lane="${lane}"]`);

/** The race's card among the board's Next races, and one lane's line on it. */
const boardCard = (page: Page, r: ReadyRace) =>
  page.getByRole("region", { name: "Next" }).locator(`[data-round="${r.roundId}"]`);
const boardLane = (page: Page, r: ReadyRace, team: string) =>
  boardCard(page, r).getByRole("listitem").filter({ hasText: team });

// @once: readiness computed on the server; race control's lanes and the board run without JS in "Mark Ready needs a reason".
test("scans saved make a lane Ready on race control and the board; a lane short of crew says why", {
  tag: "@once",
}, async ({ page }) => {
  race = createReadyRace(2);
  const [one, two] = race.lanes;
  scanCrew(race.roundId, one, one.crew);
  // Lane 2: both men and one woman.
  scanCrew(race.roundId, two, two.crew.slice(0, 3));

  await loginAs(page, "COMMITTEE", "/race-control");
  const lanes = await openLanes(page, race, "1 of 2 lanes");
  await expect(laneIn(lanes, "1")).toContainText(`Lane 1: ${one.teamName}`);
  await expect(laneIn(lanes, "1").getByTestId("lane-ready")).toHaveText("Ready");
  await expect(laneIn(lanes, "2").getByTestId("lane-ready")).toHaveText(
    "Not ready: 3 of 4 paddlers; needs 1 more woman",
  );
  // The states only: Mark Ready and Undo come with the race's own link (one race at a time).
  await expect(lanes.getByRole("button")).toHaveCount(0);
  const forms = await laneForms(page, race, "1 of 2 lanes");
  // A lane Ready from its scans has nothing to mark; the other one has.
  await expect(laneIn(forms, "1").getByRole("button")).toHaveCount(0);
  await expect(
    laneIn(forms, "2").getByRole("button", { name: `Mark Ready lane 2, ${race.label}` }),
  ).toBeVisible();

  await page.goto("/board");
  await expect(boardLane(page, race, one.teamName)).toContainText("Ready");
  await expect(boardLane(page, race, two.teamName)).toContainText("Not ready");
  // The public never reads why.
  await expect(boardCard(page, race)).not.toContainText("paddlers");
});

test("Mark Ready needs a reason; staff see Ready (by hand) and why, the board Ready; Undo on the results desk", async ({
  page,
}) => {
  race = createReadyRace(2);
  const [one, two] = race.lanes;
  scanCrew(race.roundId, one, one.crew);
  await loginAs(page, "COMMITTEE", "/race-control");
  let lanes = await laneForms(page, race, "1 of 2 lanes");
  await expect(laneIn(lanes, "2").getByTestId("lane-ready")).toHaveText("Not ready: nobody scanned yet");

  // No reason: refused, nothing written, the lane's form still open with the message.
  await laneIn(lanes, "2")
    .getByRole("button", { name: `Mark Ready lane 2, ${race.label}` })
    .click();
  await expect(toast(page, "Give the reason the lane is Ready without its scans.")).toBeVisible();
  lanes = rowOf(page, race).locator("details.rdy-details");
  await expect(laneIn(lanes, "2").getByRole("alert")).toHaveText(
    "Give the reason the lane is Ready without its scans.",
  );
  expect(laneReadyRecord(two.raceId).ready_at).toBeNull();

  await laneIn(lanes, "2").getByLabel("Reason").fill("Crew tag left in the car; checked by hand");
  await laneIn(lanes, "2")
    .getByRole("button", { name: `Mark Ready lane 2, ${race.label}` })
    .click();
  await expect(flashToast(page, `Lane 2 of ${race.label} marked Ready.`)).toBeVisible();
  // Back on the same race's lanes, still open.
  await expect(page).toHaveURL(new RegExp(`[?&]lanes=${race.roundId}`));
  lanes = rowOf(page, race).locator("details.rdy-details[open]");
  await expect(lanes.locator("summary")).toHaveText("2 of 2 lanes");
  await expect(laneIn(lanes, "2").getByTestId("lane-ready")).toHaveText("Ready (by hand)");
  await expect(laneIn(lanes, "2")).toContainText("Crew tag left in the car; checked by hand (by ");
  expect(laneReadyRecord(two.raceId).ready_reason).toBe("Crew tag left in the car; checked by hand");
  const [marked] = laneAudit(two.raceId);
  expect(marked.action).toBe("lane.ready_marked");
  expect(JSON.parse(marked.details)).toMatchObject({
    lane: "2",
    raceNumber: race.raceNumber,
    reason: "Crew tag left in the car; checked by hand",
  });

  // The public sees plain Ready.
  await page.goto("/board");
  await expect(boardLane(page, race, two.teamName)).toContainText("Ready");
  await expect(boardLane(page, race, two.teamName)).not.toContainText("by hand");

  // The results desk shows each lane's state; Undo there puts the lane back to its scans.
  await page.goto(`/rounds/${race.roundId}/results`);
  const desk = page.getByRole("region", { name: "Ready at the entrance" });
  await expect(laneIn(desk, "1").getByTestId("lane-ready")).toHaveText("Ready");
  await expect(laneIn(desk, "2").getByTestId("lane-ready")).toHaveText("Ready (by hand)");
  await laneIn(desk, "2")
    .getByRole("button", { name: `Undo Ready lane 2, ${race.label}` })
    .click();
  await expect(flashToast(page, `Lane 2 of ${race.label}: Ready by hand undone.`)).toBeVisible();
  await expect(laneIn(desk, "2").getByTestId("lane-ready")).toHaveText("Not ready: nobody scanned yet");
  expect(laneReadyRecord(two.raceId)).toEqual({ ready_at: null, ready_reason: null, ready_by: null });
  expect(laneAudit(two.raceId)[0].action).toBe("lane.ready_undone");
});

for (const role of ["MANAGER", "COMPETITOR"] as const) {
  // @once: forged posts and a refusal by URL; Mark Ready's refusal runs without JS in "Mark Ready needs a reason".
  test(`${role} posting Mark Ready or Undo is refused and nothing changes`, {
    tag: "@once",
  }, async ({ page }) => {
    race = createReadyRace(1);
    const [lane] = race.lanes;
    await loginAs(page, role, "/");
    for (const url of ["/race-control", `/rounds/${race.roundId}/results`]) {
      for (const intent of ["markReady", "undoReady"]) {
        const csrf = await page.locator('input[name="csrf"]').first().inputValue();
        const res = await forgePost(page, url, [
          ["csrf", csrf],
          ["intent", intent],
          ["race", lane.raceId],
          ["reason", "Forged"],
        ]);
        expect(res.status(), `${intent} on ${url}`).toBe(302);
        expect(res.headers().location).toBe("/");
      }
    }
    expect(laneReadyRecord(lane.raceId)).toEqual({ ready_at: null, ready_reason: null, ready_by: null });
    expect(laneAudit(lane.raceId)).toEqual([]);
    // The screens themselves are refused too.
    await page.goto("/race-control");
    await expect(page).toHaveURL(/\/$/);
    // (The forged posts' refusals were flashed too, never shown: they come with this page.)
    await expect(flashToast(page, UNAUTHORIZED).first()).toBeVisible();
  });
}

test("the open board turns Ready as the crew's scans are saved, within 2 s", { tag: "@once" }, async ({
  page,
}) => {
  test.skip(!isJs(), "live updates need JavaScript (without it the board reloads every 30 s)");
  race = createReadyRace(1);
  const [lane] = race.lanes;
  await page.goto("/board");
  await expect(page.locator("#sb-status")).toHaveText("Live");
  await expect(boardLane(page, race, lane.teamName)).toContainText("Not ready");
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  scanCrew(race.roundId, lane, lane.crew);
  await expect(boardLane(page, race, lane.teamName).locator(".bd-ready")).toHaveText("Ready", {
    timeout: 2000,
  });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
