// Boats out and back (issue 28 part 2; ADR 0038): one boat_trips row per round and team, written by
// the pontoon kiosk (Out, Back) and by race control (Mark Back with a reason). The kiosk reads a
// member's lanes of the day in one query, rules/pontoon.ts decides which lane, and one INSERT .. ON
// CONFLICT writes it; its WHERE makes a second member of the same boat (or two kiosks at once)
// change nothing. Race control lists the boats on the water (the partial index
// boat_trips_on_water) and downloads the day's outs and backs.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ResultState } from "../../db/enums";
import { now } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { BACK_REASON_MAX, type Direction, type MemberLane } from "~/rules/pontoon";
import { malaysiaDay } from "~/rules/timetable";
import { type Actor, audit } from "./audit.server";

export const BOAT_AUDIT = { markedBack: "boat.marked_back" } as const;

/** A Malaysia day (yyyy-MM-dd) as UTC ms, [from, to). */
export function dayRange(day: string): { from: number; to: number } {
  const from = Date.parse(`${day}T00:00:00+08:00`);
  return { from, to: from + 86_400_000 };
}

/** A member's lane with what the kiosk says about it ("Race 14, lane 3"). */
export type PontoonLane = MemberLane & { eventName: string; roundName: string; teamName: string };

/**
 * Every lane of the teams `userId` paddles in (live events of the edition) whose race is on the
 * Malaysia day of `at` (scheduled that day, or, unscheduled, started that day), with the boat's trip
 * for it. One query: the pontoon scan's only read.
 */
export function memberLanes(editionId: number, userId: number, at: number): PontoonLane[] {
  const { from, to } = dayRange(malaysiaDay(at));
  return db()
    .all<PontoonLane & { resultState: ResultState }>(sql`
      SELECT r.id AS roundId, ra.team_id AS teamId, r.race_number AS raceNumber,
        r.scheduled_at AS scheduledAt, r.started_at AS startedAt, r.result_state AS resultState,
        ra.lane, bt.out_at AS outAt, bt.back_at AS backAt,
        e.name AS eventName, r.name AS roundName, t.name AS teamName
      FROM team_members tm
      JOIN teams t ON t.id = tm.team_id
      JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
      JOIN races ra ON ra.team_id = tm.team_id
      JOIN rounds r ON r.id = ra.round_id AND r.edition_id = ${editionId}
      LEFT JOIN boat_trips bt ON bt.round_id = r.id AND bt.team_id = ra.team_id
      WHERE tm.user_id = ${userId}
        AND ((r.scheduled_at >= ${from} AND r.scheduled_at < ${to})
          OR (r.scheduled_at IS NULL AND r.started_at >= ${from} AND r.started_at < ${to}))
    `)
    .map((row) => ({
      ...row,
      scheduledAt: row.scheduledAt === null ? null : Number(row.scheduledAt),
      startedAt: row.startedAt === null ? null : Number(row.startedAt),
      outAt: row.outAt === null ? null : Number(row.outAt),
      backAt: row.backAt === null ? null : Number(row.backAt),
    }));
}

/** Who scanned: the crew member whose tag it was, on which enrolled kiosk (null: staff's browser). */
export type ScannedBy = { userId: number; kioskId: number | null };

/**
 * Marks the boat of `lane` out (or back) at `at`, in one statement (its own transaction). Returns
 * false when it changed nothing: the boat was out already (Out), or back already (Back), because
 * another member of the crew or another kiosk got there first. A Back with no Out before it records
 * back with no out time.
 */
export function recordTrip(
  lane: Pick<MemberLane, "roundId" | "teamId" | "lane">,
  direction: Direction,
  at: number,
  by: ScannedBy,
): boolean {
  return db().transaction((tx) => {
    const r =
      direction === "out"
        ? tx.run(sql`
            INSERT INTO boat_trips (round_id, team_id, lane, out_at, out_user_id, out_kiosk_id)
            VALUES (${lane.roundId}, ${lane.teamId}, ${lane.lane}, ${at}, ${by.userId}, ${by.kioskId})
            ON CONFLICT (round_id, team_id) DO UPDATE SET
              out_at = excluded.out_at, out_user_id = excluded.out_user_id, out_kiosk_id = excluded.out_kiosk_id
            WHERE boat_trips.out_at IS NULL AND boat_trips.back_at IS NULL
          `)
        : tx.run(sql`
            INSERT INTO boat_trips (round_id, team_id, lane, back_at, back_user_id, back_kiosk_id)
            VALUES (${lane.roundId}, ${lane.teamId}, ${lane.lane}, ${at}, ${by.userId}, ${by.kioskId})
            ON CONFLICT (round_id, team_id) DO UPDATE SET
              back_at = excluded.back_at, back_user_id = excluded.back_user_id, back_kiosk_id = excluded.back_kiosk_id
            WHERE boat_trips.back_at IS NULL
          `);
    return r.changes > 0;
  });
}

