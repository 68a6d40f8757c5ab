// New Edition (issue 21, ADMIN's /editions/new): a name (trimmed, inner spaces as one, at most
// EDITION_NAME_MAX), a year (2000-2100; unique, checked by the model in its transaction), start and
// end dates (real calendar dates, the end not before the start) and the edition to copy from.
import { z } from "zod";
import { type Bundle, EN } from "~/i18n/en";
import { EDITION_DATE, EDITION_NAME_MAX, EDITION_YEAR } from "./edition-fields";

/** A YYYY-MM-DD that is a real calendar date (no 2027-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!EDITION_DATE.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const editionSchemaFor = ({ MSG, LABELS }: Bundle = EN) => {
  const date = z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .max(10, { error: MSG.edScDateInvalid })
    .refine(isCalendarDate, { error: MSG.edScDateInvalid });
  return z
    .object({
      name: z
        .string({ error: MSG.fillAll })
        .trim()
        .min(1, { error: MSG.fillAll })
        .max(EDITION_NAME_MAX, { error: MSG.tooLong(LABELS.name, EDITION_NAME_MAX) })
        .transform((v) => v.replace(/\s+/g, " ")),
      year: z
        .string({ error: MSG.fillAll })
        .trim()
        .min(1, { error: MSG.fillAll })
        .regex(/^\d{4}$/, { error: MSG.edScYearRange })
        .transform(Number)
        .refine((y) => y >= EDITION_YEAR.min && y <= EDITION_YEAR.max, { error: MSG.edScYearRange }),
      startsOn: date,
      endsOn: date,
      fromId: z
        .string({ error: MSG.fillAll })
        .regex(/^\d{1,9}$/, { error: MSG.edScFromGone })
        .transform(Number),
    })
    .refine((v) => v.endsOn >= v.startsOn, { error: MSG.edScDatesOrder, path: ["endsOn"] });
};
export const editionSchema = editionSchemaFor();
export type EditionInput = z.output<typeof editionSchema>;
