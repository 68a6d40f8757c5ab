// The public JSON API (issue 29 part 3): the documents (timetable, a round's results, editions,
// standings; team and club names only, never a person's), each valid against the OpenAPI document,
// which is itself a valid OpenAPI 3.1 document; and the answers through the route (ETag and 304,
// CORS, JSON errors with their status, one reading per data change).
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { API_EXAMPLES, VERIFY_EXAMPLE } from "~/routes/api/page.server";
import { db, schema } from "~/lib/db.server";
import { API_MAX_AGE, resetApiCache } from "~/services/open-data-api.server";
import { OPENAPI } from "~/lib/open-data-openapi";
import { currentEdition, type Edition, editionByYear } from "~/models/edition.server";
import { editionsJson, roundResultsJson, standingsJson, timetableJson } from "~/models/open-data.server";
import { loader as docsLoader } from "~/routes/api/route";
import { action, loader } from "~/routes/api_.v1.$";
import { answerErrors, errorErrors, openapiErrors } from "../open-data-schemas";

const ORIGIN = "http://127.0.0.1:3999";
const PERSON = "ZEPHYRINE QUILLFEATHER";
const EMAIL = "zephyrine.quillfeather@example.test";
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 1, 0); // 09:00 in Malaysia

let open: Edition;
let past: Edition;
const ids: Record<string, number> = {};

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  loader({ request: new Request(`${ORIGIN}${path}`, { method, headers }), params: {}, context: {} });
const post = (path: string, method = "POST") =>
  action({ request: new Request(`${ORIGIN}${path}`, { method, body: "{}" }), params: {}, context: {} });

beforeAll(() => {
  const d = db();
  open = currentEdition();
  const club = d
    .insert(schema.associations)
    .values({ name: "OD CLUB", country: "MY", token: "od-club" })
    .returning()
    .get().id;
  const other = d
    .insert(schema.associations)
    .values({ name: "OD RIVALS", country: "SG", token: "od-rivals" })
    .returning()
    .get().id;
  d.insert(schema.users)
    .values({
      email: EMAIL,
      hash: "x",
      name: PERSON,
      role: "COMPETITOR",
      associationId: club,
      verified: true,
      approved: true,
    })
    .run();
  const event = (name: string, editionId: number, deleted = false) =>
    d.insert(schema.events).values({ name, description: "", editionId, deleted }).returning().get().id;
  const team = (eventId: number, name: string, associationId = club) =>
    d.insert(schema.teams).values({ associationId, eventId, name }).returning().get().id;
  const round = (eventId: number, name: string, values: Partial<typeof schema.rounds.$inferInsert>) =>
    d
      .insert(schema.rounds)
      .values({ eventId, name, description: "", ...values })
      .returning()
      .get().id;
  const lane = (
    roundId: number,
    lane: string,
    teamId: number,
    v: Partial<typeof schema.races.$inferInsert> = {},
  ) =>
    d
      .insert(schema.races)
      .values({ roundId, lane, teamId, ...v })
      .run();

  const sprint = event("OD 200M OPEN", open.id);
  const a = team(sprint, "OD CLUB A");
  const b = team(sprint, "OD RIVALS A", other);
  const c = team(sprint, "OD CLUB B");
  // Race 1 started 12 minutes late and is Official; race 2 is Provisional; race 3 is on the water;
  // race 10 is still to come (lanes 10 and 2: lane order is by number); one round has no race number.
  ids.official = round(sprint, "OD HEAT 1", {
    raceNumber: 1,
    scheduledAt: new Date(T0),
    startedAt: new Date(T0 + 12 * MIN),
    resultState: "OFFICIAL",
    revision: 2,
    resultsAt: new Date(T0 + 20 * MIN),
  });
  lane(ids.official, "1", a, {
    timeMs: 61_000,
    place: 2,
    penaltyMs: 2_000,
    penaltyReason: `${PERSON} steered out`,
  });
  lane(ids.official, "2", b, { timeMs: 60_000, place: 1 });
  lane(ids.official, "3", c, { status: "DSQ", statusReason: `${PERSON} swapped in`, timeMs: 59_000 });
  ids.provisional = round(sprint, "OD HEAT 2", {
    raceNumber: 2,
    scheduledAt: new Date(T0 + 10 * MIN),
    startedAt: new Date(T0 + 15 * MIN),
    resultState: "PROVISIONAL",
    protestUntil: new Date(T0 + 40 * MIN),
  });
  lane(ids.provisional, "1", a, { timeMs: 62_000, place: 1 });
  lane(ids.provisional, "2", b, { timeMs: 62_000, place: 1 });
  ids.racing = round(sprint, "OD HEAT 3", {
    raceNumber: 3,
    scheduledAt: new Date(T0 + 20 * MIN),
    startedAt: new Date(T0 + 31 * MIN),
  });
  lane(ids.racing, "1", a, { timeMs: 1_000, place: 1, score: "1.00" }); // typed early: not public yet
  ids.next = round(sprint, "OD FINAL", { raceNumber: 10, scheduledAt: new Date(T0 + 60 * MIN) });
  lane(ids.next, "10", a);
  lane(ids.next, "2", b);
  ids.unnumbered = round(sprint, "OD REPECHAGE", {});
  const gone = event("OD GONE", open.id, true);
  ids.gone = round(gone, "OD GONE FINAL", { raceNumber: 99, resultState: "OFFICIAL", revision: 1 });

  // Last year's, archived.
  const year = open.year - 1;
  const pastId = d
    .insert(schema.editions)
    .values({
      name: `Regatta ${year}`,
      year,
      startsOn: `${year}-11-28`,
      endsOn: `${year}-11-30`,
      state: "DRAFT",
    })
    .returning({ id: schema.editions.id })
    .get().id;
  const oldSprint = event("OD 200M OPEN", pastId);
  ids.pastRound = round(oldSprint, "OD FINAL", { raceNumber: 1, resultState: "OFFICIAL", revision: 1 });
  lane(ids.pastRound, "1", team(oldSprint, "OD CLUB A"), { timeMs: 58_000, place: 1 });
  d.update(schema.editions).set({ state: "ARCHIVED" }).where(eq(schema.editions.id, pastId)).run();
  past = editionByYear(year) as Edition;
  // And a draft of next year: never public.
  d.insert(schema.editions)
    .values({ name: "Draft", year: open.year + 1, startsOn: "x", endsOn: "x", state: "DRAFT" })
    .run();
});

