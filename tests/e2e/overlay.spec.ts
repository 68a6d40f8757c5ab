// The broadcast overlay /overlay (issue 29 part 2), public, no login: captured at 1920x1080 with
// ?bg=green (the background is #00FF00, nothing scrolls); with JavaScript a race started elsewhere
// reaches the open page's lower third within 2 s; without, the page reloads itself within 10 s;
// Declare Official puts the round's top three on it. And the prize-giving sheet
// /race-control/awards.pdf: read back as text, refused to a manager, a competitor and nobody. The
// overlay shows one race and one result of the whole server: see tests/e2e/db-overlay.ts for how
// each test gets its own on screen.
import { expect, type Page, test } from "./fixtures";
import sharp from "sharp";
import { pdfText } from "../pdf-text";
import { createUser, e2eDb } from "./db";
import {
  officialNow,
  overlayEvent,
  overlayRound,
  provisionalResults,
  startAhead,
  takeOffWater,
  withOverlayLock,
} from "./db-overlay";
import { asFreshClient, expectRefused, flashToast, isJs, watchServerErrors } from "./helpers";
import { loginAs } from "./login";
import { withTestContext } from "./test-context";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test, { consoleErrors: /Content Security Policy|Uncaught/i });

const lowerThird = (page: Page, roundId: number) => page.locator(`section.ov-third[data-round="${roundId}"]`);
const resultCard = (page: Page, roundId: number) =>
  page.locator(`section.ov-result[data-round="${roundId}"]`);

test("captured at 1920x1080 with ?bg=green: chroma-key background, the race large, no scrollbars", {
  tag: "@once",
}, async ({ page }) => {
  const { eventId, teams } = overlayEvent(6);
  const round = overlayRound(eventId, "HEAT 1", teams);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await withOverlayLock(async () => {
    startAhead(round.id);
    try {
      const response = await page.goto("/overlay?bg=green");
      expect(response?.status()).toBe(200);
      const third = lowerThird(page, round.id);
      await expect(third).toContainText(`Race ${round.raceNumber}`);
      for (const t of teams) await expect(third).toContainText(t.name);
      const shot = await page.screenshot({ fullPage: false });
      // Pixels of the capture itself: the corner and the middle of the screen are pure green.
      const { width, height } = await sharp(shot).metadata();
      const pixel = async (left: number, top: number) =>
        Array.from(
          await sharp(shot).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer(),
        );
      const corner = { size: [width, height], pixel: await pixel(5, 5), middle: await pixel(960, 300) };
      expect(corner).toEqual({ size: [1920, 1080], pixel: [0, 255, 0], middle: [0, 255, 0] });
      const layout = await page.evaluate(() => {
        const root = document.documentElement;
        return {
          scrolls: root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight,
          scrollbar: window.innerWidth - root.clientWidth + (window.innerHeight - root.clientHeight),
          teamPx: Number.parseFloat(
            getComputedStyle(document.querySelector(".ov-third .ov-team") as Element).fontSize,
          ),
          thirdTop: (document.querySelector(".ov-third") as Element).getBoundingClientRect().top,
        };
      });
      expect(layout.scrolls).toBe(false);
      expect(layout.scrollbar).toBe(0);
      expect(layout.teamPx).toBeGreaterThanOrEqual(32); // large type at 1920
      expect(layout.thirdTop).toBeGreaterThan(1080 * 0.6); // a lower third
      // Transparent without ?bg=green.
      await page.goto("/overlay");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        "rgba(0, 0, 0, 0)",
      );
    } finally {
      takeOffWater(round.id);
    }
  });
});

test("with JavaScript a race started elsewhere is on the open overlay within 2 s, without a reload", async ({
  page,
}) => {
  test.skip(!isJs(), "the live stream needs JavaScript (without it the page reloads every 5 s)");
  const { eventId, teams } = overlayEvent(3);
  const round = overlayRound(eventId, "HEAT 2", teams);
  await withOverlayLock(async () => {
    try {
      await page.goto("/overlay");
      await expect(lowerThird(page, round.id)).toHaveCount(0);
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      // The stream is open before the start.
      await expect(page.locator("#overlay")).toHaveAttribute("data-state", "live");
      startAhead(round.id);
      const third = lowerThird(page, round.id);
      await expect(third).toContainText(`Race ${round.raceNumber}`, { timeout: 2000 });
      await expect(third).toContainText(teams[2].name);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
    } finally {
      takeOffWater(round.id);
    }
  });
});

test("without JavaScript the overlay reloads itself within 10 s and shows the race on the water", async ({
  page,
}) => {
  test.skip(isJs(), "the no-JS refresh");
  const { eventId, teams } = overlayEvent(2);
  const round = overlayRound(eventId, "HEAT 3", teams);
  await withOverlayLock(async () => {
    startAhead(round.id);
    try {
      const response = await page.goto("/overlay");
      expect(response?.status()).toBe(200);
      const refresh = await page.locator('meta[http-equiv="refresh"]').getAttribute("content");
      expect(Number(refresh)).toBeGreaterThan(0);
      expect(Number(refresh)).toBeLessThanOrEqual(10);
      await expect(lowerThird(page, round.id)).toContainText(teams[0].name);
      await expect(page.locator("header, nav, footer, aside")).toHaveCount(0);
    } finally {
      takeOffWater(round.id);
    }
  });
});

