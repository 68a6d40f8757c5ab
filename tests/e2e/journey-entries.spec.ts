// Issue 9's first "Done when", as one user journey, with JavaScript on and off: a club's manager
// buys two entries of an event through the payment simulator, finds the two event teams on
// 'Assigned Events' (and in 'View Confirmed Events'), picks a crew for team A that breaks each of
// the five crew rules in turn (each message, nothing saved), then a valid one; a competitor in
// that crew sees the event and team on 'Assigned Events' and on the profile; ADMIN's Confirmed
// Events Summary counts the club's two teams under the event's category, on screen and in the CSV.
// A fresh club and event (tests/e2e/db.ts), not the demo manager: the js and no-js projects run
// at once. Both deadlines are open for the journey's own requests (tests/e2e/test-context.ts).
import { expect, type Page, test } from "./fixtures";
import { MSG } from "../../app/messages";
import { categoryOf, SUMMARY_COLUMNS } from "../../app/rules/event-categories";
import {
  createClub,
  createJourneyEvent,
  createUser,
  entryLinesOf,
  type Member,
  ordersOwnedBy,
  setCrewDetails,
  setMemberState,
  teamMemberIds,
  teamNamesOf,
  unique,
} from "./db";
import { OPEN, withTestContext } from "./test-context";
import {
  asFreshClient,
  flashToast,
  isJs,
  logout,
  parseCsv,
  payOnSimulator,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

/** A MyKad number (12 digits with dashes) for member `i`. */
const myKad = (i: number) => `900101-07-${String(1000 + i)}`;
const ids = (members: Member[]) => members.map((m) => m.id).sort((a, b) => a - b);

const box = (page: Page, m: Member) => page.getByRole("checkbox", { name: m.name, exact: true });

/** Ticks exactly `chosen` among `all` (the boxes on the page). */
async function pick(page: Page, all: Member[], chosen: Member[]) {
  for (const m of all) await box(page, m).setChecked(chosen.includes(m));
}

async function expectTicks(page: Page, all: Member[], chosen: Member[]) {
  for (const m of all) await expect(box(page, m)).toBeChecked({ checked: chosen.includes(m) });
}

const assignedRows = (page: Page, eventName: string) =>
  page.getByRole("table", { name: "Assigned Events" }).getByRole("row").filter({ hasText: eventName });

test("issue 9: buy two entries, pick a crew past every rule, the competitor sees it, the summary counts it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The summary finds the category in the name's words; the unique tag is one more word.
  const event = createJourneyEvent({
    name: `250M PREMIER MIXED ${unique("E2E")}`,
    price: 15000,
    maxTeam: 10,
    // Crew: 4 to 6 + 1 reserve = 7; drummers/steerers at most 2 + 1 = 3; males at most 4 + 1 = 5;
    // females at least 2. A Malaysia event: passport holders may only drum or steer.
    minRace: 4,
    maxRace: 6,
    reserveCount: 1,
    maxMale: 4,
    minFemale: 2,
    limitMalaysia: true,
  });
  const column = categoryOf(event.name);
  expect(column).toBe("250M.PREMIER");
  const columnIndex = SUMMARY_COLUMNS.findIndex((c) => c.key === column);
  const columnLabel = SUMMARY_COLUMNS[columnIndex].csvLabel; // "250M Premier"

  // Twelve members (the first the MANAGER; even ones male, odd ones female; born 1990), every one
  // with an approved photo and the crew tag fee paid. Members 0-7 hold a MyKad; 8-11 keep their
  // passport numbers, so they show as drummers/steerers only.
  const club = await createClub({ members: 12, manager: true, photo: "approved" });
  const m = club.members;
  const manager = m[0];
  for (const [i, member] of m.entries()) {
    setMemberState(member.id, { paid: true });
    if (i < 8) setCrewDetails(member.id, { identification: myKad(i) });
  }
  const base = club.name.toUpperCase();
  const teamA = `${base} A`;
  const teamB = `${base} B`;

  await withTestContext(page, { settings: OPEN });
  // ---- The manager buys two entries through the simulator.
  await loginAs(page, manager.email);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Assigned Events", level: 1 })).toBeVisible();
  await expect(assignedRows(page, event.name)).toHaveCount(0);
  await page.getByLabel(`Number of teams for ${event.name}`, { exact: true }).fill("2");
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/events\/checkout\?/);
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await expect(dialog.locator('td[data-label="Event"]')).toHaveText([event.name]);
  await expect(dialog.locator('td[data-label="Price"]')).toHaveText(["RM 150.00"]);
  await expect(dialog.locator('td[data-label="Number of teams"]')).toHaveText(["2"]);
  await expect(dialog.locator('td[data-label="Subtotal"]')).toHaveText(["RM 300.00"]);
  await expect(dialog.locator('td[data-label="Total"]')).toHaveText("RM 300.00");
  await dialog.getByRole("button", { name: "Proceed to Payment" }).click();
  await payOnSimulator(page);
  const orders = ordersOwnedBy(manager.id);
  expect(orders.map((o) => o.status)).toEqual(["PAID"]);
  expect(entryLinesOf(orders[0].id)).toEqual([{ event_id: event.id, count: 2, price: 15000 }]);
  expect(teamNamesOf(club.id, event.id)).toEqual([teamA, teamB]);

  // ---- Two event teams on Assigned Events, and in View Confirmed Events.
  await page.goto("/events");
  const ours = assignedRows(page, event.name);
  await expect(ours.locator('td[data-label="Event Team"]')).toHaveText([teamA, teamB]);
  await expect(ours.getByRole("link", { name: `Pick Crew for ${teamB}` })).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "View Confirmed Events" }).click();
  const confirmed = page.getByRole("dialog", { name: "Confirmed Events" });
  const confirmedRows = confirmed.locator("tbody tr").filter({ hasText: event.name });
  await expect(confirmedRows.locator("td:nth-child(2)")).toHaveText([teamA, teamB]);

  // ---- Pick Crew on team A: each rule broken in turn, then a valid crew.
  await page.goto("/events");
  await assignedRows(page, event.name)
    .getByRole("link", { name: `Pick Crew for ${teamA}` })
    .click();
  await expect(page).toHaveURL(/\/events\/teams\/\d+$/);
  const teamId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1, name: `Event Team: ${teamA}` })).toBeVisible();
  await expect(page.getByText(MSG.crewMalaysiaNotice)).toBeVisible();
  const row = (member: Member) => page.getByRole("row").filter({ has: box(page, member) });
  for (const i of [8, 9, 10, 11]) await expect(row(m[i])).toContainText("Drummer/Steerer only");
  await expect(row(m[2])).toContainText("Paddler");
  await expectTicks(page, m, []);

  const attempts: [string, Member[], string][] = [
    ["fewer than minRace", [m[0], m[1], m[3]], MSG.crewMinRace(4)],
    ["more than maxRace + reserves", [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]], MSG.crewMaxRace],
    ["too many drummers/steerers", [m[1], m[3], m[8], m[9], m[10], m[11]], MSG.crewMaxNonPaddler(3)],
    ["too many males", [m[0], m[2], m[4], m[6], m[8], m[10]], MSG.crewMaxMale(5)],
    ["too few females", [m[0], m[2], m[4], m[6], m[1]], MSG.crewMinFemale(2)],
  ];
  for (const [rule, chosen, message] of attempts) {
    await test.step(rule, async () => {
      await pick(page, m, chosen);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expectTicks(page, m, chosen);
      expect(teamMemberIds(teamId), "nothing saved").toEqual([]);
    });
  }

  // Six: 3 male, 3 female, one drummer/steerer (member 9, a competitor).
  const crew = [m[0], m[1], m[2], m[3], m[4], m[9]];
  const competitor = m[9];
  await pick(page, m, crew);
  if (isJs()) await expect(page.getByRole("list", { name: "Selection" })).toContainText("Selected: 6");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(flashToast(page, MSG.crewUpdated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/teams/${teamId}$`));
  expect(teamMemberIds(teamId)).toEqual(ids(crew));
  await expectTicks(page, m, crew);

  // ---- A competitor in the crew sees the event and team A (not B) there and on the profile.
  await logout(page);
  await loginAs(page, competitor.email);
  await page.goto("/events");
  await expect(assignedRows(page, event.name).locator('td[data-label="Event Team"]')).toHaveText([teamA]);
  await page.goto("/");
  const profileEvents = page.getByRole("region", { name: "Events" });
  await expect(profileEvents.locator("tbody tr").getByRole("cell")).toHaveText([event.name, teamA]);

  // ---- ADMIN's Confirmed Events Summary: the club's row, 2 under the event's column.
  await logout(page);
  await loginAs(page, createUser("ADMIN").email, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Confirmed Events Summary" })
    .click();
  await expect(page).toHaveURL(/\/events-summary$/);
  const table = page.getByRole("table", { name: "Confirmed Events Summary" });
  const clubRow = table.locator("tbody tr").filter({ hasText: club.name });
  await expect(clubRow).toHaveCount(1);
  const counts = SUMMARY_COLUMNS.map((_, i) => (i === columnIndex ? "2" : ""));
  await expect(clubRow.getByRole("cell")).toHaveText([club.name, "MY", ...counts, "2"]);
  // The 2 sits under the column header of the event's category, as the table lays it out.
  const header = await table.getByRole("columnheader", { name: columnLabel, exact: true }).boundingBox();
  const cell = await clubRow
    .getByRole("cell")
    .nth(2 + columnIndex)
    .boundingBox();
  expect(header && cell).toBeTruthy();
  expect(Math.abs(header!.x - cell!.x)).toBeLessThan(1);
  expect(Math.abs(header!.width - cell!.width)).toBeLessThan(1);

  // The CSV: the same row, 0 in every other column.
  const response = await page.request.get("/events-summary.csv");
  expect(response.status()).toBe(200);
  const lines = parseCsv((await response.body()).subarray(3).toString("utf8")); // after the BOM
  const head = lines[0];
  const line = lines.find((l) => l[0] === club.name);
  expect(line).toBeDefined();
  const byHeader = Object.fromEntries(head.map((h, i) => [h, line![i]]));
  expect(byHeader[columnLabel]).toBe("2");
  expect(byHeader.Total).toBe("2");
  expect(byHeader.Country).toBe("MY");
  for (const c of SUMMARY_COLUMNS)
    if (c.csvLabel !== columnLabel) expect(byHeader[c.csvLabel], c.csvLabel).toBe("0");
});
