// The big screen's data (issue 20, section 6) on a real SQLite file: now racing (started, no
// results), the next three not started by race number, the newest Provisional and Official rounds
// with crews by place then DNF, DSQ, DNS, how late the day runs, the notice; deleted events' rounds
// never show. And the pages: /board with its no-JS meta refresh and notice; /scoreboard without a
// meta refresh by default, with one at ?refresh=30, crews by place and the round's state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { renderBigBoard, renderBigBoardPage } from "~/routes/board/page.server";
import { db, schema } from "~/lib/db.server";
import { liveBigBoard, liveBoard } from "~/routes/scoreboard/live.server";
import { boardData, LATEST_RESULTS } from "~/models/board.server";
import { scoreboardData } from "~/models/scoreboard.server";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

const T0 = Date.UTC(2026, 11, 1, 1, 0); // 09:00 in Malaysia
const min = (n: number) => new Date(T0 + n * 60_000);
let r: Record<string, number> = {};

beforeAll(() => {
  const club = db()
    .insert(schema.associations)
    .values({ name: "Bd Club", country: "MY", token: "bd" })
    .returning()
    .get().id;
  const event = (name: string, deleted = false) =>
    db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
  const ev = event("BD 200M OPEN");
  const gone = event("BD GONE", true);
  const teams = Array.from(
    { length: 6 },
    (_, i) =>
      db()
        .insert(schema.teams)
        .values({ associationId: club, eventId: ev, name: `BD TEAM ${i + 1}` })
        .returning()
        .get().id,
  );
  const round = (name: string, values: Partial<typeof schema.rounds.$inferInsert>, eventId = ev) =>
    db()
      .insert(schema.rounds)
      .values({ eventId, name, description: "", ...values })
      .returning()
      .get().id;
  r = {
    done: round("BD 200M OPEN HEAT 1", {
      raceNumber: 1,
      scheduledAt: min(0),
      startedAt: min(2),
      resultState: "OFFICIAL",
      revision: 1,
      resultsAt: min(10),
    }),
    prov: round("BD 200M OPEN HEAT 2", {
      raceNumber: 2,
      scheduledAt: min(10),
      startedAt: min(14),
      resultState: "PROVISIONAL",
      resultsAt: min(20),
      protestUntil: new Date(Date.UTC(2026, 11, 1, 6, 35)),
    }),
    racing: round("BD 200M OPEN HEAT 3", { raceNumber: 3, scheduledAt: min(20), startedAt: min(32) }),
    n6: round("BD 200M OPEN FINAL", { raceNumber: 6, scheduledAt: min(50) }),
    n4: round("BD 200M OPEN HEAT 4", { raceNumber: 4, scheduledAt: min(30) }),
    n5: round("BD 200M OPEN REP 1", { raceNumber: 5, scheduledAt: min(40) }),
    n7: round("BD 200M OPEN MINOR", { raceNumber: 7, scheduledAt: min(60) }),
    unscheduled: round("BD 200M OPEN SPARE", {}),
    goneRacing: round("BD GONE HEAT", { raceNumber: 99, startedAt: min(1) }, gone),
  };
  const race = (
    roundId: number,
    lane: string,
    team: number,
    values: Partial<typeof schema.races.$inferInsert> = {},
  ) =>
    db()
      .insert(schema.races)
      .values({ roundId, lane, teamId: teams[team], ...values })
      .run();
  // Heat 2: lane order differs from place order; a tie, and every non-finisher.
  race(r.prov, "1", 0, { status: "DNS", score: "DNS" });
  race(r.prov, "2", 1, { place: 2, timeMs: 62_000, score: "1:02.00" });
  race(r.prov, "3", 2, { place: 1, timeMs: 61_000, score: "1:01.00" });
  race(r.prov, "4", 3, { status: "DSQ", statusReason: "Lane", score: "DSQ" });
  race(r.prov, "5", 4, { place: 2, timeMs: 62_000, score: "1:02.00" });
  race(r.prov, "6", 5, { status: "DNF", score: "DNF" });
  race(r.done, "1", 0, { place: 2, score: "1:05.00" });
  race(r.done, "2", 1, { place: 1, score: "1:04.00" });
  race(r.racing, "2", 2);
  race(r.racing, "1", 3);
  race(r.n4, "1", 4);
});

afterAll(() => {
  liveBoard().closeStreams();
  liveBigBoard().closeStreams();
});