beforeEach(() => resetApiCache());

describe("the documents", () => {
  it("the timetable: numbered races in order, lanes in lane order with team and club, the day's delay", () => {
    const t = timetableJson(open.id);
    expect(answerErrors("/api/v1/editions/{year}/timetable", t)).toEqual([]);
    expect(t.edition).toEqual({ year: open.year, name: open.name });
    expect(t.delayMinutes).toBe(11); // the latest start: race 3, 11 minutes late
    const mine = t.races.filter((r) => r.event.name === "OD 200M OPEN");
    expect(mine.map((r) => [r.raceNumber, r.state])).toEqual([
      [1, "OFFICIAL"],
      [2, "PROVISIONAL"],
      [3, "RACING"],
      [10, "SCHEDULED"],
    ]);
    expect(t.races.some((r) => r.id === ids.unnumbered || r.id === ids.gone)).toBe(false);
    const [first, , , next] = mine;
    expect(first).toMatchObject({
      id: ids.official,
      round: "OD HEAT 1",
      revision: 2,
      scheduledStart: new Date(T0).toISOString(),
      startedAt: new Date(T0 + 12 * MIN).toISOString(),
      expectedStart: new Date(T0 + 12 * MIN).toISOString(), // started: the actual start
    });
    expect(first.lanes[1]).toEqual({
      lane: "2",
      team: { id: expect.any(Number), name: "OD RIVALS A" },
      club: { id: expect.any(Number), name: "OD RIVALS" },
    });
    expect(next.expectedStart).toBe(new Date(T0 + 71 * MIN).toISOString()); // 10:00 + 11 min
    expect(next.startedAt).toBeNull();
    expect(next.lanes.map((l) => l.lane)).toEqual(["2", "10"]);
  });

  it("a round's results: by place then statuses, penalties added; nothing before results", () => {
    const r = roundResultsJson(open.id, ids.official);
    expect(answerErrors("/api/v1/editions/{year}/rounds/{roundId}/results", r)).toEqual([]);
    expect(r?.round).toMatchObject({
      id: ids.official,
      raceNumber: 1,
      state: "OFFICIAL",
      revision: 2,
      tugOfWar: false,
    });
    expect(r?.round.resultsAt).toBe(new Date(T0 + 20 * MIN).toISOString());
    expect(r?.lanes.map((l) => [l.lane, l.place, l.timeMs, l.penaltyMs, l.resultMs, l.status])).toEqual([
      ["2", 1, 60_000, 0, 60_000, null],
      ["1", 2, 61_000, 2_000, 63_000, null],
      ["3", null, 59_000, 0, 59_000, "DSQ"],
    ]);
    const prov = roundResultsJson(open.id, ids.provisional);
    expect(prov?.round).toMatchObject({
      state: "PROVISIONAL",
      revision: 0,
      protestUntil: new Date(T0 + 40 * MIN).toISOString(),
    });
    expect(prov?.lanes.map((l) => l.place)).toEqual([1, 1]); // a tie shares the place
    const racing = roundResultsJson(open.id, ids.racing);
    expect(racing?.round.state).toBe("RACING");
    expect(racing?.lanes[0]).toMatchObject({ place: null, timeMs: null, resultMs: null, status: null });
    expect(answerErrors("/api/v1/editions/{year}/rounds/{roundId}/results", racing)).toEqual([]);
  });

  it("another edition's round, a deleted event's round, an unknown id: none", () => {
    expect(roundResultsJson(past.id, ids.official)).toBeUndefined();
    expect(roundResultsJson(open.id, ids.pastRound)).toBeUndefined();
    expect(roundResultsJson(open.id, ids.gone)).toBeUndefined();
    expect(roundResultsJson(open.id, 987_654)).toBeUndefined();
    expect(roundResultsJson(past.id, ids.pastRound)?.edition).toEqual({ year: past.year, name: past.name });
  });

  it("an archived edition reads as it is", () => {
    const t = timetableJson(past.id);
    expect(t.edition.year).toBe(past.year);
    expect(t.races.map((r) => [r.id, r.state])).toEqual([[ids.pastRound, "OFFICIAL"]]);
    expect(t.delayMinutes).toBe(0);
  });

  it("editions: the open and archived ones, newest first; drafts never", () => {
    const e = editionsJson();
    expect(answerErrors("/api/v1/editions", e)).toEqual([]);
    expect(e.editions.map((x) => [x.year, x.state, x.current])).toEqual([
      [open.year, "OPEN", true],
      [past.year, "ARCHIVED", false],
    ]);
    expect(e.editions[0].links.timetable).toBe(`/api/v1/editions/${open.year}/timetable`);
  });

  it("standings: the club table's document (valid with or without rows)", () => {
    const s = standingsJson(open.id);
    expect(answerErrors("/api/v1/editions/{year}/standings", s)).toEqual([]);
    expect(s.edition.year).toBe(open.year);
    expect(typeof s.provisional).toBe("boolean");
    expect(s.scheme.kind).toMatch(/^(FINALS|LEAGUE|CUSTOM)$/);
  });

  it("one SQL statement per document, whatever the number of races (no query per race)", () => {
    const prepare = vi.spyOn(db().$client, "prepare");
    try {
      timetableJson(open.id);
      expect(prepare).toHaveBeenCalledTimes(1);
      prepare.mockClear();
      roundResultsJson(open.id, ids.official);
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it("never a person's name or email, nor a free-text reason", () => {
    const all = JSON.stringify([
      editionsJson(),
      timetableJson(open.id),
      timetableJson(past.id),
      standingsJson(open.id),
      ...Object.values(ids).map((id) => roundResultsJson(open.id, id)),
    ]);
    expect(all).toContain("OD RIVALS A");
    expect(all).not.toContain("ZEPHYRINE");
    expect(all).not.toContain("QUILLFEATHER");
    expect(all).not.toContain(EMAIL);
  });
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(await openapiErrors(OPENAPI)).toEqual([]);
    expect(OPENAPI.openapi).toBe("3.1.0");
  });

  it("a broken one is refused (the check checks)", async () => {
    const broken = { ...structuredClone(OPENAPI), paths: { "/x": { get: { responses: "none" } } } };
    expect((await openapiErrors(broken)).length).toBeGreaterThan(0);
    expect(answerErrors("/api/v1/editions", { editions: [{ year: "2026" }] }).length).toBeGreaterThan(0);
  });
});

describe("the answers", () => {
  it("a document: JSON, ETag, Cache-Control, CORS; 304 to its ETag", async () => {
    const res = await get(`/api/v1/editions/${open.year}/timetable`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${API_MAX_AGE}`);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const etag = res.headers.get("ETag") as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const body = await res.json();
    expect(answerErrors("/api/v1/editions/{year}/timetable", body)).toEqual([]);
    const again = await get(`/api/v1/editions/current/timetable`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
  });

  it("read once per data change: the same ETag until a result changes", async () => {
    const path = `/api/v1/editions/${open.year}/rounds/${ids.provisional}/results`;
    const before = (await get(path)).headers.get("ETag");
    expect((await get(path)).headers.get("ETag")).toBe(before);
    db()
      .update(schema.races)
      .set({ place: 2, timeMs: 62_500 })
      .where(eq(schema.races.roundId, ids.provisional))
      .run();
    const after = await get(path);
    expect(after.headers.get("ETag")).not.toBe(before);
    expect((await after.json()).lanes[0].timeMs).toBe(62_500);
  });

  it("every path of the document answers valid JSON", async () => {
    const paths: [string, string][] = [
      ["/api/v1", "/api/v1"],
      ["/api/v1/editions", "/api/v1/editions"],
      [`/api/v1/editions/${past.year}`, "/api/v1/editions/{year}"],
      ["/api/v1/editions/current", "/api/v1/editions/{year}"],
      ["/api/v1/editions/current/timetable", "/api/v1/editions/{year}/timetable"],
      ["/api/v1/editions/current/standings", "/api/v1/editions/{year}/standings"],
      [
        `/api/v1/editions/current/rounds/${ids.official}/results`,
        "/api/v1/editions/{year}/rounds/{roundId}/results",
      ],
    ];
    for (const [path, template] of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(answerErrors(template, await res.json()), path).toEqual([]);
    }
    const doc = await (await get("/api/v1/openapi.json")).json();
    expect(await openapiErrors(doc)).toEqual([]);
  });

  it("errors are JSON with the right status", async () => {
    const cases: [string, number][] = [
      ["/api/v1/nothing", 404],
      ["/api/v1/editions/1999", 404], // no such edition
      [`/api/v1/editions/${open.year + 1}/timetable`, 404], // a draft
      [`/api/v1/editions/${past.year}/rounds/${ids.official}/results`, 404], // another edition's round
      [`/api/v1/editions/current/rounds/${ids.gone}/results`, 404],
      ["/api/v1/editions/20x6/timetable", 400],
      ["/api/v1/editions/current/rounds/0/results", 400],
    ];
    for (const [path, status] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(errorErrors(await res.json()), path).toEqual([]);
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await post("/api/v1/editions", method);
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("Access-Control-Allow-Origin"), method).toBeNull();
      expect(await res.json()).toEqual({ error: "Only GET, HEAD and OPTIONS are allowed." });
    }
  });

  it("the CORS preflight is answered", async () => {
    const res = await get(
      "/api/v1/editions",
      { Origin: "https://club.example", "Access-Control-Request-Method": "GET" },
      "OPTIONS",
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("*");
  });
});

describe("the /api page", () => {
  it("its example answers are valid against the OpenAPI document", () => {
    expect(answerErrors("/api/v1", API_EXAMPLES.index)).toEqual([]);
    expect(answerErrors("/api/v1/editions", API_EXAMPLES.editions)).toEqual([]);
    expect(answerErrors("/api/v1/editions/{year}/timetable", API_EXAMPLES.timetable)).toEqual([]);
    expect(answerErrors("/api/v1/editions/{year}/rounds/{roundId}/results", API_EXAMPLES.results)).toEqual(
      [],
    );
    expect(answerErrors("/api/v1/editions/{year}/standings", API_EXAMPLES.standings)).toEqual([]);
  });

  it("its verification example accepts a good signature and refuses the rest", () => {
    // The example's verify(), run as printed (its imports given to it, its server left out).
    const code = VERIFY_EXAMPLE.slice(
      VERIFY_EXAMPLE.indexOf("/** Regatta-Signature"),
      VERIFY_EXAMPLE.indexOf("http\n"),
    );
    const verify = new Function("createHmac", "timingSafeEqual", `${code}; return verify;`)(
      createHmac,
      timingSafeEqual,
    ) as (header: string, body: string, secret: string) => boolean;
    const body = JSON.stringify({ event: "result.official", id: "x" });
    const t = Math.floor(Date.now() / 1000);
    const sign = (at: number, text: string, secret = "s3cret") =>
      `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${text}`).digest("hex")}`;
    expect(verify(sign(t, body), body, "s3cret")).toBe(true);
    expect(verify(sign(t, body), `${body} `, "s3cret")).toBe(false); // another body
    expect(verify(sign(t, body, "other"), body, "s3cret")).toBe(false); // another secret
    expect(verify(sign(t - 600, body), body, "s3cret")).toBe(false); // too old
    expect(verify("", body, "s3cret")).toBe(false);
    expect(verify(`t=${t},v1=zz`, body, "s3cret")).toBe(false);
  });

  it("renders without script, in English and Malay, with every event and the signature header", async () => {
    const res = await docsLoader({ request: new Request(`${ORIGIN}/api`), params: {}, context: {} });
    expect(res.status).toBe(200);
    // Paths are printed with a break opportunity after each slash.
    const html = (await res.text()).replace(/<\/?span>|<wbr\/>/g, "");
    expect(html).not.toContain("<script");
    for (const text of [
      "Open data API",
      "/api/v1/editions/{year}/timetable",
      "Regatta-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256",
      "result.provisional",
      "standings.changed",
      "after 1, 5 and 30 minutes, then 2 and 6 hours",
      "If-None-Match",
      "Access-Control-Allow-Origin: *",
    ])
      expect(html, text).toContain(text);
    const again = await docsLoader({
      request: new Request(`${ORIGIN}/api`, {
        headers: { "If-None-Match": res.headers.get("ETag") as string },
      }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(304);
    const ms = await (
      await docsLoader({
        request: new Request(`${ORIGIN}/api`, { headers: { Cookie: "lang=ms" } }),
        params: {},
        context: {},
      })
    ).text();
    expect(ms).toContain('lang="ms"');
    expect(ms).toContain("API data terbuka");
  });
});
