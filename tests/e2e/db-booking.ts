// Factories of the Training Booking tests (/training, issue 11): sessions and reservations written
// through the models (tests/factories/club-life.ts), read back straight from the e2e database.
// Sessions are shared by every manager, so each test makes its own at a random minute of the next
// two years (its start and end times identify its row).
import { randomInt } from "node:crypto";
import { e2eDb } from "./db";
import * as base from "../factories";
import * as make from "../factories/club-life";
import { findAssociation } from "../../app/models/association.server";
import { findUserById } from "../../app/models/user.server";

export type ReservationStatusName = "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
export type SessionMade = { id: number; startTime: number; endTime: number; maxBoat: number };

const MINUTE = 60_000;

/** A session starting `startIn` ms from now (upcoming by default: a random minute between a day and
 * two years ahead; negative for a past one), lasting 30–600 minutes. */
export function createBookingSession(opts: { maxBoat?: number; startIn?: number } = {}): SessionMade {
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const startTime = now + (opts.startIn ?? randomInt(24 * 60, 2 * 366 * 24 * 60) * MINUTE);
  const endTime = Math.floor(startTime / MINUTE) * MINUTE + randomInt(30, 600) * MINUTE;
  const maxBoat = opts.maxBoat ?? 10;
  const at = new Date();
  const { id } = make.trainingSession({
    startTime: new Date(startTime),
    endTime: new Date(endTime),
    maxBoat,
    createdAt: at,
    updatedAt: at,
  });
  return { id, startTime, endTime, maxBoat };
}

/** A club's reservation in any state. */
export function createBookingReservation(p: {
  associationId: number;
  sessionId: number;
  boat: number;
  status?: ReservationStatusName;
  rejectReason?: string | null;
}): number {
  const at = new Date();
  return make.reservation(p.associationId, p.sessionId, {
    boat: p.boat,
    status: p.status ?? "PENDING",
    rejectReason: p.rejectReason ?? null,
    createdAt: at,
    updatedAt: at,
  }).id;
}

export type ReservationRecord = {
  id: number;
  association_id: number;
  session_id: number;
  boat: number;
  status: ReservationStatusName;
  reject_reason: string | null;
};

/** A club's reservations, oldest first. */
export function reservationsOfClub(associationId: number): ReservationRecord[] {
  return e2eDb()
    .prepare(
      `SELECT id, association_id, session_id, boat, status, reject_reason FROM training_reservations
       WHERE association_id = ? ORDER BY id`,
    )
    .all(associationId) as ReservationRecord[];
}

/** A session's reservations, oldest first. */
export function reservationsOfSession(sessionId: number): ReservationRecord[] {
  return e2eDb()
    .prepare(
      `SELECT id, association_id, session_id, boat, status, reject_reason FROM training_reservations
       WHERE session_id = ? ORDER BY id`,
    )
    .all(sessionId) as ReservationRecord[];
}

export function reservationRecord(id: number): ReservationRecord | undefined {
  return e2eDb()
    .prepare(
      `SELECT id, association_id, session_id, boat, status, reject_reason FROM training_reservations
       WHERE id = ?`,
    )
    .get(id) as ReservationRecord | undefined;
}

/** The club (association id) of a user, or null. */
export function clubOf(userId: number): number | null {
  return findUserById(userId)?.associationId ?? null;
}

/** A manager without a club (a club's manager whose club link was removed). */
export function detachFromClub(userId: number): void {
  base.setUser(userId, { associationId: null });
}

/** Sessions whose start time falls in [from, to] (the journey finds the one it created). */
export function sessionsStartingBetween(from: number, to: number): SessionMade[] {
  return e2eDb()
    .prepare(
      `SELECT id, start_time AS startTime, end_time AS endTime, max_boat AS maxBoat FROM training_sessions
       WHERE start_time BETWEEN ? AND ? ORDER BY id`,
    )
    .all(from, to) as SessionMade[];
}

/** How many sessions the Training Sessions list (start time, then id) shows before this one. */
export function sessionsBefore(s: { id: number; startTime: number }): number {
  const row = e2eDb()
    .prepare(
      `SELECT COUNT(*) AS n FROM training_sessions
       WHERE start_time < ? OR (start_time = ? AND id < ?)`,
    )
    .get(s.startTime, s.startTime, s.id) as { n: number };
  return row.n;
}

/** A club's name. */
export function clubName(associationId: number): string {
  return findAssociation(associationId)!.name;
}
