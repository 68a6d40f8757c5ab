// The staff console end to end, with JavaScript on and off: the Users table (filters, sort,
// paging, photo viewer, CSV), Create user, photo approval, the audit log, All Teams and the
// overview cards, and the forged requests a non-admin or a stale screen may send. Every test makes
// its own club, members and photos (tests/e2e/db.ts), so runs in parallel never share rows.
import { expect, type Locator, type Page, test } from "./fixtures";
import {
  auditOf,
  createClub,
  createUser,
  findUser,
  photosBefore,
  photoStored,
  setPhotoState,
  unique,
} from "./db";
import {
  csrfOf,
  DEMO,
  forgePost,
  isJs,
  linkIn,
  login,
  logout,
  mailsTo,
  toast,
  waitForMail,
  watchServerErrors,
} from "./helpers";
import { loginAs } from "./login";

const USERS_CSV_HEADER =
  "#,Team,Role,Name,Email,Identification,Gender,YOB,Photo,Verified,Approved,Paid,Phone,Emergency Contact,Address";
const TEAMS_CSV_HEADER =
  "Id,Name,Country,Team Manager,Members Paid,Members Approved,Events,Event Teams,Tickets";
const PHOTO_COLUMN = 8; // "#,Team,Role,Name,Email,Identification,Gender,YOB,Photo,..."
const NAME_COLUMN = 3;

// No 5xx anywhere: every response the page sees is checked after each test.
watchServerErrors(test, { csp: false });

function usersTable(page: Page) {
  return page.getByRole("table", { name: "All Users" });
}
function bodyRows(table: Locator) {
  return table.locator("tbody").getByRole("row");
}
function nameCells(table: Locator) {
  return bodyRows(table).locator(`td:nth-child(${NAME_COLUMN + 1})`);
}
function rowOf(table: Locator, text: string) {
  return bodyRows(table).filter({ hasText: text });
}
function columnHeader(page: Page, name: string) {
  return page.getByRole("columnheader", { name, exact: true });
}
function pagerCount(page: Page) {
  return page.getByRole("navigation", { name: "Pages" }).getByText(/^Showing /);
}

async function downloadCsv(page: Page) {
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href).not.toMatch(/[?&](page|size)=/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8").replace(/\r\n$/, "").split("\r\n");
}

/** The grid page (size 100) on which a member's card is: the grids are ordered by member id. */
function gridPage(id: number, state: "pending" | "approved") {
  return Math.floor(photosBefore(id, state) / 100);
}

