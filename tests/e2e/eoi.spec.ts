// Expressions of interest end to end, with JavaScript on and off (issue 11 items 1-3): the admin's
// All EOI Events (fill-in message, a duplicate name in another case refused with the typed name
// kept, edit, delete after the confirmation naming the teams' interest that goes); two managers
// of different countries tick events; the four result tabs (Result by Events with its View dialog,
// Result by Teams, Countries, Teams) and each tab's CSV; a manager changing their ticks and seeing
// what is saved; and the refusals (COMMITTEE on /eoi-events and forged POSTs, a manager on the staff
// tabs and CSV, a tick of an event deleted meanwhile, a manager in no team). Every test makes its own
// events and clubs; totals over every team are compared with the database at the same moment.
import { expect, type Locator, type Page, test } from "./fixtures";
import { auditOf, createUser } from "./db";
import {
  createClublessManager,
  createEoiEvent,
  createEoiManager,
  deleteEoiEventDirect,
  type EoiManager,
  eoiEventRecord,
  eoiEventsNamed,
  interestedTeams,
  interestLinks,
  interestRecord,
  matrixTotalsNow,
  saveInterestDirect,
} from "./db-eoi";
import { unique } from "./db";
import {
  asFreshClient,
  csrfOf,
  deleteAfterCancel,
  dismissToasts,
  downloadCsv,
  expectRefused,
  flashToast,
  forgePost,
  logout,
  tableRows,
  toast,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const MSG = {
  fillAll: "Make sure to fill in all the fields.",
  created: "EOI event has been created successfully.",
  updated: "EOI event has been updated successfully.",
  deleted: "EOI event has been deleted successfully.",
  exists: "EOI event already exist. Please try with different name.",
  deleteConfirm: "Deleting EOI event will remove all related data. Continue?",
  saved: "Your expression of interest has been saved.",
  badTicks:
    "Some of the ticked events no longer exist. They have been taken off your ticks: check them and save again.",
  noClub: "Your account is not in a team, so it cannot express interest.",
  nothingSaved: "Nothing saved yet.",
};

/** Each project its own countries, so a country's count is only this test's teams (and the seed's,
 * which the database count includes). */
const countries = () =>
  test.info().project.name === "js"
    ? [
        { code: "IS", name: "Iceland" },
        { code: "FJ", name: "Fiji" },
      ]
    : [
        { code: "MT", name: "Malta" },
        { code: "CY", name: "Cyprus" },
      ];

function rowWith(scope: Page | Locator, caption: string, text: string) {
  return tableRows(scope, caption).filter({ hasText: text });
}
function cell(row: Locator, i: number) {
  return row.locator("td").nth(i);
}

async function createThroughDialog(page: Page, name: string) {
  await page.getByRole("link", { name: "Create EOI Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create EOI Event" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create EOI Event" }).click();
  await expect(flashToast(page, MSG.created)).toBeVisible();
  await expect(page).toHaveURL(/\/eoi-events$/);
  await dismissToasts(page);
}

async function tick(page: Page, manager: EoiManager, names: string[]) {
  await loginAs(page, manager.email, "/");
  await page.getByRole("link", { name: "Expression of Interest" }).click();
  await expect(page).toHaveURL(/\/eoi$/);
  for (const name of names) await page.getByLabel(name, { exact: true }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(flashToast(page, MSG.saved)).toBeVisible();
  await logout(page);
}

test.describe("All EOI Events (admin)", () => {
  test("creates (fill-in message, duplicate refused with the typed name kept), edits, deletes after the confirmation", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const base = unique("EOI").toUpperCase();
    await loginAs(page, admin.email, "/");
    await page.getByRole("link", { name: "All EOI Events" }).click();
    await expect(page).toHaveURL(/\/eoi-events$/);
    await expect(page.getByRole("heading", { name: "All EOI Events", level: 1 })).toBeVisible();

    // An empty name: the spec's sentence, nothing written.
    await page.getByRole("link", { name: "Create EOI Event" }).click();
    await expect(page).toHaveURL(/\/eoi-events\/new$/);
    const create = page.getByRole("dialog", { name: "Create EOI Event" });
    await create.getByLabel("Name").fill("   ");
    await create.getByRole("button", { name: "Create EOI Event" }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    await expect(create.getByLabel("Name")).toHaveAccessibleDescription(MSG.fillAll);

    // Two events (the name trimmed, inner spaces as one).
    await create.getByLabel("Name").fill(`  ${base}   250M MIXED `);
    await create.getByRole("button", { name: "Create EOI Event" }).click();
    await expect(flashToast(page, MSG.created)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const [first] = eoiEventsNamed(`${base} 250M MIXED`);
    expect(first).toMatchObject({ name: `${base} 250M MIXED`, deleted: 0 });
    await dismissToasts(page);
    await createThroughDialog(page, `${base} 400M OPEN`);
    const [second] = eoiEventsNamed(`${base} 400M OPEN`);
    const table = "All EOI Events";
    const firstRow = rowWith(page, table, first.name);
    await expect(cell(firstRow, 0)).toHaveText(String(first.id));
    await expect(cell(firstRow, 2)).toHaveText("0");
    await expect(rowWith(page, table, second.name)).toHaveCount(1);

    // The same name in another case: refused, what was typed kept (only Round empties it), nothing
    // written.
    await page.getByRole("link", { name: "Create EOI Event" }).click();
    const again = page.getByRole("dialog", { name: "Create EOI Event" });
    await again.getByLabel("Name").fill(first.name.toLowerCase());
    await again.getByRole("button", { name: "Create EOI Event" }).click();
    await expect(toast(page, MSG.exists)).toBeVisible();
    await expect(again.getByLabel("Name")).toHaveValue(first.name.toLowerCase());
    expect(eoiEventsNamed(first.name)).toHaveLength(1);
    await dismissToasts(page);
    await again.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Edit: a taken name refused (the typed name kept), then a rename.
    await dismissToasts(page);
    await page.getByRole("link", { name: `Edit ${second.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/eoi-events/${second.id}/edit$`));
    const edit = page.getByRole("dialog", { name: "Edit EOI Event" });
    await expect(edit.getByLabel("Name")).toHaveValue(second.name);
    await edit.getByLabel("Name").fill(first.name.toLowerCase());
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, MSG.exists)).toBeVisible();
    await expect(edit.getByLabel("Name")).toHaveValue(first.name.toLowerCase());
    expect(eoiEventRecord(second.id)?.name).toBe(second.name);
    await edit.getByLabel("Name").fill("");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    await edit.getByLabel("Name").fill(`${base} TUG OF WAR`);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(flashToast(page, MSG.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/eoi-events$/);
    expect(eoiEventRecord(second.id)?.name).toBe(`${base} TUG OF WAR`);
    await expect(rowWith(page, table, `${base} TUG OF WAR`)).toHaveCount(1);

    // Delete: the confirmation says whose interest goes; Cancel keeps it.
    const manager = await createEoiManager();
    saveInterestDirect({ email: manager.email, name: manager.name, team: manager.club, country: "MY" }, [
      first.id,
      second.id,
    ]);
    await dismissToasts(page);
    await page.reload();
    await expect(cell(rowWith(page, table, first.name), 2)).toHaveText("1");
    await deleteAfterCancel(page, {
      link: `Delete ${first.name}`,
      dialog: "Delete EOI Event",
      url: new RegExp(`/eoi-events/${first.id}/delete$`),
      says: [MSG.deleteConfirm, "Related data: the interest of 1 team"],
      kept: () => expect(eoiEventRecord(first.id)?.deleted).toBe(0),
      deleted: MSG.deleted,
    });
    await expect(page).toHaveURL(/\/eoi-events$/);
    await expect(rowWith(page, table, first.name)).toHaveCount(0);
    expect(eoiEventRecord(first.id)?.deleted).toBe(1);
    expect(interestLinks(first.id)).toBe(0);
    expect(interestRecord(manager.email).eventIds).toEqual([second.id]);
    expect((await page.goto(`/eoi-events/${first.id}/edit`))?.status()).toBe(404);

    expect(auditOf(admin.id).map((a) => [a.action, a.target_id])).toEqual([
      ["eoi-event.deleted", String(first.id)],
      ["eoi-event.updated", String(second.id)],
      ["eoi-event.created", String(second.id)],
      ["eoi-event.created", String(first.id)],
    ]);
  });
});

test.describe("Expressions of interest and the results", () => {
  test("two managers of different countries express interest; the four tabs, the View dialog and each CSV show them", async ({
    page,
  }) => {
    test.setTimeout(40_000); // two managers' forms, four tabs, a dialog and four CSVs: ~12-16 s on 2 idle workers
    const admin = createUser("ADMIN");
    const base = unique("EOI").toUpperCase();
    const a = `${base} 250M PREMIER`;
    const b = `${base} 400M MIXED`;
    await loginAs(page, admin.email, "/eoi-events");
    await createThroughDialog(page, a);
    await createThroughDialog(page, b);
    const [eventA] = eoiEventsNamed(a);
    const [eventB] = eoiEventsNamed(b);
    await logout(page);

    const [c1, c2] = countries();
    const m1 = await createEoiManager(c1.code);
    const m2 = await createEoiManager(c2.code);
    await tick(page, m1, [a, b]);
    await tick(page, m2, [a]);
    expect(interestRecord(m1.email)).toMatchObject({
      user: { email: m1.email, name: m1.name, team: m1.club, country: c1.code },
      eventIds: [eventA.id, eventB.id],
    });
    expect(interestRecord(m2.email).eventIds).toEqual([eventA.id]);

    // Result by Events (the committee sees the same results).
    const committee = createUser("COMMITTEE");
    await loginAs(page, committee.email, "/");
    await page.getByRole("link", { name: "Result", exact: true }).click();
    await expect(page).toHaveURL(/\/eoi$/);
    await expect(page.getByRole("heading", { name: "EOI Result", level: 1 })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "EOI result tabs" });
    await expect(tabs.getByRole("link", { name: "Result by Events" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const byEvents = "Result by Events";
    await expect(cell(rowWith(page, byEvents, a), 0)).toHaveText(String(eventA.id));
    await expect(cell(rowWith(page, byEvents, a), 2)).toHaveText("2");
    await expect(cell(rowWith(page, byEvents, b), 2)).toHaveText("1");

    // View: the two teams with their manager, country name and email.
    await page.getByRole("link", { name: `View ${a}` }).click();
    await expect(page).toHaveURL(new RegExp(`/eoi\\?view=${eventA.id}$`));
    const view = page.getByRole("dialog", { name: "Interested Teams" });
    await expect(view).toContainText(`${a}: 2 teams`);
    const viewTable = `Teams interested in ${a}`;
    await expect(tableRows(view, viewTable)).toHaveCount(2);
    for (const [m, c] of [
      [m1, c1],
      [m2, c2],
    ] as const) {
      const row = rowWith(view, viewTable, m.club);
      await expect(row.locator("td")).toHaveText([m.club, m.name, c.name, m.email]);
    }
    await view.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/eoi$/);

    const eventsCsv = await downloadCsv(page);
    expect(eventsCsv[0]).toEqual(["#", "Name", "Interested Teams"]);
    expect(eventsCsv).toContainEqual([String(eventA.id), a, "2"]);
    expect(eventsCsv).toContainEqual([String(eventB.id), b, "1"]);

    // Result by Teams: each team's events under their distance; the totals row counts every team.
    await tabs.getByRole("link", { name: "Result by Teams" }).click();
    await expect(page).toHaveURL(/\/eoi\/teams$/);
    await expect(tabs.getByRole("link", { name: "Result by Teams" })).toHaveAttribute("aria-current", "page");
    const byTeams = "Result by Teams";
    await expect(rowWith(page, byTeams, m1.club).locator("td")).toHaveText([m1.club, c1.name, a, b, "", ""]);
    await expect(rowWith(page, byTeams, m2.club).locator("td")).toHaveText([m2.club, c2.name, a, "", "", ""]);
    await expect(async () => {
      await page.reload();
      const teams = interestedTeams();
      const totals = matrixTotalsNow();
      await expect(page.getByRole("table", { name: byTeams }).locator("tfoot td")).toHaveText(
        [`Total (${teams} teams)`, "", ...totals.map(String)],
        { timeout: 1000 },
      );
    }).toPass({ timeout: 15_000 });
    const teamsCsv = await downloadCsv(page);
    expect(teamsCsv[0]).toEqual(["Team", "Country", "250M", "400M", "Tug", "Other"]);
    expect(teamsCsv).toContainEqual([m1.club, c1.name, a, b, "", ""]);
    expect(teamsCsv).toContainEqual([m2.club, c2.name, a, "", "", ""]);
    expect(teamsCsv.at(-1)?.[0]).toBe("Total");
    // The CSV link adds the page's query to its own (?tab=teams), without page and size.
    await page.goto("/eoi/teams?page=0&size=100&sort=team&dir=asc");
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/eoi.csv?tab=teams&sort=team&dir=asc",
    );
    expect((await downloadCsv(page))[0]).toEqual(["Team", "Country", "250M", "400M", "Tug", "Other"]);

    // Countries: names, not codes; each count and the total as the database has them now.
    await tabs.getByRole("link", { name: "Countries" }).click();
    await expect(page).toHaveURL(/\/eoi\/countries$/);
    await expect(async () => {
      await page.reload();
      const expected = [interestedTeams(c1.code), interestedTeams(c2.code), interestedTeams()];
      await expect(rowWith(page, "Countries", c1.name).locator("td")).toHaveText(
        [c1.name, String(expected[0])],
        {
          timeout: 1000,
        },
      );
      await expect(rowWith(page, "Countries", c2.name).locator("td")).toHaveText(
        [c2.name, String(expected[1])],
        {
          timeout: 1000,
        },
      );
      await expect(page.getByRole("table", { name: "Countries" }).locator("tfoot td")).toHaveText(
        ["Total", String(expected[2])],
        { timeout: 1000 },
      );
    }).toPass({ timeout: 15_000 });
    expect(interestedTeams(c1.code)).toBeGreaterThanOrEqual(1);
    const countriesCsv = await downloadCsv(page);
    expect(countriesCsv[0]).toEqual(["Country", "Teams"]);
    expect(countriesCsv.find((r) => r[0] === c1.name)?.[1]).toBe(String(interestedTeams(c1.code)));
    expect(countriesCsv.at(-1)?.[0]).toBe("Total");
    expect(countriesCsv.some((r) => r[0] === c1.code)).toBe(false);

    // Teams: every interested team with its details, events and when it saved.
    await tabs.getByRole("link", { name: "Teams", exact: true }).click();
    await expect(page).toHaveURL(/\/eoi\/list$/);
    const row1 = rowWith(page, "Teams", m1.club);
    await expect(row1.locator("td").nth(0)).toHaveText(m1.club);
    await expect(row1.locator("td").nth(1)).toHaveText(m1.name);
    await expect(row1.locator("td").nth(2)).toHaveText(c1.name);
    await expect(row1.locator("td").nth(3)).toHaveText(m1.email);
    await expect(row1.locator("td").nth(4)).toHaveText(`${a}${b}`);
    await expect(row1.locator("td").nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
    const listCsv = await downloadCsv(page);
    expect(listCsv[0]).toEqual(["Team", "Name", "Country", "Email", "Events", "Last Saved"]);
    const line = listCsv.find((r) => r[0] === m1.club);
    expect(line?.slice(0, 5)).toEqual([m1.club, m1.name, c1.name, m1.email, `${a}; ${b}`]);
    expect(listCsv.find((r) => r[0] === m2.club)?.[4]).toBe(a);
  });

  // @once: what is saved (a server rule) through the manager's form, which "two managers ... express interest" (saved) and "an event deleted while the form is open" (refused) send without JS.
  test("a manager ticks, changes the ticks and takes them all back, seeing what is saved each time", {
    tag: "@once",
  }, async ({ page }) => {
    const a = createEoiEvent();
    const b = createEoiEvent();
    const manager = await createEoiManager();
    await loginAs(page, manager.email, "/eoi");
    await expect(page.getByRole("heading", { name: "Expression of Interest", level: 1 })).toBeVisible();
    await expect(page.getByText(MSG.nothingSaved)).toBeVisible();
    const boxA = page.getByLabel(a.name, { exact: true });
    const boxB = page.getByLabel(b.name, { exact: true });
    await expect(boxA).not.toBeChecked();

    await boxA.check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.saved)).toBeVisible();
    const saved = page.getByRole("list", { name: "Saved events" });
    await expect(saved.getByRole("listitem")).toHaveText([a.name]);
    await expect(page.getByText(/^Saved \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM): 1 event$/)).toBeVisible();
    await expect(boxA).toBeChecked();
    expect(interestRecord(manager.email).eventIds).toEqual([a.id]);

    await dismissToasts(page);
    await boxA.uncheck();
    await boxB.check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.saved)).toBeVisible();
    await expect(saved.getByRole("listitem")).toHaveText([b.name]);
    await expect(boxA).not.toBeChecked();
    await expect(boxB).toBeChecked();
    expect(interestRecord(manager.email).eventIds).toEqual([b.id]);

    // A page loaded afresh shows the same.
    await page.goto("/eoi");
    await expect(boxB).toBeChecked();
    await expect(saved.getByRole("listitem")).toHaveText([b.name]);

    await dismissToasts(page);
    await boxB.uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.saved)).toBeVisible();
    await expect(page.getByText(/: no events$/)).toBeVisible();
    await expect(saved).toHaveCount(0);
    expect(interestRecord(manager.email).eventIds).toEqual([]);
  });

  test("an event deleted while the form is open: the save is refused, the manager's other ticks stay", async ({
    page,
  }) => {
    const a = createEoiEvent();
    const b = createEoiEvent();
    const c = createEoiEvent();
    const manager = await createEoiManager();
    const owner = { email: manager.email, name: manager.name, team: manager.club, country: manager.country };
    saveInterestDirect(owner, [a.id]);
    await loginAs(page, manager.email, "/eoi");
    const box = (e: { name: string }) => page.getByLabel(e.name, { exact: true });
    await expect(box(a)).toBeChecked();
    await box(a).uncheck();
    await box(b).check();
    await box(c).check();
    deleteEoiEventDirect(c.id);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.badTicks)).toBeVisible();
    // The list without the deleted event, the boxes as the manager left them (not as saved).
    await expect(box(c)).toHaveCount(0);
    await expect(box(a)).not.toBeChecked();
    await expect(box(b)).toBeChecked();
    expect(interestRecord(manager.email).eventIds).toEqual([a.id]);
    await expect(page.getByRole("list", { name: "Saved events" }).getByRole("listitem")).toHaveText([a.name]);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.saved)).toBeVisible();
    expect(interestRecord(manager.email).eventIds).toEqual([b.id]);
    await expect(box(b)).toBeChecked();
  });
});