// @once: Declare Official is results.spec.ts's without JS, and the overlay "without JavaScript the overlay reloads itself"'s.
test("Declare Official puts the round's top three with their times on the overlay", { tag: "@once" }, async ({
  page,
}) => {
  test.setTimeout(30_000); // two pages, and the lock may wait for the other project's run
  const { eventId, teams } = overlayEvent(4);
  const round = overlayRound(eventId, "FINAL", teams);
  provisionalResults(round.id, [62_410, 61_050, "DSQ", 63_900]);
  // A race of this test's on the water meanwhile: other specs' starts do not change the overlay.
  const next = overlayRound(eventId, "MINOR FINAL", teams.slice(0, 2));
  await loginAs(page, "COMMITTEE");
  await withOverlayLock(async () => {
    startAhead(next.id);
    try {
      // 15 s ahead: newer than any other spec's Official result (see db-overlay.ts).
      await withTestContext(page, { now: Date.now() + 15_000 });
      const overlay = isJs() ? await page.context().newPage() : null;
      if (overlay) {
        await overlay.clock.install(); // the page's own timers, to see it hide the result after 30 s
        await overlay.goto("/overlay");
        await expect(resultCard(overlay, round.id)).toHaveCount(0);
      }
      await page.goto(`/rounds/${round.id}/results`);
      await page.getByRole("button", { name: "Declare Official" }).click();
      await expect(flashToast(page, "Results declared Official.")).toBeVisible();
      const shown = overlay ?? page;
      if (!overlay) await page.goto("/overlay");
      const card = resultCard(shown, round.id);
      await expect(card).toBeVisible({ timeout: 2000 });
      await expect(card).toContainText(`Race ${round.raceNumber}`);
      await expect(card).toContainText("Official");
      const rows = await card
        .locator("li")
        .evaluateAll((lis) =>
          lis.map((li) => Array.from(li.querySelectorAll("span"), (s) => (s.textContent ?? "").trim())),
        );
      expect(rows).toEqual([
        ["1", teams[1].name, "1:01.05"],
        ["2", teams[0].name, "1:02.41"],
        ["3", teams[3].name, "1:03.90"],
      ]);
      if (overlay) {
        // 30 s later by the page's clock (the server's has hardly moved): the page took it down itself.
        await overlay.clock.fastForward(31_000);
        await expect(resultCard(overlay, round.id)).toHaveCount(0);
      }
    } finally {
      takeOffWater(next.id);
    }
  });
});

test("the prize-giving sheet: each final's places 1-3 with team, club and time, then the club table", {
  tag: "@once",
}, async ({ page }) => {
  const { eventId, eventName, teams } = overlayEvent(4);
  const final = overlayRound(eventId, "FINAL", teams);
  provisionalResults(final.id, [121_500, 119_250, 125_000, "DNF"]);
  officialNow(final.id, Date.now() - 3_600_000); // an hour ago: long off the overlay
  const waiting = overlayRound(eventId, "GRAND FINAL", teams.slice(0, 2));
  await loginAs(page, "ADMIN", "/race-control");
  const link = page.getByRole("link", { name: "Prize-giving sheet (PDF)" });
  await expect(link).toHaveAttribute("href", "/race-control/awards.pdf");
  await loginAs(page, "COMMITTEE");
  const pdf = await page.request.get("/race-control/awards.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await pdf.body());
  // pdfmake lays a hyphenated word out as pieces, which the reader joins with a space, and wraps a
  // long title at a space (where depends on the race number's width: other tests' rounds take
  // numbers of any length), which the reader gives as a line break.
  const loose = (s: string) =>
    s
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replaceAll("-", "-\\s?")
      .replaceAll(" ", "\\s+");
  expect(text).toMatch(/PRIZE-\s?GIVING/);
  expect(text).toMatch(new RegExp(`Race ${final.raceNumber}\\s+${loose(eventName)}\\s+FINAL\\s+Official`));
  for (const [place, team, time] of [
    [1, teams[1], "1:59.25"],
    [2, teams[0], "2:01.50"],
    [3, teams[2], "2:05.00"],
  ] as const)
    expect(text).toMatch(
      new RegExp(`${place}\\s+${loose(team.name)}\\s+${loose(team.club)}\\s+${loose(time)}`),
    );
  expect(text).not.toMatch(new RegExp(loose(teams[3].name))); // did not finish
  expect(text).toMatch(
    new RegExp(`Race ${waiting.raceNumber}\\s+${loose(eventName)}\\s+GRAND\\s+FINAL\\s+Scheduled`),
  );
  expect(text).toContain("Scheduled: not Official yet.");
  expect(text).toContain("Club table");
  // Nothing was written by reading it.
  expect(e2eDb().prepare("SELECT result_state FROM rounds WHERE id = ?").get(waiting.id)).toEqual({
    result_state: "NONE",
  });
});

for (const role of ["MANAGER", "COMPETITOR"] as const) {
  // @once: a refusal by URL (access.spec.ts shows one without JS); the sheet is a PDF.
  test(`the prize-giving sheet is refused to a ${role.toLowerCase()}`, {
    tag: "@once",
  }, async ({ page }) => {
    const user = createUser(role);
    await loginAs(page, user.email);
    await expectRefused(page, "/race-control/awards.pdf");
  });
}

test("the prize-giving sheet is refused to nobody logged in", { tag: "@once" }, async ({ page }) => {
  const response = await page.request.get("/race-control/awards.pdf", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/auth/login");
});
