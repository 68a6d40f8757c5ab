// The pontoon kiosk and race control's On the water panel end to end (issue 28 part 2), JS on and
// off: an enrolled kiosk device, driven by the keyboard as a wedge scanner drives it; Out then Back
// with the kiosk's answers ("Race N, lane 3: out"), a second member of the same boat, "Not racing
// today.", "Invalid input."; race control lists the boat and then says "All boats are back."; a boat
// out longer than the setting is marked Overdue; Mark Back by hand with a reason (audited); the CSV;
// MANAGER's forged markBack refused; a browser that is not a kiosk is refused. Every request runs on
// the test's own clock (RACE_DAY in db-pontoon.ts) with plain crew tag codes allowed. The lane rule's
// edges are unit tests (app/rules/pontoon.test.ts, tests/unit/boat-trips.test.ts).
import { expect, type Page, test } from "./fixtures";
import { createUser, signedCodeOf } from "./db";
import {
  bringBack,
  type Crew,
  createCrew,
  myt,
  putOut,
  RACE_DAY,
  tripAudit,
  tripOf,
  withWaterLock,
} from "./db-pontoon";
import { asFreshClient, csvAt, flashToast, forgePost, isJs, csrfOf, watchServerErrors } from "./helpers";
import { asKioskDevice } from "./kiosk";
import { loginAs } from "./login";
import { OPEN, withTestContext } from "./test-context";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const message = (page: Page) => page.locator(".kiosk-msg");
const panel = (page: Page) => page.getByTestId("on-the-water");
const boatRow = (page: Page, crew: Crew) => panel(page).getByRole("row").filter({ hasText: crew.teamName });

/** A scan: the code and Enter into the focused scan input (a page load without JavaScript). */
async function scan(page: Page, text: string, answer: string) {
  await expect(page.locator("#scan-code")).toBeFocused();
  const loaded = isJs() ? null : page.waitForEvent("load");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await loaded;
  await expect(message(page)).toHaveText(answer);
}

/** The page's requests from now on run at `hhmm` of the race day. */
const at = (page: Page, hhmm: string) => withTestContext(page, { now: myt(hhmm), settings: OPEN });

