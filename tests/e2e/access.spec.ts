// The spec's route table (section 2), written out here independently of app/lib/access.ts, so a
// mistake in the app's table fails this test. Each identity visits every route.
import { expect, test } from "@playwright/test";
import { type DemoRole, toast } from "./helpers";
import { loginAs } from "./login";

type Who = "anon" | DemoRole;
const STAFF: DemoRole[] = ["ADMIN", "COMMITTEE"];
const ALL: DemoRole[] = ["ADMIN", "COMMITTEE", "MANAGER", "COMPETITOR"];

const TABLE: { path: string; roles: DemoRole[] | "guest" | "public" }[] = [
  { path: "/", roles: ALL },
  { path: "/password", roles: ALL }, // the Change Password dialog over home (staff: sidebar)
  { path: "/confirmed-events", roles: ["MANAGER"] }, // the profile's View Confirmed Events dialog
  { path: "/referral-link", roles: ["MANAGER"] }, // beyond the spec: Regenerate Link (issue 18)
  { path: "/auth/login", roles: "guest" },
  { path: "/auth/reset", roles: "guest" },
  { path: "/auth/register/manager", roles: "guest" },
  { path: "/users", roles: STAFF },
  { path: "/users/approve-photo", roles: ["ADMIN"] },
  { path: "/users/photo-approved", roles: STAFF },
  { path: "/eoi", roles: ["ADMIN", "COMMITTEE", "MANAGER"] },
  { path: "/eoi-events", roles: ["ADMIN"] },
  { path: "/events", roles: ALL },
  { path: "/events-summary", roles: STAFF },
  { path: "/tickets/purchase", roles: ["MANAGER"] },
  { path: "/members", roles: ["MANAGER"] },
  { path: "/help", roles: ["MANAGER"] },
  { path: "/teams/manage", roles: ["ADMIN"] },
  { path: "/associations", roles: STAFF },
  { path: "/payments", roles: ["ADMIN"] },
  { path: "/orders", roles: ["ADMIN", "MANAGER"] },
  { path: "/rounds", roles: ["ADMIN"] },
  { path: "/races", roles: STAFF },
  { path: "/scan-log", roles: ["ADMIN"] },
  { path: "/kiosks", roles: ["ADMIN"] }, // beyond the spec: enrolled kiosk devices (issue 18)
  { path: "/senangpay/return?status_id=1&order_id=1&msg=x&transaction_id=1&hash=x", roles: "public" },
  { path: "/scanning/entrance", roles: "public" },
  { path: "/scanning/profile", roles: "public" },
  { path: "/scoreboard", roles: "public" },
  { path: "/scoreboard-manage", roles: STAFF },
  { path: "/training-sessions", roles: STAFF },
  { path: "/training-reservations", roles: STAFF },
  { path: "/training", roles: ["MANAGER"] }, // beyond the spec: Training Booking (issue 11)
  { path: "/settings", roles: ["ADMIN"] }, // beyond the spec: the regatta's own numbers
];

function expected(who: Who, route: (typeof TABLE)[number]) {
  const pathOnly = route.path.split("?")[0];
  if (route.roles === "public") return { to: pathOnly, message: null };
  if (route.roles === "guest")
    return who === "anon" ? { to: pathOnly, message: null } : { to: "/", message: null };
  if (who === "anon")
    return { to: "/auth/login", message: route.path === "/" ? null : "Session expired! Log in to proceed." };
  return route.roles.includes(who)
    ? { to: pathOnly, message: null }
    : { to: "/", message: "Unauthorized. Redirect to homepage." };
}

for (const who of ["anon", ...ALL] as Who[]) {
  test(`route table as ${who}`, async ({ page }) => {
    if (who !== "anon") await loginAs(page, who);
    for (const route of TABLE) {
      const want = expected(who, route);
      await page.goto(route.path);
      await expect(page, `${who} -> ${route.path}`).toHaveURL((url) => url.pathname === want.to);
      if (want.message) await expect(toast(page, want.message), `${who} -> ${route.path}`).toBeVisible();
      else {
        await expect(page.locator(".toast-error"), `${who} -> ${route.path}`).toHaveCount(0);
      }
    }
  });
}

test("unknown paths and a payment return without its parameters go to not-found", async ({ page }) => {
  for (const path of ["/no-such-page", "/auth/register/admin/x", "/senangpay/return?status_id=1"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/not-found$/);
  }
  await expect(page.getByRole("heading", { name: "404 Not Found." })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
