import { expect, type Locator, type Page, test } from "@playwright/test";
import { MAIL_PORT } from "../../playwright.config";

export const PASSWORD = "Regatta2026!";
export const DEMO = {
  ADMIN: "admin@example.com",
  COMMITTEE: "committee@example.com",
  MANAGER: "manager@example.com",
  COMPETITOR: "competitor@example.com",
} as const;
export type DemoRole = keyof typeof DEMO;
/** A seeded member whose email is not verified. */
export const UNVERIFIED = "penang.member1@example.com";

/** Logs in through the real login form (a full password hash): only for tests of the form itself
 * or of a password (auth, i18n-auth, a changed or reset password). Every other test uses
 * `loginAs` (tests/e2e/login.ts), which writes the session without the form. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function logout(page: Page) {
  // On a phone the sidebar is folded behind Menu. Wait for the stylesheet first: before it loads,
  // Menu shows at every width and is hidden a moment later on a laptop.
  await page.waitForLoadState("load");
  const logoutButton = page.getByRole("button", { name: "Logout" });
  const menu = page.locator(".nav-toggle-label");
  if (!(await logoutButton.isVisible()) && (await menu.isVisible())) await menu.click();
  await logoutButton.click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** With JS, waits until the page's last submission has settled: the spinner goes in the render
 * where the navigation is idle again, with the answer and the data reloaded after it. (Not
 * `waitForLoadState("networkidle")`: a page reaches that once, and client navigations do not reset
 * it, so it returns at once.) Without JS a submission is a page load: nothing to wait for. */
export async function settled(page: Page) {
  await expect(page.locator(".spinner-overlay")).toHaveCount(0);
}

export function toast(page: Page, text: string) {
  return page.locator(".toast").filter({ hasText: text });
}

/** A flashed or returned toast only (not a note on a screen that looks like one, such as the
 * Orders screen's warning). */
export function flashToast(page: Page, text: string) {
  return page.locator(".toast-slot .toast").filter({ hasText: text });
}

/** Whether this test runs in the project with JavaScript on. */
export const isJs = () => test.info().project.name === "js";

/** From Proceed to Payment to a paid order: with JavaScript off, Continue to payment first; on the
 * simulator's page, Pay; then back on /orders with the success toast (leaveReturnPage). */
export async function payOnSimulator(page: Page) {
  if (!isJs()) await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/simulator\/pay\?/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await leaveReturnPage(page, "Payment was successful");
}

/** On the payment return page: with JavaScript it posts itself; without, it says "Processing your
 * payment ..." (never the provider's message, which is not verified yet) and the buyer presses
 * Continue. Then /orders with `message` as a toast. */
export async function leaveReturnPage(page: Page, message: string) {
  if (!isJs()) {
    await expect(page).toHaveURL(/\/senangpay\/return\?/);
    await expect(page.getByText("Processing payment ...", { exact: true })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page).toHaveURL(/\/orders$/);
  await expect(flashToast(page, message)).toBeVisible();
}

/** RFC 4180 records (club names other tests make may hold commas, quotes or line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || record.length) records.push([...record, field]);
  return records;
}

export type Mail = { to: string; subject: string; text: string; html: string; date: number };

/** Messages the SMTP catcher on 127.0.0.1 received for an address (newest last). */
export async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`http://127.0.0.1:${MAIL_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Mail[];
}

export async function waitForMail(
  address: string,
  subject: RegExp,
  after = 0,
  timeout = 10_000,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((m) => m.date >= after && subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail, pathPart: string): string {
  const escaped = pathPart.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = mail.text.match(new RegExp(`https?://\\S*${escaped}\\S*`))?.[0];
  if (!link) throw new Error(`No link with ${pathPart} in mail: ${mail.text}`);
  return new URL(link).pathname + new URL(link).search;
}

let clientCounter = 0;
/** Sends every request of this page from a new client address (X-Test-Client-IP: the header the e2e
 * server trusts, as production trusts Fly-Client-IP), so per-address throttles see one person. */
