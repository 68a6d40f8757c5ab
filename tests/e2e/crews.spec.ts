// Crew selection end to end, with JavaScript on and off (spec section 5, issue 9 items 4 and 5): a
// manager picks a crew that breaks each of the five rules in turn (each message, the ticks kept,
// nothing saved), then a valid one; a competitor in it sees the event and team on Assigned Events
// and on the profile; members who may not be picked are not offered (and the page says why);
// forged ids and another club's team are refused; after the crew deadline managers see why the
// checkboxes are gone while ADMIN still saves on /teams/manage (audited); COMMITTEE is kept out.
// Every test makes its own club and event (tests/e2e/db.ts) and sets the crew deadline for its own
// requests (tests/e2e/test-context.ts): open, or for the deadline test, later and then past.
import { expect, type Page, test } from "./fixtures";
import {
  auditOf,
  createClub,
  createCrewEvent,
  createTeam,
  createUser,
  type Member,
  setCrewDetails,
  setMemberState,
  setPhotoState,
  settingsRow,
  teamMemberIds,
} from "./db";
import { asFreshClient, csrfOf, forgePost, isJs, logout, toast, watchServerErrors } from "./helpers";
import { formatDateTime } from "../../app/rules/format";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const UPDATED = "Event team members updated successfully.";
const MALAYSIA = "For Malaysia events, do select only Malaysian citizens.";
const NOT_ELIGIBLE =
  "Some of the selected members cannot be picked for this team (not in your team, not eligible, or in another team of this event). Nothing was changed.";
const minRace = (n: number) =>
  `Number of selected participants does not meet mininum count (${n}). Select more and try again.`;
const MAX_RACE = "Number of selected participants exceed maximum selectable count. Unselect and try again.";
const maxDrummers = (n: number) =>
  `Number of selected drummers/steerers exceed maximum selectable count (${n}). Unselect and try again.`;
const maxMale = (n: number) =>
  `Number of selected male participants exceed maximum selectable count (${n}). Unselect and try again.`;
const minFemale = (n: number) =>
  `Number of selected female participants does not meet mininum count (${n}). Select more and try again.`;

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const regattaYear = () => settingsRow()?.regatta_year ?? new Date().getFullYear();

/** A club of `count` members (the first its MANAGER), every one with an approved photo and the
 * crew tag fee paid; even members male, odd female (createClub), born 1990, passport numbers. */
async function crewClub(count: number) {
  const club = await createClub({ members: count, manager: true, photo: "approved" });
  for (const m of club.members) setMemberState(m.id, { paid: true });
  return { club, manager: club.members[0], m: club.members };
}

/** A MyKad number (12 digits with dashes) for member `i`. */
const myKad = (i: number) => `900101-07-${String(1000 + i)}`;

const box = (page: Page, m: Member) => page.getByRole("checkbox", { name: m.name, exact: true });
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** Ticks exactly `chosen` among `all` (the boxes on the page). */
async function pick(page: Page, all: Member[], chosen: Member[]) {
  for (const m of all) await box(page, m).setChecked(chosen.includes(m));
}

async function expectTicks(page: Page, all: Member[], chosen: Member[]) {
  for (const m of all) await expect(box(page, m)).toBeChecked({ checked: chosen.includes(m) });
}

const ids = (members: Member[]) => members.map((m) => m.id).sort((a, b) => a - b);

