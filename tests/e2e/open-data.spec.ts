// The public JSON API (issue 29 part 3): answers over HTTP as a program sees them (ETag and 304,
// CORS, gzip, JSON errors with their status), the OpenAPI document valid and every endpoint's
// answer valid against it, no person's name anywhere, and /api, the page for people, without
// JavaScript. Everything but the page is raw HTTP: @once.
import { expect, test } from "./fixtures";
import { answerErrors, errorErrors, openapiErrors } from "../open-data-schemas";
import { createOpenDataRace, reviseTime } from "./db-open-data";
import { isJs, watchServerErrors } from "./helpers";

watchServerErrors(test);

const TIMETABLE = "/api/v1/editions/current/timetable";
const resultsOf = (roundId: number) => `/api/v1/editions/current/rounds/${roundId}/results`;

test("a round's results and the timetable: valid, ETag then 304, a new ETag after a revision, CORS and gzip", {
  tag: "@once",
}, async ({ request }) => {
  const race = createOpenDataRace();
  const res = await request.get(resultsOf(race.roundId), { headers: { "Accept-Encoding": "gzip" } });
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(headers["access-control-allow-origin"]).toBe("*");
  expect(headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
  expect(headers["content-encoding"]).toBe("gzip");
  const body = await res.json();
  expect(answerErrors("/api/v1/editions/{year}/rounds/{roundId}/results", body)).toEqual([]);
  expect(body.round).toMatchObject({ raceNumber: race.raceNumber, state: "OFFICIAL", revision: 1 });
  expect(body.lanes).toEqual([
    expect.objectContaining({
      lane: "1",
      place: 1,
      timeMs: 61_000,
      penaltyMs: 2_000,
      resultMs: 63_000,
      status: null,
    }),
    expect.objectContaining({ lane: "2", place: null, status: "DSQ" }),
  ]);
  expect(body.lanes[0].team.name).toBe(race.teams[0]);
  expect(body.lanes[0].club.name).toBe(race.clubs[0]);

  const etag = headers.etag;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await request.get(resultsOf(race.roundId), { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(again.headers().etag).toBe(etag);

  reviseTime(race.roundId, 61_500);
  const revised = await request.get(resultsOf(race.roundId), { headers: { "If-None-Match": etag } });
  expect(revised.status()).toBe(200);
  expect(revised.headers().etag).not.toBe(etag);
  expect((await revised.json()).round.revision).toBe(2);

  const timetable = await (await request.get(TIMETABLE)).json();
  expect(answerErrors("/api/v1/editions/{year}/timetable", timetable)).toEqual([]);
  const mine = timetable.races.find((r: { id: number }) => r.id === race.roundId);
  expect(mine).toMatchObject({
    raceNumber: race.raceNumber,
    round: `${race.event} FINAL`,
    state: "OFFICIAL",
  });
  expect(mine.lanes.map((l: { team: { name: string } }) => l.team.name)).toEqual(race.teams);
});

test("the OpenAPI document is valid and every endpoint's answer is valid against it", {
  tag: "@once",
}, async ({ request }) => {
  const race = createOpenDataRace();
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  expect(await openapiErrors(doc)).toEqual([]);
  const editions = await (await request.get("/api/v1/editions")).json();
  const year = editions.editions.find((e: { current: boolean }) => e.current).year;
  const archived = editions.editions.find((e: { current: boolean }) => !e.current)?.year ?? year;
  const answers: [string, string][] = [
    ["/api/v1", "/api/v1"],
    ["/api/v1/editions", "/api/v1/editions"],
    [`/api/v1/editions/${year}`, "/api/v1/editions/{year}"],
    [`/api/v1/editions/${archived}/timetable`, "/api/v1/editions/{year}/timetable"],
    [`/api/v1/editions/${year}/timetable`, "/api/v1/editions/{year}/timetable"],
    [
      `/api/v1/editions/${year}/rounds/${race.roundId}/results`,
      "/api/v1/editions/{year}/rounds/{roundId}/results",
    ],
    [`/api/v1/editions/${year}/standings`, "/api/v1/editions/{year}/standings"],
    [`/api/v1/editions/${archived}/standings`, "/api/v1/editions/{year}/standings"],
  ];
  // Every path of the document is asked for.
  expect(new Set(answers.map(([, t]) => t))).toEqual(
    new Set(Object.keys(doc.paths).filter((p) => !p.endsWith(".json"))),
  );
  for (const [path, template] of answers) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(answerErrors(template, await res.json()), path).toEqual([]);
  }
});

test("errors are JSON with the right status; other methods 405; the CORS preflight is answered", {
  tag: "@once",
}, async ({ request }) => {
  const cases: [string, number][] = [
    ["/api/v1/nothing", 404],
    ["/api/v1/editions/1900", 404],
    ["/api/v1/editions/current/rounds/999999999999/results", 404],
    ["/api/v1/editions/20x6", 400],
    ["/api/v1/editions/current/rounds/abc/results", 400],
  ];
  for (const [path, status] of cases) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(status);
    expect(res.headers()["content-type"], path).toBe("application/json; charset=utf-8");
    expect(res.headers()["access-control-allow-origin"], path).toBe("*");
    expect(errorErrors(await res.json()), path).toEqual([]);
  }
  for (const method of ["POST", "PUT", "DELETE"] as const) {
    const res = await request.fetch("/api/v1/editions", { method, data: { a: 1 } });
    expect(res.status(), method).toBe(405);
    expect(res.headers().allow).toBe("GET, HEAD, OPTIONS");
    expect(await res.json()).toEqual({ error: "Only GET, HEAD and OPTIONS are allowed." });
  }
  const preflight = await request.fetch(TIMETABLE, {
    method: "OPTIONS",
    headers: {
      Origin: "https://club.example",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "if-none-match",
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
  expect(preflight.headers()["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
});

test("no answer names a person: not the crew member's name nor email, nor a DSQ's reason", {
  tag: "@once",
}, async ({ request }) => {
  const race = createOpenDataRace();
  const paths = [
    "/api/v1/editions",
    "/api/v1/editions/current",
    TIMETABLE,
    resultsOf(race.roundId),
    "/api/v1/editions/current/standings",
  ];
  for (const path of paths) {
    const text = await (await request.get(path)).text();
    expect(text, path).not.toContain("QUILLFEATHER");
    expect(text, path).not.toContain(race.person.email);
    expect(text, path).not.toContain("Swapped with");
  }
  expect(await (await request.get(resultsOf(race.roundId))).text()).toContain(race.teams[1]);
});

test("/api documents the API and the webhooks, without JavaScript, linked from /results", async ({
  page,
}) => {
  test.skip(isJs(), "a plain document without a script: the no-js run covers it");
  await page.goto("/results");
  await page.getByRole("link", { name: "Open data (API)" }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "Open data API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "GET /api/v1/editions/{year}/timetable" })).toBeVisible();
  for (const event of [
    "result.provisional",
    "result.official",
    "result.revised",
    "notice.posted",
    "timetable.changed",
    "standings.changed",
  ])
    await expect(page.locator("dt", { hasText: event })).toBeVisible();
  await expect(
    page.locator("p", {
      hasText: /Regatta-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>\.<body>"/,
    }),
  ).toBeVisible();
  await expect(page.getByText("timingSafeEqual(given, expected)")).toBeVisible();
  await expect(page.getByText(/after 1, 5 and 30 minutes, then 2 and 6 hours/)).toBeVisible();
  // The example answer opens without a script (details/summary).
  await page.getByText("Example answer").nth(1).click();
  await expect(page.getByText('"expectedStart"').first()).toBeVisible();
  await page.getByRole("link", { name: "The machine-readable description (OpenAPI 3.1)" }).click();
  await expect(page).toHaveURL(/\/api\/v1\/openapi\.json$/);
});