test.describe("Users list", () => {
  test("admin filters by name and role, sorts by name, clears filters; the photo column opens the viewer", async ({
    page,
  }) => {
    // A manager (approved photo), then competitors: pending, none, rejected, approved.
    const club = await createClub({
      members: 5,
      manager: true,
      photo: (i) => (["approved", "pending", "none", "rejected", "approved"] as const)[i],
    });
    const [manager, pending, none, rejected, valid] = club.members;
    await loginAs(page, "ADMIN");
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "All Users" })).toBeVisible();
    const table = usersTable(page);

    // Name (typed in lower case: names are stored in upper case).
    await page.getByLabel("Name", { exact: true }).fill(club.prefix.toLowerCase());
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(page).toHaveURL(/[?&]name=/);
    await expect(bodyRows(table)).toHaveCount(5);
    await expect(pagerCount(page)).toHaveText("Showing 1–5 of 5");

    // Name and role.
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Competitor" });
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(page).toHaveURL(/[?&]role=COMPETITOR/);
    await expect(bodyRows(table)).toHaveCount(4);
    await expect(nameCells(table)).toHaveText([pending.name, none.name, rejected.name, valid.name]);
    await expect(rowOf(table, manager.email)).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(club.prefix.toLowerCase());
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("COMPETITOR");
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Manager" });
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(nameCells(table)).toHaveText([manager.name]);
    await expect(rowOf(table, manager.email).locator("td").nth(2)).toHaveText("MANAGER");

    // The photo column: Valid / Pending / N/A (a rejected photo is N/A too).
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Competitor" });
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(bodyRows(table)).toHaveCount(4);
    const photoOf = (email: string) => rowOf(table, email).locator("td").nth(PHOTO_COLUMN);
    await expect(photoOf(pending.email)).toHaveText("Pending");
    await expect(photoOf(none.email)).toHaveText("N/A");
    await expect(photoOf(none.email).getByRole("link")).toHaveCount(0);
    await expect(photoOf(rejected.email)).toHaveText("N/A");
    await expect(photoOf(valid.email)).toHaveText("Valid");

    // Valid opens the photo dialog; Close goes back to the list with its filters.
    const filteredUrl = page.url();
    await page.getByRole("link", { name: `Valid: view photo of ${valid.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${valid.id}/photo\\?`));
    const dialog = page.getByRole("dialog", { name: valid.name });
    await expect(dialog).toBeVisible();
    const img = dialog.getByRole("img", { name: valid.name });
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute("src", `/uploads/${valid.image}`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(300);
    await expect(dialog).toContainText(`#${valid.id} · ${club.name} · Valid`);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(filteredUrl);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(club.prefix.toLowerCase());
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("COMPETITOR");
    await expect(bodyRows(table)).toHaveCount(4);

    // Sorting by Name: the header link flips ascending and descending, keeping the filters.
    await columnHeader(page, "Name").getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&dir=asc/);
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "ascending");
    await expect(columnHeader(page, "Name")).toContainText("▲");
    await expect(nameCells(table)).toHaveText([pending.name, none.name, rejected.name, valid.name]);
    await columnHeader(page, "Name").getByRole("link").click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "descending");
    await expect(columnHeader(page, "Name")).toContainText("▼");
    await expect(columnHeader(page, "Name")).not.toContainText("▲");
    await expect(nameCells(table)).toHaveText([valid.name, rejected.name, none.name, pending.name]);
    await expect(columnHeader(page, "Email")).not.toHaveAttribute("aria-sort", /./);

    // A name that matches nobody.
    await page.getByLabel("Name", { exact: true }).fill(unique("nobody-by-this-name"));
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(page.getByText("Nothing to show", { exact: true })).toBeVisible();
    await expect(table).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

    // Clear Filters: every filter goes (the sort stays), the full list is back.
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("name") && !url.searchParams.has("role"));
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("");
    await expect(bodyRows(table)).toHaveCount(20);
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "descending");
  });

  // @once: paging done in SQL; the Users list's filter form runs without JS in "admin filters by name and role".
  test("a team of 25 pages as 20 + 5; page 2 says 'Showing 21–25 of 25'", { tag: "@once" }, async ({
    page,
  }) => {
    const club = await createClub({ members: 25 });
    await loginAs(page, "ADMIN");
    await page.goto("/users");
    await page.getByLabel("Team", { exact: true }).selectOption({ label: club.name });
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]team=${club.id}(&|$)`));
    const table = usersTable(page);
    await expect(bodyRows(table)).toHaveCount(20);
    await expect(pagerCount(page)).toHaveText("Showing 1–20 of 25");
    await expect(page.getByLabel("Rows per page")).toHaveValue("20");
    await expect(nameCells(table).first()).toHaveText(club.members[0].name);

    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await expect(bodyRows(table)).toHaveCount(5);
    await expect(pagerCount(page)).toHaveText("Showing 21–25 of 25");
    await expect(nameCells(table)).toHaveText(club.members.slice(20).map((m) => m.name));
    await expect(page.getByLabel("Team", { exact: true })).toHaveValue(String(club.id));
    await expect(
      page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }),
    ).toHaveCount(0);

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(bodyRows(table)).toHaveCount(20);
    await expect(pagerCount(page)).toHaveText("Showing 1–20 of 25");

    // A bigger page size keeps the team filter: one page of 25.
    await page.getByLabel("Rows per page").selectOption("50");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/[?&]size=50/);
    await expect(bodyRows(table)).toHaveCount(25);
    await expect(pagerCount(page)).toHaveText("Showing 1–25 of 25");
  });

  test("list parameters from the URL are clamped: negative, non-numeric, huge", { tag: "@once" }, async ({
    page,
  }) => {
    const club = await createClub({ members: 3 });
    await loginAs(page, "ADMIN", "/");
    const table = usersTable(page);
    for (const query of [
      "?page=-1",
      "?page=abc",
      "?size=10000",
      "?size=-5&page=1e9",
      "?sort=hash&dir=sideways",
    ]) {
      const response = await page.goto(`/users${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(bodyRows(table), query).toHaveCount(20);
      await expect(pagerCount(page), query).toHaveText(/^Showing 1–20 of /);
      await expect(page.getByLabel("Rows per page"), query).toHaveValue("20");
    }
    // Past the end: the last page.
    const response = await page.goto(`/users?team=${club.id}&page=99999`);
    expect(response?.status()).toBe(200);
    await expect(bodyRows(table)).toHaveCount(3);
    await expect(pagerCount(page)).toHaveText("Showing 1–3 of 3");
  });
});

