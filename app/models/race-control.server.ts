// Race control (issue 20, section 1): the timetable of /race-control, Start (and Undo start), and
// Schedule (renumber and time many rounds at once). Every write is one transaction with its audit
// entry; the scoreboard and the board hear of it once committed.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { ResultState } from "../../db/enums";
import { now } from "~/lib/clock.server";
import { rowsUntilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { type Failure, fail } from "~/rules/failure";
import { notifyScoreboard } from "~/lib/race-events.server";
import {
  delayMinutes,
  planSchedule,
  type PlannedRound,
  type TimedRound,
  timetableOrder,
} from "~/rules/timetable";
import { type Actor, audit } from "./audit.server";

const r = schema.rounds;
const e = schema.events;

export const RACE_CONTROL_AUDIT = {
  started: "round.started",
  startUndone: "round.start_undone",
  scheduled: "rounds.scheduled",
} as const;

/** The most rounds one page of race control lists (a regatta of 130 races in two days is one
 * page; this bounds the page if a dataset ever holds many times that). */
export const TIMETABLE_MAX = 1000;

export type TimetableRow = {
  id: number;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  protestUntil: number | null;
  seededAt: number | null;
  eventId: number;
  eventName: string;
  name: string;
  lanes: number;
};

const lanesOf = sql<number>`(SELECT COUNT(*) FROM races WHERE races.round_id = rounds.id)`;
const time = (d: Date | null) => (d === null ? null : d.getTime());

/** A Malaysia day as UTC ms, [from, to): race control's Day filter. */
export type DayRange = { from: number; to: number };

/** The edition's rounds of live events: those with a race number in race-number order, then the
 * unscheduled ones by event and round name. `day`: only the rounds scheduled that day, and those
 * with no scheduled start (they belong to no day, and Schedule needs them at hand). */
export function timetable(editionId: number, limit = TIMETABLE_MAX, day?: DayRange): TimetableRow[] {
  const rows = db()
    .select({
      id: r.id,
      raceNumber: r.raceNumber,
      scheduledAt: r.scheduledAt,
      startedAt: r.startedAt,
      resultState: r.resultState,
      revision: r.revision,
      protestUntil: r.protestUntil,
      seededAt: r.seededAt,
      eventId: r.eventId,
      eventName: e.name,
      name: r.name,
      lanes: lanesOf,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(
      and(
        eq(r.editionId, editionId),
        eq(e.deleted, false),
        day
          ? sql`(${r.scheduledAt} IS NULL OR (${r.scheduledAt} >= ${day.from} AND ${r.scheduledAt} < ${day.to}))`
          : undefined,
      ),
    )
    // NULLs last, then the unscheduled by event and round (timetableOrder below is the same order).
    .orderBy(
      sql`${r.raceNumber} IS NULL`,
      asc(r.raceNumber),
      sql`${e.name} COLLATE NOCASE`,
      sql`${r.name} COLLATE NOCASE`,
      asc(r.id),
    )
    .limit(limit)
    .all();
  return rows.map((row) => ({
    ...row,
    scheduledAt: time(row.scheduledAt),
    startedAt: time(row.startedAt),
    protestUntil: time(row.protestUntil),
    seededAt: time(row.seededAt),
    lanes: Number(row.lanes),
  }));
}

/** The latest started race with a scheduled start (ties: the higher race number), whatever day
 * race control shows: how late the day runs (rules/timetable.ts delayMinutes). */
export function latestStart(editionId: number): TimedRound[] {
  return keptLatestStart(editionId);
}

// Kept until the database changes (exact; no clock): every view of My Races and race control reads it.
const keptLatestStart = rowsUntilDataChanges(
  (editionId: number) => readLatestStart(editionId),
  (editionId) => String(editionId),
);

function readLatestStart(editionId: number): TimedRound[] {
  const row = db()
    .select({ raceNumber: r.raceNumber, scheduledAt: r.scheduledAt, startedAt: r.startedAt })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(
      and(eq(r.editionId, editionId), eq(e.deleted, false), isNotNull(r.startedAt), isNotNull(r.scheduledAt)),
    )
    .orderBy(desc(r.startedAt), sql`${r.raceNumber} DESC NULLS LAST`)
    .limit(1)
    .get();
  return row ? [row] : [];
}

/** The days (yyyy-MM-dd, Malaysia time) that have scheduled races of the edition, in order. */
export function raceDays(editionId: number): string[] {
  return db()
    .selectDistinct({
      day: sql<string>`strftime('%Y-%m-%d', (${r.scheduledAt} / 1000) + 8 * 3600, 'unixepoch')`,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(
      and(
        eq(r.editionId, editionId),
        eq(e.deleted, false),
        isNotNull(r.scheduledAt),
        isNotNull(r.raceNumber),
      ),
    )
    .orderBy(sql`1`)
    .all()
    .map((row) => row.day);
}

export type StartResult =
  | { ok: true; id: number; startedAt: number }
  | Failure<"notFound" | "started" | "results" | "notStarted">;

type RoundFacts = {
  id: number;
  raceNumber: number | null;
  startedAt: Date | null;
  resultState: ResultState;
};

function liveTimed(
  tx: Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0],
  editionId: number,
  id: number,
) {
  return tx
    .select({ id: r.id, raceNumber: r.raceNumber, startedAt: r.startedAt, resultState: r.resultState })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.id, id), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get() as RoundFacts | undefined;
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** The day's delay as the edition's rounds give it now (inside the transaction: its own writes
 * count). */
function delayNow(tx: Tx, editionId: number): number | null {
  const row = tx
    .select({ raceNumber: r.raceNumber, scheduledAt: r.scheduledAt, startedAt: r.startedAt })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(
      and(eq(r.editionId, editionId), eq(e.deleted, false), isNotNull(r.startedAt), isNotNull(r.scheduledAt)),
    )
    .orderBy(desc(r.startedAt), sql`${r.raceNumber} DESC NULLS LAST`)
    .limit(1)
    .get();
  return delayMinutes(row ? [row] : []);
}

/** Issue 28: the calendar feed's SEQUENCE. The round whose start was recorded (or undone) moves in
 * every calendar (its actual start replaces the expected one); when the day's delay changed, so
 * does every scheduled round of the edition not started yet. */
function bumpStartSeq(tx: Tx, editionId: number, id: number, delayBefore: number | null): void {
  const moved = delayNow(tx, editionId) !== delayBefore;
  tx.update(r)
    .set({ startSeq: sql`${r.startSeq} + 1` })
    .where(
      moved
        ? sql`${r.id} = ${id} OR (${r.editionId} = ${editionId} AND ${r.startedAt} IS NULL AND ${r.scheduledAt} IS NOT NULL AND ${r.resultState} = 'NONE')`
        : eq(r.id, id),
    )
    .run();
}

/** Start: records the race's actual start (now). Refused for a round already started or with
 * results; audited `round.started`. */
export function startRound(editionId: number, actor: Actor, id: number): StartResult {
  const at = now();
  const result = db().transaction((tx): StartResult => {
    const round = liveTimed(tx, editionId, id);
    if (!round) return fail("notFound");
    if (round.resultState !== "NONE") return fail("results");
    if (round.startedAt !== null) return fail("started");
    const delayBefore = delayNow(tx, editionId);
    // The guard in the WHERE too: two desks pressing Start at once record one start.
    const done = tx
      .update(r)
      .set({ startedAt: new Date(at) })
      .where(and(eq(r.id, id), isNull(r.startedAt), eq(r.resultState, "NONE")))
      .run();
    if (done.changes !== 1) return fail("started");
    bumpStartSeq(tx, editionId, id, delayBefore);
    audit(tx, actor, {
      editionId,
      action: RACE_CONTROL_AUDIT.started,
      targetType: "round",
      targetId: id,
      details: { raceNumber: round.raceNumber, startedAt: at },
    });
    return { ok: true, id, startedAt: at };
  });
  if (result.ok) notifyScoreboard(id);
  return result;
}

/** Undo start (a Start pressed on the wrong race): only while the round has no results. */
export function undoStart(editionId: number, actor: Actor, id: number): StartResult {
  const result = db().transaction((tx): StartResult => {
    const round = liveTimed(tx, editionId, id);
    if (!round) return fail("notFound");
    if (round.resultState !== "NONE") return fail("results");
    if (round.startedAt === null) return fail("notStarted");
    const delayBefore = delayNow(tx, editionId);
    tx.update(r).set({ startedAt: null }).where(eq(r.id, id)).run();
    bumpStartSeq(tx, editionId, id, delayBefore);
    audit(tx, actor, {
      editionId,
      action: RACE_CONTROL_AUDIT.startUndone,
      targetType: "round",
      targetId: id,
      details: { raceNumber: round.raceNumber, startedAt: round.startedAt.getTime() },
    });
    return { ok: true, id, startedAt: round.startedAt.getTime() };
  });
  if (result.ok) notifyScoreboard(id);
  return result;
}

export type ScheduleInput = { ids: number[]; firstNumber: number; firstStart: number; gapMinutes: number };
export type ScheduleResult =
  | { ok: true; plan: PlannedRound[] }
  | Failure<"none" | "notFound">
  | Failure<"range", { last: number }>
  | Failure<"clash", { clashes: { raceNumber: number; holder: string }[] }>;

/** Schedule: the ticked rounds (live ones of the edition; any other id refuses everything) are renumbered from
 * `firstNumber` in the order race control lists them and started `gapMinutes` apart from
 * `firstStart`. A race number a round not ticked holds refuses everything. One transaction, one
 * audit entry with every round's old and new number and start. */
export function scheduleRounds(editionId: number, actor: Actor, input: ScheduleInput): ScheduleResult {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return fail("none");
  const result = db().transaction((tx): ScheduleResult => {
    const ticked = tx
      .select({
        id: r.id,
        raceNumber: r.raceNumber,
        scheduledAt: r.scheduledAt,
        name: r.name,
        eventName: e.name,
      })
      .from(r)
      .innerJoin(e, eq(e.id, r.eventId))
      .where(and(inArray(r.id, ids), eq(r.editionId, editionId), eq(e.deleted, false)))
      .all();
    if (ticked.length !== ids.length) return fail("notFound");
    // Every numbered round of the edition (those of deleted events hold their numbers too: the
    // index is per edition).
    const others = tx
      .select({ id: r.id, raceNumber: r.raceNumber, name: r.name, eventName: e.name })
      .from(r)
      .innerJoin(e, eq(e.id, r.eventId))
      .where(and(eq(r.editionId, editionId), isNotNull(r.raceNumber)))
      .all();
    const ordered = timetableOrder(ticked);
    const planned = planSchedule({
      ticked: ordered,
      others,
      firstNumber: input.firstNumber,
      firstStart: input.firstStart,
      gapMinutes: input.gapMinutes,
    });
    if (!planned.ok) {
      if (planned.code === "clash") {
        const byId = new Map(others.map((o) => [o.id, `${o.eventName} ${o.name}`]));
        return fail("clash", {
          clashes: planned.clashes.map((c) => ({
            raceNumber: c.raceNumber,
            holder: byId.get(c.roundId) ?? "",
          })),
        });
      }
      return planned.code === "range" ? fail("range", { last: planned.last }) : fail("none");
    }
    // Clear the ticked numbers first, so rounds may swap numbers among themselves.
    tx.update(r).set({ raceNumber: null }).where(inArray(r.id, ids)).run();
    const was = new Map(ordered.map((t) => [t.id, t]));
    for (const p of planned.plan) {
      const old = was.get(p.id);
      const moved = old?.raceNumber !== p.raceNumber || time(old?.scheduledAt ?? null) !== p.scheduledAt;
      tx.update(r)
        .set({
          raceNumber: p.raceNumber,
          scheduledAt: new Date(p.scheduledAt),
          // Issue 28: the calendar feed's SEQUENCE, when its number or start changes.
          ...(moved ? { startSeq: sql`${r.startSeq} + 1` } : {}),
        })
        .where(eq(r.id, p.id))
        .run();
    }
    const before = new Map(ordered.map((t) => [t.id, t]));
    // One entry for the whole Schedule. audit() cuts details at 2,000 characters (a summary);
    // 130 rounds with old and new need more, so this entry is written whole, compactly:
    // [round id, old number, old start, new number, new start] per round, times in UTC ms.
    const details = JSON.stringify({
      firstNumber: input.firstNumber,
      firstStart: input.firstStart,
      gapMinutes: input.gapMinutes,
      rounds: planned.plan.map((p) => {
        const was = before.get(p.id);
        return [p.id, was?.raceNumber ?? null, time(was?.scheduledAt ?? null), p.raceNumber, p.scheduledAt];
      }),
    });
    tx.insert(schema.auditLog)
      .values({
        actorId: actor.id,
        actorName: actor.name ? `${actor.name} <${actor.email}>` : actor.email,
        action: RACE_CONTROL_AUDIT.scheduled,
        targetType: "round",
        targetId: null,
        details,
        editionId,
      })
      .run();
    return { ok: true, plan: planned.plan };
  });
  if (result.ok) for (const p of result.plan) notifyScoreboard(p.id);
  return result;
}