test("Out then Back at the pontoon: a second member, not racing, invalid input; On the water lists the boat, then all are back", async ({
  page,
}) => {
  test.setTimeout(60_000); // waits for the On the water lock while the other project's test holds it
  const crew = await createCrew();
  const [m1, m2, m3] = crew.members;
  const device = await asKioskDevice(page);
  const race = `Race ${crew.raceNumber}, lane ${crew.lane}`;
  await withWaterLock(async () => {
    await at(page, "10:10");
    // The entrance links to the pontoon; Out is chosen by default.
    await page.goto("/scanning/entrance");
    await page.getByRole("link", { name: "Pontoon: boats out and back" }).click();
    await expect(page.getByRole("heading", { name: "Scanning boats going out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Out", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await scan(page, signedCodeOf(m1.id), `${race}: out`);
    await scan(page, `#${m2.id}`, `${race} is out already: another crew member scanned it. Nothing changed.`);
    await scan(page, "hello", "Invalid input.");
    await scan(page, `#${crew.loner.id}`, "Not racing today.");
    expect(tripOf(crew)).toMatchObject({ out_at: myt("10:10"), out_user_id: m1.id, out_kiosk_id: device.id });

    // Race control: the boat, 10 minutes out, not overdue.
    await at(page, "10:20");
    await loginAs(page, "COMMITTEE", "/race-control");
    await expect(boatRow(page, crew)).toContainText(`${crew.raceNumber}`);
    await expect(boatRow(page, crew)).toContainText("10 min");
    await expect(boatRow(page, crew)).not.toContainText("Overdue");

    // Back at the pontoon, from the entrance's link back and the Back button.
    await at(page, "11:20");
    await page.goto("/scanning/pontoon");
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Scanning boats coming back" })).toBeVisible();
    await scan(page, `#${m3.id}`, `${race}: back`);
    await scan(
      page,
      `#${m1.id}`,
      `${race} is back already: another crew member scanned it. Nothing changed.`,
    );
    expect(tripOf(crew)).toMatchObject({ out_at: myt("10:10"), back_at: myt("11:20"), back_user_id: m3.id });
    await expect(page.getByRole("link", { name: "Entrance: crew check-in" })).toBeVisible();

    await page.goto("/race-control");
    await expect(panel(page)).toContainText("All boats are back.");
  });
});

test("a boat out longer than the setting is marked; Mark Back with a reason takes it off the water, audited", async ({
  page,
}) => {
  test.setTimeout(60_000); // waits for the On the water lock
  const late = await createCrew();
  const recent = await createCrew({ at: myt("11:30") });
  const staff = createUser("COMMITTEE");
  await withWaterLock(async () => {
    putOut(late, myt("10:00"));
    putOut(recent, myt("10:30"));
    try {
      await at(page, "10:45");
      await loginAs(page, staff.email, "/race-control");
      // Oldest first; 45 minutes is longer than the 30 of the setting: marked in text.
      const rows = panel(page)
        .getByRole("row")
        .filter({ hasText: /RR|CLUB/i });
      await expect(boatRow(page, late)).toContainText("45 min Overdue");
      await expect(boatRow(page, recent)).toContainText("15 min");
      await expect(boatRow(page, recent)).not.toContainText("Overdue");
      const names = await rows.allTextContents();
      const order = names.filter((t) => t.includes(late.teamName) || t.includes(recent.teamName));
      expect(order[0]).toContain(late.teamName);
      await expect(panel(page)).toContainText("A boat out longer than 30 minutes is marked Overdue.");

      await boatRow(page, late).getByLabel("Reason").fill("Seen on the beach");
      await boatRow(page, late).getByRole("button", { name: "Mark Back" }).click();
      await expect(flashToast(page, `Race ${late.raceNumber}, lane ${late.lane} marked back.`)).toBeVisible();
      await expect(boatRow(page, late)).toHaveCount(0);
      await expect(boatRow(page, recent)).toHaveCount(1);
      const trip = tripOf(late);
      expect(trip).toMatchObject({
        back_at: myt("10:45"),
        back_reason: "Seen on the beach",
        back_by: staff.id,
      });
      const audit = tripAudit(trip?.id ?? 0);
      expect(audit.map((a) => [a.action, a.actor_id])).toEqual([["boat.marked_back", staff.id]]);
      expect(JSON.parse(audit[0].details)).toMatchObject({ reason: "Seen on the beach", lane: late.lane });
    } finally {
      bringBack(late);
      bringBack(recent);
    }
  });
});

test("the CSV lists the day's outs and backs, with the reason of a Mark Back", { tag: "@once" }, async ({
  page,
}) => {
  const crew = await createCrew({ lane: "4" });
  // Out and back at once, under the lock: no other test sees this boat on the water.
  await withWaterLock(async () => {
    putOut(crew, myt("09:15"));
    bringBack(crew);
  });
  await at(page, "12:00");
  await loginAs(page, "ADMIN");
  const rows = await csvAt(page, `/race-control/boats.csv?day=${RACE_DAY}`);
  expect(rows[0]).toEqual([
    "Race",
    "Event",
    "Round",
    "Lane",
    "Team",
    "Out",
    "Out Scanned",
    "Out Kiosk",
    "Back",
    "Back Scanned",
    "Back Kiosk",
    "Marked Back By",
    "Reason",
  ]);
  const mine = rows.find((r) => r[4] === crew.teamName);
  expect(mine?.slice(0, 7)).toEqual([
    String(crew.raceNumber),
    crew.eventName,
    "HEAT 1",
    "4",
    crew.teamName,
    "18/06 09:15",
    crew.members[0].name,
  ]);
});

test("a MANAGER posting markBack is refused and nothing changes", { tag: "@once" }, async ({ page }) => {
  test.setTimeout(60_000); // waits for the On the water lock
  const crew = await createCrew();
  const manager = createUser("MANAGER");
  await withWaterLock(async () => {
    putOut(crew, myt("10:00"));
    try {
      await loginAs(page, manager.email, "/");
      const id = tripOf(crew)?.id ?? 0;
      const res = await forgePost(page, "/race-control", [
        ["csrf", await csrfOf(page)],
        ["intent", "markBack"],
        ["id", id],
        ["reason", "Not mine to say"],
      ]);
      expect(res.status()).not.toBe(200);
      expect(res.headers().location ?? "").not.toContain("/race-control");
      expect(tripOf(crew)).toMatchObject({ back_at: null, back_reason: null });
      expect(tripAudit(id)).toEqual([]);
    } finally {
      bringBack(crew);
    }
  });
});

// Server-rendered, and forged posts: the same with JavaScript off (@once).
test("a browser that is not an enrolled kiosk gets no scan form, and its POST is refused", {
  tag: "@once",
}, async ({ page }) => {
  const crew = await createCrew();
  await at(page, "10:10");
  await page.goto("/scanning/pontoon");
  await expect(page.getByText("This screen shows participants only on a kiosk device.")).toBeVisible();
  await expect(page.locator("#scan-code")).toHaveCount(0);
  const res = await forgePost(page, "/scanning/pontoon?dir=out", [
    ["direction", "out"],
    ["code", `#${crew.members[0].id}`],
  ]);
  expect(res.status()).toBe(403);
  const json = await forgePost(page, "/scanning/pontoon/scan", [
    ["direction", "out"],
    ["code", `#${crew.members[0].id}`],
  ]);
  expect(json.status()).toBe(403);
  expect(tripOf(crew)).toBeUndefined();
});

test("offline, a scan waits on the device and is sent when the connection returns", async ({
  page,
  context,
}) => {
  test.skip(!isJs(), "the offline queue is the JS kiosk's");
  test.setTimeout(60_000); // waits for the On the water lock
  const crew = await createCrew();
  await asKioskDevice(page);
  await withWaterLock(async () => {
    try {
      await at(page, "10:10");
      await page.goto("/scanning/pontoon");
      // Offline only once the queue has the form: before that, Enter is a plain POST (no network).
      await expect(page.locator("form[data-queue]")).toHaveCount(1);
      await context.setOffline(true);
      await page.locator("#scan-code").fill(`#${crew.members[0].id}`);
      await page.keyboard.press("Enter");
      await expect(message(page)).toHaveText(
        "No connection: the scan is kept on this device and will be sent when the connection returns.",
      );
      await expect(page.getByText("1 scan waiting to be sent")).toBeVisible();
      expect(tripOf(crew)).toBeUndefined();
      await expect(page.getByRole("button", { name: "Send Now" })).toBeVisible();
      // Back online: the queue sends it by itself (the `online` event, or within 5 s).
      await context.setOffline(false);
      await expect(page.locator(".toast")).toContainText(`Race ${crew.raceNumber}, lane ${crew.lane}: out`);
      await expect(page.getByText("1 scan waiting to be sent")).toHaveCount(0);
      expect(tripOf(crew)?.out_at).toBe(myt("10:10"));
    } finally {
      bringBack(crew);
    }
  });
});