test.describe("Crew selection", () => {
  test("a manager's crew breaks each rule in turn (nothing saved), then a valid one; a competitor in it sees it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Min 4, max 6 + 1 reserve = 7, drummers/steerers at most 2 + 1 = 3, males at most 4 + 1 = 5,
    // females at least 2. Members 8-11 hold passports: in a Malaysia event they only drum or steer.
    const event = createCrewEvent({
      minRace: 4,
      maxRace: 6,
      reserveCount: 1,
      maxMale: 4,
      minFemale: 2,
      limitMalaysia: true,
    });
    const { club, manager, m } = await crewClub(12);
    for (const [i, member] of m.entries()) if (i < 8) setCrewDetails(member.id, { identification: myKad(i) });
    const teamName = `${club.name} A`;
    const teamId = createTeam(club.id, event.id, teamName, ids([m[0], m[1], m[2], m[3]]));
    const before = teamMemberIds(teamId);

    await withTestContext(page, { settings: OPEN });
    await loginAs(page, manager.email);
    await page.goto(`/events/teams/${teamId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Event Team: ${teamName}` })).toBeVisible();
    await expect(page.getByText(event.name, { exact: true })).toBeVisible();
    await expect(
      page.getByText("Select 4–7 members; at most 5 male; at least 2 female; at most 3 drummers/steerers."),
    ).toBeVisible();
    await expect(page.getByText(MALAYSIA)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Events" })).toHaveAttribute("href", "/events");
    // The saved crew is ticked; passport holders may only drum or steer.
    await expectTicks(page, m, [m[0], m[1], m[2], m[3]]);
    const row = (member: Member) => page.getByRole("row").filter({ has: box(page, member) });
    await expect(row(m[9])).toContainText("Drummer/Steerer only");
    await expect(row(m[9])).toContainText("Female");
    await expect(row(m[2])).toContainText("Paddler");
    await expect(row(m[2]).locator('td[data-label="Age"]')).toHaveText(String(regattaYear() - 1990));

    const attempts: [Member[], string][] = [
      [[m[0], m[1], m[3]], minRace(4)],
      [[m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]], MAX_RACE],
      [[m[1], m[3], m[8], m[9], m[10], m[11]], maxDrummers(3)],
      [[m[0], m[2], m[4], m[6], m[8], m[10]], maxMale(5)],
      [[m[0], m[2], m[4], m[6], m[1]], minFemale(2)],
    ];
    for (const [chosen, message] of attempts) {
      await pick(page, m, chosen);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(alertWith(page, message)).toBeVisible();
      // The user's ticks stay (rendered from what was sent), and nothing was saved.
      await expectTicks(page, m, chosen);
      expect(teamMemberIds(teamId)).toEqual(before);
    }
    expect(auditOf(manager.id).filter((a) => a.action === "crew.updated")).toEqual([]);

    const crew = [m[0], m[1], m[2], m[3], m[4], m[9]];
    await pick(page, m, crew);
    const count = page.getByRole("list", { name: "Selection" });
    if (isJs()) {
      // The live count (JavaScript only): 6 selected, 3 male, 3 female, 1 drummer/steerer.
      await expect(count).toContainText("Selected: 6");
      await expect(count).toContainText("Males: 3");
      await expect(count).toContainText("Females: 3");
      await expect(count).toContainText("Drummers/steerers: 1");
    } else {
      await expect(count).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events/teams/${teamId}$`));
    expect(teamMemberIds(teamId)).toEqual(ids(crew));
    await expectTicks(page, m, crew);
    const audited = auditOf(manager.id).filter((a) => a.action === "crew.updated");
    expect(audited).toHaveLength(1);
    expect(audited[0].target_id).toBe(String(teamId));

    // A competitor of the crew sees the event and team on Assigned Events and on the profile.
    await logout(page);
    await loginAs(page, m[9].email);
    await page.goto("/events");
    const assigned = page.getByRole("table", { name: "Assigned Events" });
    await expect(assigned.getByRole("row").filter({ hasText: event.name })).toContainText(teamName);
    await page.goto("/");
    const events = page.getByRole("region", { name: "Events" });
    await expect(events.getByRole("row").filter({ hasText: event.name })).toContainText(teamName);
    // One who is not in it sees neither.
    await logout(page);
    await loginAs(page, m[5].email);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Events" })).toContainText("Nothing to show");
    await expect(page.getByText(teamName)).toHaveCount(0);
  });

  // @once: eligibility decided on the server, no form; the crew screen runs without JS in "a manager's crew breaks each rule in turn".
  test("members who may not be picked are not offered, and the page says why", { tag: "@once" }, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const year = regattaYear();
    const event = createCrewEvent({ minAge: 18, maxAge: 50 });
    const club = await createClub({
      members: 7,
      manager: true,
      photo: (i) => (i === 2 ? "pending" : "approved"),
    });
    const m = club.members;
    for (const [i, member] of m.entries()) if (i !== 1) setMemberState(member.id, { paid: true });
    setCrewDetails(m[3].id, { yob: year - 51 }); // 51: older than the event allows
    setCrewDetails(m[5].id, { yob: year - 50 }); // the limits are inclusive
    setCrewDetails(m[6].id, { yob: year - 18 });
    createTeam(club.id, event.id, `${club.name} B`, [m[4].id]);
    const teamId = createTeam(club.id, event.id, `${club.name} A`);

    await withTestContext(page, { settings: OPEN });
    await loginAs(page, m[0].email);
    await page.goto(`/events/teams/${teamId}`);
    await expect(page.getByRole("main").getByRole("checkbox")).toHaveCount(3);
    for (const i of [0, 5, 6]) await expect(box(page, m[i])).toBeVisible();
    const age = (member: Member) =>
      page
        .getByRole("row")
        .filter({ has: box(page, member) })
        .locator('td[data-label="Age"]');
    await expect(age(m[5])).toHaveText("50");
    await expect(age(m[6])).toHaveText("18");
    // Not a Malaysia event: no notice, no drummers/steerers cap.
    await expect(page.getByText(MALAYSIA)).toHaveCount(0);
    await expect(page.getByText("Select up to 12 members; at most 12 male.")).toBeVisible();

    const summary = page.getByText("Members who cannot be picked (4)");
    await expect(summary).toBeVisible();
    const reason = (member: Member) => page.getByRole("row").filter({ hasText: member.name });
    await expect(reason(m[1])).toBeHidden(); // collapsed until opened, with or without JavaScript
    await summary.click();
    await expect(reason(m[1])).toContainText("Crew tag fee not paid");
    await expect(reason(m[2])).toContainText("Photo not approved");
    await expect(reason(m[3])).toContainText("Outside the event's age limits");
    await expect(reason(m[4])).toContainText("In another team of this event");
  });

  // @once: a server rule through the Save form, which "a manager's crew breaks each rule in turn" sends without JS.
  test("a crew member who can no longer be picked shows as in the crew now; Save drops them", {
    tag: "@once",
  }, async ({ page }) => {
    const event = createCrewEvent({ minRace: 1 });
    const { club, manager, m } = await crewClub(3);
    const teamId = createTeam(club.id, event.id, `${club.name} A`, ids([m[1], m[2]]));
    setPhotoState(m[2].id, 2); // rejected after they were picked

    await withTestContext(page, { settings: OPEN });
    await loginAs(page, manager.email);
    await page.goto(`/events/teams/${teamId}`);
    await expect(box(page, m[1])).toBeChecked();
    await expect(box(page, m[2])).toHaveCount(0);
    await expect(page.getByText("1 member of this crew can no longer be picked")).toBeVisible();
    // Listed (open, with or without JavaScript) with the reason, marked as in the crew now.
    const row = page
      .getByRole("table", { name: "Members who cannot be picked" })
      .getByRole("row")
      .filter({ hasText: m[2].name });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Photo not approved");
    await expect(row).toContainText("In the crew now — removed on Save");

    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    expect(teamMemberIds(teamId)).toEqual([m[1].id]);
    await expect(page.getByText("In the crew now")).toHaveCount(0);
  });

  // @once: forged posts and refusals by URL; the Save form is "a manager's crew breaks each rule in turn"'s without JS.
  test("forged ids and another club's team are refused; nothing changes", { tag: "@once" }, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const event = createCrewEvent({ minRace: 2 });
    const ours = await crewClub(4);
    const theirs = await crewClub(4);
    const ourTeam = createTeam(ours.club.id, event.id, `${ours.club.name} A`, [ours.m[1].id]);
    const theirName = `${theirs.club.name} A`;
    const theirTeam = createTeam(theirs.club.id, event.id, theirName, [theirs.m[1].id]);

    await withTestContext(page, { settings: OPEN });
    await loginAs(page, ours.manager.email);
    await page.goto(`/events/teams/${ourTeam}`);
    const csrf = await csrfOf(page);
    // Their member on our team: refused as a whole, even with our own members beside it.
    const foreign = await forgePost(page, `/events/teams/${ourTeam}`, [
      ["csrf", csrf],
      ["member", ours.m[0].id],
      ["member", ours.m[2].id],
      ["member", theirs.m[2].id],
    ]);
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain(NOT_ELIGIBLE.replace(/'/g, "&#x27;"));
    expect(teamMemberIds(ourTeam)).toEqual([ours.m[1].id]);
    // Their team, with their own members: as if it did not exist.
    const other = await forgePost(page, `/events/teams/${theirTeam}`, [
      ["csrf", csrf],
      ["member", theirs.m[0].id],
      ["member", theirs.m[2].id],
    ]);
    expect(other.status()).toBe(404);
    expect(teamMemberIds(theirTeam)).toEqual([theirs.m[1].id]);
    // Ids that are not ids.
    const junk = await forgePost(page, `/events/teams/${ourTeam}`, [
      ["csrf", csrf],
      ["member", "1 OR 1=1"],
    ]);
    expect(junk.status()).toBe(400);
    expect(teamMemberIds(ourTeam)).toEqual([ours.m[1].id]);

    // Opening their team: 404, nothing of theirs on the page.
    const response = await page.goto(`/events/teams/${theirTeam}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404 Not Found.")).toBeVisible();
    await expect(page.getByText(theirName)).toHaveCount(0);
    await expect(page.getByText(theirs.m[1].name)).toHaveCount(0);
    expect((await page.goto("/events/teams/999999999"))?.status()).toBe(404);
    expect((await page.goto("/events/teams/abc"))?.status()).toBe(404);

    // A competitor may not pick crews, even of their own team.
    await logout(page);
    await loginAs(page, ours.m[1].email);
    expect((await page.goto(`/events/teams/${ourTeam}`))?.status()).toBe(403);
    await expect(page.getByText("Unauthorized. Redirect to homepage.")).toBeVisible();
  });

  test("ADMIN on /teams/manage: association, event team, members; refused then saved and audited", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const event = createCrewEvent({ minRace: 2, maxRace: 4, maxMale: 4, minFemale: 1 });
    const { club, m } = await crewClub(6);
    const teamName = `${club.name} A`;
    const teamId = createTeam(club.id, event.id, teamName);
    const admin = createUser("ADMIN");

    await loginAs(page, admin.email, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Manage Event Teams" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Manage Event Teams" })).toBeVisible();
    await page.getByLabel("Association").selectOption({ label: club.name });
    await page.getByRole("button", { name: "Show Teams" }).click();
    await page.getByLabel("Event Team").selectOption({ label: `${event.name} — ${teamName} (0 members)` });
    await page.getByRole("button", { name: "Show Members" }).click();
    await expect(page).toHaveURL(new RegExp(`team=${teamId}`));
    await expect(page.getByRole("main").getByRole("checkbox")).toHaveCount(6);

    const tooMany = [m[0], m[1], m[2], m[3], m[4]];
    await pick(page, m, tooMany);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(alertWith(page, MAX_RACE)).toBeVisible();
    await expectTicks(page, m, tooMany);
    expect(teamMemberIds(teamId)).toEqual([]);

    const crew = [m[1], m[2], m[4]];
    await pick(page, m, crew);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    expect(teamMemberIds(teamId)).toEqual(ids(crew));
    await expectTicks(page, m, crew);
    await expect(page.getByLabel("Event Team")).toContainText(`${teamName} (3 members)`);
    const audited = auditOf(admin.id).filter((a) => a.action === "crew.updated");
    expect(audited).toHaveLength(1);
    expect(audited[0].target_id).toBe(String(teamId));
    expect(JSON.parse(audited[0].details)).toMatchObject({ added: ids(crew), removed: [] });
  });

  // @once: a refusal by URL (access.spec.ts shows one without JS); /teams/manage runs without JS in "ADMIN on /teams/manage".
  test("COMMITTEE cannot open /teams/manage", { tag: "@once" }, async ({ page }) => {
    const committee = createUser("COMMITTEE");
    await loginAs(page, committee.email);
    await page.goto("/teams/manage");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(toast(page, "Unauthorized. Redirect to homepage.")).toBeVisible();
  });
});

