import { expect, test } from "./fixtures";
import type { DemoRole } from "./helpers";
import { loginAs } from "./login";

// The spec's sidebar per role (section 2), limited to routes the role may open.
const SIDEBAR: Record<DemoRole, { group?: string; items: [string, string][] }[]> = {
  ADMIN: [
    {
      group: "User",
      items: [
        ["All Users", "/users"],
        ["Pending Approval", "/users/approve-photo"],
        ["Approved Photos", "/users/photo-approved"],
      ],
    },
    {
      group: "EOI",
      items: [
        ["All EOI Events", "/eoi-events"],
        ["Result", "/eoi"],
      ],
    },
    {
      group: "Event",
      items: [
        ["All Events", "/events"],
        ["Confirmed Events Summary", "/events-summary"],
        ["All Rounds", "/rounds"],
        ["All Races", "/races"],
        ["Race Control", "/race-control"], // beyond the spec (issue 20)
        ["Crew Changes", "/crew-changes"], // issue 28
        ["All Scans", "/scan-log"],
        ["Kiosks", "/kiosks"], // beyond the spec (issue 18)
      ],
    },
    {
      group: "Team",
      items: [
        ["All Teams", "/associations"],
        ["Manage Event Teams", "/teams/manage"],
      ],
    },
    {
      group: "Training",
      items: [
        ["Sessions", "/training-sessions"],
        ["Reservations", "/training-reservations"],
      ],
    },
    {
      group: "Order",
      items: [
        ["All Orders", "/orders"],
        ["Payment Logs", "/payments"],
      ],
    },
    { group: "Scoreboard", items: [["Scoreboard", "/scoreboard-manage"]] },
    { group: "Audit", items: [["Audit Log", "/audit-log"]] }, // beyond the spec: staff actions
    { group: "Edition", items: [["Editions", "/editions"]] }, // beyond the spec: issue 21
    {
      group: "Settings",
      items: [
        ["Settings", "/settings"],
        ["Webhooks", "/webhooks"], // issue 29
      ],
    }, // beyond the spec: the regatta's numbers
  ],
  COMMITTEE: [
    {
      group: "User",
      items: [
        ["All Users", "/users"],
        ["Approved Photos", "/users/photo-approved"],
      ],
    },
    { group: "EOI", items: [["Result", "/eoi"]] },
    {
      group: "Event",
      items: [
        ["All Events", "/events"],
        ["Confirmed Events Summary", "/events-summary"],
        ["All Races", "/races"],
        ["Race Control", "/race-control"], // beyond the spec (issue 20)
        ["Crew Changes", "/crew-changes"], // issue 28
      ],
    },
    { group: "Team", items: [["All Teams", "/associations"]] },
    {
      group: "Training",
      items: [
        ["Sessions", "/training-sessions"],
        ["Reservations", "/training-reservations"],
      ],
    },
    { group: "Scoreboard", items: [["Scoreboard", "/scoreboard-manage"]] },
  ],
  MANAGER: [
    {
      items: [
        ["Events", "/events"], // beyond the spec: their Assigned Events
        ["My Races", "/my-races"], // issue 28
        ["Dinner Ticket Purchase", "/tickets/purchase"],
        ["Members", "/members"],
        ["Orders", "/orders"],
        ["Expression of Interest", "/eoi"], // beyond the spec's sidebar (issue 11)
        ["Training Booking", "/training"], // beyond the spec's sidebar (issue 11)
        ["Help Center", "/help"],
      ],
    },
  ],
  COMPETITOR: [
    {
      items: [
        ["Events", "/events"], // beyond the spec: their Assigned Events
        ["My Races", "/my-races"], // issue 28
      ],
    },
  ],
};

for (const role of Object.keys(SIDEBAR) as DemoRole[]) {
  // @once: plain links: MANAGER keeps the sidebar without JS; each ADMIN screen runs without JS in its own spec.
  test(`${role} sees their sidebar and every link opens its screen`, {
    tag: role === "MANAGER" ? [] : "@once",
  }, async ({ page }) => {
    test.setTimeout(40_000); // every sidebar link of the role opened in turn: ~12-16 s on 2 idle workers
    await loginAs(page, role, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expectedLinks = [["Official Website", ""], ["Home", "/"], ...SIDEBAR[role].flatMap((g) => g.items)];
    const names = (await nav.getByRole("link").allInnerTexts()).map((t) => t.replace(" ↗", "").trim());
    expect(names).toEqual(expectedLinks.map(([name]) => name));
    for (const g of SIDEBAR[role])
      if (g.group) await expect(nav.getByRole("heading", { name: g.group, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Official Website/ })).toHaveAttribute("target", "_blank");
    for (const [name, path] of SIDEBAR[role].flatMap((g) => g.items)) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".toast-error")).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
}

// Its own context has JavaScript off in either project: the same test twice, so it runs once.
test("on a phone the sidebar folds behind Menu, which opens it without JavaScript; Orders are cards", {
  tag: "@once",
}, async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await loginAs(page, "MANAGER", "/");
  const members = page.getByRole("link", { name: "Members", exact: true });
  await expect(members).toBeHidden();
  await page.getByText("Menu").click();
  await expect(members).toBeVisible();
  await members.click();
  await expect(page).toHaveURL(/\/members$/);
  // The manager's Orders is a card per order on a phone: nothing scrolls sideways.
  await page.goto("/orders");
  await expect(page.locator('td[data-label="Total (RM)"]').first()).toBeVisible();
  const sideways = await page
    .locator(".table-wrap")
    .evaluate((el) => el.scrollWidth - el.clientWidth + document.documentElement.scrollWidth - 390);
  expect(sideways).toBeLessThanOrEqual(0);
  await context.close();
});

test("footer, help bubble and plain layout for logged-out pages", { tag: "@once" }, async ({ page }) => {
  await page.goto("/auth/login");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.locator("footer")).toContainText("All rights reserved.");
  await expect(page.locator("footer")).toContainText("Designed");
  await expect(page.getByRole("link", { name: "Need help? Chat with us" })).toHaveAttribute("href", /wa\.me/);
});
