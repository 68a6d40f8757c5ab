// Training Booking (/training, MANAGER; issue 11 item 5) and the Help Center (/help, item 7), with
// JavaScript on and off: upcoming sessions with boats left (not past, not full), a request of 2
// boats (pending in My Requests), refusals of 0, empty and more than left (the typed value kept,
// nothing inserted), Cancel Request after the confirmation, another club's request untouched by a
// forged POST, the reject reason shown, staff and competitors refused. Every test makes its own
// sessions and clubs (tests/e2e/db-booking.ts).
import { expect, type Page, test } from "./fixtures";
import { formatDateTime } from "../../app/rules/format";
import { createUser, type Made } from "./db";
import {
  clubOf,
  createBookingReservation,
  createBookingSession,
  detachFromClub,
  reservationRecord,
  reservationsOfClub,
  type SessionMade,
} from "./db-booking";
import {
  asFreshClient,
  csrfOf,
  expectRefused,
  flashToast,
  forgePost,
  isJs,
  settled,
  toast,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

watchServerErrors(test, { csp: false });
test.beforeEach(async ({ page }) => asFreshClient(page));

const sessionsTable = (page: Page) => page.getByRole("table", { name: "Upcoming Sessions", exact: true });
const requestsTable = (page: Page) => page.getByRole("table", { name: "My Requests", exact: true });
/** A table's row for this session (its start and end times). */
const rowOf = (page: Page, table: "sessions" | "requests", s: SessionMade) =>
  (table === "sessions" ? sessionsTable(page) : requestsTable(page))
    .locator("tbody tr")
    .filter({ hasText: formatDateTime(s.startTime) })
    .filter({ hasText: formatDateTime(s.endTime) });
const dialog = (page: Page) => page.getByRole("dialog");

/** A manager of a new club, and that club's id. */
function manager(): Made & { club: number } {
  const m = createUser("MANAGER");
  return { ...m, club: clubOf(m.id) as number };
}

async function request(page: Page, s: SessionMade, boats: string) {
  if (isJs()) await settled(page);
  const row = rowOf(page, "sessions", s);
  await row.getByLabel("Number of boats").fill(boats);
  const answered = isJs()
    ? page.waitForResponse((r) => r.request().method() === "POST" && /\/training\b/.test(r.url()))
    : null;
  await row.getByRole("button", { name: "Request Boats" }).click();
  if (!answered) return;
  await answered;
  await settled(page);
}

test.describe("Training Booking: manager", () => {
  test("sees upcoming sessions with boats left (not past, not full) and requests 2 boats", async ({
    page,
  }) => {
    const me = manager();
    const other = manager();
    const open = createBookingSession({ maxBoat: 5 });
    createBookingReservation({ associationId: other.club, sessionId: open.id, boat: 2, status: "APPROVED" });
    // Pending and rejected requests of others do not take boats.
    createBookingReservation({ associationId: other.club, sessionId: open.id, boat: 1 });
    const past = createBookingSession({ maxBoat: 5, startIn: -2 * 86_400_000 });
    const full = createBookingSession({ maxBoat: 2 });
    createBookingReservation({ associationId: other.club, sessionId: full.id, boat: 2, status: "APPROVED" });

    await loginAs(page, me.email, "/training");
    await expect(page.getByRole("heading", { level: 1, name: "Training Booking" })).toBeVisible();
    await expect(page.getByText("Request boats for an upcoming training session.")).toBeVisible();
    await expect(page).toHaveTitle(/Training Booking/);
    const row = rowOf(page, "sessions", open);
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-label="Boats Left"]')).toHaveText("3");
    await expect(row.getByLabel("Number of boats")).toHaveAttribute("max", "3");
    await expect(rowOf(page, "sessions", past)).toHaveCount(0);
    await expect(rowOf(page, "sessions", full)).toHaveCount(0);
    await expect(page.getByText("You have not requested any boats yet.")).toBeVisible();

    await request(page, open, "2");
    await expect(flashToast(page, "Your request for 2 boats has been sent.")).toBeVisible();
    await expect(page).toHaveURL(/\/training$/);
    const mine = rowOf(page, "requests", open);
    await expect(mine).toHaveCount(1);
    await expect(mine.locator('td[data-label="Boat(s)"]')).toHaveText("2");
    await expect(mine.locator('td[data-label="Status"]')).toHaveText("Pending");
    await expect(mine.getByRole("link", { name: "Cancel Request" })).toBeVisible();
    // The box starts empty again; a pending request does not change the boats left.
    await expect(rowOf(page, "sessions", open).getByLabel("Number of boats")).toHaveValue("");
    await expect(rowOf(page, "sessions", open).locator('td[data-label="Boats Left"]')).toHaveText("3");
    // A second request while this one is pending: refused, the typed number kept, nothing saved.
    await request(page, open, "1");
    await expect(
      toast(
        page,
        "Your team already has a pending request for this session. Cancel it first to ask for a different number of boats.",
      ),
    ).toBeVisible();
    await expect(rowOf(page, "sessions", open).getByLabel("Number of boats")).toHaveValue("1");
    const saved = reservationsOfClub(me.club);
    expect(saved.map((r) => [r.session_id, r.boat, r.status])).toEqual([[open.id, 2, "PENDING"]]);
    // Nothing for the other club's manager's view of it.
    expect(reservationsOfClub(other.club)).toHaveLength(3);
  });

  test("is refused 0, nothing and more than left, with the typed value kept and nothing saved", async ({
    page,
  }) => {
    const me = manager();
    const other = manager();
    const s = createBookingSession({ maxBoat: 4 });
    createBookingReservation({ associationId: other.club, sessionId: s.id, boat: 1, status: "APPROVED" });
    await loginAs(page, me.email, "/training");

    await request(page, s, "0");
    await expect(toast(page, "Number of boats must be at least 1.")).toBeVisible();
    await expect(rowOf(page, "sessions", s).getByLabel("Number of boats")).toHaveValue("0");

    await request(page, s, "4");
    await expect(toast(page, "Only 3 boats are left in this session.")).toBeVisible();
    await expect(rowOf(page, "sessions", s).getByLabel("Number of boats")).toHaveValue("4");

    await request(page, s, "");
    await expect(toast(page, "Number of boats must be at least 1.")).toBeVisible();

    await request(page, s, "-2");
    await expect(toast(page, "Number of boats must be at least 1.")).toBeVisible();
    await expect(rowOf(page, "sessions", s).getByLabel("Number of boats")).toHaveValue("-2");
    expect(reservationsOfClub(me.club)).toEqual([]);
    await expect(page.getByText("You have not requested any boats yet.")).toBeVisible();

    // A forged request for a past session, a missing one, or past the boats left: refused.
    const past = createBookingSession({ startIn: -86_400_000 });
    const csrf = await csrfOf(page);
    for (const [session, boat] of [
      [past.id, 1],
      [999_999_999, 1],
      [s.id, 4],
      [s.id, 1.5],
    ] as const) {
      const res = await forgePost(page, "/training", [
        ["csrf", csrf],
        ["session", session],
        ["boat", boat],
      ]);
      expect(res.status()).toBeGreaterThanOrEqual(400);
    }
    // The club comes from the login, never from the form.
    await forgePost(page, "/training", [
      ["csrf", csrf],
      ["session", s.id],
      ["boat", 1],
      ["associationId", other.club],
      ["association", other.club],
    ]);
    expect(reservationsOfClub(me.club).map((r) => r.boat)).toEqual([1]);
    expect(reservationsOfClub(other.club)).toHaveLength(1);
    // Without the CSRF field nothing is written.
    await forgePost(page, "/training", [
      ["session", s.id],
      ["boat", 1],
    ]);
    expect(reservationsOfClub(me.club)).toHaveLength(1);
  });

  test("cancels a pending request after confirming; shows a reject reason; others cannot be cancelled", async ({
    page,
  }) => {
    const me = manager();
    const other = manager();
    const a = createBookingSession();
    const b = createBookingSession();
    const c = createBookingSession();
    const pending = createBookingReservation({ associationId: me.club, sessionId: a.id, boat: 2 });
    const approved = createBookingReservation({
      associationId: me.club,
      sessionId: b.id,
      boat: 1,
      status: "APPROVED",
    });
    const reason = "Only 3 boats for juniors that morning; please ask again for the afternoon.";
    createBookingReservation({
      associationId: me.club,
      sessionId: c.id,
      boat: 3,
      status: "REJECTED",
      rejectReason: reason,
    });
    const theirs = createBookingReservation({ associationId: other.club, sessionId: a.id, boat: 1 });

    await loginAs(page, me.email, "/training");
    await expect(rowOf(page, "requests", b).locator('td[data-label="Status"]')).toHaveText("Approved");
    const rejected = rowOf(page, "requests", c);
    await expect(rejected.locator('td[data-label="Status"]')).toHaveText("Rejected");
    await expect(rejected.locator('td[data-label="Reject Reason"]')).toHaveText(reason);
    for (const s of [b, c])
      await expect(rowOf(page, "requests", s).getByRole("link", { name: "Cancel Request" })).toHaveCount(0);
    // The other club's request is not listed.
    await expect(requestsTable(page).locator("tbody tr")).toHaveCount(3);

    // No: nothing changes.
    await rowOf(page, "requests", a).getByRole("link", { name: "Cancel Request" }).click();
    await expect(dialog(page)).toContainText("Are you sure you want to cancel this request?");
    await expect(dialog(page)).toContainText("2 boats");
    await dialog(page).getByRole("link", { name: "No" }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(reservationRecord(pending)?.status).toBe("PENDING");

    await rowOf(page, "requests", a).getByRole("link", { name: "Cancel Request" }).click();
    await dialog(page).getByRole("button", { name: "Yes, cancel request" }).click();
    await expect(flashToast(page, "Your request has been cancelled.")).toBeVisible();
    await expect(page).toHaveURL(/\/training$/);
    await expect(dialog(page)).toHaveCount(0);
    const cancelled = rowOf(page, "requests", a);
    await expect(cancelled.locator('td[data-label="Status"]')).toHaveText("Cancelled");
    await expect(cancelled.getByRole("link", { name: "Cancel Request" })).toHaveCount(0);
    expect(reservationRecord(pending)?.status).toBe("CANCELLED");

    // Not pending: the step is not offered; posting it changes nothing.
    await page.goto(`/training/${approved}/cancel`);
    await expect(page).toHaveURL(/\/training$/);
    await expect(flashToast(page, "Only a pending request can be cancelled.")).toBeVisible();
    const csrf = await csrfOf(page);
    for (const id of [approved, pending]) {
      const res = await forgePost(page, `/training/${id}/cancel`, [["csrf", csrf]]);
      expect(res.status()).toBe(302);
    }
    expect(reservationRecord(approved)?.status).toBe("APPROVED");
    expect(reservationRecord(pending)?.status).toBe("CANCELLED");

    // Another club's pending request: not shown (404) and a forged POST changes nothing.
    expect((await page.request.get(`/training/${theirs}/cancel`)).status()).toBe(404);
    await forgePost(page, `/training/${theirs}/cancel`, [
      ["csrf", csrf],
      ["associationId", other.club],
    ]);
    expect(reservationRecord(theirs)?.status).toBe("PENDING");
    expect((await page.request.get("/training/abc/cancel")).status()).toBe(404);
  });

  // @once: server-rendered markup and a forged post; the request form runs without JS in "sees upcoming sessions" and "is refused 0, nothing and more than left".
  test("a manager without a club is told so and cannot request", { tag: "@once" }, async ({ page }) => {
    const me = manager();
    const s = createBookingSession();
    detachFromClub(me.id);
    await loginAs(page, me.email, "/training");
    await expect(page.getByText("Your account is not in a team, so it cannot book boats.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Request Boats" })).toHaveCount(0);
    const res = await forgePost(page, "/training", [
      ["csrf", await csrfOf(page)],
      ["session", s.id],
      ["boat", 1],
    ]);
    expect(res.status()).toBe(403);
    expect(reservationRecord(999_999_999)).toBeUndefined();
  });
});