export async function asFreshClient(page: Page) {
  clientCounter++;
  const address = `10.${process.pid % 250}.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
  await page.setExtraHTTPHeaders({ "X-Test-Client-IP": address });
}

/**
 * Fails each test of the spec that saw a 5xx response on its page and, with `csp` (the default),
 * a script the Content Security Policy refused (the checkouts' auto-submit carries the nonce), or
 * any console error `consoleErrors` matches instead (the scoreboard's: also uncaught script errors).
 * Call once at the top of a spec file: it registers a beforeEach and an afterEach on `t`.
 */
export function watchServerErrors(
  t: typeof test,
  { csp = true, consoleErrors }: { csp?: boolean; consoleErrors?: RegExp } = {},
) {
  const consolePattern = consoleErrors ?? (csp ? /Content Security Policy/i : null);
  let serverErrors: string[] = [];
  let cspErrors: string[] = [];
  t.beforeEach(({ page }) => {
    serverErrors = [];
    cspErrors = [];
    page.on("response", (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    if (consolePattern)
      page.on("console", (m) => {
        if (m.type() === "error" && consolePattern.test(m.text())) cspErrors.push(m.text());
      });
  });
  t.afterEach(() => {
    expect(serverErrors, "no 5xx responses").toEqual([]);
    if (consolePattern)
      expect(
        cspErrors,
        consoleErrors ? `no console errors like ${consoleErrors}` : "no CSP violations",
      ).toEqual([]);
  });
}

/** The CSRF token the page carries (every page has one in the sidebar's Logout form). */
export async function csrfOf(page: Page): Promise<string> {
  return page.locator('input[name="csrf"]').first().inputValue();
}

/** A form POST outside the UI (as a forger would send it), with this browser's cookies; repeated
 * keys allowed. Redirects are not followed; a 5xx fails the test. */
export async function forgePost(page: Page, url: string, pairs: [string, string | number][]) {
  const response = await page.request.post(url, {
    data: new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(response.status(), `${url} must not fail on the server`).toBeLessThan(500);
  return response;
}

/** The toast a role gets on a page that is not theirs (then the home page). */
export const UNAUTHORIZED = "Unauthorized. Redirect to homepage.";

/** Opening `path` is refused: the home page with the Unauthorized toast. */
export async function expectRefused(page: Page, path: string) {
  await page.goto(path);
  await expect(page, path).toHaveURL(/\/$/);
  await expect(flashToast(page, UNAUTHORIZED)).toBeVisible();
}

/** Dismisses the toasts (their × works without JavaScript too; they sit over the top-right buttons
 * until they go). With JavaScript one may time out and vanish between the count and the click, so a
 * click that finds nothing gives up. The last first: a page's own toasts sit over the layout's at
 * the same corner, covering their ×; and a bounded number of tries, so a toast that cannot be
 * clicked fails the next step, not the test's time limit. */
export async function dismissToasts(page: Page) {
  const close = page.locator(".toast-close:visible");
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .last()
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

/** The body rows of the table named `caption`. */
export function tableRows(scope: Page | Locator, caption: string) {
  return scope.getByRole("table", { name: caption }).locator("tbody").getByRole("row");
}

/** GETs a CSV with this browser's cookies: 200, text/csv; its records (BOM removed). */
export async function csvAt(page: Page, url: string): Promise<string[][]> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
  return parseCsv((await res.text()).replace(/^\uFEFF/, ""));
}

/** The CSV the page's Download CSV link gives, as records (BOM removed). */
export async function downloadCsv(page: Page): Promise<string[][]> {
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href, "the Download CSV link").toBeTruthy();
  return csvAt(page, href as string);
}

/**
 * Deletes a row through its confirmation dialog, Cancel first: the row's `link` opens `dialog`
 * (at `url`, when given), which says each of `says`; Cancel closes it and `kept` checks nothing
 * went; the link again and the dialog's Delete button delete, and `deleted` is flashed.
 */
export async function deleteAfterCancel(
  page: Page,
  o: { link: string; dialog: string; url?: RegExp; says: string[]; kept: () => void; deleted: string },
) {
  const link = page.getByRole("link", { name: o.link });
  await link.click();
  if (o.url) await expect(page).toHaveURL(o.url);
  const confirm = page.getByRole("dialog", { name: o.dialog });
  for (const text of o.says) await expect(confirm).toContainText(text);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  o.kept();
  await link.click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(flashToast(page, o.deleted)).toBeVisible();
}

/** A public page's conditional GET answers 304 to its own ETag, and the ETag it ended on. Such pages
 * show every test's data: another worker's write between two GETs is a real change (200 with a new
 * ETag), so ask again from the new ETag, a few times, until nothing changed in between. */
export async function expectNotModified(page: Page, url: string, etag: string): Promise<string> {
  let current = etag;
  for (let i = 0; i < 6; i++) {
    const res = await page.request.get(url, { headers: { "If-None-Match": current } });
    if (res.status() === 304) {
      expect(await res.body()).toHaveLength(0);
      return current;
    }
    expect(res.status()).toBe(200);
    expect(res.headers().etag).not.toBe(current);
    current = res.headers().etag;
  }
  throw new Error(`${url} never answered 304: its page changed on each of 6 GETs`);
}
