// The Create Event / Edit form (spec sections 5 and 9): every field required ('Make sure to fill in
// all the fields.'), counts as whole numbers in sensible ranges, the price in RM (stored in sen),
// Min Race <= Max Race, Min Age <= Max Age, and a Min Female that a crew can meet. Pure, shared by
// the actions, the dialog and the tests. The schema speaks the bundle it is made with
// (`eventSchemaFor(messagesFor(request))`); `eventSchema` is the English one.
import { z } from "zod";
import { type Bundle, EN } from "~/messages";
import { MONEY_MIN_SEN, parseRM } from "./settings-schema";

import { EVENT_COUNTS, type EventCount, EVENT_MAX, EVENT_PRICE_MAX_SEN } from "./event-fields";

export {
  EVENT_COUNTS,
  EVENT_DEFAULTS,
  EVENT_MAX,
  EVENT_PRICE_MAX_SEN,
  type EventCount,
  eventFormValues,
  parseEventId,
} from "./event-fields";

type Msg = Bundle["MSG"];

// The field kinds of settings-schema.ts (rmField, wholeNumberField, textField), in a bundle's words.
const required = (MSG: Msg) => z.string({ error: MSG.fillAll }).trim().min(1, { error: MSG.fillAll });
const wholeNumber = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : Number.NaN);

function countOf({ MSG, LABELS }: Bundle, key: EventCount) {
  const c = EVENT_COUNTS[key];
  return required(MSG)
    .refine((v) => v === "" || (wholeNumber(v) >= c.min && wholeNumber(v) <= c.max), {
      error: MSG.eventWholeNumber(LABELS.eventCounts[key], c.min, c.max),
    })
    .transform(wholeNumber);
}

function priceOf(MSG: Msg) {
  const ok = (v: string) => {
    if (v === "") return true; // already 'fill in all the fields'
    const sen = parseRM(v);
    return sen !== null && sen >= MONEY_MIN_SEN && sen <= EVENT_PRICE_MAX_SEN;
  };
  return required(MSG)
    .refine(ok, { error: MSG.eventPrice })
    .transform((v) => parseRM(v) as number);
}

const textOf = (MSG: Msg, label: string, max: number) =>
  required(MSG).max(max, { error: MSG.tooLong(label, max) });

export function eventSchemaFor(bundle: Bundle = EN) {
  const { MSG, LABELS } = bundle;
  const count = (key: EventCount) => countOf(bundle, key);
  return z
    .object({
      name: textOf(MSG, LABELS.name, EVENT_MAX.name).transform((v) => v.replace(/\s+/g, " ")),
      description: textOf(MSG, LABELS.description, EVENT_MAX.description),
      price: priceOf(MSG),
      maxTeam: count("maxTeam"),
      reserveCount: count("reserveCount"),
      minRace: count("minRace"),
      maxRace: count("maxRace"),
      maxMale: count("maxMale"),
      minFemale: count("minFemale"),
      minAge: count("minAge"),
      maxAge: count("maxAge"),
      // A checkbox: ticked is "on", unticked is absent (false).
      limitMalaysia: z
        .boolean()
        .optional()
        .transform((v) => v ?? false),
    })
    .superRefine((v, ctx) => {
      // Only once both sides are numbers (a field's own error comes first).
      const ok = (...n: unknown[]) => n.every((x) => typeof x === "number");
      if (ok(v.minRace, v.maxRace) && v.minRace > v.maxRace)
        ctx.addIssue({ code: "custom", path: ["minRace"], message: MSG.eventRaceOrder });
      if (ok(v.minAge, v.maxAge) && v.minAge > v.maxAge)
        ctx.addIssue({ code: "custom", path: ["minAge"], message: MSG.eventAgeOrder });
      if (ok(v.minFemale, v.maxRace, v.reserveCount) && v.minFemale > v.maxRace + v.reserveCount)
        ctx.addIssue({ code: "custom", path: ["minFemale"], message: MSG.eventFemaleOverMax });
    });
}
export const eventSchema = eventSchemaFor();

export type EventInput = z.output<typeof eventSchema>;

/** The field names in form order. */
export const EVENT_FIELDS = [
  "name",
  "description",
  "price",
  "maxTeam",
  "reserveCount",
  "minRace",
  "maxRace",
  "maxMale",
  "minFemale",
  "minAge",
  "maxAge",
  "limitMalaysia",
] as const;

/** The toast for a refused form: any empty field gives the spec's sentence; otherwise the first
 * field's message in form order. */
export function eventFormError(
  errors: Record<string, string[] | null | undefined> | null | undefined,
  { MSG }: Bundle = EN,
): string {
  const all = EVENT_FIELDS.flatMap((k) => errors?.[k] ?? []);
  if (all.includes(MSG.fillAll)) return MSG.fillAll;
  return all[0] ?? Object.values(errors ?? {}).flat()[0] ?? MSG.fillAll;
}

/** The name as stored: on create the spec upper-cases it; on edit it is kept as typed (trimmed,
 * inner spaces collapsed) — see docs/decisions/0011-events-and-settings.md. */
export function eventName(name: string, mode: "create" | "edit"): string {
  const clean = name.trim().replace(/\s+/g, " ");
  return mode === "create" ? clean.toUpperCase() : clean;
}
