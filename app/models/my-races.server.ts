// My Races (issue 28 part 4): a manager's or competitor's own races (one query), their calendar
// key (the feed /my-races.ics?key=...) and the "Email me when my race is called" choice.
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { ResultState } from "../../db/enums";
import { db, schema } from "~/lib/db.server";
import { type Actor, audit } from "./audit.server";

export const MY_RACES_AUDIT = {
  calendarKeyRegenerated: "calendar.key_regenerated",
} as const;

/** The most lanes one person's timetable lists (a club's teams over a regatta are far fewer). */
export const MY_RACES_MAX = 500;

export type MyRace = {
  roundId: number;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: ResultState;
  revision: number;
  startSeq: number;
  eventName: string;
  roundName: string;
  teamId: number;
  teamName: string;
  lane: string;
  place: number | null;
};

type Who = { id: number; role: string; associationId: number | null };

/** The lanes of `who`'s teams in the edition's rounds of live events, in race-number order (the
 * unscheduled ones last, by start, event and round): a MANAGER's every team of their club, a
 * COMPETITOR's teams they paddle in; anyone else has none. One query. */
export function myRaces(editionId: number, who: Who): MyRace[] {
  let teamFilter: ReturnType<typeof sql>;
  if (who.role === "MANAGER" && who.associationId !== null) {
    teamFilter = sql`t.association_id = ${who.associationId}`;
  } else if (who.role === "COMPETITOR") {
    teamFilter = sql`t.id IN (SELECT team_id FROM team_members WHERE user_id = ${who.id})`;
  } else {
    return [];
  }
  return db().all<MyRace>(sql`
    SELECT r.id AS roundId, r.race_number AS raceNumber, r.scheduled_at AS scheduledAt,
           r.started_at AS startedAt, r.result_state AS resultState, r.revision AS revision,
           r.start_seq AS startSeq, e.name AS eventName, r.name AS roundName,
           t.id AS teamId, t.name AS teamName, l.lane AS lane, l.place AS place
    FROM teams t
    JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
    JOIN races l ON l.team_id = t.id
    JOIN rounds r ON r.id = l.round_id
    WHERE ${teamFilter}
    ORDER BY r.race_number IS NULL, r.race_number, r.scheduled_at, e.name COLLATE NOCASE,
             r.name COLLATE NOCASE, t.name COLLATE NOCASE
    LIMIT ${MY_RACES_MAX}`);
}

/** The user's calendar key, or null (none made yet: made by a POST, never by a page view). */
export function calendarKeyOf(userId: number): string | null {
  const row = db()
    .select({ key: schema.users.calendarKey })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .get();
  return row?.key ?? null;
}

const newKey = () => randomBytes(24).toString("base64url");

/** Makes the user's first calendar key; an existing key is kept (two tabs, a double click). */
export function makeCalendarKey(userId: number): string {
  return db().transaction((tx) => {
    const u = schema.users;
    const row = tx.select({ key: u.calendarKey }).from(u).where(eq(u.id, userId)).get();
    if (row?.key) return row.key;
    const key = newKey();
    tx.update(u).set({ calendarKey: key }).where(eq(u.id, userId)).run();
    return key;
  });
}

/** A new calendar key: the old link stops working at once. Audited with the user as the actor. */
export function regenerateCalendarKey(actor: Actor): string {
  return db().transaction((tx) => {
    const key = newKey();
    tx.update(schema.users).set({ calendarKey: key }).where(eq(schema.users.id, actor.id)).run();
    audit(tx, actor, {
      action: MY_RACES_AUDIT.calendarKeyRegenerated,
      targetType: "user",
      targetId: actor.id,
    });
    return key;
  });
}

/** The user a calendar key belongs to (a MANAGER or COMPETITOR), or undefined. */
export function userByCalendarKey(key: string) {
  const u = schema.users;
  return db()
    .select({ id: u.id, role: u.role, associationId: u.associationId, locale: u.locale })
    .from(u)
    .where(and(isNotNull(u.calendarKey), eq(u.calendarKey, key)))
    .get();
}

/** "Email me when my race is called" on or off. */
export function setCallEmails(userId: number, on: boolean): void {
  db().update(schema.users).set({ callEmails: on }).where(eq(schema.users.id, userId)).run();
}
