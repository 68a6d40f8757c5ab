// Public results by year (issue 21): the model (an edition's OFFICIAL rounds only, by event then
// race number, crews by place then DNF/DSQ/DNS; another edition's rounds and a deleted event's never
// show) and the pages (/results lists the public editions newest first; /results/:year; an unknown,
// malformed or DRAFT year is a 404 page; English and Malay; one rendering per data change: the same
// ETag twice, 304 to If-None-Match, a new ETag after a result changes).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { RESULTS_MAX_AGE, resultsResponse } from "~/routes/results._index/page.server";
import { currentEdition, type Edition, editionByYear } from "~/models/edition.server";
import { officialResults } from "~/models/public-results.server";
import { loader as indexLoader } from "~/routes/results._index/route";
import { loader as yearLoader } from "~/routes/results.$year";

const ORIGIN = "http://127.0.0.1:3999";
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers });

let open: Edition;
let past: Edition;
const ids: Record<string, number> = {};

beforeAll(() => {
  const d = db();
  open = currentEdition();
  const year = open.year - 1;
  const { id } = d
    .insert(schema.editions)
    .values({
      name: `Regatta ${year}`,
      year,
      startsOn: `${year}-11-28`,
      endsOn: `${year}-11-30`,
      state: "DRAFT",
    })
    .returning({ id: schema.editions.id })
    .get();
  d.insert(schema.editions)
    .values({
      name: `Regatta ${open.year + 1}`,
      year: open.year + 1,
      startsOn: "x",
      endsOn: "x",
      state: "DRAFT",
    })
    .run();
  const club = d
    .insert(schema.associations)
    .values({ name: "PR CLUB", country: "MY", token: "pr-club" })
    .returning()
    .get().id;
  const event = (name: string, editionId: number, deleted = false) =>
    d.insert(schema.events).values({ name, description: "", editionId, deleted }).returning().get().id;
  const teamsOf = (eventId: number, prefix: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        d
          .insert(schema.teams)
          .values({ associationId: club, eventId, name: `${prefix} ${String.fromCharCode(65 + i)}` })
          .returning()
          .get().id,
    );
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
    v: Partial<typeof schema.races.$inferInsert>,
  ) =>
    d
      .insert(schema.races)
      .values({ roundId, lane, teamId, ...v })
      .run();

  // Last year's: a sprint with its heat (revised) and final, a provisional and an unraced round;
  // a Tug of War; a deleted event's official round.
  const sprint = event("PR 250M OPEN", id);
  const st = teamsOf(sprint, "PR SPRINT", 4);
  ids.final = round(sprint, "PR 250M OPEN FINAL", { raceNumber: 9, resultState: "OFFICIAL", revision: 1 });
  ids.heat = round(sprint, "PR 250M OPEN HEAT 1", { raceNumber: 2, resultState: "OFFICIAL", revision: 2 });
  ids.prov = round(sprint, "PR 250M OPEN HEAT 2", { raceNumber: 3, resultState: "PROVISIONAL" });
  ids.none = round(sprint, "PR 250M OPEN HEAT 3", { raceNumber: 4 });
  lane(ids.heat, "1", st[0], { status: "DNF", score: "DNF" });
  lane(ids.heat, "2", st[1], { timeMs: 65_870, place: 2, score: "1:05.87" });
  lane(ids.heat, "3", st[2], { timeMs: 60_410, penaltyMs: 2_000, place: 1, score: "1:02.41 (+2.00)" });
  lane(ids.heat, "4", st[3], { timeMs: 66_000, place: 3, score: "1:06.00" });
  lane(ids.final, "3", st[2], { timeMs: 61_000, place: 1, score: "1:01.00" });
  lane(ids.prov, "1", st[0], { timeMs: 70_000, place: 1, score: "1:10.00" });
  const tug = event("PR TUG OF WAR MIXED", id);
  const tt = teamsOf(tug, "PR TUG", 2);
  ids.tug = round(tug, "PR TUG OF WAR MIXED ROUND 1", {
    raceNumber: 5,
    resultState: "OFFICIAL",
    revision: 1,
  });
  lane(ids.tug, "1", tt[0], { wins: 1, losses: 1, place: 2, score: "1-1" });
  lane(ids.tug, "2", tt[1], { wins: 2, losses: 0, place: 1, score: "2-0" });
  const gone = event("PR GONE", id, true);
  ids.gone = round(gone, "PR GONE FINAL", { raceNumber: 7, resultState: "OFFICIAL", revision: 1 });

  // This year's (the open edition): an official round of an event of the same name.
  const now = event("PR 250M OPEN", open.id);
  const nt = teamsOf(now, "PR NOW", 1);
  ids.open = round(now, "PR 250M OPEN HEAT 1", { raceNumber: 2, resultState: "OFFICIAL", revision: 1 });
  lane(ids.open, "1", nt[0], { timeMs: 59_000, place: 1, score: "59.00" });

  d.update(schema.editions).set({ state: "ARCHIVED" }).where(eq(schema.editions.id, id)).run();
  past = editionByYear(year) as Edition;
});