test.describe("CSV downloads", () => {
  test("Users CSV has the BOM, the spec's header and every filtered row (all pages)", {
    tag: "@once",
  }, async ({ page }) => {
    const club = await createClub({
      members: 25,
      manager: true,
      photo: (i) => (["approved", "pending", "none"] as const)[i % 3],
    });
    await loginAs(page, "ADMIN");
    await page.goto(`/users?team=${club.id}&sort=name&dir=desc`);
    await expect(bodyRows(usersTable(page))).toHaveCount(20);

    const lines = await downloadCsv(page);
    expect(lines[0]).toBe(USERS_CSV_HEADER);
    expect(lines).toHaveLength(1 + 25);
    // Sorted by name, descending: the factory's names count up, so the members in reverse.
    const expected = club.members
      .map((m, i) =>
        [
          m.id,
          club.name,
          m.role,
          m.name,
          m.email,
          `A${1000000 + i}`,
          i % 2 ? "FEMALE" : "MALE",
          1990,
          ["Valid", "Pending", "N/A"][i % 3],
          "Yes",
          "Yes",
          "No",
          "60123456789",
          "",
          '"1 Jalan Ujian, Penang"',
        ].join(","),
      )
      .reverse();
    expect(lines.slice(1)).toEqual(expected);
  });

  test("Users CSV follows the name and role filters", { tag: "@once" }, async ({ page }) => {
    const club = await createClub({ members: 4, manager: true });
    await loginAs(page, "ADMIN");
    await page.goto("/users");
    await page.getByLabel("Name", { exact: true }).fill(club.prefix);
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Competitor" });
    await page.getByRole("button", { name: "Get Users" }).click();
    await expect(bodyRows(usersTable(page))).toHaveCount(3);
    const lines = await downloadCsv(page);
    expect(lines[0]).toBe(USERS_CSV_HEADER);
    expect(lines.slice(1).map((l) => l.split(",")[4])).toEqual(club.members.slice(1).map((m) => m.email));
  });

  test("All Teams CSV has the BOM, its header and the filtered teams", { tag: "@once" }, async ({ page }) => {
    const prefix = unique("Csv Club");
    const alpha = await createClub({ name: `${prefix} Alpha`, members: 2 });
    const bravo = await createClub({ name: `${prefix} Bravo`, members: 1, country: "SG" });
    await loginAs(page, "ADMIN");
    await page.goto(`/associations?name=${encodeURIComponent(prefix)}`);
    await expect(bodyRows(page.getByRole("table", { name: "All Teams" }))).toHaveCount(2);
    const lines = await downloadCsv(page);
    expect(lines).toEqual([
      TEAMS_CSV_HEADER,
      `${alpha.id},${alpha.name},MY,${alpha.members[0].email},0,2,0,0,0`,
      `${bravo.id},${bravo.name},SG,${bravo.members[0].email},0,1,0,0,0`,
    ]);
  });
});