test.describe("Training Booking and Help Center: access", () => {
  for (const role of ["ADMIN", "COMMITTEE", "COMPETITOR"] as const) {
    // @once: refusals by URL and a forged post (access.spec.ts shows a refusal without JS).
    test(`${role} cannot open /training or /help, nor post a request`, {
      tag: "@once",
    }, async ({ page }) => {
      const s = createBookingSession();
      await loginAs(page, role);
      for (const path of ["/training", "/help", `/training/1/cancel`]) await expectRefused(page, path);
      await expect(page.getByRole("link", { name: "Training Booking" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Help Center" })).toHaveCount(0);
      const res = await forgePost(page, "/training", [
        ["csrf", await csrfOf(page)],
        ["session", s.id],
        ["boat", 1],
      ]);
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe("/");
    });
  }

  // @once: links only; the Help Center opens without JS in layout.spec.ts "MANAGER sees their sidebar".
  test("a manager's Help Center shows the administrator's WhatsApp and email as links", {
    tag: "@once",
  }, async ({ page }) => {
    const me = manager();
    await loginAs(page, me.email, "/");
    await page.getByRole("link", { name: "Help Center" }).first().click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
    const whatsapp = page.getByRole("link", { name: /^\+\d+$/ });
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
    const email = page.getByRole("link", { name: /@/ });
    await expect(email).toHaveAttribute("href", /^mailto:[^@]+@[^@]+$/);
    // The sidebar's Training Booking item leads to the booking page.
    await page.getByRole("link", { name: "Training Booking" }).first().click();
    await expect(page).toHaveURL(/\/training$/);
  });
});
