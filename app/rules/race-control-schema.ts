// The /race-control forms (issue 20; ADR 0031), in two layers. raceControlSchema: every form of the
// page as one zod discriminated union on `intent` (issue 30), what a page always sends (ids as
// digits, caps far above the boxes' maxLength); anything else is a forged request, a 400. Then the
// forms a user types into: Schedule (ADMIN: a first race number, a first start in Malaysia time,
// minutes between races, the ticked rounds `ids`) and Post Notice, each refusal one of the screen's
// LABELS in the request's language, the first one (in field order) the toast. Pure: the action and
// the tests share it; routes import it through lib/schemas.server.ts (zod stays out of the browser
// build).
import { z } from "zod";
import { type Bundle, EN } from "~/messages";
import { parseMalaysiaLocal } from "./format";
import { BACK_REASON_MAX } from "./pontoon";
import { READY_REASON_MAX } from "./readiness";
import { GAP_MINUTES_MAX, NOTICE_MAX, RACE_NUMBER_MAX } from "./timetable";

/** The most round ids one Schedule may tick (a regatta has ~130 races). */
export const SCHEDULE_IDS_MAX = 2000;

/** A row id as a hidden field or a box sends it: digits, at most nine (spaces around allowed, as
 * rules/race-fields parseId reads it). */
const formId = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** What the page's own boxes cannot exceed (their maxLength): four times over is forged. */
const within = (max: number) =>
  z
    .string()
    .max(max * 4)
    .optional();

/** Every form of /race-control, told apart by `intent`: Start and Undo start (`id`: the round),
 * Re-seed (ADMIN), Remove Notice (`id`: the notice), Mark Back (the boat trip and the reason),
 * Mark Ready and Undo (issue 28: the lane's race id and, for Mark Ready, the reason), Schedule (the
 * ticked rounds; its boxes are read by scheduleSchemaFor) and Post Notice (read by noticeSchemaFor).
 * The reasons' own rules (required, capped) are the handlers'; this only refuses what no page sends. */
export const raceControlSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), id: formId }),
  z.object({ intent: z.literal("undoStart"), id: formId }),
  z.object({ intent: z.literal("reseed"), id: formId }),
  z.object({ intent: z.literal("removeNotice"), id: formId }),
  z.object({ intent: z.literal("markBack"), id: formId, reason: within(BACK_REASON_MAX) }),
  z.object({ intent: z.literal("markReady"), race: formId, reason: within(READY_REASON_MAX) }),
  z.object({ intent: z.literal("undoReady"), race: formId }),
  z.object({
    intent: z.literal("schedule"),
    ids: z
      .array(z.string().regex(/^\d{1,9}$/))
      .max(SCHEDULE_IDS_MAX)
      .optional(),
  }),
  z.object({ intent: z.literal("postNotice"), notice: within(NOTICE_MAX) }),
]);
export type RaceControlIntent = z.output<typeof raceControlSchema>;

/** A whole number from `min` to `max` typed in a box (at most `digits` digits, spaces around
 * allowed); anything else, empty included, is `message`. */
const wholeNumber = (digits: number, min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .max(digits + 10, { error: message })
    .transform((v, ctx) => {
      const n = new RegExp(`^\\s*\\d{1,${digits}}\\s*$`).test(v) ? Number(v) : Number.NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** Schedule: `ids` are the ticked rounds (digits only, at most SCHEDULE_IDS_MAX: raceControlSchema
 * has refused any other list with a 400 before this reads the boxes). */
export function scheduleSchemaFor({ LABELS }: Bundle = EN) {
  return z.object({
    intent: z.literal("schedule"),
    firstNumber: wholeNumber(4, 1, RACE_NUMBER_MAX, LABELS.rcRaceNumberRange(RACE_NUMBER_MAX)),
    firstStart: z
      .string({ error: LABELS.rcFirstStartInvalid })
      .max(20, { error: LABELS.rcFirstStartInvalid })
      .transform((v, ctx) => {
        const ms = parseMalaysiaLocal(v);
        if (ms === null) {
          ctx.addIssue({ code: "custom", message: LABELS.rcFirstStartInvalid });
          return z.NEVER;
        }
        return ms;
      }),
    gapMinutes: wholeNumber(3, 1, GAP_MINUTES_MAX, LABELS.rcGapRange(GAP_MINUTES_MAX)),
    ids: z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/)
          .transform(Number),
        {
          error: LABELS.rcScheduleNone,
        },
      )
      .max(SCHEDULE_IDS_MAX)
      .min(1, { error: LABELS.rcScheduleNone }),
  });
}

/** Post Notice: trimmed, line ends made "\n"; empty or longer than NOTICE_MAX is refused. */
export function noticeSchemaFor({ LABELS, MSG }: Bundle = EN) {
  return z.object({
    intent: z.literal("postNotice"),
    notice: z
      .string({ error: LABELS.rcNoticeEmpty })
      .transform((v) => v.trim().replace(/\r\n?/g, "\n"))
      .pipe(
        // (conform's coercion makes the trimmed "" undefined, hence the string's own error too)
        z
          .string({ error: LABELS.rcNoticeEmpty })
          .min(1, { error: LABELS.rcNoticeEmpty })
          .max(NOTICE_MAX, { error: MSG.tooLong(LABELS.rcNotice, NOTICE_MAX) }),
      ),
  });
}

export type ScheduleValue = z.output<ReturnType<typeof scheduleSchemaFor>>;