export type OnWaterRow = {
  id: number;
  roundId: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  lane: string;
  teamName: string;
  outAt: number;
};

/** The most boats the panel lists (a regatta puts a few dozen on the water at once). */
export const ON_WATER_MAX = 200;

/** Every boat of the edition out and not back, oldest out first. One query, on the partial index
 * boat_trips_on_water. */
export function onTheWater(editionId: number, limit = ON_WATER_MAX): OnWaterRow[] {
  return db()
    .all<OnWaterRow>(sql`
      SELECT bt.id, bt.round_id AS roundId, r.race_number AS raceNumber, e.name AS eventName,
        r.name AS roundName, bt.lane, t.name AS teamName, bt.out_at AS outAt
      FROM boat_trips bt INDEXED BY boat_trips_on_water
      JOIN rounds r ON r.id = bt.round_id
      JOIN events e ON e.id = r.event_id AND e.deleted = 0
      JOIN teams t ON t.id = bt.team_id
      WHERE bt.edition_id = ${editionId} AND bt.back_at IS NULL AND bt.out_at IS NOT NULL
      ORDER BY bt.out_at, bt.id
      LIMIT ${limit}
    `)
    .map((row) => ({ ...row, outAt: Number(row.outAt) }));
}

export type TripRow = {
  id: number;
  raceNumber: number | null;
  eventName: string;
  roundName: string;
  lane: string;
  teamName: string;
  outAt: number | null;
  outName: string | null;
  outKiosk: string | null;
  backAt: number | null;
  backName: string | null;
  backKiosk: string | null;
  backReason: string | null;
  backByName: string | null;
};

/** The outs and backs of a Malaysia day (a boat that went out that day, or came back that day with
 * no out), in time order: the CSV. */
export function tripsOfDay(editionId: number, day: string): TripRow[] {
  const { from, to } = dayRange(day);
  return db()
    .all<TripRow>(sql`
      SELECT bt.id, r.race_number AS raceNumber, e.name AS eventName, r.name AS roundName, bt.lane,
        t.name AS teamName, bt.out_at AS outAt, uo.name AS outName, ko.name AS outKiosk,
        bt.back_at AS backAt, ub.name AS backName, kb.name AS backKiosk, bt.back_reason AS backReason,
        st.name AS backByName
      FROM boat_trips bt
      JOIN rounds r ON r.id = bt.round_id
      JOIN events e ON e.id = r.event_id AND e.deleted = 0
      JOIN teams t ON t.id = bt.team_id
      LEFT JOIN users uo ON uo.id = bt.out_user_id
      LEFT JOIN kiosks ko ON ko.id = bt.out_kiosk_id
      LEFT JOIN users ub ON ub.id = bt.back_user_id
      LEFT JOIN kiosks kb ON kb.id = bt.back_kiosk_id
      LEFT JOIN users st ON st.id = bt.back_by
      WHERE bt.edition_id = ${editionId}
        AND ((bt.out_at >= ${from} AND bt.out_at < ${to})
          OR (bt.out_at IS NULL AND bt.back_at >= ${from} AND bt.back_at < ${to}))
      ORDER BY coalesce(bt.out_at, bt.back_at), bt.id
    `)
    .map((row) => ({
      ...row,
      outAt: row.outAt === null ? null : Number(row.outAt),
      backAt: row.backAt === null ? null : Number(row.backAt),
    }));
}

export type MarkBackResult =
  | { ok: true; raceNumber: number | null; lane: string }
  | { ok: false; code: "notFound" | "back" | "reason" };