describe("boardData", () => {
  it("has the started race without results, the next three by race number, and the delay", () => {
    const data = boardData(ED);
    expect(data.nowRacing.map((x) => x.id)).toEqual([r.racing]);
    expect(data.nowRacing[0].lanes.map((l) => l.lane)).toEqual(["1", "2"]);
    expect(data.next.map((x) => x.raceNumber)).toEqual([4, 5, 6]);
    expect(data.next[0]).toMatchObject({ roundName: "BD 200M OPEN HEAT 4", scheduledAt: min(30).getTime() });
    expect(data.next[0].lanes).toEqual([
      { lane: "1", team: "BD TEAM 5", score: null, place: null, status: null, ready: false },
    ]);
    expect(data.delayMinutes).toBe(12); // heat 3 started 09:32 for 09:20
  });

  it("has the newest results first, crews by place (ties share it), then DNF, DSQ, DNS", () => {
    const { latest } = boardData(ED);
    expect(latest.map((x) => x.id)).toEqual([r.prov, r.done]);
    expect(latest[0]).toMatchObject({ state: "PROVISIONAL", revision: 0 });
    expect(latest[0].lanes.map((l) => [l.place ?? l.status, l.team])).toEqual([
      [1, "BD TEAM 3"],
      [2, "BD TEAM 2"],
      [2, "BD TEAM 5"],
      ["DNF", "BD TEAM 6"],
      ["DSQ", "BD TEAM 4"],
      ["DNS", "BD TEAM 1"],
    ]);
    expect(latest[1]).toMatchObject({ state: "OFFICIAL", revision: 1 });
    expect(latest[1].lanes.map((l) => l.team)).toEqual(["BD TEAM 2", "BD TEAM 1"]);
  });

  it("keeps at most LATEST_RESULTS results and shows the current notice", () => {
    expect(boardData(ED).notice).toBeNull();
    db().insert(schema.notices).values({ text: "Old notice", removedAt: new Date() }).run();
    db().insert(schema.notices).values({ text: "Lunch break until 13:00" }).run();
    expect(boardData(ED).notice?.text).toBe("Lunch break until 13:00");
    expect(scoreboardData(ED).notice?.text).toBe("Lunch break until 13:00");
    expect(boardData(ED).latest.length).toBeLessThanOrEqual(LATEST_RESULTS);
  });
});

describe("the /board page", () => {
  it("shows the sections, the notice, the state with the protest time, and reloads every 30 s without JS", () => {
    const data = boardData(ED);
    const board = renderBigBoard(data, EN);
    expect(board).toContain("Now racing");
    expect(board).toContain("Race 4");
    expect(board).toContain("Start 09:30");
    expect(board).toContain("Running 12 min late");
    expect(board).toContain("Provisional, protests until 14:35");
    expect(board).toContain(">Official<");
    expect(board).toContain("Lunch break until 13:00");
    const page = renderBigBoardPage(board, "v1", "en");
    expect(page).toContain('<noscript><meta http-equiv="refresh" content="30"/></noscript>');
    expect(page).toContain("This page refreshes every 30 seconds.");
    expect(page).toContain('data-events="/board/events"');
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const ms = renderBigBoardPage(renderBigBoard(data, MS), "v1", "ms");
    expect(ms).toContain("Sedang berlumba");
    expect(ms).toContain("Lewat 12 minit");
  });

  it("is served from memory with an ETag and 304, through the route's loader too", async () => {
    const { loader } = await import("~/routes/board/route");
    const first = await loader({ request: new Request("http://x/board"), params: {}, context: {} });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") as string;
    expect(await first.text()).toContain("Lunch break until 13:00");
    const again = await loader({
      request: new Request("http://x/board", { headers: { "if-none-match": etag } }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(304);
  });
});

describe("the /scoreboard page", () => {
  it("lists a shown round by place with its state and the notice; no meta refresh unless asked", async () => {
    db().insert(schema.scoreboardRounds).values({ roundId: r.prov }).run();
    const { loader } = await import("~/routes/scoreboard/route");
    const get = async (url: string) =>
      (await loader({ request: new Request(url), params: {}, context: {} })).text();
    const html = await get("http://x/scoreboard");
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain('href="/scoreboard?refresh=30"');
    expect(html).toContain("Provisional, protests until 14:35");
    expect(html).toContain("Lunch break until 13:00");
    const teams = [...html.matchAll(/<td class="sb-team">([^<]*)</g)].map((m) => m[1]);
    expect(teams).toEqual(["BD TEAM 3", "BD TEAM 2", "BD TEAM 5", "BD TEAM 6", "BD TEAM 4", "BD TEAM 1"]);
    expect(html).toContain('<td class="sb-place">1</td>');
    expect(html).toContain('<td class="sb-place">DNF</td>');
    const refreshing = await get("http://x/scoreboard?refresh=30");
    expect(refreshing).toContain('<noscript><meta http-equiv="refresh" content="30"/></noscript>');
    expect(refreshing).toContain('href="/scoreboard">Stop refreshing</a>');
  });
});
