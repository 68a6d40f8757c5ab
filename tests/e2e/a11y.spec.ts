// Issue 12, item 2: axe-core on every screen of every role: 0 violations of impact serious or
// critical (axe's default rules: WCAG 2 A/AA and best practices). With JavaScript every screen;
// without it, the screens whose markup differs when scripts do not run (DIFFERS_WITHOUT_JS below).
// The screens come from access.spec.ts's route table and layout.spec.ts's sidebars, plus the
// dialogs (child routes) opened on real rows of the demo seed. One page load and one axe run per
// screen; one test per role.
import { createRequire } from "node:module";
import { type Browser, expect, type Page, test } from "./fixtures";
import type { AxeResults, RunOptions } from "axe-core";
import { e2eDb } from "./db";
import { DEMO, type DemoRole, isJs } from "./helpers";
import { loginAs } from "./login";

type Who = "anon" | DemoRole;
/** axe-core's source, as @axe-core/playwright (the devDependency) has it. */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))(
  "axe-core",
).source;
const VISUAL_RULES = ["color-contrast", "link-in-text-block", "target-size"];

/** Real ids from the demo seed (db/seed.ts): the lowest ids, which tests never change. */
function seedIds() {
  const db = e2eDb();
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
  const manager = one<{ id: number; association_id: number }>(
    "SELECT id, association_id FROM users WHERE email = ?",
    DEMO.MANAGER,
  );
  const club = manager.association_id;
  const id = (sql: string, ...args: unknown[]) => one<{ id: number }>(sql, ...args).id;
  return {
    club,
    clubToken: one<{ token: string }>("SELECT token FROM associations WHERE id = ?", club).token,
    member: id("SELECT id FROM users WHERE association_id = ? AND image IS NOT NULL ORDER BY id", club),
    pendingPhoto: id("SELECT id FROM users WHERE image IS NOT NULL AND valid_image = 0 ORDER BY id"),
    approvedPhoto: id("SELECT id FROM users WHERE image IS NOT NULL AND valid_image = 1 ORDER BY id"),
    event: id("SELECT id FROM events WHERE deleted = 0 ORDER BY id"),
    team: id("SELECT id FROM teams WHERE association_id = ? ORDER BY id", club),
    order: id("SELECT id FROM orders WHERE owner_id = ? ORDER BY id", manager.id),
    processingOrder: id(
      "SELECT id FROM orders WHERE owner_id = ? AND status = 'PROCESSING' ORDER BY id",
      manager.id,
    ),
    round: id("SELECT id FROM rounds ORDER BY id"),
    race: id("SELECT id FROM races ORDER BY id"),
    eoiEvent: id("SELECT id FROM eoi_events WHERE deleted = 0 ORDER BY id"),
    session: id("SELECT id FROM training_sessions ORDER BY id"),
    reservation: id("SELECT id FROM training_reservations ORDER BY id"),
    pendingBooking: id(
      "SELECT id FROM training_reservations WHERE association_id = ? AND status = 'PENDING' ORDER BY id",
      club,
    ),
  };
}
type Ids = ReturnType<typeof seedIds>;

const SCREENS: Record<Who | "ADMIN (race day)", (ids: Ids) => string[]> = {
  anon: (ids) => [
    "/auth/login",
    "/auth/reset",
    "/auth/reset?token=not-a-token",
    "/auth/register/manager",
    `/auth/register/competitor?token=${ids.clubToken}`,
    "/not-found",
    "/reconnecting",
    "/scoreboard",
    "/board",
    "/results",
    `/results/${new Date().getUTCFullYear() - 1}`, // the seed's archived edition (issue 21)
    "/standings", // issue 29: the club table
    "/api", // issue 29: the open data API for people
    "/overlay?bg=green", // issue 29: the broadcast overlay
    "/scanning/entrance",
    "/scanning/profile",
    "/senangpay/return?status_id=1&order_id=1&msg=x&transaction_id=1&hash=x",
  ],
  ADMIN: (ids) => [
    "/",
    "/password",
    "/users",
    "/users/new",
    `/users/${ids.member}/photo`,
    "/users/approve-photo",
    `/users/approve-photo/${ids.pendingPhoto}`,
    "/users/photo-approved",
    `/users/photo-approved/${ids.approvedPhoto}`,
    "/eoi",
    "/eoi/list",
    "/eoi/teams",
    "/eoi/countries",
    "/eoi-events",
    "/eoi-events/new",
    `/eoi-events/${ids.eoiEvent}/edit`,
    `/eoi-events/${ids.eoiEvent}/delete`,
    "/events",
    "/events/new",
    `/events/${ids.event}/edit`,
    `/events/${ids.event}/delete`,
    `/events/${ids.event}/waitlist`,
    `/events/teams/${ids.team}`,
    "/events-summary",
    "/teams/manage",
    "/associations",
    `/associations/${ids.club}/referral`,
    `/associations/${ids.club}/regenerate`,
    "/payments",
    "/orders",
    `/orders/${ids.order}`,
    `/orders/${ids.order}/edit`,
  ],
  // ADMIN's screens in two tests, so the two workers share them.
  "ADMIN (race day)": (ids) => [
    "/rounds",
    "/rounds/new",
    `/rounds/${ids.round}/edit`,
    `/rounds/${ids.round}/delete`,
    `/rounds/${ids.round}/draw?seed=1`,
    `/rounds/${ids.round}/progress`,
    `/rounds/${ids.round}/plan`, // issue 20: progression plan
    `/rounds/${ids.round}/results`, // issue 20: the results desk
    "/race-control", // issue 20
    "/races",
    `/races/new?round=${ids.round}`,
    `/races/${ids.race}/edit`,
    `/races/${ids.race}/delete`,
    "/scan-log",
    "/kiosks", // issue 18: enrolled kiosk devices
    "/scanning/entrance", // with staff logged in: the kiosk and its enrol panel
    "/scanning/profile",
    "/scoreboard-manage",
    "/training-sessions",
    "/training-sessions/new",
    `/training-sessions/${ids.session}/edit`,
    `/training-sessions/${ids.session}/delete`,
    `/training-sessions/${ids.session}/teams`,
    "/training-reservations",
    `/training-reservations/${ids.reservation}`,
    "/audit-log",
    "/settings",
    "/settings/void-crew-tags",
    "/editions", // issue 21
    "/editions/new",
    "/webhooks", // issue 29
    "/webhooks/new",
  ],
  COMMITTEE: (ids) => [
    "/",
    "/password",
    "/users",
    "/users/photo-approved",
    "/eoi",
    "/events",
    "/events-summary",
    "/associations",
    "/races",
    "/scoreboard-manage",
    "/training-sessions",
    "/training-reservations",
    `/training-reservations/${ids.reservation}`,
  ],
  MANAGER: (ids) => [
    "/",
    "/password",
    "/confirmed-events",
    "/referral-link",
    "/eoi",
    `/eoi?view=${ids.eoiEvent}`,
    "/events",
    `/events/checkout?event=${ids.event}&teams=1`,
    `/events/teams/${ids.team}`,
    "/tickets/purchase",
    "/tickets/purchase/checkout?pax=2",
    "/members",
    `/members/checkout?ids=${ids.member}`,
    `/members/${ids.member}/photo`,
    "/orders",
    `/orders/${ids.order}`,
    `/orders/${ids.processingOrder}/cancel`,
    "/training",
    `/training/${ids.pendingBooking}/cancel`,
    "/help",
    "/my-races", // issue 28
    "/my-races/regenerate",
  ],
  COMPETITOR: () => ["/", "/password", "/events", "/my-races"],
};