/**
 * Race control marks a boat back by hand (its Back scan was missed), with a reason (1 to
 * BACK_REASON_MAX characters once trimmed): one transaction with its audit entry `boat.marked_back`.
 * Refused, changing nothing, for a trip not of the edition or not out, or one already back.
 */
export function markBack(editionId: number, actor: Actor, tripId: number, rawReason: string): MarkBackResult {
  const reason = rawReason.trim();
  if (reason === "" || reason.length > BACK_REASON_MAX) return { ok: false, code: "reason" };
  return db().transaction(
    (tx) => {
      const trip = tx.get<{
        id: number;
        roundId: number;
        teamId: number;
        lane: string;
        outAt: number | null;
        backAt: number | null;
        raceNumber: number | null;
      }>(sql`
        SELECT bt.id, bt.round_id AS roundId, bt.team_id AS teamId, bt.lane, bt.out_at AS outAt,
          bt.back_at AS backAt, r.race_number AS raceNumber
        FROM boat_trips bt JOIN rounds r ON r.id = bt.round_id
        WHERE bt.id = ${tripId} AND bt.edition_id = ${editionId} AND bt.out_at IS NOT NULL
      `);
      if (!trip) return { ok: false, code: "notFound" } as const;
      if (trip.backAt !== null) return { ok: false, code: "back" } as const;
      const at = now();
      tx.run(sql`
        UPDATE boat_trips SET back_at = ${at}, back_by = ${actor.id}, back_reason = ${reason}
        WHERE id = ${tripId} AND back_at IS NULL
      `);
      audit(tx, actor, {
        editionId,
        action: BOAT_AUDIT.markedBack,
        targetType: "boat_trip",
        targetId: tripId,
        details: {
          roundId: trip.roundId,
          raceNumber: trip.raceNumber,
          teamId: trip.teamId,
          lane: trip.lane,
          outAt: trip.outAt,
          backAt: at,
          reason,
        },
      });
      return { ok: true, raceNumber: trip.raceNumber, lane: trip.lane } as const;
    },
    { behavior: "immediate" },
  );
}

/** A boat trip row as given, no audit entry (the test factories; the pontoon kiosk uses recordTrip).
 * @testOnly test factories only: no audit entry. */
export function insertBoatTrip(
  values: typeof schema.boatTrips.$inferInsert,
): typeof schema.boatTrips.$inferSelect {
  return db().insert(schema.boatTrips).values(values).returning().get();
}

/** Brings a crew's open trip of a round back at `at`, no audit entry (the test factories).
 * @testOnly test factories only: no audit entry. */
export function setTripBack(roundId: number, teamId: number, at: number): void {
  const b = schema.boatTrips;
  db()
    .update(b)
    .set({ backAt: new Date(at) })
    .where(and(eq(b.roundId, roundId), eq(b.teamId, teamId), isNull(b.backAt)))
    .run();
}

/** The boats of a race day so far, for the seeds (no audit entry): each race started in the 90
 * minutes before `now` went out 15 minutes before its start and came back 12 minutes after it (or
 * is still out), and the next two numbered races not started, with crews, are out already (2
 * minutes ago, or 12 minutes before their schedule if earlier).
 * @testOnly seeds only: writes the day's trips, no audit entry. */
export function insertTripsOfTheDay(now: number): void {
  const d = db();
  d.run(sql`INSERT INTO boat_trips (round_id, team_id, lane, out_at, back_at)
    SELECT ra.round_id, ra.team_id, ra.lane, r.started_at - 15 * 60000,
      CASE WHEN r.started_at + 12 * 60000 <= ${now} THEN r.started_at + 12 * 60000 END
    FROM races ra JOIN rounds r ON r.id = ra.round_id
    WHERE r.started_at IS NOT NULL AND r.started_at >= ${now} - 90 * 60000`);
  d.run(sql`INSERT INTO boat_trips (round_id, team_id, lane, out_at)
    SELECT ra.round_id, ra.team_id, ra.lane, MIN(${now} - 2 * 60000, r.scheduled_at - 12 * 60000)
    FROM races ra JOIN (
      SELECT id, scheduled_at FROM rounds
      WHERE started_at IS NULL AND race_number IS NOT NULL AND scheduled_at IS NOT NULL
        AND id IN (SELECT round_id FROM races)
      ORDER BY race_number LIMIT 2
    ) r ON r.id = ra.round_id`);
}
