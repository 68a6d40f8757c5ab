// The scoreboard model against a real SQLite file: the board lists shown rounds of live events,
// most recently shown first, races in lane order ("10" after "9"); the manage list groups rounds by
// event with race and score counts and filters; Update changes only the rounds on the form, keeps
// a shown round's place, ignores unknown ids and is audited. And the process's live board: a race
// change announced on race-events reaches an open stream without waiting for the poll.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import { liveBoard } from "~/routes/scoreboard/live.server";
import { listAudit } from "~/models/audit.server";
import { boardRounds, byLane, managedRounds, updateBoard } from "~/models/scoreboard.server";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

let admin = { id: 0, name: "BOARD ADMIN", email: "board.admin@example.test" };
let eventId = 0;
let goneEventId = 0;
let rounds: Record<"heat1" | "heat2" | "final" | "gone" | "empty", number>;

const shown = () =>
  new Set(
    db()
      .select()
      .from(schema.scoreboardRounds)
      .all()
      .map((r) => r.roundId),
  );
const mine = () => boardRounds(ED).filter((r) => Object.values(rounds).includes(r.id));

beforeAll(() => {
  admin = {
    ...admin,
    id: db()
      .insert(schema.users)
      .values({ name: admin.name, email: admin.email, hash: "x", role: "ADMIN" })
      .returning()
      .get().id,
  };
  const club = db()
    .insert(schema.associations)
    .values({ name: "Board Club", country: "MY", token: "bc" })
    .returning()
    .get().id;
  const event = (name: string, deleted = false) =>
    db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
  eventId = event("BOARD EVENT");
  goneEventId = event("BOARD GONE EVENT", true);
  const team = (name: string, ev = eventId) =>
    db().insert(schema.teams).values({ associationId: club, eventId: ev, name }).returning().get().id;
  const teams = Array.from({ length: 10 }, (_, i) => team(`BOARD CLUB ${i + 1}`));
  const round = (name: string, ev = eventId) =>
    db().insert(schema.rounds).values({ eventId: ev, name, description: "" }).returning().get().id;
  rounds = {
    heat1: round("BOARD HEAT 1"),
    heat2: round("BOARD HEAT 2"),
    final: round("BOARD FINAL"),
    empty: round("BOARD EMPTY"),
    gone: round("GONE HEAT", goneEventId),
  };
  const race = (roundId: number, lane: string, teamId: number, score: string | null = null) =>
    db().insert(schema.races).values({ roundId, lane, teamId, score }).run();
  // Lanes 1..10 typed in a shuffled order; two scored, one score only blanks.
  for (const [i, lane] of ["3", "10", "1", "9", "2"].entries()) race(rounds.heat1, lane, teams[i]);
  race(rounds.heat2, "1", teams[5], "1:02.00");
  race(rounds.heat2, "2", teams[6], "  ");
  race(rounds.heat2, "3", teams[7], "DNS");
  race(rounds.final, "1", teams[0]);
  race(rounds.gone, "1", team("GONE TEAM", goneEventId));
});

afterAll(() => liveBoard().closeStreams());

describe("lanes", () => {
  it("sort numbers numerically, then text", () => {
    const lanes = ["10", "2", "B", "1", "A", "9"].map((lane) => ({ lane }));
    expect(lanes.sort(byLane).map((l) => l.lane)).toEqual(["1", "2", "9", "10", "A", "B"]);
  });
});

