// All Rounds and All Races end to end, with JavaScript on and off (issue 10 items 1-2, ADR 0016):
// the admin creates a round (the spec's 'fill in all the fields' first, then a duplicate name in
// another case: the name box emptied, the rest kept), edits and deletes it with its races, scan
// logs and scoreboard entry; creates races ('Lane already used', 'Team already exist'), enters a
// round's scores with Save Scores, edits, deletes, downloads the CSV. The results desk (COMMITTEE)
// edits lanes and scores, sees no Create Race or Delete, and its GETs and forged POSTs of those are
// 403 with nothing changed; a manager is refused everywhere. Every test makes its own events.
import { expect, type Locator, type Page, test } from "./fixtures";
import {
  addScanLog,
  auditOf,
  createRaceEvent,
  createRaceRound,
  createRaceRow,
  createUser,
  racesOfRound,
  roundLeftovers,
  roundsOfEvent,
  showOnScoreboard,
} from "./db";
import {
  asFreshClient,
  csrfOf,
  deleteAfterCancel,
  dismissToasts,
  downloadCsv,
  expectRefused,
  flashToast,
  forgePost,
  settled,
  tableRows,
  toast,
  UNAUTHORIZED,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const MSG = {
  fillAll: "Make sure to fill in all the fields.",
  roundCreated: "Round has been created successfully.",
  roundUpdated: "Round has been updated successfully.",
  roundDeleted: "Round has been deleted successfully.",
  roundExists: "Round already exist. Please try with different name.",
  roundDeleteConfirm: "Deleting round will remove all related data. Continue?",
  raceCreated: "Race has been created successfully.",
  raceUpdated: "Race has been updated successfully.",
  raceDeleted: "Race has been deleted successfully.",
  laneUsed: "Lane already used. Please try with different lane.",
  teamExists: "Team already exist. Please try edit or delete existing race.",
  raceDeleteConfirm: "Deleting race will remove all related data. Continue?",
  scoresSaved: "Scores have been saved successfully.",
};

function cells(row: Locator) {
  return row.locator("td");
}

/** The picker's GET form (not a dialog's Event select). */
function picker(page: Page, label: "Event" | "Round") {
  return page.locator("form.filters").getByLabel(label, { exact: true });
}

test.describe("Rounds (admin)", () => {
  test("creates a round (fill-in message first, then a duplicate name emptied), edits, refuses a taken name, deletes with its related data", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const { event, teams } = createRaceEvent(2);
    await loginAs(page, admin.email, "/rounds");
    await expect(page.getByRole("heading", { name: "All Rounds", level: 1 })).toBeVisible();
    await expect(page.getByText("Select an event to see its rounds.")).toBeVisible();
    await picker(page, "Event").selectOption({ label: event.name });
    await page.getByRole("button", { name: "Show Rounds" }).click();
    await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
    await expect(page.getByText("Nothing to show", { exact: true })).toBeVisible();

    // Create Round: the event comes preselected; the name left empty is refused.
    await page.getByRole("link", { name: "Create Round" }).click();
    await expect(page).toHaveURL(new RegExp(`/rounds/new\\?event=${event.id}$`));
    const create = page.getByRole("dialog", { name: "Create Round" });
    await expect(create.getByLabel("Event")).toHaveValue(String(event.id));
    await create.getByLabel("Description").fill("The first heat.");
    await create.getByRole("button", { name: "Create Round" }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    await expect(create.getByLabel("Name")).toHaveAccessibleDescription(MSG.fillAll);
    await expect(create.getByLabel("Description")).toHaveValue("The first heat.");
    expect(roundsOfEvent(event.id)).toEqual([]);

    await create.getByLabel("Name").fill("  Heat   1 ");
    await create.getByRole("button", { name: "Create Round" }).click();
    await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
    await expect(flashToast(page, MSG.roundCreated)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const [heat] = roundsOfEvent(event.id);
    expect(heat).toMatchObject({ name: "Heat 1", description: "The first heat." });
    const table = `Rounds of ${event.name}`;
    await expect(tableRows(page, table)).toHaveCount(1);
    await expect(cells(tableRows(page, table).first()).nth(0)).toHaveText(String(heat.id));
    await expect(cells(tableRows(page, table).first()).nth(1)).toContainText("Heat 1");
    await expect(cells(tableRows(page, table).first()).nth(2)).toHaveText("The first heat.");
    await expect(cells(tableRows(page, table).first()).nth(3)).toHaveText("0");

    // The same name in another case: the spec's message, the name box empty, the rest kept.
    await dismissToasts(page);
    await page.getByRole("link", { name: "Create Round" }).click();
    const again = page.getByRole("dialog", { name: "Create Round" });
    await again.getByLabel("Name").fill("HEAT 1");
    await again.getByLabel("Description").fill("A second first heat.");
    await again.getByRole("button", { name: "Create Round" }).click();
    await expect(toast(page, MSG.roundExists)).toBeVisible();
    await expect(again.getByLabel("Name")).toHaveValue("");
    await expect(again.getByLabel("Description")).toHaveValue("A second first heat.");
    await expect(again.getByLabel("Event")).toHaveValue(String(event.id));
    await expect(page).toHaveURL(new RegExp(`/rounds/new\\?event=${event.id}$`));
    // Another name goes through.
    await again.getByLabel("Name").fill("Final");
    await again.getByRole("button", { name: "Create Round" }).click();
    await expect(flashToast(page, MSG.roundCreated)).toBeVisible();
    const final = roundsOfEvent(event.id)[1];
    expect(final).toMatchObject({ name: "Final", description: "A second first heat." });

    // Edit: another round's name refused (name emptied), then a rename.
    await dismissToasts(page);
    await page.getByRole("link", { name: "Edit Final" }).click();
    await expect(page).toHaveURL(new RegExp(`/rounds/${final.id}/edit\\?event=${event.id}$`));
    const edit = page.getByRole("dialog", { name: "Edit Round" });
    await expect(edit.getByLabel("Name")).toHaveValue("Final");
    await edit.getByLabel("Name").fill("heat 1");
    await edit.getByLabel("Description").fill("The medal race.");
    await edit.getByRole("button", { name: "Update Round" }).click();
    await expect(toast(page, MSG.roundExists)).toBeVisible();
    await expect(edit.getByLabel("Name")).toHaveValue("");
    await expect(edit.getByLabel("Description")).toHaveValue("The medal race.");
    expect(roundsOfEvent(event.id)[1].name).toBe("Final");
    await edit.getByLabel("Name").fill("Grand Final");
    await edit.getByRole("button", { name: "Update Round" }).click();
    await expect(flashToast(page, MSG.roundUpdated)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
    expect(roundsOfEvent(event.id)[1]).toMatchObject({ name: "Grand Final", description: "The medal race." });

    // The description may be empty (the spec's non-null, not required): stored as ''.
    await dismissToasts(page);
    await page.getByRole("link", { name: "Edit Grand Final" }).click();
    const emptied = page.getByRole("dialog", { name: "Edit Round" });
    await emptied.getByLabel("Description").fill("");
    await emptied.getByRole("button", { name: "Update Round" }).click();
    await expect(flashToast(page, MSG.roundUpdated)).toBeVisible();
    expect(roundsOfEvent(event.id)[1]).toMatchObject({ name: "Grand Final", description: "" });

    // Delete: the confirmation names what goes; Cancel keeps everything.
    createRaceRow(heat.id, teams[0].id, "1", "1:01.00");
    createRaceRow(heat.id, teams[1].id, "2");
    addScanLog(heat.id, teams[0].id);
    showOnScoreboard(heat.id);
    await dismissToasts(page);
    await page.reload();
    await deleteAfterCancel(page, {
      link: "Delete Heat 1",
      dialog: "Delete Round",
      url: new RegExp(`/rounds/${heat.id}/delete\\?event=${event.id}$`),
      says: [MSG.roundDeleteConfirm, "Related data: 2 races, 1 scan log, its scoreboard entry."],
      kept: () => expect(roundLeftovers(heat.id)).toEqual({ races: 2, scans: 1, board: 1 }),
      deleted: MSG.roundDeleted,
    });
    await expect(page).toHaveURL(new RegExp(`/rounds\\?event=${event.id}$`));
    await expect(tableRows(page, table)).toHaveCount(1);
    expect(roundLeftovers(heat.id)).toEqual({ races: 0, scans: 0, board: 0 });
    expect((await page.goto(`/rounds/${heat.id}/edit`))?.status()).toBe(404);

    expect(auditOf(admin.id).map((a) => [a.action, a.target_id])).toEqual([
      ["round.deleted", String(heat.id)],
      ["round.updated", String(final.id)],
      ["round.updated", String(final.id)],
      ["round.created", String(final.id)],
      ["round.created", String(heat.id)],
    ]);
  });
});

test.describe("Races (admin)", () => {
  test("creates races (lane used, team already), enters scores, edits, deletes with its scan logs, downloads the CSV", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const { event, teams } = createRaceEvent(3);
    const [a, b, c] = teams;
    const roundId = createRaceRound(event.id, "Heat 1");
    await loginAs(page, admin.email);

    // Event, then round: two GET forms.
    await page.goto("/races");
    await expect(page.getByText("Select an event and a round to see its races.")).toBeVisible();
    await picker(page, "Event").selectOption({ label: event.name });
    await page.getByRole("button", { name: "Show Rounds" }).click();
    await picker(page, "Round").selectOption({ label: "Heat 1 (0 races)" });
    await page.getByRole("button", { name: "Show Races" }).click();
    await expect(page).toHaveURL(new RegExp(`/races\\?event=${event.id}&round=${roundId}$`));
    await expect(page.getByText("Nothing to show", { exact: true })).toBeVisible();

    // Create Race: lane 1 offered; every team of the event to pick.
    await page.getByRole("link", { name: "Create Race" }).click();
    const create = page.getByRole("dialog", { name: "Create Race" });
    await expect(create.getByLabel("Round")).toHaveValue(String(roundId));
    await expect(create.getByLabel("Lane")).toHaveValue("1");
    await expect(create.getByLabel("Event Team").locator("option")).toHaveText([
      "Select an event team",
      a.name,
      b.name,
      c.name,
    ]);
    await create.getByLabel("Lane").fill("");
    await create.getByRole("button", { name: "Create Race" }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    await create.getByLabel("Lane").fill(" 1 ");
    await create.getByLabel("Event Team").selectOption({ label: a.name });
    await create.getByRole("button", { name: "Create Race" }).click();
    await expect(flashToast(page, MSG.raceCreated)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/races\\?event=${event.id}&round=${roundId}$`));
    expect(racesOfRound(roundId)).toMatchObject([{ lane: "1", team_id: a.id, score: null }]);

    // Lane 1 again: refused, the form kept.
    await dismissToasts(page);
    await page.getByRole("link", { name: "Create Race" }).click();
    const second = page.getByRole("dialog", { name: "Create Race" });
    await expect(second.getByLabel("Event Team").locator("option")).toHaveText([
      "Select an event team",
      b.name,
      c.name,
    ]);
    await second.getByLabel("Lane").fill("1");
    await second.getByLabel("Event Team").selectOption({ label: b.name });
    await second.getByRole("button", { name: "Create Race" }).click();
    await expect(toast(page, MSG.laneUsed)).toBeVisible();
    await expect(second.getByLabel("Lane")).toHaveAccessibleDescription(MSG.laneUsed);
    await expect(second.getByLabel("Event Team")).toHaveValue(String(b.id));
    // Meanwhile another desk put team B in this round: 'Team already exist'. Only once the page has
    // reloaded its data after the refusal (with JS): a reload that sees B in the round takes B
    // out of the dialog's choices, and the post then says "fill in all the fields".
    await settled(page);
    createRaceRow(roundId, b.id, "5");
    await second.getByLabel("Lane").fill("2");
    await second.getByRole("button", { name: "Create Race" }).click();
    await expect(toast(page, MSG.teamExists)).toBeVisible();
    expect(racesOfRound(roundId)).toHaveLength(2);
    await second.getByLabel("Event Team").selectOption({ label: c.name });
    await second.getByRole("button", { name: "Create Race" }).click();
    await expect(flashToast(page, MSG.raceCreated)).toBeVisible();

    // The table in lane order.
    const table = "Races of Heat 1";
    await expect(tableRows(page, table)).toHaveCount(3);
    const [ra, rb, rc] = racesOfRound(roundId);
    await expect(cells(tableRows(page, table).nth(0))).toHaveText([
      String(ra.id),
      a.name,
      "1",
      "",
      "Edit Delete",
    ]);
    await expect(cells(tableRows(page, table).nth(1))).toHaveText([
      String(rc.id),
      c.name,
      "2",
      "",
      "Edit Delete",
    ]);
    await expect(cells(tableRows(page, table).nth(2))).toHaveText([
      String(rb.id),
      b.name,
      "5",
      "",
      "Edit Delete",
    ]);

    // Enter Scores: one box per race, labelled by lane and team; one Save Scores.
    await dismissToasts(page);
    await page.getByRole("link", { name: "Enter Scores" }).click();
    await expect(page).toHaveURL(/mode=scores/);
    await page.getByLabel(`Lane 1 ${a.name}`).fill("1:02.34");
    await page.getByLabel(`Lane 2 ${c.name}`).fill(" dnf ");
    await page.getByRole("button", { name: "Save Scores" }).click();
    await expect(flashToast(page, MSG.scoresSaved)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/races\\?event=${event.id}&round=${roundId}$`));
    expect(racesOfRound(roundId).map((r) => r.score)).toEqual(["1:02.34", null, "DNF"]);
    await expect(cells(tableRows(page, table).nth(0)).nth(3)).toHaveText("1:02.34");
    await expect(cells(tableRows(page, table).nth(1)).nth(3)).toHaveText("DNF");
    expect(JSON.parse(auditOf(admin.id)[0].details)).toEqual({
      changes: [
        { race: ra.id, old: null, new: "1:02.34" },
        { race: rc.id, old: null, new: "DNF" },
      ],
    });

    // Edit: a lane in use refused; then lane and score.
    await dismissToasts(page);
    await page.getByRole("link", { name: `Edit ${b.name} (lane 5)` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Race" });
    await expect(edit.getByLabel("Lane")).toHaveValue("5");
    await edit.getByLabel("Lane").fill("1");
    await edit.getByRole("button", { name: "Update Race" }).click();
    await expect(toast(page, MSG.laneUsed)).toBeVisible();
    await edit.getByLabel("Lane").fill("3");
    await edit.getByLabel("Score").fill("58.20");
    await edit.getByRole("button", { name: "Update Race" }).click();
    await expect(flashToast(page, MSG.raceUpdated)).toBeVisible();
    expect(racesOfRound(roundId).find((r) => r.id === rb.id)).toMatchObject({ lane: "3", score: "58.20" });

    // The CSV: the table's columns, lane order.
    expect(await downloadCsv(page)).toEqual([
      ["#", "Event Team", "Lane", "Score"],
      [String(ra.id), a.name, "1", "1:02.34"],
      [String(rc.id), c.name, "2", "DNF"],
      [String(rb.id), b.name, "3", "58.20"],
    ]);

    // Delete: confirmation with the scan logs that go; another round's logs stay.
    const later = createRaceRound(event.id, "Final");
    addScanLog(roundId, b.id);
    addScanLog(roundId, b.id);
    addScanLog(later, b.id);
    await dismissToasts(page);
    await page.getByRole("link", { name: `Delete ${b.name} (lane 3)` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Race" });
    await expect(confirm).toContainText(MSG.raceDeleteConfirm);
    await expect(confirm).toContainText("Related data: 2 scan logs of this team in this round.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(flashToast(page, MSG.raceDeleted)).toBeVisible();
    await expect(tableRows(page, table)).toHaveCount(2);
    expect(racesOfRound(roundId).map((r) => r.id)).toEqual([ra.id, rc.id]);
    expect(roundLeftovers(roundId).scans).toBe(0);
    expect(roundLeftovers(later).scans).toBe(1);
  });
});

test.describe("Races (results desk and others)", () => {
  // @once: COMMITTEE on the Enter Scores and Edit Race forms that "creates races ..." sends without JS; the rest is forged posts.
  test("COMMITTEE edits lanes and scores; Create Race and Delete are hidden and refused, nothing changes", {
    tag: "@once",
  }, async ({ page }) => {
    const committee = createUser("COMMITTEE");
    const { event, teams } = createRaceEvent(3);
    const roundId = createRaceRound(event.id, "Heat 1");
    const r1 = createRaceRow(roundId, teams[0].id, "1");
    const r2 = createRaceRow(roundId, teams[1].id, "2");
    await loginAs(page, committee.email, `/races?event=${event.id}&round=${roundId}`);
    const table = "Races of Heat 1";
    await expect(tableRows(page, table)).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Create Race" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    await expect(cells(tableRows(page, table).first()).nth(4)).toHaveText("Edit");

    // Enter Scores and Edit work for the desk.
    await page.getByRole("link", { name: "Enter Scores" }).click();
    await page.getByLabel(`Lane 1 ${teams[0].name}`).fill("2:01.34");
    await page.getByRole("button", { name: "Save Scores" }).click();
    await expect(flashToast(page, MSG.scoresSaved)).toBeVisible();
    await dismissToasts(page);
    await page.getByRole("link", { name: `Edit ${teams[1].name} (lane 2)` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Race" });
    await edit.getByLabel("Lane").fill("4");
    await edit.getByLabel("Score").fill("DSQ");
    await edit.getByRole("button", { name: "Update Race" }).click();
    await expect(flashToast(page, MSG.raceUpdated)).toBeVisible();
    expect(racesOfRound(roundId)).toMatchObject([
      { id: r1, lane: "1", score: "2:01.34" },
      { id: r2, lane: "4", score: "DSQ" },
    ]);

    // The admin-only dialogs: 403 with the sidebar kept.
    const csrf = await csrfOf(page);
    for (const path of [`/races/new?event=${event.id}&round=${roundId}`, `/races/${r1}/delete`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    // Forged POSTs with a valid CSRF token: 403, nothing written.
    const create = await forgePost(page, "/races/new", [
      ["csrf", csrf],
      ["round", roundId],
      ["lane", "6"],
      ["team", teams[2].id],
    ]);
    expect(create.status()).toBe(403);
    const remove = await forgePost(page, `/races/${r1}/delete`, [["csrf", csrf]]);
    expect(remove.status()).toBe(403);
    expect(racesOfRound(roundId).map((r) => r.id)).toEqual([r1, r2]);
    expect(auditOf(committee.id).map((a) => a.action)).toEqual(["race.updated", "race.scores"]);

    // All Rounds is ADMIN's: home with the spec's sentence; a forged create writes nothing.
    await expectRefused(page, `/rounds?event=${event.id}`);
    const round = await forgePost(page, "/rounds/new", [
      ["csrf", csrf],
      ["event", event.id],
      ["name", "Forged"],
      ["description", "Forged."],
    ]);
    expect(round.status()).toBe(302);
    expect(roundsOfEvent(event.id).map((r) => r.name)).toEqual(["Heat 1"]);
  });

  test("a manager is refused on both screens, their CSV and a forged Save Scores", { tag: "@once" }, async ({
    page,
  }) => {
    const manager = createUser("MANAGER");
    const { event, teams } = createRaceEvent(1);
    const roundId = createRaceRound(event.id, "Heat 1");
    const raceId = createRaceRow(roundId, teams[0].id, "1");
    await loginAs(page, manager.email);
    for (const path of ["/rounds", `/races?event=${event.id}&round=${roundId}`]) {
      await expectRefused(page, path);
      await expect(page.getByRole("link", { name: "All Races" })).toHaveCount(0);
    }
    const csv = await page.request.get(`/races.csv?round=${roundId}`, { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    const forged = await forgePost(page, `/races?event=${event.id}&round=${roundId}`, [
      ["csrf", await csrfOf(page)],
      ["round", roundId],
      ["race", raceId],
      ["score", "0:01.00"],
      ["was", ""],
    ]);
    expect(forged.status()).toBe(302);
    expect(racesOfRound(roundId)[0].score).toBeNull();
    expect(auditOf(manager.id)).toEqual([]);
  });
});
