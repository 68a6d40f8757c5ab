// The entrance kiosk, the scanning profile and Scan Logs end to end, with JavaScript on and off
// (spec sections 2, 5, 8; issue 10 items 6-8 and its kiosk Done-when). The kiosk is driven by the
// keyboard only, as a keyboard-wedge scanner drives it: a round's name, a lane, then codes, each
// followed by Enter; Tab reaches Save. Every spec outcome: a wrong round name, three valid scans, an
// unknown code, another team's member, a staff member, a repeat, the caps, the female question, the
// save that /scan-log lists (and its CSV). With JavaScript the network is cut mid-session: scans go
// on, the save waits in the browser ("n scans waiting") and reaches the server when the network
// returns; a reload keeps the history. 'Require signed crew tags' is off for each test's own
// requests (tests/e2e/test-context.ts), and on for the forged-signature test's. Each test's
// browser is an enrolled kiosk device (issue 18: tests/e2e/kiosk.ts); the enrolment itself, and what
// a browser that is not one gets, are tests/e2e/kiosk-devices.spec.ts's.
import { expect, type Page, test } from "./fixtures";
import {
  createEvent,
  createScanSetup,
  createTeam,
  createUser,
  type Member,
  type ScanSetup,
  renameRound,
  scanLogsOf,
  setCrewDetails,
  setPhotoState,
  signedCodeOf,
  unique,
} from "./db";
import { asFreshClient, downloadCsv, expectRefused, isJs, watchServerErrors } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

const NOT_FOUND_ROUND = "Unable to find race. Please make sure the name is correct.";
const INVALID = "Invalid input.";
const NOT_PARTICIPANT = "User is not a participant.";
const SAVED = "History has been successfully saved.";
const FEMALE_QUESTION =
  "Not meeting minimum number of female participants required. Do you still want to proceed?";

let device: { id: number; name: string };
test.beforeEach(async ({ page }) => {
  await asFreshClient(page);
  device = await asKioskDevice(page);
});
watchServerErrors(test);

const code = (m: Member) => `#${m.id}`;
const message = (page: Page) => page.locator(".kiosk-msg");
const counts = (page: Page) => page.locator(".kiosk-counts");
const history = (page: Page) => page.getByRole("list", { name: "History" }).getByRole("listitem");

/** Enter (or another key) in the focused field; without JavaScript it posts: wait for the new page. */
async function press(page: Page, key = "Enter") {
  const loaded = isJs() ? null : page.waitForEvent("load");
  await page.keyboard.press(key);
  await loaded;
}

/** Types into the field that has the focus (checked by its id), then Enter. */
async function typeEnter(page: Page, fieldId: string, text: string) {
  await expect(page.locator(`#${fieldId}`)).toBeFocused();
  await page.keyboard.type(text);
  await press(page);
}

/** A scan: the code and Enter into the focused scan input, then the kiosk's answer. */
async function scan(page: Page, text: string, answer: string | RegExp) {
  await typeEnter(page, "scan-code", text);
  await expect(message(page)).toHaveText(answer);
}

/** From the empty kiosk to the scan step of lane 1, by keyboard. */
async function openTeam(page: Page, s: ScanSetup) {
  await page.goto("/scanning/entrance");
  await typeEnter(page, "round-name", s.round.name.toLowerCase());
  await expect(page.getByText(s.event.name, { exact: true })).toBeVisible();
  await typeEnter(page, "lane", "1");
  await expect(page.getByText(s.team.name, { exact: true })).toBeVisible();
  await expect(page.locator("#scan-code")).toBeFocused();
}

