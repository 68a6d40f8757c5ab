// Migration 0017 (issue 20): today's free-text scores read into the result columns the way
// app/rules/race-time.ts parseScore reads them, on a real SQLite file migrated to 0016 first (the
// database as race day left it). Every row is checked against parseScore; score never changes;
// rounds with a non-empty score become Provisional with no protest deadline; timed lanes get their
// place in the round (time plus penalty, ties share, 1,2,2,4); a row that already holds a result
// is left alone.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "~/lib/db.server";
import { parseScore } from "~/rules/race-time";

const MIGRATIONS = path.resolve("db/migrations");
const scratch = path.resolve("tests/.tmp/unit", `scores-migration-${process.pid}`);
const file = path.join(scratch, "race-day.db");

/** A copy of the migrations up to 0016 (what the database had before this change). */
function migrationsBefore0017(): string {
  const dir = path.join(scratch, "migrations-before");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) if (Number(f.slice(0, 4)) >= 17) fs.rmSync(path.join(dir, f));
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => Number(e.tag.slice(0, 4)) < 17);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Every form parseScore reads, its edges, and junk it refuses. */
const WIDE: (string | null)[] = [
  // times
  "1:02.35",
  "1:02.3",
  "1:02.345",
  "1:02",
  "0:58.20",
  "58.20",
  "58.2",
  "9.99",
  " 2:01.34 ",
  "59:59.99",
  "59:59.999",
  "00:00.001",
  "0:01",
  "\u00a01:02.35\n",
  "\t4:05.5\r\n",
  "12:00",
  // places
  "1st",
  "2ND",
  "3rd",
  "4th",
  "11th",
  "12th",
  "13th",
  "21st",
  "22nd",
  "23rd",
  "99th",
  "01st",
  "Th1",
  "1St",
  // records
  "2-1",
  "0-0",
  "10-10",
  " 2 - 1 ",
  "2\t-\t1",
  "99-0",
  "00-07",
  // outs
  "DNS",
  "dnf",
  "Dsq",
  " DNS ",
  // none
  "",
  "   ",
  null,
  // junk
  "58",
  "1.02.35",
  "1:2.35",
  "61.00",
  "1:60.00",
  "60:00.00",
  "0:00.00",
  "0.0",
  "0:00",
  "00th",
  "1th",
  "2st",
  "11st",
  "12nd",
  "13rd",
  "111th",
  "123-4",
  "2-",
  "-1",
  "2-1-0",
  "2 1-0",
  "DN S",
  "DQ",
  "disq",
  "DNS!",
  "x".repeat(21),
  `${"1".repeat(19)}st`,
  "1:02.3456",
  "1:02.35abc",
  "1st place",
  ".5",
  "5.",
  "1:02.",
  "١:٠٢.٣٥",
  "ＤＮＳ",
  "2:35.19 / DNF",
  "won",
  "Lane 3",
  "🚣 1:02.35",
  "1:02.35 ",
  "   DSQ",
];

type RaceRow = {
  id: number;
  round_id: number;
  score: string | null;
  time_ms: number | null;
  status: string | null;
  place: number | null;
  wins: number | null;
  losses: number | null;
  penalty_ms: number;
};
type RoundRow = {
  id: number;
  result_state: string;
  results_at: number | null;
  protest_until: number | null;
  revision: number;
};

const before = new Map<number, string | null>();
let wideRound = 0;
let junkRound = 0;
let emptyRound = 0;
let rankRound = 0;
let presetRace = 0;
let migratedAt = 0;
let races: RaceRow[] = [];
let rounds: RoundRow[] = [];

beforeAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const old = openDb(file, migrationsBefore0017());
  const sql = old.$client;
  const one = (q: string, ...args: unknown[]) => (sql.prepare(q).get(...args) as { id: number }).id;
  const club = one("INSERT INTO associations (name, country, token) VALUES ('Club', 'MY', 't') RETURNING id");
  const event = one("INSERT INTO events (name) VALUES ('500M OPEN') RETURNING id");
  const round = (name: string) =>
    one("INSERT INTO rounds (event_id, name) VALUES (?, ?) RETURNING id", event, name);
  let teams = 0;
  const race = (roundId: number, lane: number, score: string | null, penaltyMs = 0) => {
    const team = one(
      "INSERT INTO teams (name, association_id, event_id) VALUES (?, ?, ?) RETURNING id",
      `Team ${++teams}`,
      club,
      event,
    );
    const id = one(
      "INSERT INTO races (round_id, team_id, lane, score, penalty_ms) VALUES (?, ?, ?, ?, ?) RETURNING id",
      roundId,
      team,
      String(lane),
      score,
      penaltyMs,
    );
    before.set(id, score);
    return id;
  };

  wideRound = round("Wide");
  for (const [i, score] of WIDE.entries()) race(wideRound, i + 1, score);
  junkRound = round("Junk only");
  race(junkRound, 1, "won");
  race(junkRound, 2, null);
  emptyRound = round("Not raced");
  race(emptyRound, 1, null);
  race(emptyRound, 2, "");
  race(emptyRound, 3, "  \t ");
  round("No lanes");
  rankRound = round("Ties and penalties");
  race(rankRound, 1, "2:35.19"); // 155.19
  race(rankRound, 2, "2:43.85"); // 163.85
  race(rankRound, 3, "2:43.850"); // tie with lane 2
  race(rankRound, 4, "2:30.00", 30_000); // 180.00 with its penalty: last of the timed
  race(rankRound, 5, "2:40.00", 3_850); // 163.85 with its penalty: ties lanes 2 and 3
  race(rankRound, 6, "DNF");
  race(rankRound, 7, "2nd"); // a typed place is kept as typed
  // A lane the new results screen already wrote (the column set): left alone.
  presetRace = race(rankRound, 8, "1:00.00");
  sql.prepare("UPDATE races SET status = 'DSQ' WHERE id = ?").run(presetRace);
  old.$client.close();

  const startedAt = Date.now();
  const upgraded = openDb(file, MIGRATIONS);
  migratedAt = Date.now();
  races = upgraded.$client.prepare("SELECT * FROM races ORDER BY id").all() as RaceRow[];
  rounds = upgraded.$client.prepare("SELECT * FROM rounds ORDER BY id").all() as RoundRow[];
  const tables = upgraded.$client
    .prepare("SELECT name FROM sqlite_temp_master WHERE name = 'score_0017'")
    .all();
  expect(tables).toEqual([]); // the scratch table is gone
  upgraded.$client.close();
  expect(migratedAt).toBeGreaterThanOrEqual(startedAt);
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const roundOf = (id: number) => rounds.find((r) => r.id === id) as RoundRow;

