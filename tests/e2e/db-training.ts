// Factories of the staff training tests (tests/e2e/training.spec.ts; /training-sessions and
// /training-reservations, issue 11 items 4 and 6): sessions, clubs with a manager, reservations in
// every state, written through the models (tests/factories/club-life.ts) and read back straight
// from the e2e database. Sessions are listed by start time and shared by every test, so these start
// at a random minute of 2001-2009: before the seed's and the booking tests' sessions (now and
// later), so they stay on the list's first page. A session to approve in must not have started:
// those start at a random minute of 2090-2099 (the list's last pages; sessionsPageOf finds the page).
import { randomInt } from "node:crypto";
import { createUser, e2eDb } from "./db";
import * as make from "../factories/club-life";
import { findAssociation } from "../../app/models/association.server";
import { findUserById } from "../../app/models/user.server";

export type ReservationStatusName = "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
export type TrainingSession = { id: number; startTime: number; endTime: number; maxBoat: number };
export type TrainingClub = { id: number; name: string; managerId: number; managerEmail: string };

const MINUTE = 60_000;
const FROM = Date.UTC(2001, 0, 1);
const TO = Date.UTC(2009, 11, 1);

/** A random whole minute in 2001-2009 (a start time no other test's session has, in practice). */
export function oldStart(): number {
  return FROM + randomInt(0, (TO - FROM) / MINUTE) * MINUTE;
}

const FUTURE_FROM = Date.UTC(2090, 0, 1);
const FUTURE_TO = Date.UTC(2099, 11, 1);

/** A random whole minute in 2090-2099: a session that has not started, so it can be approved. */
export function futureStart(): number {
  return FUTURE_FROM + randomInt(0, (FUTURE_TO - FUTURE_FROM) / MINUTE) * MINUTE;
}

/** A session of `hours` (2 by default) from `startTime` (a random old minute by default; with
 * `upcoming`, a random minute of 2090-2099). */
export function createSession(
  opts: { maxBoat?: number; startTime?: number; hours?: number; upcoming?: boolean } = {},
): TrainingSession {
  const startTime = opts.startTime ?? (opts.upcoming ? futureStart() : oldStart());
  const endTime = startTime + (opts.hours ?? 2) * 60 * MINUTE;
  const maxBoat = opts.maxBoat ?? 5;
  const { id } = make.trainingSession({
    startTime: new Date(startTime),
    endTime: new Date(endTime),
    maxBoat,
  });
  return { id, startTime, endTime, maxBoat };
}

/** A new club with its MANAGER (who gets the decision emails). */
export function createTrainingClub(): TrainingClub {
  const manager = createUser("MANAGER");
  const { id, name } = findAssociation(findUserById(manager.id)!.associationId!)!;
  return { id, name, managerId: manager.id, managerEmail: manager.email };
}

/** A club's reservation of `boat` boats in a session, in any state. */
export function createReservation(
  sessionId: number,
  associationId: number,
  boat: number,
  status: ReservationStatusName = "PENDING",
  rejectReason: string | null = null,
): number {
  return make.reservation(associationId, sessionId, { boat, status, rejectReason }).id;
}

export type ReservationRecord = { status: ReservationStatusName; boat: number; reject_reason: string | null };
export function reservationRecord(id: number): ReservationRecord | undefined {
  return e2eDb()
    .prepare("SELECT status, boat, reject_reason FROM training_reservations WHERE id = ?")
    .get(id) as ReservationRecord | undefined;
}

export type SessionRecord = { id: number; start_time: number; end_time: number; max_boat: number };
export function sessionRecord(id: number): SessionRecord | undefined {
  return e2eDb()
    .prepare("SELECT id, start_time, end_time, max_boat FROM training_sessions WHERE id = ?")
    .get(id) as SessionRecord | undefined;
}

/** The sessions starting at this instant (the one a test created through the screen). */
export function sessionsStartingAt(startTime: number): SessionRecord[] {
  return e2eDb()
    .prepare("SELECT id, start_time, end_time, max_boat FROM training_sessions WHERE start_time = ?")
    .all(startTime) as SessionRecord[];
}

/** How many reservations a session still has (a deleted session: none). */
export function reservationsOfSession(sessionId: number): number {
  return (
    e2eDb()
      .prepare("SELECT count(*) AS n FROM training_reservations WHERE session_id = ?")
      .get(sessionId) as {
      n: number;
    }
  ).n;
}

/** The Training Sessions page (200 a page, by start time then id) that lists this session. */
export function sessionsPageOf(s: { id: number; startTime: number }): string {
  const { n } = e2eDb()
    .prepare(
      `SELECT COUNT(*) AS n FROM training_sessions
       WHERE start_time < ? OR (start_time = ? AND id < ?)`,
    )
    .get(s.startTime, s.startTime, s.id) as { n: number };
  return `/training-sessions?size=200&page=${Math.floor(n / 200)}`;
}