/** Save by keyboard: Tab from the scan input past Scan to Save, Enter. */
async function saveByKeyboard(page: Page) {
  await expect(page.locator("#scan-code")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save" })).toBeFocused();
  await press(page);
}

test.describe("Entrance kiosk", () => {
  test("keyboard only: round, team, three scans, every refusal, the female question, Save; /scan-log lists it", async ({
    page,
  }) => {
    const s = await createScanSetup({ maxRace: 4, maxMale: 3, minFemale: 2 });
    const [m1, m2, m3] = s.team.members;
    const staff = createUser("COMMITTEE");
    await withTestContext(page, { settings: OPEN });
    await page.goto("/scanning/entrance");
    // A wrong name: the spec's message, the input cleared and focused again.
    await typeEnter(page, "round-name", "NO SUCH ROUND");
    await expect(page.getByRole("alert")).toHaveText(NOT_FOUND_ROUND);
    await expect(page.locator("#round-name")).toHaveValue("");
    // The name in any case; then the lane.
    await typeEnter(page, "round-name", s.round.name.toLowerCase());
    await expect(page.getByRole("button", { name: `Lane 1 ${s.team.name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Lane 2 ${s.other.name}` })).toBeVisible();
    await typeEnter(page, "lane", "9");
    await expect(page.getByRole("alert")).toHaveText("No team races in lane 9 of this round.");
    await typeEnter(page, "lane", "1");
    await expect(page.getByText(s.team.name, { exact: true })).toBeVisible();

    // Three valid scans: each shows the face and the name, large.
    for (const [i, m] of [m1, m2, m3].entries()) {
      await scan(page, code(m), `${m.name} added.`);
      const face = page.locator(".kiosk-latest img");
      await expect(face).toHaveAttribute("alt", m.name);
      expect((await face.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(150);
      await expect(page.locator(".kiosk-latest-name")).toHaveText(m.name);
      await expect(counts(page)).toContainText(`${i + 1} / 4 participants`);
    }
    // An unknown code, a code of nobody, another team's member, staff, a repeat: none joins.
    await scan(page, "ABC123", INVALID);
    await scan(page, "#999999999", "User not found.");
    await scan(page, code(s.other.members[0]), `Not a member of ${s.team.name}.`);
    await scan(page, `#${staff.id}`, NOT_PARTICIPANT);
    await scan(page, code(m2), `${m2.name} is already in the history.`);
    await expect(history(page)).toHaveCount(3);
    await expect(counts(page)).toContainText("3 / 4 participants");
    await expect(counts(page)).toContainText("2 male (max 3)");
    await expect(counts(page)).toContainText("1 female (min 2)");
    expect(scanLogsOf(s.round.id)).toEqual([]);

    // Save with one female of two: the spec's question; No keeps the history, Yes saves it.
    await saveByKeyboard(page);
    await expect(page.getByText(FEMALE_QUESTION)).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "No" })).toBeFocused();
    await press(page);
    await expect(history(page)).toHaveCount(3);
    await saveByKeyboard(page);
    await expect(page.getByRole("button", { name: "Yes" })).toBeFocused();
    await press(page);
    await expect(page.locator(".toast").filter({ hasText: SAVED })).toBeVisible();
    await expect(history(page)).toHaveCount(0);
    await expect(page.locator("#scan-code")).toBeFocused();
    await expect
      .poll(() => scanLogsOf(s.round.id).map((r) => [r.team_id, r.user_id]))
      .toEqual([m1, m2, m3].map((m) => [s.team.id, m.id]));

    // /scan-log (ADMIN): event, then round, then the three logs; the CSV has the same rows.
    await loginAs(page, "ADMIN", "/scan-log");
    await page.getByLabel("Event").selectOption({ label: s.event.name });
    await page.getByRole("button", { name: "Show Rounds" }).click();
    await page.getByLabel("Round").selectOption({ label: s.round.name });
    await page.getByRole("button", { name: "Show Scans" }).click();
    const rows = page.getByRole("table", { name: "Scan Logs" }).locator("tbody tr");
    await expect(rows).toHaveCount(3);
    for (const m of [m1, m2, m3]) {
      const row = rows.filter({ hasText: m.name });
      await expect(row.locator('td[data-label="Event Team"]')).toHaveText(s.team.name);
      await expect(row.locator('td[data-label="Timestamp"]')).toHaveText(
        /^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/,
      );
      // The kiosk that saved it (issue 18).
      await expect(row.locator('td[data-label="Kiosk"]')).toHaveText(device.name);
    }
    const records = (await downloadCsv(page)).filter((r) => r.length > 1);
    expect(records[0]).toEqual(["Id", "Timestamp", "Event Team", "Competitor", "Kiosk"]);
    expect(records.slice(1).map((r) => r[4])).toEqual([device.name, device.name, device.name]);
    expect(
      records
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual([m1.name, m2.name, m3.name].sort());
  });

  test("the caps: maxMale males, then maxRace participants (clear and try again); Clear empties the history", async ({
    page,
  }) => {
    // Members 01, 03, 05 are male, 02 and 04 female; a third male makes 05 the odd one out.
    const s = await createScanSetup({ maxRace: 3, maxMale: 1, minFemale: 0 });
    const [m1, m2, m3, m4] = s.team.members;
    await withTestContext(page, { settings: OPEN });
    await openTeam(page, s);
    await scan(page, code(m1), `${m1.name} added.`);
    await scan(
      page,
      code(m3),
      "The history already has 1 male participant, the most this event allows. Clear history and try again.",
    );
    await scan(page, code(m2), `${m2.name} added.`);
    await scan(page, code(m4), `${m4.name} added.`);
    await scan(
      page,
      code(s.team.members[4]),
      "The history already has 3 participants, the most this event allows. Clear history and try again.",
    );
    await expect(history(page)).toHaveCount(3);
    await expect(page.locator(".kiosk-latest")).toHaveCount(0);
    await page.getByRole("button", { name: "Clear" }).focus();
    await press(page);
    await expect(message(page)).toHaveText("History cleared.");
    await expect(history(page)).toHaveCount(0);
    await expect(counts(page)).toContainText("0 / 3 participants");
    // A history of nobody is not saved.
    await page.getByRole("button", { name: "Save" }).focus();
    await press(page);
    await expect(message(page)).toHaveText("The history is empty. Scan at least one participant.");
    expect(scanLogsOf(s.round.id)).toEqual([]);
  });

  test("a round name two events share: the kiosk asks which event's, by keyboard", async ({ page }) => {
    const s = await createScanSetup();
    const twin = await createScanSetup();
    renameRound(twin.round.id, s.round.name);
    await withTestContext(page, { settings: OPEN });
    await page.goto("/scanning/entrance");
    await typeEnter(page, "round-name", s.round.name);
    // One button per event, by event name, the first focused; Tab, Enter picks the second.
    const choices = page.getByRole("button", { name: ` — ${s.round.name}` });
    await expect(choices).toHaveCount(2);
    await expect(choices.nth(0)).toBeFocused();
    const [, picked] = [s, twin].sort((a, b) => (a.event.name < b.event.name ? -1 : 1));
    await expect(choices.nth(1)).toHaveText(`${picked.event.name} — ${s.round.name}`);
    await page.keyboard.press("Tab");
    await expect(choices.nth(1)).toBeFocused();
    await press(page);
    await expect(page.getByText(picked.event.name, { exact: true })).toBeVisible();
    await typeEnter(page, "lane", "1");
    await expect(page.getByText(picked.team.name, { exact: true })).toBeVisible();
    const outsider = picked === s ? twin : s;
    await scan(page, code(outsider.team.members[0]), `Not a member of ${picked.team.name}.`);
  });

  test("with JavaScript: a reload keeps the history; offline, scans go on and the save waits until the network is back", async ({
    page,
    context,
  }) => {
    test.skip(!isJs(), "the offline queue is JavaScript's");
    const s = await createScanSetup({ minFemale: 0 });
    const [m1, m2, m3] = s.team.members;
    await withTestContext(page, { settings: OPEN });
    await openTeam(page, s);
    await scan(page, code(m1), `${m1.name} added.`);
    await page.reload();
    await expect(history(page)).toHaveCount(1);
    await expect(history(page)).toContainText([m1.name]);

    await context.setOffline(true);
    await scan(page, code(m2), `${m2.name} added.`);
    await scan(page, code(m3), `${m3.name} added.`);
    // Offline the browser cannot ask who an outsider is: not in this team is what it knows.
    await scan(page, code(s.other.members[0]), `Not a member of ${s.team.name}.`);
    await scan(page, "#12x", INVALID);
    await saveByKeyboard(page);
    await expect(page.getByRole("status").filter({ hasText: "3 scans waiting to be sent" })).toBeVisible();
    await expect(page.locator(".toast").filter({ hasText: "No connection" })).toBeVisible();
    await expect(history(page)).toHaveCount(0);
    // Scanning goes on for the next team meanwhile, and the waiting save survives a reload's
    // worth of time in localStorage.
    expect(scanLogsOf(s.round.id)).toEqual([]);
    const stored = await page.evaluate(() => localStorage.getItem("regatta.kiosk.queue.v1"));
    expect(JSON.parse(stored ?? "[]")).toHaveLength(1);

    await context.setOffline(false);
    await expect(
      page.locator(".toast").filter({ hasText: "3 waiting scans were sent and saved." }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/scans? waiting to be sent/)).toHaveCount(0);
    expect(
      scanLogsOf(s.round.id)
        .map((r) => r.user_id)
        .sort((a, b) => a - b),
    ).toEqual([m1.id, m2.id, m3.id].sort((a, b) => a - b));
  });

  // @once: a server rule (signed codes) on the kiosk's scan form, which "keyboard only: round, team, three scans" drives without JS.
  test("a forged signature with 'Require signed crew tags' on is 'Invalid input.'; a real crew tag is taken", {
    tag: "@once",
  }, async ({ page }) => {
    const s = await createScanSetup({ minFemale: 0 });
    const [m1, m2] = s.team.members;
    await withTestContext(page, { settings: { ...OPEN, requireSignedTags: true } });
    await openTeam(page, s);
    await scan(page, code(m1), INVALID); // a plain code no longer passes
    await scan(page, `#${m1.id}.AAAAAAAAAA`, INVALID);
    await scan(page, `${signedCodeOf(m1.id).slice(0, -1)}x`, INVALID);
    await scan(page, signedCodeOf(m1.id), `${m1.name} added.`);
    await scan(page, signedCodeOf(m2.id), `${m2.name} added.`);
    await saveByKeyboard(page);
    await expect(page.locator(".toast").filter({ hasText: SAVED })).toBeVisible();
    await expect.poll(() => scanLogsOf(s.round.id).length).toBe(2);

    await page.goto(`/scanning/profile?code=${encodeURIComponent(`#${m1.id}.AAAAAAAAAA`)}`);
    await expect(page.getByRole("alert")).toHaveText(INVALID);
  });

  test("the server checks every returned history again: forged ids are dropped, a forged token is refused", {
    tag: "@once",
  }, async ({ page }) => {
    const s = await createScanSetup({ minFemale: 0 });
    const [m1] = s.team.members;
    const staff = createUser("ADMIN");
    await withTestContext(page, { settings: OPEN });
    const url = `/scanning/entrance?roundId=${s.round.id}&teamId=${s.team.id}`;
    await page.goto(url);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const post = (target: string, pairs: [string, string][]) =>
      page.request.post(target, {
        data: new URLSearchParams(pairs).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
    // No token, or a made-up one: 403, nothing written.
    expect(
      (
        await post(url, [
          ["intent", "save"],
          ["h", code(m1)],
          ["confirmed", "yes"],
        ])
      ).status(),
    ).toBe(403);
    expect(
      (
        await post(url, [
          ["csrf", "made.up"],
          ["intent", "save"],
          ["h", code(m1)],
          ["confirmed", "yes"],
        ])
      ).status(),
    ).toBe(403);
    // A history with another team's member, staff and junk: only the team's member is saved.
    const forged = [code(m1), code(s.other.members[0]), `#${staff.id}`, "junk", code(m1)];
    const res = await post("/scanning/entrance/save", [
      ["csrf", csrf],
      ["roundId", String(s.round.id)],
      ["teamId", String(s.team.id)],
      ["confirmed", "yes"],
      ...forged.map((c): [string, string] => ["h", c]),
    ]);
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({
      written: 1,
      dropped: [code(s.other.members[0]), `#${staff.id}`, "junk", code(m1)],
    });
    // Sent again (a kiosk that lost the answer): nothing is written twice.
    const again = await post("/scanning/entrance/save", [
      ["csrf", csrf],
      ["roundId", String(s.round.id)],
      ["teamId", String(s.team.id)],
      ["h", code(m1)],
      ["confirmed", "yes"],
    ]);
    expect(await again.json()).toEqual({ written: 0, dropped: [] });
    expect(scanLogsOf(s.round.id).map((r) => r.user_id)).toEqual([m1.id]);
    // A team that does not race in the round, and an oversized history.
    const wrongTeam = await post("/scanning/entrance/save", [
      ["csrf", csrf],
      ["roundId", String(s.round.id)],
      ["teamId", "999999"],
      ["h", code(m1)],
    ]);
    expect(wrongTeam.status()).toBe(404);
    const huge = await post(url, [
      ["csrf", csrf],
      ["intent", "scan"],
      ...Array.from({ length: 101 }, (): [string, string] => ["h", code(m1)]),
    ]);
    expect(huge.status()).toBe(400);
  });
});

test.describe("Scanning profile", () => {
  test("auto-focused code input; 'Nothing to show.', 'Invalid input.', then the participant", async ({
    page,
  }) => {
    const s = await createScanSetup();
    const m2 = s.team.members[1];
    setCrewDetails(m2.id, { yob: 1995 });
    setPhotoState(s.team.members[2].id, 0); // pending: not shown
    // A second entry in an event whose name sorts first: entries are sorted by event name.
    const first = createEvent({ name: unique("AAA E2E EVENT").toUpperCase() });
    createTeam(s.team.clubId, first.id, `${s.team.clubName.toUpperCase()} B`, [m2.id]);
    await withTestContext(page, { settings: OPEN });
    await page.goto("/scanning/profile");
    await expect(page.getByText("Nothing to show.")).toBeVisible();
    await typeEnter(page, "profile-code", "hello");
    await expect(page.getByRole("alert")).toHaveText(INVALID);
    // No approved photo: a blank placeholder.
    await typeEnter(page, "profile-code", code(s.team.members[2]));
    await expect(page.getByRole("img", { name: `${s.team.members[2].name} (no photo)` })).toBeVisible();
    await typeEnter(page, "profile-code", code(m2));
    const card = page.getByRole("article", { name: m2.name.toUpperCase() });
    await expect(card.getByRole("img", { name: m2.name })).toBeVisible();
    await expect(card.getByText(m2.name.toUpperCase(), { exact: true })).toBeVisible();
    // An enrolled device without staff: the age group, not the year of birth (issue 18).
    const age = new Date().getFullYear() - 1995;
    await expect(card.locator("dt")).toHaveText(["Age Group", "Gender", "Association"]);
    await expect(card.locator("dd").nth(0)).toHaveText(
      age <= 18 ? "Junior" : age >= 40 ? "Senior (S40)" : "Premier",
    );
    await expect(card.locator("dd").nth(1)).toHaveText("Female");
    await expect(card.locator("dd").nth(2)).toHaveText(s.team.clubName);
    const data = await page.request.get(
      `/scanning/profile?code=${encodeURIComponent(code(m2))}&_data=routes%2Fscanning.profile`,
    );
    expect((await data.json()).profile).toMatchObject({ name: m2.name, yob: null });
    await expect(card.getByRole("listitem")).toHaveText([
      `${first.name} — ${s.team.clubName.toUpperCase()} B`,
      `${s.event.name} — ${s.team.name}`,
    ]);
    await expect(page.locator("#profile-code")).toHaveValue("");
    await expect(page.locator("#profile-code")).toBeFocused();
    // Staff are not participants.
    const staff = createUser("ADMIN");
    await typeEnter(page, "profile-code", `#${staff.id}`);
    await expect(page.getByRole("alert")).toHaveText(NOT_PARTICIPANT);
  });
});

test.describe("Scan Logs access", () => {
  // @once: a refusal by URL (access.spec.ts shows one without JS); /scan-log itself runs without JS in "keyboard only: round, team, three scans".
  test("COMMITTEE may not open /scan-log or its CSV", { tag: "@once" }, async ({ page }) => {
    await loginAs(page, "COMMITTEE");
    await expectRefused(page, "/scan-log");
    const csv = await page.request.get("/scan-log.csv?event=1&round=1", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
  });
});