test.describe("Crew deadline", () => {
  // @once: the deadline's server-rendered markup and a forged post; the forms run without JS in "a manager's crew breaks each rule" and "ADMIN on /teams/manage".
  test("after it managers see why the checkboxes are gone and a forged save is refused; ADMIN still saves", {
    tag: "@once",
  }, async ({ page }) => {
    test.setTimeout(180_000);
    const event = createCrewEvent({ minRace: 1 });
    const { club, manager, m } = await crewClub(4);
    const teamName = `${club.name} A`;
    const teamId = createTeam(club.id, event.id, teamName, ids([m[1], m[3]]));
    setPhotoState(m[3].id, 2); // rejected after they were picked: still in the crew until a save
    const admin = createUser("ADMIN");
    const future = Date.UTC(2099, 0, 1, 4, 30); // whole minutes, as the Settings form keeps them
    const past = Date.UTC(2020, 0, 1, 0, 0);

    await loginAs(page, manager.email);
    await withTestContext(page, { settings: { ...OPEN, crewCloseAt: future } });
    await page.goto(`/events/teams/${teamId}`);
    await expect(page.getByText(`Crew changes close on ${formatDateTime(future)}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();

    await withTestContext(page, { settings: { ...OPEN, crewCloseAt: past } });
    const closed = `Crew changes closed on ${formatDateTime(past)}. Contact the event committee for changes.`;
    await page.goto(`/events/teams/${teamId}`);
    await expect(page.getByText(closed)).toBeVisible();
    await expect(page.getByRole("main").getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    // The crew as it stands is still shown, the member who can no longer be picked marked.
    await expect(page.getByRole("heading", { name: "Crew (2)" })).toBeVisible();
    const crewTable = page.getByRole("table", { name: "Crew", exact: true });
    await expect(crewTable).toContainText(m[1].name);
    await expect(crewTable.getByRole("row").filter({ hasText: m[3].name })).toContainText(
      "Can no longer be picked: Photo not approved",
    );
    const stale = page
      .getByRole("table", { name: "Members who cannot be picked" })
      .getByRole("row")
      .filter({ hasText: m[3].name });
    await expect(stale).toContainText("In the crew now");
    await expect(stale).not.toContainText("removed on Save");
    const forged = await forgePost(page, `/events/teams/${teamId}`, [
      ["csrf", await csrfOf(page)],
      ["member", m[0].id],
      ["member", m[2].id],
    ]);
    expect(forged.status()).toBe(403);
    expect(teamMemberIds(teamId)).toEqual(ids([m[1], m[3]]));
    await logout(page);

    await loginAs(page, admin.email);
    await page.goto(`/teams/manage?association=${club.id}&team=${teamId}`);
    await expect(page.getByText(/Crew changes closed for team managers on/)).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: "Members who cannot be picked" })
        .getByRole("row")
        .filter({ hasText: m[3].name }),
    ).toContainText("In the crew now — removed on Save");
    await pick(page, [m[0], m[1], m[2]], [m[0], m[2]]);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    expect(teamMemberIds(teamId)).toEqual(ids([m[0], m[2]]));
    expect(auditOf(admin.id).map((a) => a.action)).toContain("crew.updated");
  });
});
