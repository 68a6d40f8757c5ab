// The Confirmed Events Summary, with JavaScript on and off: a club's confirmed event teams counted in
// the right category columns (deleted events left out, unknown names under Other), rows by name,
// the totals row, the CSV download, the phone layout, and the refusals of managers and competitors.
// Every test makes its own clubs, events and teams (tests/e2e/db.ts); other tests add teams at the
// same time, so figures are checked per club, and totals against the rows of the same response.
import { expect, type Page, test } from "./fixtures";
import { createClub, createEvent, createTeam, createUser, unique } from "./db";
import { asFreshClient, parseCsv, toast, watchServerErrors } from "./helpers";
import { SUMMARY_COLUMNS } from "../../app/rules/event-categories";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));

watchServerErrors(test, { csp: false });

const CSV_HEADER = ["Team", "Country", ...SUMMARY_COLUMNS.map((c) => c.csvLabel), "Total"].join(",");

/** Counts by column key -> the 22 count cells (blank for none on screen, 0 in the CSV). */
function countsOf(counts: Record<string, number>, zero: string): string[] {
  for (const key of Object.keys(counts))
    expect(
      SUMMARY_COLUMNS.some((c) => c.key === key),
      key,
    ).toBe(true);
  return SUMMARY_COLUMNS.map((c) => (counts[c.key] ? String(counts[c.key]) : zero));
}

/**
 * Two clubs whose names differ only in case at the start ("<tag> b club" and "<tag> A club", so
 * the A club sorts first), and events of this test: the A club has teams in 250M Premier (3, over two
 * events), 400M Senior, Tug Women International, an unknown event (Other) and a deleted event (left
 * out); the b club one team in 250M Premier.
 */
async function clubsWithTeams() {
  const tag = unique("E2E").toUpperCase();
  const a = await createClub({ name: `${tag.toLowerCase()} A club`, country: "SG" });
  const b = await createClub({ name: `${tag.toLowerCase()} b club`, country: "MY" });
  const premierOpen = createEvent({ name: `250M PREMIER OPEN ${tag}` });
  const premierMixed = createEvent({ name: `250M PREMIER MIXED ${tag}` });
  const senior = createEvent({ name: `400M SENIOR (S40) OPEN ${tag}` });
  const tug = createEvent({ name: `TUG OF WAR WOMEN ${tag}` });
  const other = createEvent({ name: `DRAGON PARADE ${tag}` });
  const deleted = createEvent({ name: `250M JUNIOR OPEN ${tag}`, deleted: true });
  for (const [club, event, n] of [
    [a, premierOpen, 2],
    [a, premierMixed, 1],
    [a, senior, 1],
    [a, tug, 1],
    [a, other, 1],
    [a, deleted, 2],
    [b, premierOpen, 1],
  ] as const)
    for (let i = 0; i < n; i++) createTeam(club.id, event.id, unique("TEAM"));
  return {
    a: {
      name: a.name,
      country: "SG",
      counts: { "250M.PREMIER": 3, "400M.SENIOR": 1, "TUG.WOMEN_INT": 1, OTHER: 1 },
      total: 6,
    },
    b: { name: b.name, country: "MY", counts: { "250M.PREMIER": 1 }, total: 1 },
  };
}

function summaryTable(page: Page) {
  return page.getByRole("table", { name: "Confirmed Events Summary" });
}

async function downloadCsv(page: Page): Promise<string[][]> {
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href).toBe("/events-summary.csv");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="events-summary-.+\.csv"$/,
  );
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString("utf8"));
}

