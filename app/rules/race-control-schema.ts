// The /race-control forms a user types into (issue 20; ADR 0031): Schedule (ADMIN: a first race
// number, a first start in Malaysia time, minutes between races, the ticked rounds `ids`) and Post
// Notice. Each refusal is one of the screen's LABELS in the request's language; the first one (in
// field order) is the toast. Pure: the action and the tests share it; routes import it through
// lib/schemas.server.ts (zod stays out of the browser build).
import { z } from "zod";
import { type Bundle, EN } from "~/messages";
import { parseMalaysiaLocal } from "./format";
import { GAP_MINUTES_MAX, NOTICE_MAX, RACE_NUMBER_MAX } from "./timetable";

/** The most round ids one Schedule may tick (a regatta has ~130 races). */
export const SCHEDULE_IDS_MAX = 2000;

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

/** Schedule: `ids` are the ticked rounds (digits only; anything else is a forged form, which the
 * action answers with a 400 rather than a message). */
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
          .regex(/^\d{1,9}$/, { error: SCHEDULE_FORGED })
          .transform(Number),
        {
          error: LABELS.rcScheduleNone,
        },
      )
      .max(SCHEDULE_IDS_MAX, { error: SCHEDULE_FORGED })
      .min(1, { error: LABELS.rcScheduleNone }),
  });
}

/** The message of an `ids` list no page sends (the action turns it into a 400). */
export const SCHEDULE_FORGED = "forged";

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
