// Signed webhooks (issue 29 part 4), JS on and off: ADMIN adds an endpoint on a local HTTP server
// (127.0.0.1: the e2e server runs with WEBHOOKS_ALLOW_LOOPBACK=1), sees its secret once, declares a
// round Official on the results desk, and the server receives the POST with a signature that
// verifies with that secret. A failing endpoint (500) is retried (its back-off moved to now) and
// logged, and Resend delivers it. A private address is refused. COMMITTEE and MANAGER are refused
// the screens and every action, which change nothing. Each test removes its endpoints at the end,
// so they hear of nobody else's rounds.
import { createHmac } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { createRaceEvent, createRaceRound, createRaceRow, e2eDb, unique } from "./db";
import {
  attemptDone,
  createEndpoint,
  deliveryOf,
  endpointRecord,
  endpointsAt,
  makeDue,
  queueDelivery,
  type Receiver,
  removeEndpoint,
  startReceiver,
} from "./db-webhooks";
import { asFreshClient, csrfOf, expectRefused, flashToast, forgePost, watchServerErrors } from "./helpers";
import { loginAs } from "./login";

test.beforeEach(({ page }) => asFreshClient(page));
watchServerErrors(test);

let receiver: Receiver;
const made: number[] = [];
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterEach(() => {
  for (const id of made.splice(0)) removeEndpoint(id);
});
test.afterAll(() => receiver.close());