for (const role of ["ADMIN", "COMMITTEE"] as const) {
  test(`${role}: a club's confirmed teams per category column, the totals row and the CSV`, {
    tag: role === "ADMIN" ? [] : "@once",
  }, async ({ page }) => {
    const { a, b } = await clubsWithTeams();
    await loginAs(page, createUser(role).email, "/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Confirmed Events Summary" })
      .click();
    await expect(page).toHaveURL(/\/events-summary$/);
    await expect(page.getByRole("heading", { name: "Confirmed Events Summary", level: 1 })).toBeVisible();

    const table = summaryTable(page);
    // Three header rows: the distance groups; the categories of each, the International variants
    // under one header; then those variants. Each category header is named with its group.
    const headerRows = table.locator("thead tr");
    await expect(headerRows).toHaveCount(3);
    await expect(headerRows.nth(0).getByRole("columnheader")).toHaveText([
      "Team",
      "Country",
      "250M",
      "400M",
      "Tug",
      "Other",
      "Total",
    ]);
    await expect(headerRows.nth(1).getByRole("columnheader")).toHaveText(
      [1, 2, 3].flatMap(() => ["Malaysia", "Premier", "Junior", "Senior", "International"]),
    );
    await expect(headerRows.nth(2).getByRole("columnheader")).toHaveText(
      [1, 2, 3].flatMap(() => ["Open", "Women", "Mixed"]),
    );
    await expect(table.getByRole("columnheader", { name: "400M Senior" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Tug Women International" })).toBeVisible();

    // Each club's row: counts in their columns, blank where none, its total.
    for (const club of [a, b]) {
      const row = table.locator("tbody tr").filter({ hasText: club.name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell")).toHaveText([
        club.name,
        club.country,
        ...countsOf(club.counts, ""),
        String(club.total),
      ]);
    }
    await expect(table.locator("tbody tr").filter({ hasText: a.name }).locator("abbr")).toHaveAttribute(
      "title",
      "Singapore",
    );
    // Sorted by name without regard to case: "... A club" before "... b club", next to each other.
    const names = await table.locator("tbody tr td:first-child").allInnerTexts();
    expect(names.indexOf(b.name) - names.indexOf(a.name)).toBe(1);

    // The totals row, in the footer: a number in every column (0 included), at least our teams.
    const foot = table.locator("tfoot tr");
    await expect(foot).toHaveCount(1);
    await expect(foot.getByRole("rowheader")).toHaveText("Total");
    const totals = (await foot.getByRole("cell").allInnerTexts()).map((t) => Number(t.replace(/,/g, "")));
    expect(totals).toHaveLength(SUMMARY_COLUMNS.length + 1);
    for (const n of totals) expect(Number.isInteger(n)).toBe(true);
    const premier = SUMMARY_COLUMNS.findIndex((c) => c.key === "250M.PREMIER");
    expect(totals[premier]).toBeGreaterThanOrEqual(4);
    expect(totals.at(-1)).toBeGreaterThanOrEqual(7);

    // The CSV: flat headers, numbers everywhere, our rows, the totals row last and equal to the
    // sums of the rows above it.
    const lines = await downloadCsv(page);
    expect(lines[0].join(",")).toBe(CSV_HEADER);
    for (const club of [a, b])
      expect(lines.find((l) => l[0] === club.name)).toEqual([
        club.name,
        club.country,
        ...countsOf(club.counts, "0"),
        String(club.total),
      ]);
    const body = lines.slice(1, -1);
    const last = lines.at(-1)!;
    expect(last.slice(0, 2)).toEqual(["Total", ""]);
    for (let i = 2; i < last.length; i++)
      expect(Number(last[i]), lines[0][i]).toBe(body.reduce((sum, l) => sum + Number(l[i]), 0));
    for (const l of body) {
      const counts = l.slice(2, -1).map(Number);
      expect(Number(l.at(-1)), l[0]).toBe(counts.reduce((x, y) => x + y, 0));
    }
  });
}

test("on a phone the table scrolls inside its box and the page does not", { tag: "@once" }, async ({
  page,
}) => {
  await clubsWithTeams();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, createUser("COMMITTEE").email);
  await page.goto("/events-summary");
  await expect(summaryTable(page)).toBeAttached();
  const widths = await page.evaluate(() => {
    const box = document.querySelector(".table-wrap") as HTMLElement;
    return { page: document.documentElement.scrollWidth, box: box.clientWidth, table: box.scrollWidth };
  });
  expect(widths.page).toBeLessThanOrEqual(390);
  expect(widths.box).toBeLessThanOrEqual(390);
  expect(widths.table).toBeGreaterThan(widths.box);
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeInViewport();
});

for (const role of ["MANAGER", "COMPETITOR"] as const) {
  // @once: a refusal by URL and a raw CSV request (access.spec.ts shows a refusal without JS).
  test(`${role} is refused the summary and its CSV`, { tag: "@once" }, async ({ page }) => {
    await loginAs(page, createUser(role).email, "/");
    await expect(page.getByRole("link", { name: "Confirmed Events Summary" })).toHaveCount(0);
    await page.goto("/events-summary");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(toast(page, "Unauthorized. Redirect to homepage.")).toBeVisible();
    await expect(page.getByRole("table", { name: "Confirmed Events Summary" })).toHaveCount(0);

    const csv = await page.request.get("/events-summary.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(new URL(csv.headers().location, "http://x").pathname).toBe("/");
    expect(csv.headers()["content-type"] ?? "").not.toMatch(/csv/);
  });
}

test("logged out, the summary and its CSV send to the login page", { tag: "@once" }, async ({ page }) => {
  await page.goto("/events-summary");
  await expect(page).toHaveURL(/\/auth\/login$/);
  const csv = await page.request.get("/events-summary.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect(new URL(csv.headers().location, "http://x").pathname).toBe("/auth/login");
});
