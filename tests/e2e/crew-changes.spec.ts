// Race-day crew changes (issue 28 part 3) end to end, with JavaScript on and off: after the crew
// deadline a manager asks for a change on the team's crew screen (Request Crew Change: who leaves,
// who joins, a Reason); a request whose next race starts within the cut-off is refused with the
// issue's sentence; COMMITTEE approves on /crew-changes and from then on the entrance kiosk takes the
// joiner and refuses the leaver; the manager is emailed the outcome (the real SMTP catcher);
// Reject needs a reason, which the manager then sees on the team's screen. Refusals: another
// club's manager, a COMPETITOR, and a MANAGER on /crew-changes change nothing. The crew deadline is
// closed per test through the request headers (tests/e2e/test-context.ts), never in settings.
import { expect, type Page, test } from "./fixtures";
import { createUser } from "./db";
import {
  type ChangeSetup,
  changesOf,
  createChangeSetup,
  createPendingChange,
  crewWithChanges,
  scheduleRound,
} from "./db-crew-changes";
import { csvAt, expectRefused, flashToast, forgePost, isJs, waitForMail, watchServerErrors } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

watchServerErrors(test);

const HOUR = 3_600_000;
/** The crew deadline passed an hour ago, for this test's requests only. */
const closed = (page: Page) =>
  withTestContext(page, {
    settings: { ...OPEN, crewCloseAt: Date.now() - HOUR, crewChangeCutoffMinutes: 30 },
  });

const REQUESTED = "Crew change requested. The event committee will decide.";

/** Ticks who leaves and who joins, types the reason and presses Request Crew Change. */
async function requestChange(page: Page, leave: string, join: string, reason: string) {
  await page.getByRole("group", { name: "Who leaves" }).getByLabel(leave).check();
  await page.getByRole("group", { name: "Who joins" }).getByLabel(join).check();
  await page.getByLabel("Reason", { exact: true }).fill(reason);
  await page.getByRole("button", { name: "Request Crew Change" }).click();
}

/** The /crew-changes row of a team. */
const rowOf = (page: Page, s: ChangeSetup) => page.locator("tbody tr").filter({ hasText: s.team.name });

/** Enter in the focused field; without JavaScript it posts: wait for the new page. */
async function typeEnter(page: Page, fieldId: string, text: string) {
  await expect(page.locator(`#${fieldId}`)).toBeFocused();
  await page.keyboard.type(text);
  const loaded = isJs() ? null : page.waitForEvent("load");
  await page.keyboard.press("Enter");
  await loaded;
}

