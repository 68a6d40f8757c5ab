// My Races (issue 28 part 4): a crew's own timetable on a phone (JS on and off), the calendar link
// (made by a POST, fetched and parsed back, regenerated: the old key 404s), a manager sees only their
// club's teams, COMMITTEE is refused, and the profile's "Email me when my race is called" saved off.
import { expect, test } from "./fixtures";
import ical from "node-ical";
import { createUser } from "./db";
import { calendarOf, createMyRaces, expectRaceIn, strangerKey } from "./db-my-races";
import {
  asFreshClient,
  csrfOf,
  expectRefused,
  flashToast,
  forgePost,
  mailsTo,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

test("on a phone: a crew member's races as cards; the calendar link made, fetched, regenerated", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const s = createMyRaces();
  await loginAs(page, s.crew, "/my-races");
  await expect(page.getByRole("heading", { name: "My Races", level: 1 })).toBeVisible();
  const rows = page.getByRole("table", { name: "My races, in race-number order" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Race ${s.races[0]}`);
  await expect(rows.nth(0)).toContainText("HEAT 1");
  await expect(rows.nth(0)).toContainText(s.team);
  await expect(rows.nth(0)).toContainText("Scheduled");
  await expect(rows.nth(1)).toContainText(`Race ${s.races[1]}`);
  await expect(page.getByText(s.otherTeam)).toHaveCount(0);
  // Cards: nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // No key until asked for (a page view writes nothing).
  expect(calendarOf(s.crew.id).key).toBeNull();
  await page.getByRole("button", { name: "Make Calendar Link" }).click();
  await expect(flashToast(page, "Your calendar link is ready.")).toBeVisible();
  const field = page.getByLabel("Calendar Link", { exact: true });
  const link = await field.inputValue();
  const key = calendarOf(s.crew.id).key ?? "";
  expect(link).toContain(`/my-races.ics?key=${key}`);

  const res = await page.request.get(`/my-races.ics?key=${key}`);
  expect(res.status()).toBe(200);
  const events = Object.values(ical.sync.parseICS(await res.text())).filter(
    (c) => c?.type === "VEVENT",
  ) as ical.VEvent[];
  expect(events.map((e) => e.summary)).toEqual([
    `Race ${s.races[0]}: ${s.event} HEAT 1 (${s.team}, lane 2)`,
    `Race ${s.races[1]}: ${s.event} FINAL (${s.team}, lane 2)`,
  ]);

  await page.getByRole("link", { name: "Regenerate" }).click();
  await page.getByRole("button", { name: "Yes, regenerate" }).click();
  await expect(flashToast(page, "The calendar link has been regenerated.")).toBeVisible();
  const next = calendarOf(s.crew.id).key ?? "";
  expect(next).not.toBe(key);
  await expect(page.getByLabel("Calendar Link", { exact: true })).toHaveValue(new RegExp(`key=${next}$`));
  expect((await page.request.get(`/my-races.ics?key=${key}`)).status()).toBe(404);
  expect((await page.request.get(`/my-races.ics?key=${next}`)).status()).toBe(200);
});

// @once: filtering done in SQL; My Races runs without JS in "on a phone: a crew member's races as cards".
test("a manager sees every team of their club and no other club's", { tag: "@once" }, async ({ page }) => {
  const s = createMyRaces();
  await loginAs(page, s.manager, "/my-races");
  const rows = page.getByRole("table", { name: "My races, in race-number order" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(page.getByText(s.otherTeam)).toHaveCount(0);
  await loginAs(page, s.otherManager);
  await page.goto("/my-races");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(s.otherTeam);
  await expect(rows.first()).toContainText("3");
  await expect(page.getByText(s.team)).toHaveCount(0);
});

test("a competitor with no races sees the empty state", { tag: "@once" }, async ({ page }) => {
  await loginAs(page, createUser("COMPETITOR"), "/my-races");
  await expect(page.getByText("No races yet.")).toBeVisible();
});

// @once: a refusal by URL (access.spec.ts shows one without JS).
test("COMMITTEE cannot open /my-races", { tag: "@once" }, async ({ page }) => {
  await loginAs(page, "COMMITTEE");
  await expectRefused(page, "/my-races");
});

test("COMMITTEE's forged posts to My Races change nothing", { tag: "@once" }, async ({ page }) => {
  const committee = createUser("COMMITTEE");
  await loginAs(page, committee, "/");
  const csrf = await csrfOf(page);
  for (const [url, pairs] of [
    ["/my-races", [["intent", "makeKey"]]],
    ["/my-races", [["intent", "callEmails"]]],
    ["/my-races/regenerate", []],
  ] as [string, [string, string][]][]) {
    const res = await forgePost(page, url, [["csrf", csrf], ...pairs]);
    expect(res.status(), url).toBe(302);
    expect(res.headers().location, url).toBe("/");
  }
  expect(calendarOf(committee.id)).toEqual({ key: null, callEmails: true });
});

test("a wrong key is a bare 404", { tag: "@once" }, async ({ page }) => {
  for (const key of [strangerKey(), "", "not a key"]) {
    const res = await page.request.get(`/my-races.ics?key=${encodeURIComponent(key)}`);
    expect(res.status()).toBe(404);
  }
});

test("the profile: 'Email me when my race is called' turned off and saved", async ({ page }) => {
  const s = createMyRaces();
  await loginAs(page, s.crew, "/");
  const box = page.getByRole("checkbox", { name: "Email me when my race is called" });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(flashToast(page, "You will not get an email when your race is called.")).toBeVisible();
  expect(calendarOf(s.crew.id).callEmails).toBe(false);
  await page.goto("/");
  await expect(page.getByRole("checkbox", { name: "Email me when my race is called" })).not.toBeChecked();
});

test("the call: the server's job emails the crew and the manager once, over SMTP", {
  tag: "@once",
}, async () => {
  // The e2e server's call job ticks every 2 s (scripts/e2e-server.mjs RACE_CALL_EVERY_MS).
  const s = createMyRaces();
  expectRaceIn(s.races[0] as number, 20);
  const subject = new RegExp(`^Race ${s.races[0]} at \\d\\d:\\d\\d: go to marshalling$`);
  for (const who of [s.manager, s.crew]) {
    await expect
      .poll(async () => (await mailsTo(who.email)).filter((m) => subject.test(m.subject)).length, {
        timeout: 15_000,
      })
      .toBe(1);
  }
  const mail = (await mailsTo(s.crew.email)).find((m) => subject.test(m.subject));
  expect(mail?.text).toContain(`${s.team}: lane 2`);
  // The other club's manager is in the race too; the final (a day ahead) is not called.
  expect((await mailsTo(s.otherManager.email)).filter((m) => subject.test(m.subject))).toHaveLength(1);
  expect(
    (await mailsTo(s.crew.email)).filter((m) => m.subject.startsWith(`Race ${s.races[1]} `)),
  ).toHaveLength(0);
});