test.describe("EOI refusals", () => {
  test("COMMITTEE sees the results but not All EOI Events, and its forged POSTs change nothing", {
    tag: "@once",
  }, async ({ page }) => {
    const committee = createUser("COMMITTEE");
    const event = createEoiEvent();
    await loginAs(page, committee.email, "/");
    await expect(page.getByRole("link", { name: "All EOI Events" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Result", exact: true })).toBeVisible();
    await expectRefused(page, "/eoi-events");
    const csrf = await csrfOf(page);
    const name = unique("FORGED EOI").toUpperCase();
    expect(
      (
        await forgePost(page, "/eoi-events/new", [
          ["csrf", csrf],
          ["name", name],
        ])
      ).status(),
    ).toBe(302);
    expect(eoiEventsNamed(name)).toEqual([]);
    await forgePost(page, `/eoi-events/${event.id}/edit`, [
      ["csrf", csrf],
      ["name", name],
    ]);
    await forgePost(page, `/eoi-events/${event.id}/delete`, [["csrf", csrf]]);
    expect(eoiEventRecord(event.id)).toMatchObject({ name: event.name, deleted: 0 });
    // The manager's form is not theirs to post.
    expect(
      (
        await forgePost(page, "/eoi?index", [
          ["csrf", csrf],
          ["event", event.id],
        ])
      ).status(),
    ).toBe(403);
    expect(interestRecord(committee.email).user).toBeUndefined();
  });

  test("a manager cannot open the staff tabs or CSV, forge an admin POST, or tick a deleted event", {
    tag: "@once",
  }, async ({ page }) => {
    const live = createEoiEvent();
    const gone = createEoiEvent({ deleted: true });
    const manager = await createEoiManager();
    await loginAs(page, manager.email);
    for (const path of ["/eoi/teams", "/eoi/countries", "/eoi/list", "/eoi.csv?tab=list", "/eoi.csv"])
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(403);
    const response = await page.goto("/eoi/teams");
    expect(response?.status()).toBe(403);
    await expectRefused(page, "/eoi-events");

    await page.goto("/eoi");
    await expect(page.getByLabel(live.name, { exact: true })).toBeVisible();
    await expect(page.getByLabel(gone.name, { exact: true })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "EOI result tabs" })).toHaveCount(0);
    const csrf = await csrfOf(page);
    const name = unique("FORGED EOI").toUpperCase();
    await forgePost(page, "/eoi-events/new", [
      ["csrf", csrf],
      ["name", name],
    ]);
    expect(eoiEventsNamed(name)).toEqual([]);

    // Saved: the live event. A forged tick of the deleted one is refused whole.
    await page.getByLabel(live.name, { exact: true }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flashToast(page, MSG.saved)).toBeVisible();
    const before = interestRecord(manager.email);
    expect(before.eventIds).toEqual([live.id]);
    const forged = await forgePost(page, "/eoi?index", [
      ["csrf", csrf],
      ["event", live.id],
      ["event", gone.id],
    ]);
    expect(forged.status()).toBe(409);
    expect(interestRecord(manager.email)).toEqual(before);
    expect(interestLinks(gone.id)).toBe(0);
    // Not an id at all: 400, nothing changes.
    expect(
      (
        await forgePost(page, "/eoi?index", [
          ["csrf", csrf],
          ["event", "1 OR 1"],
        ])
      ).status(),
    ).toBe(400);
    expect(interestRecord(manager.email)).toEqual(before);
  });

  test("a manager in no team is told so and cannot save", { tag: "@once" }, async ({ page }) => {
    const event = createEoiEvent();
    const manager = await createClublessManager();
    await loginAs(page, manager.email, "/eoi");
    await expect(page.getByText(MSG.noClub)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
    const csrf = await csrfOf(page);
    await forgePost(page, "/eoi?index", [
      ["csrf", csrf],
      ["event", event.id],
    ]);
    expect(interestRecord(manager.email).user).toBeUndefined();
  });
});