test.describe("Race-day crew changes", () => {
  test("a manager requests a change, COMMITTEE approves, the kiosk takes the joiner and refuses the leaver, the manager is emailed", async ({
    page,
  }) => {
    test.setTimeout(40_000); // three roles and the kiosk in one browser
    const s = await createChangeSetup();
    const [leaver] = s.crew;
    const [joiner] = s.outside;
    const start = Date.now();
    await closed(page);
    await loginAs(page, s.manager.email, `/events/teams/${s.team.id}`);
    await requestChange(page, leaver.name, joiner.name, "Sprained wrist");
    await expect(flashToast(page, REQUESTED)).toBeVisible();
    await expect(page.locator(".cc-state")).toContainText("waiting for the event committee");
    await expect(page.locator(".cc-state")).toContainText(joiner.name);
    expect(changesOf(s.team.id)).toMatchObject([{ status: "PENDING", reason: "Sprained wrist" }]);

    await loginAs(page, "COMMITTEE", "/crew-changes");
    const row = rowOf(page, s);
    await expect(row).toContainText(leaver.name);
    await expect(row).toContainText("Pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(
      flashToast(page, `Crew change of ${s.team.name} approved: the crew is changed.`),
    ).toBeVisible();
    await expect(rowOf(page, s)).toContainText("Approved");
    const [change] = changesOf(s.team.id);
    expect(change.status).toBe("APPROVED");
    const crew = crewWithChanges(s.team.id);
    expect(crew.map((m) => m.user_id)).not.toContain(leaver.id);
    expect(crew.find((m) => m.user_id === joiner.id)?.change_id).toBe(change.id);

    const mail = await waitForMail(s.manager.email, /^Crew change approved/, start);
    expect(mail.text).toContain(`Joining: ${joiner.name}`);

    // The manager sees the outcome on the team's screen.
    await loginAs(page, s.manager.email, `/events/teams/${s.team.id}`);
    await expect(page.locator(".cc-state")).toContainText("Crew change approved on");

    // The entrance kiosk reads the changed crew.
    await withTestContext(page, { settings: OPEN });
    await asKioskDevice(page);
    await page.goto("/scanning/entrance");
    await typeEnter(page, "round-name", s.round.name.toLowerCase());
    await typeEnter(page, "lane", "1");
    await expect(page.locator("#scan-code")).toBeFocused();
    await typeEnter(page, "scan-code", `#${joiner.id}`);
    await expect(page.locator(".kiosk-msg")).toHaveText(`${joiner.name} added.`);
    await typeEnter(page, "scan-code", `#${leaver.id}`);
    await expect(page.locator(".kiosk-msg")).toHaveText(`Not a member of ${s.team.name}.`);
  });

  test("too late: a request when the team's next race starts within the cut-off is refused with the race and its start", async ({
    page,
  }) => {
    const s = await createChangeSetup();
    await closed(page);
    await loginAs(page, s.manager.email, `/events/teams/${s.team.id}`);
    await expect(page.getByRole("button", { name: "Request Crew Change" })).toBeVisible();
    // Meanwhile the race moves to ten minutes from now.
    scheduleRound(s.round.id, Date.now() + 10 * 60_000);
    await requestChange(page, s.crew[0].name, s.outside[0].name, "Late");
    const tooLate = new RegExp(`^Too late: race ${s.round.raceNumber} starts at \\d\\d:\\d\\d\\.$`);
    // The refusal (with JavaScript), or the page reloaded after it (without): the same sentence.
    await expect(page.getByText(tooLate)).toBeVisible();
    expect(changesOf(s.team.id)).toEqual([]);
    // Reloaded, the screen says so instead of the form.
    await page.goto(`/events/teams/${s.team.id}`);
    await expect(page.getByRole("status").filter({ hasText: tooLate })).toBeVisible();
    await expect(page.getByRole("button", { name: "Request Crew Change" })).toHaveCount(0);
  });

  test("reject needs a reason; the manager sees the rejection and its reason, and is emailed", async ({
    page,
  }) => {
    const s = await createChangeSetup();
    const start = Date.now();
    createPendingChange(s, [s.crew[0].id], [s.outside[0].id], "Swap");
    await loginAs(page, "COMMITTEE", "/crew-changes");
    await rowOf(page, s).getByRole("button", { name: "Reject" }).click();
    await expect(page.locator(".toast").filter({ hasText: "Please enter a reject reason." })).toBeVisible();
    expect(changesOf(s.team.id)[0].status).toBe("PENDING");
    await rowOf(page, s).getByLabel("Reject reason").fill("No medical note");
    await rowOf(page, s).getByRole("button", { name: "Reject" }).click();
    await expect(flashToast(page, `Crew change of ${s.team.name} rejected.`)).toBeVisible();
    expect(changesOf(s.team.id)[0]).toMatchObject({ status: "REJECTED", decision_reason: "No medical note" });
    expect(crewWithChanges(s.team.id).map((m) => m.user_id)).toContain(s.crew[0].id);

    await closed(page);
    await loginAs(page, s.manager.email, `/events/teams/${s.team.id}`);
    await expect(page.locator(".cc-state")).toContainText("Reason: No medical note");
    const mail = await waitForMail(s.manager.email, /^Crew change rejected/, start);
    expect(mail.text).toContain("Reason: No medical note");
  });

  // Server-rendered refusals and forged posts: the same with JavaScript off (@once).
  test("another club's manager and a COMPETITOR are refused and change nothing", {
    tag: "@once",
  }, async ({ page }) => {
    const s = await createChangeSetup();
    const other = createUser("MANAGER");
    await closed(page);
    await loginAs(page, other.email, `/events/teams/${s.team.id}`);
    await expect(page.getByRole("button", { name: "Request Crew Change" })).toHaveCount(0);
    // A forged request for another club's team: 404, nothing written.
    await page.goto("/events");
    const answer = await forgePost(page, `/events/teams/${s.team.id}`, [
      ["csrf", await page.locator('input[name="csrf"]').first().inputValue()],
      ["intent", "requestChange"],
      ["leave", s.crew[0].id],
      ["join", s.outside[0].id],
      ["reason", "Forged"],
    ]);
    expect(answer.status()).toBe(404);
    // A COMPETITOR is refused the crew screen and the request (403).
    const competitor = createUser("COMPETITOR");
    await loginAs(page, competitor.email, "/");
    const screen = await page.goto(`/events/teams/${s.team.id}`);
    expect(screen?.status()).toBe(403);
    await page.goto("/");
    const forged = await forgePost(page, `/events/teams/${s.team.id}`, [
      ["csrf", await page.locator('input[name="csrf"]').first().inputValue()],
      ["intent", "requestChange"],
      ["leave", s.crew[0].id],
      ["join", s.outside[0].id],
      ["reason", "Forged"],
    ]);
    expect(forged.status()).toBe(403);
    expect(changesOf(s.team.id)).toEqual([]);
  });

  test("a MANAGER cannot open /crew-changes nor approve; the change stays pending", { tag: "@once" }, async ({
    page,
  }) => {
    const s = await createChangeSetup();
    const id = createPendingChange(s, [s.crew[0].id], [s.outside[0].id]);
    await loginAs(page, s.manager.email, "/");
    await expectRefused(page, "/crew-changes");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const answer = await forgePost(page, "/crew-changes", [
      ["csrf", csrf],
      ["intent", "approve"],
      ["id", id],
    ]);
    expect([302, 303, 403]).toContain(answer.status());
    expect(answer.headers().location ?? "").not.toContain("/crew-changes");
    expect(changesOf(s.team.id)[0].status).toBe("PENDING");
    expect(crewWithChanges(s.team.id).map((m) => m.user_id)).not.toContain(s.outside[0].id);
  });

  test("the CSV lists a request with its team, club, who leaves and joins, reason and status", {
    tag: "@once",
  }, async ({ page }) => {
    const s = await createChangeSetup();
    createPendingChange(s, [s.crew[0].id], [s.outside[0].id], "Cramp");
    await loginAs(page, "ADMIN", "/");
    const rows = await csvAt(page, "/crew-changes.csv");
    expect(rows[0]).toEqual(["Requested", "Team", "Club", "Leaves", "Joins", "Reason", "Status"]);
    const row = rows.find((r) => r[1]?.startsWith(s.team.name));
    expect(row?.slice(3)).toEqual([s.crew[0].name, s.outside[0].name, "Cramp", "PENDING"]);
  });
});
