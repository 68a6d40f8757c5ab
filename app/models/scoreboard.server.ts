// The scoreboard (spec sections 3, 5, 8): which rounds the public /scoreboard shows
// (scoreboard_rounds, one row per shown round, with when it was first shown) and what it shows of
// them (each round's races: team, lane, score). Only rounds of live events count: a soft-deleted
// event's rounds leave the board and the manage list. See docs/decisions/0016-race-day.md.
import { now as clockNow } from "~/lib/clock.server";
import { sql } from "drizzle-orm";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { crewsByPlace } from "~/rules/board";
import type { LaneStatus, ResultState } from "../../db/enums";
import { type Actor, audit } from "./audit.server";
import { currentNotice } from "./notice.server";
import { compareNatural } from "~/rules/compare";

export const SCOREBOARD_AUDIT = { updated: "scoreboard.updated" } as const;

/** A lane as the crowd sees it: its place (ties share one) or status once results are saved (issue
 * 20), and the formatted result the results save writes (`score`). */
export type BoardRace = {
  lane: string;
  team: string;
  score: string | null;
  place: number | null;
  status: LaneStatus | null;
};
/** A shown round with its results' state (issue 20): NONE until saved; Provisional with its protest
 * deadline; Official with its revision (above 1: revised). */
export type BoardRound = {
  id: number;
  name: string;
  eventName: string;
  resultState: ResultState;
  revision: number;
  protestUntil: number | null;
  races: BoardRace[];
};
/** What the public scoreboard shows: the shown rounds and the current notice. */
export type ScoreboardData = { rounds: BoardRound[]; notice: { id: number; text: string } | null };

/** Lanes are text ("1", "2" ... or "A"): numbers in numeric order, then the rest. */
export const byLane = (a: { lane: string }, b: { lane: string }) => compareNatural(a.lane, b.lane);

type BoardLine = {
  roundId: number;
  roundName: string;
  eventName: string;
  resultState: ResultState;
  revision: number;
  protestUntil: number | null;
  lane: string | null;
  team: string | null;
  score: string | null;
  place: number | null;
  status: LaneStatus | null;
};

/**
 * The shown rounds, the most recently shown first (a round added to the board before it is raced
 * goes to the top), each with its crews by place once it has results (then DNF, DSQ, DNS), in
 * lane order before. One query.
 */
export function boardRounds(editionId: number): BoardRound[] {
  const lines = db().all<BoardLine>(sql`
    SELECT r.id AS roundId, r.name AS roundName, e.name AS eventName,
           r.result_state AS resultState, r.revision AS revision, r.protest_until AS protestUntil,
           ra.lane AS lane, t.name AS team, ra.score AS score, ra.place AS place, ra.status AS status
    FROM scoreboard_rounds sr
    JOIN rounds r ON r.id = sr.round_id AND r.edition_id = ${editionId}
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    LEFT JOIN races ra ON ra.round_id = r.id
    LEFT JOIN teams t ON t.id = ra.team_id
    ORDER BY sr.created_at DESC, r.id DESC
  `);
  const rounds: BoardRound[] = [];
  let current: BoardRound | undefined;
  for (const line of lines) {
    if (current?.id !== line.roundId) {
      current = {
        id: line.roundId,
        name: line.roundName,
        eventName: line.eventName,
        resultState: line.resultState,
        revision: Number(line.revision),
        protestUntil: line.protestUntil === null ? null : Number(line.protestUntil),
        races: [],
      };
      rounds.push(current);
    }
    if (line.lane !== null) {
      const score = line.score?.trim() ? line.score.trim() : null;
      current.races.push({
        lane: line.lane,
        team: line.team ?? "",
        score,
        place: line.place === null ? null : Number(line.place),
        status: line.status,
      });
    }
  }
  for (const round of rounds) round.races = crewsByPlace(round.races);
  return rounds;
}

/** The public scoreboard's content (of an edition: the open one): the shown rounds and the notice
 * race control posted. */
export function scoreboardData(editionId: number): ScoreboardData {
  const notice = currentNotice(editionId);
  return { rounds: boardRounds(editionId), notice: notice ? { id: notice.id, text: notice.text } : null };
}

export type ManagedRound = { id: number; name: string; races: number; scored: number; shown: boolean };
export type ManagedEvent = { id: number; name: string; rounds: ManagedRound[] };
export type EventOption = { id: number; name: string };

/** The edition's live events that have rounds, by name: the manage screen's event filter. */
export function eventsWithRounds(editionId: number): EventOption[] {
  return eventsUntilDataChanges(editionId);
}
const eventsUntilDataChanges = untilDataChanges(
  (editionId: number) => queryEventsWithRounds(editionId),
  (editionId) => String(editionId),
);
function queryEventsWithRounds(editionId: number): EventOption[] {
  return db().all<EventOption>(sql`
    SELECT e.id AS id, e.name AS name FROM events e
    WHERE e.deleted = 0 AND e.edition_id = ${editionId} AND EXISTS (SELECT 1 FROM rounds r WHERE r.event_id = e.id)
    ORDER BY e.name COLLATE NOCASE, e.id
  `);
}

type ManagedLine = {
  eventId: number;
  eventName: string;
  id: number;
  name: string;
  races: number;
  scored: number;
  shown: number;
};

/** Every round, the shown ones, or those with races. */
export type RoundFilter = "all" | "shown" | "drawn";

