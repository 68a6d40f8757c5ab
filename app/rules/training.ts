// Training sessions and boat reservations (spec sections 3, 5, 8; issue 11). Pure: the forms'
// schemas and the rules the models apply inside their transactions, shared with the tests.
//
// - A session: start and end (datetime inputs, read as Malaysia time), Max Boats of at least 1;
//   any empty field is 'Make sure to fill in all the fields.', an end not after the start 'Make sure
//   start time is earlier than end time.'.
// - Only APPROVED reservations count toward a session's reserved boats; max boats cannot drop below
//   them, and an approval may not take them past max boats.
// - A reservation goes PENDING -> APPROVED | REJECTED (staff; rejecting needs a reason) or
//   PENDING -> CANCELLED (its club's manager). Nothing else moves.
import { z } from "zod";
import type { ReservationStatus } from "../../db/enums";
import { type Bundle, EN } from "~/i18n/en";
import { parseMalaysiaLocal } from "./format";
import {
  boatsLeft,
  MAX_BOAT,
  REJECT_REASON_MAX,
  RESERVATION_ACTIONS,
  type ReservationAction,
  SESSION_MAX_HOURS,
  SESSION_TIME_FIELDS,
  SESSION_TIME_RANGE,
  type SessionTimeField,
  previousName,
} from "./training-fields";

type Msg = Bundle["MSG"];

/** A time box's text is a real date and time (Malaysia time) within the box's own min and max. */
export function isSessionTime(text: string): boolean {
  const t = text.trim();
  return parseMalaysiaLocal(t) !== null && t >= SESSION_TIME_RANGE.min && t <= SESSION_TIME_RANGE.max;
}

/** 'Invalid date input keeps the previous value' (the spec): a time box whose text is not a valid
 * time goes back to what it showed before (`<name>Was`, sent by the form; empty when that is not a
 * valid time either). The submission is still refused with the sentence; the other boxes keep
 * what was typed. Empty boxes are not invalid dates (they are 'fill in all the fields'). */
export function previousTimes(form: FormData): Partial<Record<SessionTimeField, string>> {
  const kept: Partial<Record<SessionTimeField, string>> = {};
  for (const name of SESSION_TIME_FIELDS) {
    const typed = form.get(name);
    if (typeof typed !== "string" || typed.trim() === "" || isSessionTime(typed)) continue;
    const was = form.get(previousName(name));
    kept[name] = typeof was === "string" && isSessionTime(was) ? was.trim() : "";
  }
  return kept;
}

const timeField = (MSG: Msg) =>
  z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .max(20, { error: MSG.sessionBadTime })
    .refine(isSessionTime, { error: MSG.sessionBadTime })
    .transform((v) => parseMalaysiaLocal(v) as number);

/** Max Boats: the spec treats 0 (or less) like an empty field ('Make sure to fill in all the
 * fields.'); above the cap, or not a whole number, is our own sentence. */
const maxBoatField = (MSG: Msg) =>
  z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .regex(/^-?\d{1,9}$/, { error: MSG.sessionMaxBoat(MAX_BOAT.min, MAX_BOAT.max) })
    .transform(Number)
    .refine((n) => n >= MAX_BOAT.min, { error: MSG.fillAll })
    .refine((n) => n <= MAX_BOAT.max, { error: MSG.sessionMaxBoat(MAX_BOAT.min, MAX_BOAT.max) });

// Each schema is made with the bundle of the request's language (`sessionSchemaFor(t)`); the
// constants are the English ones. The refusals take the bundle's MSG (English by default).
export const sessionSchemaFor = ({ MSG }: Bundle = EN) =>
  z
    .object({ startTime: timeField(MSG), endTime: timeField(MSG), maxBoat: maxBoatField(MSG) })
    .superRefine((v, ctx) => {
      if (v.endTime <= v.startTime)
        ctx.addIssue({ code: "custom", path: ["endTime"], message: MSG.sessionTimeOrder });
      else if (v.endTime - v.startTime > SESSION_MAX_HOURS * 3_600_000)
        ctx.addIssue({ code: "custom", path: ["endTime"], message: MSG.sessionTooLong(SESSION_MAX_HOURS) });
    });
export const sessionSchema = sessionSchemaFor();
export type SessionInput = z.output<typeof sessionSchema>;
export const SESSION_FIELDS = ["startTime", "endTime", "maxBoat"] as const;

