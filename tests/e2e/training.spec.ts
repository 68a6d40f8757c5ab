// Training Sessions and Training Reservations end to end, with JavaScript on and off (issue 11
// items 4 and 6): the admin creates a session (an empty field, then an end before the start
// refused with everything typed kept), edits it with Update, deletes it (with its reservations)
// after the confirmation; Reserved Boats and Reserved Teams count APPROVED boats only; max boats
// cannot drop below them; the admin rejects a request without a reason (refused), then with one
// (the manager is emailed the reason), approves another, and is refused an approval past max
// boats; closing the dialog resets it; COMMITTEE sees no Create/Edit/Delete, its forged POSTs
// change nothing, and it may decide; a manager opens neither page; both CSV downloads. Every test
// makes its own sessions and clubs (tests/e2e/db-training.ts).
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "./fixtures";
import { formatDateTime, toMalaysiaLocal } from "../../app/rules/format";
import { auditOf, createUser } from "./db";
import {
  createReservation,
  createSession,
  createTrainingClub,
  oldStart,
  reservationRecord,
  reservationsOfSession,
  sessionRecord,
  sessionsPageOf,
  sessionsStartingAt,
} from "./db-training";
import {
  asFreshClient,
  csrfOf,
  csvAt,
  deleteAfterCancel,
  dismissToasts,
  expectRefused,
  flashToast,
  forgePost,
  isJs,
  parseCsv,
  toast,
  waitForMail,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

const MSG = {
  fillAll: "Make sure to fill in all the fields.",
  timeOrder: "Make sure start time is earlier than end time.",
  badTime: "Enter the time as a date and time, for example 2026-12-01T07:00.",
  created: "Session has been created successfully.",
  updated: "Session has been updated successfully.",
  deleted: "Session has been deleted successfully.",
  deleteConfirm: "Deleting session will remove all related data. Continue?",
  reservationUpdated: "Reservation has been updated successfully.",
  reasonRequired: "Please enter a reject reason.",
  reasonPlaceholder: "Enter a reject reason / instruction",
  maxBelow: (n: number) =>
    `Max boats cannot be lower than the ${n} ${n === 1 ? "boat" : "boats"} already approved for this session. Nothing was changed.`,
  started: "This session has already started: it can no longer be approved. Reject it instead.",
  overbooked: (left: number, boats: number) =>
    `Approving ${boats} ${boats === 1 ? "boat" : "boats"} would go past the session's max boats: only ${left} ${left === 1 ? "boat is" : "boats are"} left. Nothing was changed.`,
};

const HOUR = 3_600_000;
/** Other tests add reservations at the same time: the last page holds the newest rows. */
const PENDING_LAST = "/training-reservations?tab=pending&size=200&page=100000";
const APPROVED_LAST = "/training-reservations?tab=approved&size=200&page=100000";

function sessionsTable(page: Page) {
  return page.getByRole("table", { name: "Training Sessions", exact: true });
}
/** A session's row (its start time is a minute no other test uses). */
function sessionRow(page: Page, startTime: number): Locator {
  return sessionsTable(page)
    .locator("tbody tr")
    .filter({ hasText: formatDateTime(startTime) });
}
function cellsOf(row: Locator) {
  return row.locator("td");
}

/** Types a session into the New Session / Edit Session dialog. */
async function fillSession(dialog: Locator, v: { start: string; end: string; max: string }) {
  await dialog.getByLabel("Start Time").fill(v.start);
  await dialog.getByLabel("End Time").fill(v.end);
  await dialog.getByLabel("Max Boats").fill(v.max);
}

/** Picks an action in the open Approve / Reject dialog, types the reason (Reject's only) and
 * presses the action's button, which reads Approve or Reject from the first press, with and
 * without JavaScript. */
async function decide(page: Page, action: "Approve" | "Reject", reason = "") {
  const dialog = page.getByRole("dialog", { name: "Approve / Reject" });
  await dialog.getByLabel("Action").selectOption({ label: action });
  if (action === "Reject") await dialog.getByLabel("Reject reason").fill(reason);
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

async function openDecision(page: Page, id: number, list = PENDING_LAST) {
  await page.goto(list);
  await page.getByRole("link", { name: `Approve / Reject reservation #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/training-reservations/${id}\\?`));
  return page.getByRole("dialog", { name: "Approve / Reject" });
}

test.describe("Training Sessions (admin)", () => {
  test("creates a session (an empty field, then an end before the start refused, typed values kept), edits it with Update, deletes it after the confirmation", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    await loginAs(page, admin.email, "/training-sessions");
    await expect(page.getByRole("heading", { name: "Training Sessions", level: 1 })).toBeVisible();
    await expect(sessionsTable(page).getByRole("columnheader")).toHaveText([
      "#",
      "Start Time",
      "End Time",
      "Max Boats",
      "Reserved Boats",
      "Actions",
    ]);

    const start = oldStart();
    const startLocal = toMalaysiaLocal(start);
    await page.getByRole("link", { name: "Create Session" }).click();
    await expect(page).toHaveURL(/\/training-sessions\/new$/);
    const create = page.getByRole("dialog", { name: "New Session" });
    await expect(create.getByLabel("Start Time")).toHaveAttribute("type", "datetime-local");
    await expect(create.getByLabel("Max Boats")).toHaveAttribute("min", "1");

    // An empty End Time: the spec's sentence, everything typed kept, nothing written.
    await create.getByLabel("Start Time").fill(startLocal);
    await create.getByLabel("Max Boats").fill("4");
    await create.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    await expect(create.getByLabel("Start Time")).toHaveValue(startLocal);
    await expect(create.getByLabel("Max Boats")).toHaveValue("4");
    expect(sessionsStartingAt(start)).toEqual([]);

    // An end before the start.
    await create.getByLabel("End Time").fill(toMalaysiaLocal(start - HOUR));
    await create.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page, MSG.timeOrder)).toBeVisible();
    await expect(create.getByLabel("End Time")).toHaveAccessibleDescription(MSG.timeOrder);
    await expect(create.getByLabel("Start Time")).toHaveValue(startLocal);
    await expect(create.getByLabel("End Time")).toHaveValue(toMalaysiaLocal(start - HOUR));
    await expect(create.getByLabel("Max Boats")).toHaveValue("4");
    expect(sessionsStartingAt(start)).toEqual([]);

    // Zero boats is an empty field for the spec.
    await create.getByLabel("End Time").fill(toMalaysiaLocal(start + 2 * HOUR));
    await create.getByLabel("Max Boats").fill("0");
    await create.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page, MSG.fillAll)).toBeVisible();
    expect(sessionsStartingAt(start)).toEqual([]);

    await create.getByLabel("Max Boats").fill("4");
    await create.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/training-sessions$/);
    await expect(flashToast(page, MSG.created)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const [made] = sessionsStartingAt(start);
    expect(made).toMatchObject({ start_time: start, end_time: start + 2 * HOUR, max_boat: 4 });
    const row = sessionRow(page, start);
    await expect(cellsOf(row)).toHaveText([
      String(made.id),
      formatDateTime(start),
      formatDateTime(start + 2 * HOUR),
      "4",
      "0",
      "Edit Delete",
    ]);

    // Edit Session: the stored values in the boxes; Update.
    await dismissToasts(page);
    await page.getByRole("link", { name: `Edit session #${made.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/training-sessions/${made.id}/edit$`));
    const edit = page.getByRole("dialog", { name: "Edit Session" });
    await expect(edit.getByLabel("Start Time")).toHaveValue(startLocal);
    await expect(edit.getByLabel("End Time")).toHaveValue(toMalaysiaLocal(start + 2 * HOUR));
    await expect(edit.getByLabel("Max Boats")).toHaveValue("4");
    // An end before the start is refused here too.
    await edit.getByLabel("End Time").fill(toMalaysiaLocal(start - HOUR));
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, MSG.timeOrder)).toBeVisible();
    expect(sessionRecord(made.id)?.end_time).toBe(start + 2 * HOUR);
    await fillSession(edit, { start: startLocal, end: toMalaysiaLocal(start + 3 * HOUR), max: "6" });
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL(/\/training-sessions$/);
    await expect(flashToast(page, MSG.updated)).toBeVisible();
    expect(sessionRecord(made.id)).toMatchObject({ end_time: start + 3 * HOUR, max_boat: 6 });
    await expect(cellsOf(sessionRow(page, start)).nth(2)).toHaveText(formatDateTime(start + 3 * HOUR));
    await expect(cellsOf(sessionRow(page, start)).nth(3)).toHaveText("6");

    // Delete: the confirmation says what goes; Cancel keeps it; Delete removes it and its requests.
    const club = createTrainingClub();
    createReservation(made.id, club.id, 2, "APPROVED");
    createReservation(made.id, club.id, 1, "PENDING");
    createReservation(made.id, club.id, 1, "REJECTED", "No.");
    await dismissToasts(page);
    await page.goto("/training-sessions");
    await deleteAfterCancel(page, {
      link: `Delete session #${made.id}`,
      dialog: "Delete Session",
      says: [MSG.deleteConfirm, "2 approved boats (1 team), 1 pending request"],
      kept: () => expect(sessionRecord(made.id)).toBeDefined(),
      deleted: MSG.deleted,
    });
    await expect(page).toHaveURL(/\/training-sessions$/);
    expect(sessionRecord(made.id)).toBeUndefined();
    expect(reservationsOfSession(made.id)).toBe(0);
    await expect(sessionRow(page, start)).toHaveCount(0);

    const actions = auditOf(admin.id)
      .filter((a) => a.target_id === String(made.id))
      .map((a) => a.action);
    expect(actions).toEqual([
      "training-session.deleted",
      "training-session.updated",
      "training-session.created",
    ]);
  });

  test("an invalid date keeps the previous value (with JavaScript as the box is left; without, the refusal shows it again)", async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const session = createSession({ maxBoat: 3 });
    const startLocal = toMalaysiaLocal(session.startTime);
    const newEnd = session.startTime + 3 * HOUR;
    await loginAs(page, admin.email, `/training-sessions/${session.id}/edit`);
    const edit = page.getByRole("dialog", { name: "Edit Session" });
    // Before the box's own minimum (2000): not a date the form takes.
    await edit.getByLabel("Start Time").fill("1999-12-01T07:00");
    await edit.getByLabel("End Time").fill(toMalaysiaLocal(newEnd));
    if (isJs()) {
      // Sent from the box with Enter (never left): refused, and the box shows its previous value.
      await edit.getByLabel("Start Time").fill("1999-12-01T07:00");
      await edit.getByLabel("Start Time").press("Enter");
      await expect(toast(page, MSG.badTime)).toBeVisible();
      await expect(edit.getByLabel("Start Time")).toHaveValue(startLocal);
      await expect(edit.getByLabel("End Time")).toHaveValue(toMalaysiaLocal(newEnd));
      // Leaving the box puts its previous value back; Update saves it with the new end.
      await edit.getByLabel("Start Time").fill("1999-12-01T07:00");
      await edit.getByLabel("Max Boats").focus();
      await expect(edit.getByLabel("Start Time")).toHaveValue(startLocal);
      await edit.getByRole("button", { name: "Update", exact: true }).click();
      await expect(flashToast(page, MSG.updated)).toBeVisible();
      expect(sessionRecord(session.id)).toMatchObject({ start_time: session.startTime, end_time: newEnd });
      return;
    }
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, MSG.badTime)).toBeVisible();
    await expect(edit.getByLabel("Start Time")).toHaveValue(startLocal);
    await expect(edit.getByLabel("Start Time")).toHaveAccessibleDescription(MSG.badTime);
    await expect(edit.getByLabel("End Time")).toHaveValue(toMalaysiaLocal(newEnd));
    expect(sessionRecord(session.id)?.end_time).toBe(session.endTime);
    // Sent again as it is now, the previous value is saved.
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(flashToast(page, MSG.updated)).toBeVisible();
    expect(sessionRecord(session.id)).toMatchObject({ start_time: session.startTime, end_time: newEnd });
  });

  // @once: counts done in SQL and a second refusal of Edit Session; without JS the form is "creates a session"'s and "an invalid date keeps the previous value"'s.
  test("Reserved Boats and Reserved Teams count approved boats only; max boats cannot drop below them; CSV", {
    tag: "@once",
  }, async ({ page }) => {
    const admin = createUser("ADMIN");
    const session = createSession({ maxBoat: 6 });
    const [a, b, c] = [createTrainingClub(), createTrainingClub(), createTrainingClub()];
    createReservation(session.id, a.id, 2, "APPROVED");
    createReservation(session.id, a.id, 1, "APPROVED");
    createReservation(session.id, b.id, 1, "APPROVED");
    createReservation(session.id, c.id, 2, "PENDING");
    createReservation(session.id, c.id, 3, "REJECTED", "Full.");
    createReservation(session.id, b.id, 4, "CANCELLED");
    const empty = createSession({ maxBoat: 2 });
    createReservation(empty.id, c.id, 1, "PENDING");

    await loginAs(page, admin.email, "/training-sessions");
    const row = sessionRow(page, session.startTime);
    await expect(cellsOf(row).nth(4)).toHaveText("4");
    // No approved boats: a plain 0, not a link.
    await expect(cellsOf(sessionRow(page, empty.startTime)).nth(4)).toHaveText("0");
    await expect(cellsOf(sessionRow(page, empty.startTime)).nth(4).getByRole("link")).toHaveCount(0);

    await row
      .getByRole("link", { name: `4 reserved boats in session #${session.id}: Reserved Teams` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/training-sessions/${session.id}/teams$`));
    const teams = page.getByRole("dialog", { name: "Reserved Teams" });
    const teamRows = teams
      .getByRole("table", { name: `Reserved Teams of session #${session.id}` })
      .locator("tbody tr");
    // Each approved reservation: a's two requests are two rows (2 and 1), not one of 3.
    await expect(teamRows).toHaveCount(3);
    const listed = await teamRows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
    );
    expect(listed).toEqual(
      [
        [a.name, "2"],
        [a.name, "1"],
        [b.name, "1"],
      ].sort((x, y) => x[0].toLowerCase().localeCompare(y[0].toLowerCase())),
    );
    await expect(teams).not.toContainText(c.name);
    await teams.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/training-sessions$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Lowering max boats below the 4 approved: the model's sentence, nothing changed, 3 kept.
    await page.getByRole("link", { name: `Edit session #${session.id}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Session" });
    await edit.getByLabel("Max Boats").fill("3");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, MSG.maxBelow(4))).toBeVisible();
    await expect(edit.getByLabel("Max Boats")).toHaveValue("3");
    expect(sessionRecord(session.id)?.max_boat).toBe(6);
    // Down to exactly the approved boats is allowed.
    await edit.getByLabel("Max Boats").fill("4");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(flashToast(page, MSG.updated)).toBeVisible();
    expect(sessionRecord(session.id)?.max_boat).toBe(4);

    // Download CSV: every session, the table's columns without Actions.
    await dismissToasts(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = parseCsv(readFileSync((await download.path()) as string, "utf8").replace(/^\uFEFF/, ""));
    expect(csv[0]).toEqual(["#", "Start Time", "End Time", "Max Boats", "Reserved Boats"]);
    expect(csv.find((r) => r[0] === String(session.id))).toEqual([
      String(session.id),
      formatDateTime(session.startTime),
      formatDateTime(session.endTime),
      "4",
      "4",
    ]);
    expect(csv.find((r) => r[0] === String(empty.id))?.[4]).toBe("0");
  });
});

test.describe("Training Reservations", () => {
  test("admin rejects without a reason (refused), with a reason (emailed), approves another, is refused an approval past max boats; closing resets the dialog; CSV", async ({
    page,
  }) => {
    test.setTimeout(40_000); // four decisions with mails, the dialog's reset and a CSV: ~12-16 s on 2 idle workers
    const admin = createUser("ADMIN");
    const session = createSession({ maxBoat: 2, upcoming: true });
    const [a, b, c] = [createTrainingClub(), createTrainingClub(), createTrainingClub()];
    const rejectMe = createReservation(session.id, a.id, 2);
    const approveMe = createReservation(session.id, b.id, 1);
    const tooMany = createReservation(session.id, c.id, 2);
    const since = Date.now() - 1000;

    await loginAs(page, admin.email, "/training-reservations");
    await expect(page.getByRole("heading", { name: "Training Reservations", level: 1 })).toBeVisible();
    // Pending is the default tab.
    await expect(page.getByRole("link", { name: /^Pending \(\d+\)$/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: /^Approved \(\d+\)$/ })).toBeVisible();

    await page.goto(PENDING_LAST);
    const pending = page.getByRole("table", { name: "Pending reservations" });
    await expect(pending.getByRole("columnheader")).toHaveText([
      "#",
      "Team",
      "Start Time",
      "End Time",
      "Boat(s)",
      "Actions",
    ]);
    await expect(pending.locator("tbody tr").filter({ hasText: a.name }).locator("td")).toHaveText([
      String(rejectMe),
      a.name,
      formatDateTime(session.startTime),
      formatDateTime(session.endTime),
      "2",
      "Approve / Reject",
    ]);

    // The dialog: the select starts at 'Select an action' (disabled), the reason's placeholder.
    let dialog = await openDecision(page, rejectMe);
    await expect(dialog).toContainText(a.name);
    const select = dialog.getByLabel("Action");
    await expect(select).toHaveValue("");
    await expect(select.locator("option")).toHaveText(["Select an action", "Approve", "Reject"]);
    await expect(select.locator("option").first()).toBeDisabled();
    // Nothing to press and no reason until an action is chosen (with and without JavaScript).
    const reason = dialog.getByLabel("Reject reason");
    const approveButton = dialog.getByRole("button", { name: "Approve", exact: true });
    const rejectButton = dialog.getByRole("button", { name: "Reject", exact: true });
    await expect(reason).toBeHidden();
    await expect(approveButton).toBeHidden();
    await expect(rejectButton).toBeHidden();
    await expect(dialog.getByRole("button")).toHaveCount(0);
    // Approve: its button only; the reject reason belongs to Reject.
    await select.selectOption({ label: "Approve" });
    await expect(approveButton).toBeVisible();
    await expect(reason).toBeHidden();
    await expect(rejectButton).toBeHidden();
    // Reject: the reason (its placeholder and cap) and the Reject button.
    await select.selectOption({ label: "Reject" });
    await expect(reason).toBeVisible();
    await expect(reason).toHaveAttribute("placeholder", MSG.reasonPlaceholder);
    await expect(reason).toHaveAttribute("maxlength", "500");
    await expect(rejectButton).toBeVisible();
    await expect(approveButton).toBeHidden();

    // Reject without a reason: refused on the first press, nothing changes.
    await decide(page, "Reject", "");
    await expect(toast(page, MSG.reasonRequired)).toBeVisible();
    await expect(dialog.getByLabel("Action")).toHaveValue("REJECT");
    expect(reservationRecord(rejectMe)).toMatchObject({ status: "PENDING", reject_reason: null });

    // With a reason: rejected, back on the list, the manager emailed the reason.
    await dialog.getByLabel("Reject reason").fill("The harbour is closed that morning.");
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page).toHaveURL(/\/training-reservations\?tab=pending/);
    await expect(flashToast(page, MSG.reservationUpdated)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(reservationRecord(rejectMe)).toMatchObject({
      status: "REJECTED",
      reject_reason: "The harbour is closed that morning.",
    });
    const rejected = await waitForMail(a.managerEmail, /rejected/, since);
    expect(rejected.text).toContain("The harbour is closed that morning.");
    expect(rejected.text).toContain(formatDateTime(session.startTime));
    await expect(page.getByRole("link", { name: `Approve / Reject reservation #${rejectMe}` })).toHaveCount(
      0,
    );

    // Approve another.
    await dismissToasts(page);
    dialog = await openDecision(page, approveMe);
    await decide(page, "Approve");
    await expect(flashToast(page, MSG.reservationUpdated)).toBeVisible();
    expect(reservationRecord(approveMe)).toMatchObject({ status: "APPROVED", reject_reason: null });
    const approved = await waitForMail(b.managerEmail, /approved/, since);
    expect(approved.text).toContain("has been approved");

    // 2 more boats on a session of 2 with 1 approved: refused on the first press (without
    // JavaScript too: the confirm step checks), nothing changes.
    await dismissToasts(page);
    dialog = await openDecision(page, tooMany);
    await decide(page, "Approve");
    await expect(toast(page, MSG.overbooked(1, 2))).toBeVisible();
    expect(reservationRecord(tooMany)).toMatchObject({ status: "PENDING" });

    // Closing the dialog resets it.
    await dismissToasts(page);
    await dialog.getByLabel("Action").selectOption({ label: "Reject" });
    await dialog.getByLabel("Reject reason").fill("Half typed");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    dialog = await openDecision(page, tooMany);
    await expect(dialog.getByLabel("Action")).toHaveValue("");
    await expect(dialog.getByLabel("Reject reason")).toHaveValue("");
    await expect(dialog.getByLabel("Reject reason")).toBeHidden();
    await expect(dialog.getByRole("button")).toHaveCount(0);
    // The tabs are links to the list (not to this dialog's URL).
    await expect(page.getByRole("link", { name: /^Approved \(\d+\)$/ })).toHaveAttribute(
      "href",
      "/training-reservations?tab=approved",
    );
    await dialog.getByRole("link", { name: "Close" }).click();

    // The Approved tab lists the approval; Reserved Boats counts it.
    await page.getByRole("link", { name: /^Approved \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/tab=approved/);
    await page.goto(APPROVED_LAST);
    const approvedTable = page.getByRole("table", { name: "Approved reservations" });
    await expect(approvedTable.getByRole("columnheader")).toHaveText([
      "#",
      "Team",
      "Start Time",
      "End Time",
      "Boat(s)",
    ]);
    await expect(
      approvedTable.locator("tbody tr").filter({ hasText: b.name }).locator("td").first(),
    ).toHaveText(String(approveMe));
    await page.goto(sessionsPageOf(session));
    await expect(cellsOf(sessionRow(page, session.startTime)).nth(4)).toHaveText("1");

    // CSV of each tab.
    const pendingCsv = await csvAt(page, "/training-reservations.csv?tab=pending");
    expect(pendingCsv[0]).toEqual(["#", "Team", "Start Time", "End Time", "Boat(s)"]);
    expect(pendingCsv.find((r) => r[0] === String(tooMany))).toEqual([
      String(tooMany),
      c.name,
      formatDateTime(session.startTime),
      formatDateTime(session.endTime),
      "2",
    ]);
    expect(pendingCsv.find((r) => r[0] === String(approveMe))).toBeUndefined();
    const approvedCsv = await csvAt(page, "/training-reservations.csv?tab=approved");
    expect(approvedCsv.find((r) => r[0] === String(approveMe))?.[1]).toBe(b.name);
    expect(approvedCsv.find((r) => r[0] === String(rejectMe))).toBeUndefined();
    // The screen's link downloads the shown tab.
    await page.goto(APPROVED_LAST);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^training-reservations-approved-/);
  });

  // @once: role rules and forged posts; the decision dialog runs without JS in "admin rejects without a reason", Reserved Teams in journey-training.spec.ts.
  test("COMMITTEE sees no Create, Edit or Delete, its forged POSTs change nothing, and it may approve", {
    tag: "@once",
  }, async ({ page }) => {
    const committee = createUser("COMMITTEE");
    const session = createSession({ maxBoat: 5, upcoming: true });
    const club = createTrainingClub();
    createReservation(session.id, club.id, 1, "APPROVED");
    const request = createReservation(session.id, club.id, 2);

    await loginAs(page, committee.email, sessionsPageOf(session));
    await expect(page.getByRole("heading", { name: "Training Sessions", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Session" })).toHaveCount(0);
    await expect(sessionsTable(page).getByRole("columnheader")).toHaveText([
      "#",
      "Start Time",
      "End Time",
      "Max Boats",
      "Reserved Boats",
    ]);
    const row = sessionRow(page, session.startTime);
    await expect(row.getByRole("link", { name: /^Edit|^Delete/ })).toHaveCount(0);
    // Reserved Teams is for both.
    await row
      .getByRole("link", { name: `1 reserved boat in session #${session.id}: Reserved Teams` })
      .click();
    await expect(page.getByRole("dialog", { name: "Reserved Teams" })).toContainText(club.name);

    // The admin-only dialogs: 403 to a GET.
    for (const path of [
      "/training-sessions/new",
      `/training-sessions/${session.id}/edit`,
      `/training-sessions/${session.id}/delete`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }

    // Forged POSTs with a valid CSRF token: 403, nothing written.
    await page.goto(sessionsPageOf(session));
    const csrf = await csrfOf(page);
    const start = oldStart();
    const made = await forgePost(page, "/training-sessions/new", [
      ["csrf", csrf],
      ["startTime", toMalaysiaLocal(start)],
      ["endTime", toMalaysiaLocal(start + HOUR)],
      ["maxBoat", 3],
    ]);
    expect(made.status()).toBe(403);
    expect(sessionsStartingAt(start)).toEqual([]);
    const edited = await forgePost(page, `/training-sessions/${session.id}/edit`, [
      ["csrf", csrf],
      ["startTime", toMalaysiaLocal(session.startTime)],
      ["endTime", toMalaysiaLocal(session.endTime)],
      ["maxBoat", 9],
    ]);
    expect(edited.status()).toBe(403);
    const deleted = await forgePost(page, `/training-sessions/${session.id}/delete`, [["csrf", csrf]]);
    expect(deleted.status()).toBe(403);
    expect(sessionRecord(session.id)).toMatchObject({ max_boat: 5 });
    expect(reservationsOfSession(session.id)).toBe(2);
    expect(auditOf(committee.id)).toEqual([]);

    // The reservation screen has no further role check: COMMITTEE approves.
    await openDecision(page, request);
    await decide(page, "Approve");
    await expect(flashToast(page, MSG.reservationUpdated)).toBeVisible();
    expect(reservationRecord(request)).toMatchObject({ status: "APPROVED" });
    expect(auditOf(committee.id).map((a) => a.action)).toEqual(["training-reservation.approved"]);
  });

  // @once: a state machine edge (a stale dialog, a forged POST); the decision dialog runs without JS in "admin rejects without a reason".
  test("a decided request cannot be decided again (a stale dialog, a forged POST)", { tag: "@once" }, async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const session = createSession({ maxBoat: 5 });
    const club = createTrainingClub();
    const id = createReservation(session.id, club.id, 1, "REJECTED", "Too late.");
    await loginAs(page, admin.email, `/training-reservations/${id}?tab=pending`);
    const dialog = page.getByRole("dialog", { name: "Approve / Reject" });
    await expect(dialog).toContainText("This reservation has already been decided or cancelled.");
    await expect(dialog.getByLabel("Action")).toHaveCount(0);
    const csrf = await csrfOf(page);
    const forged = await forgePost(page, `/training-reservations/${id}`, [
      ["csrf", csrf],
      ["action", "APPROVE"],
    ]);
    expect(forged.status()).toBe(409);
    expect(reservationRecord(id)).toMatchObject({ status: "REJECTED", reject_reason: "Too late." });
    // An unknown id is 404.
    expect((await page.goto("/training-reservations/999999999"))?.status()).toBe(404);
  });

  // @once: a server rule (a started session) on the decision dialog, which "admin rejects without a reason" sends without JS.
  test("a session that has started cannot be approved (the first press says so), only rejected", {
    tag: "@once",
  }, async ({ page }) => {
    const admin = createUser("ADMIN");
    const session = createSession({ maxBoat: 5 }); // 2001-2009: started long ago
    const club = createTrainingClub();
    const id = createReservation(session.id, club.id, 1);
    await loginAs(page, admin.email);
    const dialog = await openDecision(page, id);
    await decide(page, "Approve");
    await expect(toast(page, MSG.started)).toBeVisible();
    expect(reservationRecord(id)).toMatchObject({ status: "PENDING" });
    // A forged approval is refused as well.
    const forged = await forgePost(page, `/training-reservations/${id}`, [
      ["csrf", await csrfOf(page)],
      ["action", "APPROVE"],
    ]);
    expect(forged.status()).toBe(409);
    expect(reservationRecord(id)).toMatchObject({ status: "PENDING" });
    await dismissToasts(page);
    await expect(dialog).toBeVisible();
    await openDecision(page, id); // afresh
    await decide(page, "Reject", "The session is over.");
    await expect(flashToast(page, MSG.reservationUpdated)).toBeVisible();
    expect(reservationRecord(id)).toMatchObject({
      status: "REJECTED",
      reject_reason: "The session is over.",
    });
  });
});

test.describe("Training screens: refused", () => {
  test("a manager opens neither page nor their CSVs", { tag: "@once" }, async ({ page }) => {
    const manager = createUser("MANAGER");
    await loginAs(page, manager.email);
    for (const path of [
      "/training-sessions",
      "/training-sessions/new",
      "/training-reservations",
      "/training-sessions.csv",
      "/training-reservations.csv",
    ]) {
      await expectRefused(page, path);
    }
  });
});