/**
 * The rounds of the live events (or of one; all of them, the shown ones, or those with races),
 * grouped by event (by name), in the order they were made (heats before the final), with the race
 * count, how many have a score, and whether shown.
 */
export function managedRounds(
  editionId: number,
  eventId: number | null,
  which: RoundFilter = "all",
): ManagedEvent[] {
  return managedUntilDataChanges(editionId, eventId, which);
}

// Scoreboard Manage's rounds, kept until the database changes (exact: lib/data-version.server.ts):
// grouping every round's races was ~2 ms of each page (issue 30, ADR 0022). Callers only read them.
const managedUntilDataChanges = untilDataChanges(
  (editionId: number, eventId: number | null, which: RoundFilter) =>
    queryManagedRounds(editionId, eventId, which),
  (editionId, eventId, which) => `${editionId}:${eventId ?? ""}:${which}`,
);

function queryManagedRounds(editionId: number, eventId: number | null, which: RoundFilter): ManagedEvent[] {
  const only = eventId === null ? sql`` : sql`AND e.id = ${eventId}`;
  const having =
    which === "shown" ? sql`HAVING shown` : which === "drawn" ? sql`HAVING COUNT(ra.id) > 0` : sql``;
  const lines = db().all<ManagedLine>(sql`
    SELECT e.id AS eventId, e.name AS eventName, r.id AS id, r.name AS name,
           COUNT(ra.id) AS races,
           COUNT(CASE WHEN TRIM(COALESCE(ra.score, '')) <> '' THEN 1 END) AS scored,
           EXISTS (SELECT 1 FROM scoreboard_rounds sr WHERE sr.round_id = r.id) AS shown
    FROM rounds r
    JOIN events e ON e.id = r.event_id AND e.deleted = 0 ${only}
    LEFT JOIN races ra ON ra.round_id = r.id
    WHERE r.edition_id = ${editionId}
    GROUP BY r.id ${having}
    ORDER BY e.name COLLATE NOCASE, e.id, r.id
  `);
  const events: ManagedEvent[] = [];
  for (const line of lines) {
    let event = events.at(-1);
    if (event?.id !== line.eventId) {
      event = { id: line.eventId, name: line.eventName, rounds: [] };
      events.push(event);
    }
    event.rounds.push({
      id: line.id,
      name: line.name,
      races: Number(line.races),
      scored: Number(line.scored),
      shown: Boolean(line.shown),
    });
  }
  return events;
}

/** How many rounds of the edition the board shows now (live events only). */
export function shownCount(editionId: number): number {
  return shownUntilDataChanges(editionId);
}
const shownUntilDataChanges = untilDataChanges(
  (editionId: number) => queryShownCount(editionId),
  (editionId) => String(editionId),
);
function queryShownCount(editionId: number): number {
  const row = db().get<{ n: number }>(sql`
    SELECT COUNT(*) AS n FROM scoreboard_rounds sr
    JOIN rounds r ON r.id = sr.round_id AND r.edition_id = ${editionId}
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
  `);
  return Number(row?.n ?? 0);
}

export type BoardChange = { shown: number[]; hidden: number[] };

/**
 * Update: of the rounds that were on the form (`listed`), exactly the ticked ones (`ticked`) are
 * shown afterwards; rounds not on the form (another event's, under the event filter) keep their
 * state. A round already shown keeps its place (its first-shown time). Ids of rounds that do not
 * exist (deleted meanwhile, forged) are ignored. One transaction with its audit entry.
 */
export function updateBoard(
  editionId: number,
  actor: Actor,
  listed: number[],
  ticked: number[],
): BoardChange {
  const want = new Set(ticked);
  const ids = [...new Set([...listed, ...ticked])];
  if (ids.length === 0) return { shown: [], hidden: [] };
  return db().transaction(
    (tx) => {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = tx.all<{ id: number; shown: number }>(sql`
      SELECT r.id AS id, EXISTS (SELECT 1 FROM scoreboard_rounds sr WHERE sr.round_id = r.id) AS shown
      FROM rounds r WHERE r.id IN (${list}) AND r.edition_id = ${editionId}
    `);
      const shown: number[] = [];
      const hidden: number[] = [];
      for (const row of rows) {
        if (want.has(row.id) && !row.shown) shown.push(row.id);
        if (!want.has(row.id) && row.shown) hidden.push(row.id);
      }
      shown.sort((a, b) => a - b);
      hidden.sort((a, b) => a - b);
      if (hidden.length) {
        tx.run(
          sql`DELETE FROM scoreboard_rounds WHERE round_id IN (${sql.join(
            hidden.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      if (shown.length) {
        const now = new Date(clockNow());
        tx.insert(schema.scoreboardRounds)
          .values(shown.map((roundId) => ({ roundId, createdAt: now })))
          .run();
      }
      audit(tx, actor, {
        editionId,
        action: SCOREBOARD_AUDIT.updated,
        targetType: "scoreboard",
        details: { shown, hidden },
      });
      return { shown, hidden };
    },
    { behavior: "immediate" },
  );
}

/** Puts a round on the public scoreboard, no audit entry (the test factories; staff use updateBoard).
 * @testOnly test factories only: no audit entry. */
export function insertScoreboardRound(roundId: number): void {
  db().insert(schema.scoreboardRounds).values({ roundId }).run();
}

/** Scoreboard rows (rounds shown, and since when) as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertScoreboardRounds(rows: (typeof schema.scoreboardRounds.$inferInsert)[]): void {
  insertRows(schema.scoreboardRounds, rows);
}
