// Issue 11's "Done when" for training, end to end with JavaScript on and off, through the screens
// only: the admin creates a session on /training-sessions/new (an end before the start refused); a
// manager requests 2 boats on /training; the admin rejects it without a reason (refused), then with
// one on /training-reservations (the manager sees the reason on /training and got an email); the
// manager asks again and the admin approves; Reserved Boats and Reserved Teams count approved boats
// only; another club's pending request past max boats cannot be approved, nor can its manager ask
// again while it is pending, nor (once it is cancelled) for more than is left. The users and clubs are made by the factories; sessions and requests only
// through the app.
import { randomInt } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { formatDateTime, toMalaysiaLocal } from "../../app/rules/format";
import { createUser, type Made } from "./db";
import {
  clubName,
  clubOf,
  reservationRecord,
  reservationsOfClub,
  type SessionMade,
  sessionsBefore,
  sessionsStartingBetween,
} from "./db-booking";
import { asFreshClient, flashToast, logout, toast, waitForMail, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

watchServerErrors(test, { csp: false });
test.beforeEach(async ({ page }) => asFreshClient(page));

const MINUTE = 60_000;
const PENDING_LAST = "/training-reservations?tab=pending&size=200&page=100000";

const bookingRow = (page: Page, table: "Upcoming Sessions" | "My Requests", s: SessionMade) =>
  page
    .getByRole("table", { name: table, exact: true })
    .locator("tbody tr")
    .filter({ hasText: formatDateTime(s.startTime) })
    .filter({ hasText: formatDateTime(s.endTime) });

async function requestBoats(page: Page, s: SessionMade, boats: string) {
  await page.goto("/training");
  const row = bookingRow(page, "Upcoming Sessions", s);
  await row.getByLabel("Number of boats").fill(boats);
  await row.getByRole("button", { name: "Request Boats" }).click();
}

/** The admin's Approve / Reject dialog of one pending request (the pending tab's last page holds
 * the newest requests). */
async function openDecision(page: Page, id: number) {
  await page.goto(PENDING_LAST);
  await page.getByRole("link", { name: `Approve / Reject reservation #${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve / Reject" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks the action, types the reason (Reject's only) and presses the action's button, which
 * reads Approve or Reject from the first press, with and without JavaScript. */
async function decide(page: Page, action: "Approve" | "Reject", reason = "") {
  const dialog = page.getByRole("dialog", { name: "Approve / Reject" });
  await dialog.getByLabel("Action").selectOption({ label: action });
  if (action === "Reject") await dialog.getByLabel("Reject reason").fill(reason);
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

/** The Training Sessions page that lists this session (by start time, 200 a page). */
const sessionsPageOf = (s: SessionMade) =>
  `/training-sessions?size=200&page=${Math.floor(sessionsBefore(s) / 200)}`;

async function as(page: Page, who: Made, fn: () => Promise<void>) {
  await loginAs(page, who.email, "/");
  await fn();
  await logout(page);
}

test("training Done when: create a session, request, reject (reason required), request again, approve; only approved boats count; no over-booking", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = createUser("ADMIN");
  const a = createUser("MANAGER");
  const b = createUser("MANAGER");
  const clubA = clubOf(a.id) as number;
  const clubB = clubOf(b.id) as number;
  // A minute between 30 days and two years ahead no other test's session starts at.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE + randomInt(30 * 24 * 60, 730 * 24 * 60) * MINUTE;
  let session: SessionMade | undefined;

  // 1. The admin creates the session (3 boats); an end before the start is refused first.
  await as(page, admin, async () => {
    await page.goto("/training-sessions");
    await page.getByRole("link", { name: "Create Session" }).click();
    const dialog = page.getByRole("dialog", { name: "New Session" });
    await dialog.getByLabel("Start Time").fill(toMalaysiaLocal(start));
    await dialog.getByLabel("End Time").fill(toMalaysiaLocal(start - 60 * MINUTE));
    await dialog.getByLabel("Max Boats").fill("3");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Make sure start time is earlier than end time.")).toBeVisible();
    await expect(dialog.getByLabel("Start Time")).toHaveValue(toMalaysiaLocal(start));
    expect(sessionsStartingBetween(start, start)).toEqual([]);
    await dialog.getByLabel("End Time").fill(toMalaysiaLocal(start + 120 * MINUTE));
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(flashToast(page, "Session has been created successfully.")).toBeVisible();
    const made = sessionsStartingBetween(start, start);
    expect(made).toHaveLength(1);
    session = made[0];
    expect(session).toMatchObject({ endTime: start + 120 * MINUTE, maxBoat: 3 });
  });
  const s = session as SessionMade;

  // 2. Manager A asks for 2 boats; manager B too (pending requests do not take boats).
  for (const who of [a, b])
    await as(page, who, async () => {
      await requestBoats(page, s, "2");
      await expect(flashToast(page, "Your request for 2 boats has been sent.")).toBeVisible();
      const mine = bookingRow(page, "My Requests", s);
      await expect(mine.locator('td[data-label="Status"]')).toHaveText("Pending");
      await expect(
        bookingRow(page, "Upcoming Sessions", s).locator('td[data-label="Boats Left"]'),
      ).toHaveText("3");
    });
  const [firstA] = reservationsOfClub(clubA);
  const [fromB] = reservationsOfClub(clubB);
  expect([firstA.boat, firstA.status, fromB.boat, fromB.status]).toEqual([2, "PENDING", 2, "PENDING"]);

  // 3. The admin rejects A's request: without a reason refused, then with one.
  const reason = `Only juniors that morning (${randomInt(1000, 9999)}). Please ask for another session.`;
  const beforeReject = Date.now();
  await as(page, admin, async () => {
    await openDecision(page, firstA.id);
    await decide(page, "Reject", "");
    await expect(toast(page, "Please enter a reject reason.")).toBeVisible();
    expect(reservationRecord(firstA.id)?.status).toBe("PENDING");
    await decide(page, "Reject", reason);
    await expect(flashToast(page, "Reservation has been updated successfully.")).toBeVisible();
    expect(reservationRecord(firstA.id)).toMatchObject({ status: "REJECTED", reject_reason: reason });
  });
  const rejectedMail = await waitForMail(a.email, /rejected/i, beforeReject);
  expect(rejectedMail.text).toContain(reason);

  // 4. Manager A sees the reason and asks again.
  await as(page, a, async () => {
    await page.goto("/training");
    const rejected = bookingRow(page, "My Requests", s).filter({ hasText: "Rejected" });
    await expect(rejected.locator('td[data-label="Reject Reason"]')).toHaveText(reason);
    await requestBoats(page, s, "2");
    await expect(flashToast(page, "Your request for 2 boats has been sent.")).toBeVisible();
    await expect(bookingRow(page, "My Requests", s)).toHaveCount(2);
  });
  const secondA = reservationsOfClub(clubA)[1];
  expect([secondA.boat, secondA.status]).toEqual([2, "PENDING"]);

  // 5. The admin approves it; B's 2 boats would then go past the 3 and are refused.
  const beforeApprove = Date.now();
  await as(page, admin, async () => {
    await openDecision(page, secondA.id);
    await decide(page, "Approve");
    await expect(flashToast(page, "Reservation has been updated successfully.")).toBeVisible();
    expect(reservationRecord(secondA.id)?.status).toBe("APPROVED");

    await openDecision(page, fromB.id);
    await decide(page, "Approve");
    await expect(
      toast(
        page,
        "Approving 2 boats would go past the session's max boats: only 1 boat is left. Nothing was changed.",
      ),
    ).toBeVisible();
    expect(reservationRecord(fromB.id)?.status).toBe("PENDING");

    // Reserved Boats and Reserved Teams: the approved 2 of A only (not A's rejected 2, not B's
    // pending 2).
    await page.goto(sessionsPageOf(s));
    const row = page
      .getByRole("table", { name: "Training Sessions", exact: true })
      .locator("tbody tr")
      .filter({ hasText: formatDateTime(s.startTime) });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-label="Max Boats"]')).toHaveText("3");
    await expect(row.locator('td[data-label="Reserved Boats"]')).toHaveText("2");
    await row.getByRole("link", { name: `2 reserved boats in session #${s.id}: Reserved Teams` }).click();
    const teams = page.getByRole("dialog", { name: "Reserved Teams" });
    const teamRows = teams.getByRole("table").locator("tbody tr");
    await expect(teamRows).toHaveCount(1);
    await expect(teamRows.locator('td[data-label="Team"]')).toHaveText(clubName(clubA));
    await expect(teamRows.locator('td[data-label="Boat(s)"]')).toHaveText("2");
    await expect(teams).not.toContainText(clubName(clubB));
    await teams.getByRole("link", { name: "Close" }).click();
    await expect(teams).toHaveCount(0);
  });
  await waitForMail(a.email, /approved/i, beforeApprove);

  // 6. Manager B sees 1 boat left; a second request while the first is pending is refused; once
  // it is cancelled, 2 boats are still more than the 1 left.
  await as(page, b, async () => {
    await page.goto("/training");
    const open = bookingRow(page, "Upcoming Sessions", s);
    await expect(open.locator('td[data-label="Boats Left"]')).toHaveText("1");
    await requestBoats(page, s, "1");
    await expect(
      toast(
        page,
        "Your team already has a pending request for this session. Cancel it first to ask for a different number of boats.",
      ),
    ).toBeVisible();
    await expect(bookingRow(page, "My Requests", s).locator('td[data-label="Status"]')).toHaveText("Pending");
    await bookingRow(page, "My Requests", s).getByRole("link", { name: "Cancel Request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel request" }).click();
    await expect(bookingRow(page, "My Requests", s).locator('td[data-label="Status"]')).toHaveText(
      "Cancelled",
    );
    await requestBoats(page, s, "2");
    await expect(toast(page, "Only 1 boat is left in this session.")).toBeVisible();
    await expect(bookingRow(page, "Upcoming Sessions", s).getByLabel("Number of boats")).toHaveValue("2");
  });
  expect(reservationsOfClub(clubB).map((r) => r.status)).toEqual(["CANCELLED"]);
  const approved = [...reservationsOfClub(clubA), ...reservationsOfClub(clubB)]
    .filter((r) => r.status === "APPROVED")
    .reduce((n, r) => n + r.boat, 0);
  expect(approved).toBe(2);
});