/** A manager's request: the session and a number of boats (at least 1; the most is what is left,
 * checked by the model against the session). */
export const bookingSchemaFor = ({ MSG }: Bundle = EN) =>
  z.object({
    session: z
      .string({ error: MSG.bookingSessionGone })
      .trim()
      .regex(/^\d{1,9}$/, { error: MSG.bookingSessionGone })
      .transform(Number),
    boat: z
      .string({ error: MSG.bookingBoatMin })
      .trim()
      .min(1, { error: MSG.bookingBoatMin })
      .regex(/^-?\d{1,6}$/, { error: MSG.bookingBoatWhole })
      .transform(Number)
      .refine((n) => n >= 1, { error: MSG.bookingBoatMin })
      .refine((n) => n <= MAX_BOAT.max, { error: MSG.bookingBoatTooMany(MAX_BOAT.max) }),
  });
export const bookingSchema = bookingSchemaFor();
export type BookingInput = z.output<typeof bookingSchema>;

/** The Approve / Reject dialog: an action (the select's placeholder is not one), and for Reject a
 * reason ('Please enter a reject reason.'). An Approve carries no reason. */
export const decisionSchemaFor = ({ MSG, LABELS }: Bundle = EN) =>
  z
    .object({
      action: z.enum(RESERVATION_ACTIONS, { error: MSG.reservationPickAction }),
      rejectReason: z
        .string()
        .trim()
        .max(REJECT_REASON_MAX, { error: MSG.tooLong(LABELS.trRejectReason, REJECT_REASON_MAX) })
        .optional()
        .transform((v) => v ?? ""),
    })
    .superRefine((v, ctx) => {
      if (v.action === "REJECT" && v.rejectReason === "")
        ctx.addIssue({ code: "custom", path: ["rejectReason"], message: MSG.rejectReasonRequired });
    })
    .transform((v) => ({ action: v.action, rejectReason: v.action === "REJECT" ? v.rejectReason : null }));
export const decisionSchema = decisionSchemaFor();
export type DecisionInput = z.output<typeof decisionSchema>;

/** Why a manager's request for `boats` cannot be made, or null. A club may have one pending
 * request per session (`pendingAlready`: it has one): a different number means cancelling it first,
 * so requests cannot pile up. */
export function bookingRefusal(
  session: { startTime: number; maxBoat: number; approved: number } | undefined,
  boats: number,
  now: number,
  pendingAlready = false,
  MSG: Msg = EN.MSG,
): string | null {
  if (!session || session.startTime <= now) return MSG.bookingSessionGone;
  if (pendingAlready) return MSG.bookingAlreadyPending;
  const left = boatsLeft(session.maxBoat, session.approved);
  if (boats > left) return MSG.bookingTooMany(left);
  return null;
}

/** Why a decision on a reservation cannot be made, or null. A session that has started (its start
 * at or before `now`) can no longer be approved; it can still be rejected. */
export function decisionRefusal(
  reservation: { status: ReservationStatus; boat: number },
  session: { startTime: number; maxBoat: number; approved: number },
  action: ReservationAction,
  now: number,
  MSG: Msg = EN.MSG,
): string | null {
  if (reservation.status !== "PENDING") return MSG.reservationNotPending;
  if (action === "APPROVE" && session.startTime <= now) return MSG.reservationStarted;
  if (action === "APPROVE" && session.approved + reservation.boat > session.maxBoat)
    return MSG.reservationOverbooked(boatsLeft(session.maxBoat, session.approved), reservation.boat);
  return null;
}

/** Why a session's max boats cannot be set to `maxBoat`, or null. */
export function maxBoatRefusal(maxBoat: number, approved: number, MSG: Msg = EN.MSG): string | null {
  return maxBoat < approved ? MSG.sessionMaxBelowApproved(approved) : null;
}

/** The toast for a refused session form: any empty field gives the spec's sentence; otherwise the
 * first field's message in form order. */
export function sessionFormError(
  errors: Record<string, string[] | null | undefined> | null | undefined,
  MSG: Msg = EN.MSG,
): string {
  const all = SESSION_FIELDS.flatMap((k) => errors?.[k] ?? []);
  if (all.includes(MSG.fillAll)) return MSG.fillAll;
  return all[0] ?? Object.values(errors ?? {}).flat()[0] ?? MSG.fillAll;
}