/**
 * Screens whose markup differs when scripts do not run: only these get a second axe pass without
 * JavaScript; every other screen's markup is the same, and the pass with JavaScript checks it.
 * Measured by loading every screen of SCREENS both ways and comparing the server's HTML with the
 * hydrated DOM (CSRF tokens aside): dialogs (JavaScript adds aria-modal), the manager's home (the
 * referral link's Copy button), the crew picker (its live counts), the scoreboard (the <noscript>
 * refresh and status), the payment return (its Continue button). Re-measure when a screen starts
 * rendering differently with JavaScript.
 */
const DIFFERS_WITHOUT_JS = [
  /\/(new|edit|delete|cancel|photo|referral|regenerate|waitlist|draw|progress|checkout|void-crew-tags)(\?|$)/,
  /^\/(password|confirmed-events|referral-link)$/,
  /^\/(users\/approve-photo|users\/photo-approved|orders|training-reservations)\/\d+(\?|$)/,
  /^\/training-sessions\/\d+\/teams$/,
  /^\/events\/teams\/\d+$/,
  /^\/(scoreboard|board)$/,
  /^\/senangpay\/return\?/,
];
const differsWithoutJs = (who: Who, path: string) =>
  (who === "MANAGER" && path === "/") || DIFFERS_WITHOUT_JS.some((re) => re.test(path));

/** The serious and critical violations on the page, one line each.
 *
 * axe.run in the page, with axe-core's default rule set (every WCAG 2 A/AA rule and the best
 * practices). This is what the AxeBuilder call here ran: its `.options()` replaced the
 * `.withTags()` set before it, so no tag filter ever applied. AxeBuilder itself cost a third more:
 * runPartial and then finishRun in a new blank page (a page and axe injected again per screen), or
 * in legacy mode axe injected twice; here axe is injected once per page load. */
async function violations(page: Page, path: string): Promise<string[]> {
  const options: RunOptions = { resultTypes: ["violations"] };
  // The stylesheet is the same with JavaScript off: the visual rules (the slowest) run once, in js.
  if (!isJs()) options.rules = Object.fromEntries(VISUAL_RULES.map((id) => [id, { enabled: false }]));
  await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        o,
      ),
    options,
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${n.target.join(" ")} ${n.html.slice(0, 120)}`,
      ),
    );
}

/** axe cannot run in a page with JavaScript disabled (Playwright gets no context to evaluate in).
 * For the no-js project the test browses in a context with JavaScript on where every document
 * arrives with `Content-Security-Policy: script-src 'none'`: the page's own scripts never run, as
 * with JavaScript off (only <noscript> content is not shown), while axe is evaluated by DevTools. */
async function scriptlessPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const headers = { ...response.headers(), "content-security-policy": "script-src 'none'" };
    await route.fulfill({ response, headers });
  });
  return page;
}

for (const [group, screens] of Object.entries(SCREENS)) {
  const who = group.split(" ")[0] as Who;
  test(`axe: every screen of ${group} has no serious or critical violations`, async ({
    page: given,
    browser,
  }) => {
    // ~40 screens and dialogs for ADMIN: 2 min in a full run on 2 workers, with margin.
    test.setTimeout(300_000);
    const page = isJs() ? given : await scriptlessPage(browser);
    if (who !== "anon") await loginAs(page, who);
    const found: string[] = [];
    const all = screens(seedIds());
    for (const path of isJs() ? all : all.filter((p) => differsWithoutJs(who, p))) {
      const response = await page.goto(path);
      // A screen that redirected or failed would be checked in place of the one named.
      if (path !== "/not-found") expect(response?.status(), path).toBeLessThan(400);
      expect(new URL(page.url()).pathname, path).toBe(path.split("?")[0]);
      found.push(...(await violations(page, path)));
    }
    if (!isJs()) await page.context().close();
    expect(found).toEqual([]);
  });
}