describe("migration 0017: scores into the result columns", () => {
  it("keeps every score exactly as it was", () => {
    expect(races).toHaveLength(before.size);
    for (const r of races) expect(r.score, `race ${r.id}`).toBe(before.get(r.id));
  });

  it("reads every score the way parseScore does", () => {
    const kinds = new Set<string>();
    for (const r of races) {
      if (r.id === presetRace) continue;
      const parsed = parseScore(r.score);
      kinds.add(parsed.kind);
      const got = { time: r.time_ms, status: r.status, wins: r.wins, losses: r.losses };
      const want = {
        time: parsed.kind === "time" ? parsed.ms : null,
        status: parsed.kind === "out" ? parsed.code : null,
        wins: parsed.kind === "record" ? parsed.wins : null,
        losses: parsed.kind === "record" ? parsed.losses : null,
      };
      expect(got, JSON.stringify(r.score)).toEqual(want);
      if (parsed.kind === "place") expect(r.place, JSON.stringify(r.score)).toBe(parsed.place);
      if (parsed.kind !== "place" && parsed.kind !== "time")
        expect(r.place, JSON.stringify(r.score)).toBeNull();
    }
    expect([...kinds].sort()).toEqual(["bad", "none", "out", "place", "record", "time"]);
  });

  it("reads enough of each kind to mean something", () => {
    const count = (kind: string) => WIDE.filter((s) => parseScore(s).kind === kind).length;
    expect(count("time")).toBeGreaterThanOrEqual(15);
    expect(count("place")).toBeGreaterThanOrEqual(12);
    expect(count("record")).toBeGreaterThanOrEqual(7);
    expect(count("bad")).toBeGreaterThanOrEqual(40);
  });

  it("places the timed lanes of a round by time plus penalty, ties sharing (1, 2, 2, 2, 5)", () => {
    const lanes = races.filter((r) => r.round_id === rankRound);
    expect(lanes.map((r) => [r.time_ms, r.status, r.place])).toEqual([
      [155_190, null, 1],
      [163_850, null, 2],
      [163_850, null, 2],
      [150_000, null, 5],
      [160_000, null, 2],
      [null, "DNF", null],
      [null, null, 2],
      [null, "DSQ", null], // already written by the results screen: untouched
    ]);
  });

  it("places the wide round's times by RANK, as computed from parseScore", () => {
    const timed = races
      .filter((r) => r.round_id === wideRound && parseScore(r.score).kind === "time")
      .map((r) => ({ id: r.id, key: (r.time_ms as number) + r.penalty_ms, place: r.place }));
    for (const t of timed) expect(t.place).toBe(1 + timed.filter((o) => o.key < t.key).length);
  });

  it("makes a round with any non-empty score Provisional now, with no protest deadline", () => {
    for (const id of [wideRound, junkRound, rankRound]) {
      const r = roundOf(id);
      expect(r.result_state).toBe("PROVISIONAL");
      expect(r.protest_until).toBeNull();
      expect(r.revision).toBe(0);
      expect(r.results_at).toBeGreaterThan(migratedAt - 60_000);
      expect(r.results_at).toBeLessThanOrEqual(migratedAt);
      expect(Number.isInteger(r.results_at)).toBe(true);
    }
  });

  it("leaves a round with no score (or only blanks), and one with no lanes, as it was", () => {
    for (const r of rounds.filter((r) => ![wideRound, junkRound, rankRound].includes(r.id))) {
      expect(r).toMatchObject({ result_state: "NONE", results_at: null, protest_until: null });
    }
    expect(roundOf(emptyRound).result_state).toBe("NONE");
  });
});
