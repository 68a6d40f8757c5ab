// The club championship (issue 29 part 1), JS on and off: ADMIN chooses a points scheme on Settings
// (League), the results desk declares a final Official, and /standings and the board's top ten show
// the club's points (Provisional points apart until then); /standings is public with its CSV, an
// ETag and 304, linked from the board, the scoreboard and the results; COMMITTEE and MANAGER may not
// open Settings nor post the scheme, and nothing changes. The scheme is one row for every test: the
// tests that read points take a lock (db-standings.ts withSchemeLock) and put the default back.
import { expect, test } from "./fixtures";
import { auditOf, createUser } from "./db";
import { restoreDefaultScheme, savedScheme, standingsClub, withSchemeLock } from "./db-standings";
import {
  asFreshClient,
  csrfOf,
  csvAt,
  expectNotModified,
  expectRefused,
  flashToast,
  forgePost,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

test("ADMIN chooses League on Settings and declares a final Official: /standings and the board show the club's points", async ({
  page,
}) => {
  test.setTimeout(40_000); // it may wait for the other project's copy to release the scheme
  const mine = standingsClub(2);
  await withSchemeLock(async () => {
    try {
      await loginAs(page, "ADMIN", "/settings");
      await expect(page.getByText("Places 1-6 of each final score 9, 7, 5, 3, 2, 1.")).toBeVisible();
      await page.getByRole("radio", { name: /^League 16-15-14…/ }).check();
      await expect(page.getByRole("checkbox", { name: "Finals only" })).toBeChecked();
      await page.getByRole("button", { name: "Update Settings" }).click();
      await expect(flashToast(page, "Settings have been updated.")).toBeVisible();
      expect(savedScheme()).toMatchObject({ points_scheme: "LEAGUE", points_finals_only: 1 });

      // Two finals won (16 each) and one still Provisional (shown apart).
      await page.goto("/standings");
      await expect(
        page.getByText("League: 16 points for the first, one less for each place after, at least 1."),
      ).toBeVisible();
      const row = page.locator(`tr[data-club="${mine.clubId}"]`);
      await expect(row.locator("td")).toHaveText([
        /^\d+$/,
        mine.club,
        "32+ 16 provisional",
        "2",
        "0",
        "0",
        "2",
      ]);

      await page.goto(`/rounds/${mine.provisionalFinal}/results`);
      await page.getByRole("button", { name: "Declare Official" }).click();
      await expect(flashToast(page, "Results declared Official.")).toBeVisible();

      await page.goto("/standings");
      await expect(row.locator("td")).toHaveText([/^\d+$/, mine.club, "48", "3", "0", "0", "3"]);
      await page.goto("/board");
      const top = page.locator(`.bd-standings tr[data-club="${mine.clubId}"]`);
      await expect(top.locator("td")).toHaveText([/^\d+$/, mine.club, "48", "3", "0", "0"]);
      await page.getByRole("link", { name: "Full standings" }).click();
      await expect(page).toHaveURL(/\/standings$/);
    } finally {
      restoreDefaultScheme();
    }
  });
});

test("/standings is public: the CSV, ETag and 304, linked from the board, the scoreboard and the results", {
  tag: "@once",
}, async ({ page }) => {
  test.setTimeout(40_000); // it may wait for the scheme lock
  const mine = standingsClub(1);
  await withSchemeLock(async () => {
    const res = await page.request.get("/standings");
    expect(res.status()).toBe(200);
    const etag = res.headers().etag;
    expect(etag).toMatch(/^W\/"/);
    expect(res.headers()["cache-control"]).toBe("no-cache");
    await expectNotModified(page, "/standings", etag);
    const csv = await csvAt(page, "/standings.csv");
    expect(csv[0]).toEqual(["Rank", "Club", "Points", "Provisional points", "1st", "2nd", "3rd", "Races"]);
    expect(csv.find((r) => r[1] === mine.club)?.slice(2)).toEqual(["9", "9", "1", "0", "0", "1"]);
  });
  for (const from of ["/board", "/scoreboard", "/results"]) {
    await page.goto(from);
    await expect(
      page
        .getByRole("link", { name: "Club standings" })
        .or(page.getByRole("link", { name: "Full standings" }))
        .first(),
    ).toHaveAttribute("href", "/standings");
  }
  await page.goto("/standings");
  await expect(page.getByRole("heading", { level: 1, name: "Club standings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/standings.csv");
});

for (const role of ["MANAGER", "COMMITTEE"] as const) {
  // @once: a refusal by URL and a forged post; Settings' refusal runs without JS in events-settings.spec.ts "admin updates settings".
  test(`${role} may not open Settings nor post a points scheme; nothing changes`, {
    tag: "@once",
  }, async ({ page }) => {
    const user = createUser(role);
    await loginAs(page, user.email);
    await expectRefused(page, "/settings");
    const res = await forgePost(page, "/settings", [
      ["csrf", await csrfOf(page)],
      ["pointsScheme", "CUSTOM"],
      ["pointsCustom", "99,1"],
      ["pointsFinalsOnly", "on"],
    ]);
    expect(res.status()).toBe(302);
    expect(res.headers().location).toMatch(/\/$/);
    expect(auditOf(user.id)).toEqual([]);
    expect(savedScheme()?.points_custom).not.toBe("99,1");
  });
}