/** What a receiver does: t is recent and v1 is the HMAC-SHA256 of "<t>.<raw body>" with the secret. */
function verifies(signature: string, body: string, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
  if (!m) return false;
  if (Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
  return createHmac("sha256", secret).update(`${m[1]}.${body}`).digest("hex") === m[2];
}

const dialog = (page: Page) => page.getByRole("dialog");

test("ADMIN adds an endpoint, sees its secret once, and a round declared Official reaches it signed", async ({
  page,
}) => {
  test.setTimeout(40_000); // the results desk's two saves, then the sender's delivery
  const path = `/${unique("official")}`;
  const url = receiver.url(path);
  await loginAs(page, "ADMIN", "/webhooks");
  await page.getByRole("link", { name: "Add endpoint" }).click();
  await dialog(page).getByLabel("URL").fill(url);
  await dialog(page).getByLabel("result.official").check();
  await dialog(page).getByRole("button", { name: "Add endpoint" }).click();
  await expect(flashToast(page, `Endpoint ${url} added.`)).toBeVisible();
  const [endpoint] = endpointsAt(url);
  made.push(endpoint.id);
  await expect(page).toHaveURL(new RegExp(`/webhooks/${endpoint.id}$`));
  expect(JSON.parse(endpoint.events)).toEqual(["result.official"]);
  await expect(page.getByText("Copy this secret now: it will not be shown again.")).toBeVisible();
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toBe(endpoint.secret);
  // Once: a reload shows it no more.
  await page.reload();
  await expect(page.getByRole("heading", { name: `Deliveries to ${url}` })).toBeVisible();
  await expect(page.getByLabel("Signing secret")).toHaveCount(0);
  await expect(page.getByText("No deliveries yet.")).toBeVisible();

  // A round of two lanes on the results desk: Provisional, then Official.
  const { event, teams } = createRaceEvent(2);
  const roundId = createRaceRound(event.id, unique("WH FINAL").toUpperCase());
  for (const [i, t] of teams.entries()) createRaceRow(roundId, t.id, String(i + 1));
  await page.goto(`/rounds/${roundId}/results`);
  await page.getByLabel("Lane 1: Time", { exact: true }).fill("2:30.00");
  await page.getByLabel("Lane 2: Time", { exact: true }).fill("2:31.50");
  await page.getByRole("button", { name: "Save as Provisional" }).click();
  await expect(flashToast(page, "Results saved as Provisional.")).toBeVisible();
  await page.getByRole("button", { name: "Declare Official" }).click();
  await expect(flashToast(page, "Results declared Official.")).toBeVisible();

  // Other tests declare rounds too: this endpoint hears of them all; one is ours at least.
  await expect
    .poll(() => receiver.hits.filter((h) => h.path === path).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const hits = receiver.hits.filter((h) => h.path === path);
  for (const hit of hits) {
    expect(hit.contentType).toBe("application/json");
    expect(hit.event).toBe("result.official");
    expect(verifies(hit.signature, hit.body, secret)).toBe(true);
    expect(verifies(hit.signature, hit.body, "whsec_not-the-secret")).toBe(false);
    expect(JSON.parse(hit.body)).toMatchObject({
      event: "result.official",
      id: expect.stringMatching(/^evt_/),
    });
  }
  // And the delivery log says so.
  await page.goto(`/webhooks/${endpoint.id}`);
  await expect(page.getByTestId("delivery-status").first()).toHaveText(/^Delivered \(204\)$/);
});

test("a failing endpoint is retried and logged, and Resend delivers it", async ({ page }) => {
  const path = `/${unique("failing")}`;
  receiver.answer(path, 500);
  const { id } = createEndpoint(receiver.url(path), ["result.official"]);
  made.push(id);
  const delivery = queueDelivery(id);
  // The sender's tick (2 s) sends it: refused with a 500, it waits a minute.
  await expect.poll(() => attemptDone(delivery, 1), { timeout: 10_000 }).toBe(true);
  const first = deliveryOf(delivery);
  expect(first?.last_status).toBe(500);
  expect((first?.next_attempt_at ?? 0) - Date.now()).toBeGreaterThan(45_000);
  // Its minute is over: retried at the next tick, then 5 minutes.
  makeDue(delivery);
  await expect.poll(() => attemptDone(delivery, 2), { timeout: 10_000 }).toBe(true);
  expect((deliveryOf(delivery)?.next_attempt_at ?? 0) - Date.now()).toBeGreaterThan(240_000);
  expect(receiver.hits.filter((h) => h.path === path)).toHaveLength(2);

  await loginAs(page, "ADMIN", `/webhooks/${id}`);
  const row = page.getByRole("table", { name: "Delivery log" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("delivery-status")).toHaveText(/^Failed \(500\); next try /);
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");

  receiver.answer(path, 200);
  await row.getByRole("button", { name: "Resend" }).click();
  await expect(flashToast(page, "Delivery queued again: it goes out in a few seconds.")).toBeVisible();
  await expect.poll(() => deliveryOf(delivery)?.delivered_at ?? null, { timeout: 10_000 }).not.toBeNull();
  expect(deliveryOf(delivery)).toMatchObject({ attempts: 1, last_status: 200 });
  await page.reload();
  await expect(row.getByTestId("delivery-status")).toHaveText("Delivered (200)");
});

test("a private or link-local address is refused with the reason, and nothing is added", async ({ page }) => {
  await loginAs(page, "ADMIN", "/webhooks/new");
  for (const url of ["https://10.1.2.3/hook", "https://169.254.169.254/latest/meta-data"]) {
    await dialog(page).getByLabel("URL").fill(url);
    await dialog(page).getByLabel("result.official").check();
    await dialog(page).getByRole("button", { name: "Add endpoint" }).click();
    await expect(
      dialog(page).getByText(
        "This address is refused: webhooks go only to public internet addresses, never to a loopback, private or link-local one.",
      ),
    ).not.toHaveCount(0);
    // What was typed stays.
    await expect(dialog(page).getByLabel("URL")).toHaveValue(url);
    expect(endpointsAt(url)).toEqual([]);
  }
});

for (const role of ["MANAGER", "COMMITTEE"] as const) {
  // @once: refusals by URL and forged posts; the add form's refusal runs without JS in "a private or link-local address is refused".
  test(`${role} is refused the webhook screens and every action, which change nothing`, {
    tag: "@once",
  }, async ({ page }) => {
    const { id } = createEndpoint(receiver.url(`/${unique("theirs")}`), ["result.official"]);
    made.push(id);
    const delivery = queueDelivery(id);
    await loginAs(page, role, "/");
    for (const path of ["/webhooks", "/webhooks/new", `/webhooks/${id}`, `/webhooks/${id}/delete`])
      await expectRefused(page, path);
    const csrf = await csrfOf(page);
    const started = Date.now() - 1000;
    const posts: [string, [string, string | number][]][] = [
      [
        "/webhooks/new",
        [
          ["url", receiver.url("/forged")],
          ["events", "result.official"],
        ],
      ],
      [`/webhooks/${id}`, [["intent", "disable"]]],
      [
        `/webhooks/${id}`,
        [
          ["intent", "resend"],
          ["delivery", delivery],
        ],
      ],
      [`/webhooks/${id}/delete`, []],
    ];
    for (const [url, pairs] of posts) {
      const answer = await forgePost(page, url, [["csrf", csrf], ...pairs]);
      expect(answer.status(), url).toBe(302);
      expect(answer.headers().location, url).toBe("/");
    }
    expect(endpointRecord(id)).toMatchObject({ enabled: 1 });
    expect(endpointsAt(receiver.url("/forged"))).toEqual([]);
    const audited = e2eDb()
      .prepare(
        `SELECT count(*) AS n FROM audit_log WHERE action LIKE 'webhook.%' AND created_at >= ?
         AND ((target_type = 'webhook_endpoint' AND target_id = ?) OR (target_type = 'webhook_delivery' AND target_id = ?))`,
      )
      .get(started, String(id), String(delivery)) as { n: number };
    expect(audited.n).toBe(0);
  });
}