describe("Update and the board", () => {
  it("shows the ticked rounds of the form, most recently shown first, races by lane", () => {
    const change = updateBoard(ED, admin, [rounds.heat1, rounds.heat2, rounds.final], [rounds.heat1]);
    expect(change).toEqual({ shown: [rounds.heat1], hidden: [] });
    expect(mine().map((r) => r.id)).toEqual([rounds.heat1]);
    expect(mine()[0].races.map((r) => r.lane)).toEqual(["1", "2", "3", "9", "10"]);
    expect(mine()[0].races[0]).toEqual({
      lane: "1",
      team: "BOARD CLUB 3",
      score: null,
      place: null,
      status: null,
    });

    // Later: heat 2 too. Heat 1 keeps its place (first shown earlier), heat 2 goes on top.
    const later = updateBoard(ED, admin, [rounds.heat1, rounds.heat2], [rounds.heat1, rounds.heat2]);
    expect(later).toEqual({ shown: [rounds.heat2], hidden: [] });
    const board = mine();
    expect(board.map((r) => r.id)).toEqual([rounds.heat2, rounds.heat1]);
    expect(board[0].races.map((r) => r.score)).toEqual(["1:02.00", null, "DNS"]); // blanks are no score
    expect(board[0]).toMatchObject({ name: "BOARD HEAT 2", eventName: "BOARD EVENT" });
  });

  it("leaves rounds that were not on the form alone and ignores unknown ids", () => {
    // Only the final is on the form (an Event filter would do that): heat 1 and 2 stay shown.
    const change = updateBoard(ED, admin, [rounds.final, 999_999], [rounds.final, 999_998]);
    expect(change).toEqual({ shown: [rounds.final], hidden: [] });
    expect([rounds.heat1, rounds.heat2, rounds.final].every((id) => shown().has(id))).toBe(true);
    expect(shown().has(999_998)).toBe(false);
    const off = updateBoard(ED, admin, [rounds.heat1, rounds.heat2, rounds.final], [rounds.heat2]);
    expect(off).toEqual({ shown: [], hidden: [rounds.heat1, rounds.final] });
    expect(mine().map((r) => r.id)).toEqual([rounds.heat2]);
  });

  it("is audited, with what changed", () => {
    const mineAudit = () =>
      listAudit(
        { action: "scoreboard.updated", actor: admin.email },
        { sort: "createdAt", dir: "desc" },
        null,
      ).rows.sort((a, b) => b.id - a.id);
    const before = mineAudit().length;
    updateBoard(ED, admin, [rounds.empty], [rounds.empty]);
    const after = mineAudit();
    expect(after.length).toBe(before + 1);
    expect(JSON.parse(after[0].details)).toEqual({ shown: [rounds.empty], hidden: [] });
    expect(after[0].targetType).toBe("scoreboard");
  });

  it("never shows a deleted event's round, on the board or in the manage list", () => {
    updateBoard(ED, admin, [rounds.gone], [rounds.gone]);
    expect(mine().map((r) => r.id)).not.toContain(rounds.gone);
    const all = managedRounds(ED, null).flatMap((e) => e.rounds.map((r) => r.id));
    expect(all).not.toContain(rounds.gone);
    // A round with no races shows with an empty table.
    expect(mine().find((r) => r.id === rounds.empty)?.races).toEqual([]);
  });
});

describe("the manage list", () => {
  it("groups an event's rounds in the order made, with race and score counts", () => {
    const [event] = managedRounds(ED, eventId);
    expect(event.name).toBe("BOARD EVENT");
    expect(event.rounds).toEqual([
      { id: rounds.heat1, name: "BOARD HEAT 1", races: 5, scored: 0, shown: false },
      { id: rounds.heat2, name: "BOARD HEAT 2", races: 3, scored: 2, shown: true },
      { id: rounds.final, name: "BOARD FINAL", races: 1, scored: 0, shown: false },
      { id: rounds.empty, name: "BOARD EMPTY", races: 0, scored: 0, shown: true },
    ]);
    expect(managedRounds(ED, eventId, "shown")[0].rounds.map((r) => r.id)).toEqual([
      rounds.heat2,
      rounds.empty,
    ]);
    expect(managedRounds(ED, eventId, "drawn")[0].rounds.map((r) => r.id)).toEqual([
      rounds.heat1,
      rounds.heat2,
      rounds.final,
    ]);
    expect(managedRounds(ED, goneEventId)).toEqual([]);
  });
});

describe("the live board of this process", () => {
  it("pushes a race change announced on race-events at once (no poll wait)", async () => {
    const live = liveBoard();
    const server = http.createServer((req, res) => live.serveEvents(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as AddressInfo;
      let text = "";
      const req = http.get(`http://127.0.0.1:${port}/scoreboard/events`, (res) => {
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
      });
      const until = async (re: RegExp, ms: number) => {
        const end = Date.now() + ms;
        while (!re.test(text)) {
          if (Date.now() > end) throw new Error(`no ${re} within ${ms} ms`);
          await new Promise((r) => setTimeout(r, 2));
        }
      };
      await until(/event: board/, 2000);
      db()
        .update(schema.races)
        .set({ score: "0:59.99" })
        .where(and(eq(schema.races.roundId, rounds.heat2), eq(schema.races.lane, "1")))
        .run();
      const started = Date.now();
      notifyScoreboard(rounds.heat2);
      await until(/0:59\.99/, 900); // typically a few ms; the poll would take up to 1 s
      expect(Date.now() - started).toBeLessThan(900);
      req.destroy();
    } finally {
      live.closeStreams();
      await new Promise((r) => server.close(r));
    }
  });
});