describe("officialResults", () => {
  it("an edition's official rounds only, by event then race number, crews by place then DNF", () => {
    const events = officialResults(past.id);
    expect(events.map((e) => e.name)).toEqual(["PR 250M OPEN", "PR TUG OF WAR MIXED"]);
    const [sprint, tug] = events;
    expect(sprint.rounds.map((r) => r.id)).toEqual([ids.heat, ids.final]);
    const [heat] = sprint.rounds;
    expect(heat).toMatchObject({ raceNumber: 2, revision: 2, tug: false });
    expect(heat.lanes.map((l) => [l.lane, l.place, l.status])).toEqual([
      ["3", 1, null],
      ["2", 2, null],
      ["4", 3, null],
      ["1", null, "DNF"],
    ]);
    expect(heat.lanes[0]).toMatchObject({ team: "PR SPRINT C", timeMs: 60_410, penaltyMs: 2_000 });
    expect(tug.rounds[0]).toMatchObject({ id: ids.tug, tug: true });
    expect(tug.rounds[0].lanes.map((l) => [l.place, l.wins, l.losses])).toEqual([
      [1, 2, 0],
      [2, 1, 1],
    ]);
  });

  it("another edition's rounds never show", () => {
    const mine = officialResults(open.id).flatMap((e) => e.rounds.map((r) => r.id));
    expect(mine).toContain(ids.open);
    for (const id of [ids.heat, ids.final, ids.tug]) expect(mine).not.toContain(id);
    const theirs = officialResults(past.id).flatMap((e) => e.rounds.map((r) => r.id));
    expect(theirs).not.toContain(ids.open);
    expect(theirs).not.toContain(ids.gone);
    expect(theirs).not.toContain(ids.prov);
    expect(officialResults(987_654)).toEqual([]);
  });
});

describe("the pages", () => {
  it("/results lists the public editions, newest first, each a link to its year", async () => {
    const res = await indexLoader({ request: get("/results"), params: {}, context: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${RESULTS_MAX_AGE}`);
    const html = await res.text();
    const links = [...html.matchAll(/href="\/results\/(\d{4})"/g)].map((m) => Number(m[1]));
    // The DRAFT edition (next year) is not public.
    expect(links).toEqual([open.year, past.year]);
    expect(html).toContain(`Regatta ${past.year}`);
    expect(html).toContain("Archived");
  });

  it("/results/:year shows the official results with time, penalty and the state", async () => {
    const res = await yearLoader({
      request: get(`/results/${past.year}`),
      params: { year: `${past.year}` },
      context: {},
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Regatta ${past.year} results`);
    expect(html).toContain("PR 250M OPEN HEAT 1");
    expect(html).toContain("Official (revised)");
    expect(html).toContain("1:00.41"); // the time
    expect(html).toContain("+2.00"); // the penalty
    expect(html).toContain("1:02.41"); // the result the place stands on
    expect(html).toContain("DNF");
    expect(html).toContain("2-0");
    expect(html).not.toContain("PR 250M OPEN HEAT 2"); // provisional
    expect(html).not.toContain("PR GONE");
    expect(html).not.toContain("PR NOW A"); // this year's crew
    // Heat before final (race numbers 2 and 9).
    expect(html.indexOf("PR 250M OPEN HEAT 1")).toBeLessThan(html.indexOf("PR 250M OPEN FINAL"));
  });

  it("in Malay for a Malay visitor", async () => {
    const res = resultsResponse(get(`/results/${past.year}`, { Cookie: "lang=ms" }), `${past.year}`);
    const html = await res.text();
    expect(html).toContain('lang="ms"');
    expect(html).toContain(`Keputusan Regatta ${past.year}`);
    expect(html).toContain("Rasmi (disemak)");
  });

  it("an unknown, malformed or DRAFT year is a 404 page leading back to the list", async () => {
    for (const year of ["1999", "20x5", "123456789012345", `${open.year + 1}`]) {
      const res = resultsResponse(get(`/results/${year}`), year);
      expect(res.status, year).toBe(404);
      const html = await res.text();
      expect(html).toContain('href="/results"');
      expect(html).toContain("There are no results for");
    }
  });

  it("is rendered once per data change: same ETag, 304 when the browser has it, new after a change", async () => {
    const path = `/results/${open.year}`;
    const first = resultsResponse(get(path), `${open.year}`);
    const second = resultsResponse(get(path), `${open.year}`);
    const etag = first.headers.get("ETag") as string;
    expect(etag).toMatch(/^W\/"/);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    const cached = resultsResponse(get(path, { "If-None-Match": etag }), `${open.year}`);
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    // Another language is another page.
    expect(resultsResponse(get(path, { Cookie: "lang=ms" }), `${open.year}`).headers.get("ETag")).not.toBe(
      etag,
    );

    // A result changes: a new page.
    db()
      .update(schema.races)
      .set({ timeMs: 58_000, score: "58.00" })
      .where(eq(schema.races.roundId, ids.open))
      .run();
    const after = resultsResponse(get(path, { "If-None-Match": etag }), `${open.year}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    expect(await after.text()).toContain("58.00");
  });

  it("an archived edition cannot change under its page", () => {
    expect(() =>
      db().update(schema.races).set({ timeMs: 1 }).where(eq(schema.races.roundId, ids.heat)).run(),
    ).toThrow(/EDITION_ARCHIVED/);
  });
});