test.describe("Create user", () => {
  test("admin creates a COMMITTEE user who verifies, logs in, and may not create users", async ({
    page,
    browser,
  }) => {
    test.setTimeout(40_000); // a second browser, a verification mail and a form login (password hash): ~12-16 s on 2 idle workers
    await loginAs(page, "ADMIN");
    await page.goto("/users");
    await page.getByRole("link", { name: "Create User" }).click();
    await expect(page).toHaveURL(/\/users\/new$/);
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await expect(dialog).toBeVisible();
    const role = dialog.getByLabel("Role");
    const email = dialog.getByLabel("Email");
    const password = dialog.getByLabel("Password");
    const submit = dialog.getByRole("button", { name: "Create User" });

    // Every field wrong: each gets the spec's message.
    await email.fill("not-an-email");
    await password.fill("short");
    await submit.click();
    await expect(role).toHaveAccessibleDescription("Please select a valid role.");
    await expect(email).toHaveAccessibleDescription("Please insert a valid email.");
    await expect(password).toHaveAccessibleDescription("Password must be 8-16 characters.");
    await expect(email).toHaveValue("not-an-email");
    // Too long a password, the rest right.
    await role.selectOption({ label: "Committee" });
    await email.fill(`${unique("x")}@example.test`);
    // maxLength keeps a typist at 16: a longer one can only be forged.
    await password.evaluate((el: HTMLInputElement) => el.removeAttribute("maxlength"));
    await password.fill("x".repeat(17));
    await submit.click();
    await expect(password).toHaveAccessibleDescription("Password must be 8-16 characters.");
    await expect(role).toHaveValue("COMMITTEE");

    // An email already taken (any case): the spec's message, nobody created (the clearing of the
    // fields is the next test's).
    await role.selectOption({ label: "Committee" });
    await email.fill(DEMO.COMMITTEE.toUpperCase());
    await password.fill("Committee2026!");
    await submit.click();
    await expect(toast(page, "User already exist. Please try with different email.")).toBeVisible();
    await expect(page).toHaveURL(/\/users\/new$/);
    expect(findUser(DEMO.COMMITTEE)?.role).toBe("COMMITTEE");

    // Success.
    const newEmail = `${unique("committee")}@example.test`;
    const newPassword = "Committee2026!";
    const before = Date.now();
    await role.selectOption({ label: "Committee" });
    await email.fill(newEmail);
    await password.fill(newPassword);
    await submit.click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(toast(page, "User has been created successfully.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(findUser(newEmail)).toMatchObject({ role: "COMMITTEE", verified: 0 });

    // The new user verifies from the email, in their own browser, and logs in.
    const mail = await waitForMail(newEmail, /Verify your Regatta account/, before);
    const context = await browser.newContext({ javaScriptEnabled: isJs() });
    try {
      const p2 = await context.newPage();
      await p2.goto(linkIn(mail, "/auth/verify/"));
      if (!isJs()) await p2.getByRole("button", { name: "Verify Email" }).click();
      await expect(p2).toHaveURL(/\/auth\/login$/);
      await expect(toast(p2, "Your email has been verified. You may now log in.")).toBeVisible();
      await login(p2, newEmail, newPassword);
      await expect(p2.getByRole("heading", { name: "Overview" })).toBeVisible();

      // Committee: the list, but no Create User; /users/new refused on GET and POST.
      await p2.goto("/users");
      await expect(p2.getByRole("heading", { name: "All Users" })).toBeVisible();
      await expect(p2.getByRole("link", { name: "Download CSV" })).toBeVisible();
      await expect(p2.getByRole("link", { name: "Create User" })).toHaveCount(0);
      const csrf = await csrfOf(p2);

      const refused = await p2.goto("/users/new");
      expect(refused?.status()).toBe(403);
      await expect(p2.getByRole("heading", { name: "Forbidden" })).toBeVisible();
      await expect(p2.getByText("Unauthorized. Redirect to homepage.")).toBeVisible();
      await expect(p2.getByRole("dialog", { name: "Create User" })).toHaveCount(0);

      const forgedEmail = `${unique("forged")}@example.test`;
      const forged = await forgePost(p2, "/users/new", [
        ["csrf", csrf],
        ["role", "ADMIN"],
        ["email", forgedEmail],
        ["password", "Forged2026!!"],
      ]);
      expect(forged.status()).toBe(403);
      expect(findUser(forgedEmail)).toBeUndefined();
      expect(await mailsTo(forgedEmail)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // @once: a second refusal of Create User; "admin creates a COMMITTEE user" sends the form (refused, then saved) without JS.
  test("an email already taken: the message, and email and password cleared (role kept)", {
    tag: "@once",
  }, async ({ page }) => {
    await loginAs(page, "ADMIN");
    await page.goto("/users/new");
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await dialog.getByLabel("Role").selectOption({ label: "Admin" });
    await dialog.getByLabel("Email").fill(DEMO.MANAGER);
    await dialog.getByLabel("Password").fill("Committee2026!");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(toast(page, "User already exist. Please try with different email.")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue("");
    await expect(dialog.getByLabel("Password")).toHaveValue("");
    await expect(dialog.getByLabel("Role")).toHaveValue("ADMIN");
    expect(findUser(DEMO.MANAGER)?.role).toBe("MANAGER");
  });
});

test.describe("Photo approval", () => {
  test("admin approves two and rejects one; email, audit log and approved grid follow", async ({ page }) => {
    test.setTimeout(40_000); // three photo decisions, their mails, the audit log and the grid: ~12-16 s on 2 idle workers
    const admin = createUser("ADMIN");
    const adminName = findUser(admin.id)!.name;
    const club = await createClub({ members: 3, photo: "pending" });
    const [a, b, c] = club.members;
    const grid = `/users/approve-photo?size=100&page=${gridPage(a.id, "pending")}`;
    await loginAs(page, admin.email);
    await page.goto(grid);
    await expect(page.getByRole("heading", { name: "Pending Approval" })).toBeVisible();
    const box = (name: string) => page.getByRole("checkbox", { name });
    for (const m of club.members) {
      await expect(box(m.name)).not.toBeChecked();
      await expect(page.getByRole("img", { name: m.name })).toHaveAttribute("src", `/uploads/${m.image}`);
    }

    // Nothing selected: a warning, nothing changes.
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page, "Select at least one photo first.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    for (const m of club.members) expect(findUser(m.id)?.valid_image).toBe(0);

    // Clear Selection unticks.
    await box(a.name).check();
    await box(b.name).check();
    await page.getByRole("button", { name: "Clear Selection" }).click();
    await expect(box(a.name)).not.toBeChecked();
    await expect(box(b.name)).not.toBeChecked();

    // Approve two: the confirmation sentence, then Yes.
    await box(a.name).check();
    await box(b.name).check();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = page.getByRole("dialog", { name: "Approve" });
    await expect(approve).toContainText("Are you sure you want to approve selected 2 user(s)?");
    expect(findUser(a.id)?.valid_image).toBe(0); // not before Yes
    await approve.getByRole("button", { name: "Yes, approve" }).click();
    await expect(toast(page, "Selected photo(s) have been approved.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(box(a.name)).toHaveCount(0);
    await expect(box(b.name)).toHaveCount(0);
    await expect(box(c.name)).toBeVisible();
    expect(findUser(a.id)).toMatchObject({ valid_image: 1, image: a.image });
    expect(findUser(b.id)).toMatchObject({ valid_image: 1, image: b.image });
    expect(findUser(c.id)?.valid_image).toBe(0);

    // Reject one.
    await box(c.name).check();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    const reject = page.getByRole("dialog", { name: "Reject" });
    await expect(reject).toContainText("Are you sure you want to reject selected 1 user(s)?");
    await reject.getByRole("button", { name: "Yes, reject" }).click();
    await expect(toast(page, "Selected photo(s) have been rejected.")).toBeVisible();
    await expect(box(c.name)).toHaveCount(0);
    expect(findUser(c.id)).toMatchObject({ valid_image: 2, image: null });
    expect(photoStored(c.image!)).toBe(false);
    expect((await page.request.get(`/uploads/${c.image}`)).status()).toBe(404);

    // The rejected member is told; the approved ones are not.
    const mail = await waitForMail(c.email, /^Please upload a new photo for your crew tag$/);
    expect(mail.text).toContain("/auth/login");
    for (const m of [a, b]) expect((await mailsTo(m.email)).map((x) => x.subject)).toEqual([]);

    // The audit log: both actions, by this admin.
    expect(auditOf(admin.id).map((e) => e.action)).toEqual(["photos.rejected", "photos.approved"]);
    await page.goto("/audit-log");
    await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
    await page.getByLabel("Actor").fill(adminName);
    await page.getByRole("button", { name: "Search" }).click();
    const log = page.getByRole("table", { name: "Audit Log" });
    await expect(bodyRows(log)).toHaveCount(2);
    const actorCells = bodyRows(log).locator("td:nth-child(2)");
    await expect(actorCells).toHaveText([`${adminName} <${admin.email}>`, `${adminName} <${admin.email}>`]);
    await expect(bodyRows(log).locator("td:nth-child(3)")).toHaveText(["photos.rejected", "photos.approved"]);
    await expect(bodyRows(log).nth(0)).toContainText(`user #${c.id}`);
    await expect(bodyRows(log).nth(0)).toContainText(`{"userIds":[${c.id}]}`);
    await expect(bodyRows(log).nth(1)).toContainText(`{"userIds":[${a.id},${b.id}]}`);

    // The approved photos are in the approved grid (and the rejected one is not).
    await page.goto(`/users/photo-approved?size=100&page=${gridPage(a.id, "approved")}`);
    await expect(page.getByRole("heading", { name: "Approved Photos" })).toBeVisible();
    await expect(page.getByRole("img", { name: a.name })).toBeVisible();
    await expect(page.getByRole("img", { name: b.name })).toBeVisible();
    await expect(page.getByRole("img", { name: c.name })).toHaveCount(0);
    await page.getByRole("link", { name: `View photo of ${a.name}` }).click();
    const viewer = page.getByRole("dialog", { name: a.name });
    await expect(viewer).toContainText(`#${a.id} · ${club.name} · Valid`);
    await viewer.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/photo-approved\?size=100/);
  });

  // @once: a conflict on the Reject confirmation, which "admin approves two and rejects one" sends without JS.
  test("a photo approved elsewhere meanwhile: Yes changes nothing and says so", { tag: "@once" }, async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const club = await createClub({ members: 1, photo: "pending" });
    const [m] = club.members;
    await loginAs(page, admin.email);
    await page.goto(`/users/approve-photo?size=100&page=${gridPage(m.id, "pending")}`);
    await page.getByRole("checkbox", { name: m.name }).check();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Reject" });
    await expect(dialog).toContainText("Are you sure you want to reject selected 1 user(s)?");
    setPhotoState(m.id, 1); // another admin approved it in the meantime
    await dialog.getByRole("button", { name: "Yes, reject" }).click();
    await expect(
      toast(page, "The selected photo(s) are no longer pending approval. The list has been reloaded."),
    ).toBeVisible();
    expect(findUser(m.id)).toMatchObject({ valid_image: 1, image: m.image });
    expect(photoStored(m.image!)).toBe(true);
    expect(auditOf(admin.id)).toEqual([]);
    expect(await mailsTo(m.email)).toEqual([]);
  });
});

test.describe("Forged requests", () => {
  for (const role of ["COMMITTEE", "MANAGER"] as const) {
    test(`${role} cannot approve or reject photos by posting`, { tag: "@once" }, async ({ page }) => {
      const club = await createClub({ members: 2, photo: "pending" });
      const user = createUser(role);
      await loginAs(page, user.email, "/");
      const csrf = await csrfOf(page);
      for (const intent of ["approve", "reject"]) {
        const response = await forgePost(page, "/users/approve-photo", [
          ["csrf", csrf],
          ["intent", intent],
          ["confirmed", "yes"],
          ...club.members.map((m): [string, string] => ["ids", `${m.id}:${m.image}`]),
        ]);
        if (response.status() === 403) continue;
        expect([302, 303]).toContain(response.status());
        expect(new URL(response.headers().location, "http://x").pathname).toBe("/");
        await page.goto("/");
        await expect(toast(page, "Unauthorized. Redirect to homepage.")).toBeVisible();
      }
      for (const m of club.members) {
        expect(findUser(m.id)).toMatchObject({ valid_image: 0, image: m.image });
        expect(photoStored(m.image!)).toBe(true);
        expect(await mailsTo(m.email)).toEqual([]);
      }
      expect(auditOf(user.id)).toEqual([]);
    });
  }

  test("admin posting ids of members whose photo is not pending changes nothing", { tag: "@once" }, async ({
    page,
  }) => {
    const admin = createUser("ADMIN");
    const club = await createClub({
      members: 3,
      photo: (i) => (["approved", "none", "rejected"] as const)[i],
    });
    const [approved, none, rejected] = club.members;
    await loginAs(page, admin.email);
    await page.goto("/users/approve-photo");
    const csrf = await csrfOf(page);
    for (const intent of ["approve", "reject"]) {
      const response = await forgePost(page, "/users/approve-photo", [
        ["csrf", csrf],
        ["intent", intent],
        ["confirmed", "yes"],
        // Each id with the photo its card would show (`id:image`), as the grid's checkboxes post.
        ...club.members.map((m): [string, string] => ["ids", `${m.id}:${m.image ?? "none.jpg"}`]),
        ["ids", "999999999:none.jpg"],
      ]);
      expect(response.status()).toBe(302);
      expect(new URL(response.headers().location, "http://x").pathname).toBe("/users/approve-photo");
      await page.goto("/users/approve-photo");
      await expect(
        toast(page, "The selected photo(s) are no longer pending approval. The list has been reloaded."),
      ).toBeVisible();
    }
    expect(findUser(approved.id)).toMatchObject({ valid_image: 1, image: approved.image });
    expect(findUser(none.id)).toMatchObject({ valid_image: 2, image: null });
    expect(findUser(rejected.id)).toMatchObject({ valid_image: 2, image: rejected.image });
    expect(photoStored(approved.image!)).toBe(true);
    expect(auditOf(admin.id)).toEqual([]);
    for (const m of club.members) expect(await mailsTo(m.email)).toEqual([]);

    // Malformed: not an intent, not an id, no CSRF token: refused, never a 5xx.
    const [pending] = (await createClub({ members: 1, photo: "pending" })).members;
    const bad: [string, [string, string | number][]][] = [
      [
        "no intent",
        [
          ["csrf", csrf],
          ["confirmed", "yes"],
          ["ids", `${pending.id}:${pending.image}`],
        ],
      ],
      [
        "unknown intent",
        [
          ["csrf", csrf],
          ["intent", "delete"],
          ["confirmed", "yes"],
          ["ids", `${pending.id}:${pending.image}`],
        ],
      ],
      [
        "id not a number",
        [
          ["csrf", csrf],
          ["intent", "approve"],
          ["confirmed", "yes"],
          ["ids", "1 OR 1=1"],
        ],
      ],
      [
        "no csrf",
        [
          ["intent", "approve"],
          ["confirmed", "yes"],
          ["ids", `${pending.id}:${pending.image}`],
        ],
      ],
    ];
    for (const [what, pairs] of bad) {
      const response = await forgePost(page, "/users/approve-photo", pairs);
      expect([400, 403], what).toContain(response.status());
    }
    expect(findUser(pending.id)).toMatchObject({ valid_image: 0, image: pending.image });
    expect(auditOf(admin.id)).toEqual([]);
  });
});

test.describe("All Teams and the overview", () => {
  test("admin sorts and searches teams and opens a club's referral link", async ({ page }) => {
    const prefix = unique("Sort Club");
    const alpha = await createClub({ name: `${prefix} Alpha`, members: 3 });
    const bravo = await createClub({ name: `${prefix} Bravo`, members: 1 });
    await loginAs(page, "ADMIN");
    await page.goto("/associations");
    await expect(page.getByRole("heading", { name: "All Teams" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(prefix);
    await page.getByRole("button", { name: "Search" }).click();
    const table = page.getByRole("table", { name: "All Teams" });
    const names = bodyRows(table).locator("td:nth-child(2)");
    await expect(names).toHaveText([alpha.name, bravo.name]);
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "ascending");
    await expect(rowOf(table, alpha.name).locator("td").nth(5)).toHaveText("3");

    await columnHeader(page, "Name").getByRole("link").click();
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "descending");
    await expect(columnHeader(page, "Name")).toContainText("▼");
    await expect(names).toHaveText([bravo.name, alpha.name]);

    await columnHeader(page, "Members Approved").getByRole("link").click();
    await expect(columnHeader(page, "Members Approved")).toHaveAttribute("aria-sort", "ascending");
    await expect(columnHeader(page, "Members Approved")).toContainText("▲");
    await expect(names).toHaveText([bravo.name, alpha.name]);
    await columnHeader(page, "Members Approved").getByRole("link").click();
    await expect(columnHeader(page, "Members Approved")).toHaveAttribute("aria-sort", "descending");
    await expect(names).toHaveText([alpha.name, bravo.name]);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(prefix);
    const listUrl = page.url();

    await page.getByRole("link", { name: `Copy Referral Link of ${alpha.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/associations/${alpha.id}/referral\\?`));
    const dialog = page.getByRole("dialog", { name: `Referral Link: ${alpha.name}` });
    const field = dialog.getByLabel("Referral Link");
    await expect(field).toHaveAttribute("readonly", "");
    await expect(field).toHaveValue(/\/auth\/register\/competitor\?token=/);
    expect(new URL(await field.inputValue()).searchParams.get("token")).toBe(alpha.token);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(names).toHaveText([alpha.name, bravo.name]);
  });

  // @once: COMMITTEE on the same search form and referral dialog as "admin sorts and searches teams", which runs without JS.
  test("committee sees All Teams and the referral link too", { tag: "@once" }, async ({ page }) => {
    const club = await createClub({ members: 1 });
    const committee = createUser("COMMITTEE");
    await loginAs(page, committee.email);
    await page.goto("/associations");
    await expect(page.getByRole("heading", { name: "All Teams" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(club.name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(bodyRows(page.getByRole("table", { name: "All Teams" }))).toHaveCount(1);
    await page.getByRole("link", { name: `Copy Referral Link of ${club.name}` }).click();
    await expect(page.getByRole("dialog").getByLabel("Referral Link")).toHaveValue(
      new RegExp(`/auth/register/competitor\\?token=${club.token}$`),
    );
  });

  // @once: plain links, no form; the overview renders without JS in auth.spec.ts and i18n-staff.spec.ts, each list in its own spec.
  test("the overview cards link to their lists", { tag: "@once" }, async ({ page }) => {
    await loginAs(page, "ADMIN", "/");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await page.getByRole("link", { name: /^Photos Pending Approval/ }).click();
    await expect(page).toHaveURL(/\/users\/approve-photo$/);
    await expect(page.getByRole("heading", { name: "Pending Approval" })).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: /^Teams \d/ }).click();
    await expect(page).toHaveURL(/\/associations$/);
    await expect(page.getByRole("heading", { name: "All Teams" })).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: /^Users Paid/ }).click();
    await expect(page).toHaveURL(/\/users\?role=PARTICIPANT&paid=yes$/);
    await expect(page.getByLabel("Crew Tag Fee")).toHaveValue("yes");
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("PARTICIPANT");
    await logout(page);

    // Committee may not open the approval grid: its card goes to the Users list, filtered.
    await loginAs(page, "COMMITTEE", "/");
    await page.getByRole("link", { name: /^Photos Pending Approval/ }).click();
    await expect(page).toHaveURL(/\/users\?photo=pending$/);
    await expect(page.getByLabel("Photo", { exact: true })).toHaveValue("pending");
    await expect(toast(page, "Unauthorized. Redirect to homepage.")).toHaveCount(0);
  });
});
