// The Create Event / Edit form (spec sections 5 and 9): every field required ('Make sure to fill in
// all the fields.'), counts as whole numbers in sensible ranges, the price in RM (stored in sen),
// Min Race <= Max Race, Min Age <= Max Age, and a Min Female that a crew can meet. Pure, shared by
// the actions, the dialog and the tests.
import { z } from "zod";
import { MSG } from "~/messages";
import { MONEY_MIN_SEN, rmField, senToRM, textField, wholeNumberField } from "./settings-schema";

import { EVENT_COUNTS, type EventCount, EVENT_MAX, EVENT_PRICE_MAX_SEN } from "./event-fields";

export { EVENT_COUNTS, EVENT_MAX, EVENT_PRICE_MAX_SEN, type EventCount, parseEventId } from "./event-fields";

const count = (key: EventCount) => {
  const c = EVENT_COUNTS[key];
  return wholeNumberField(MSG.eventWholeNumber(c.label, c.min, c.max), c.min, c.max);
};

/** The spec's defaults for a new event (section 9); price in sen. */
export const EVENT_DEFAULTS = {
  price: 10000,
  maxTeam: 50,
  reserveCount: 0,
  minRace: 0,
  maxRace: 12,
  maxMale: 12,
  minFemale: 0,
  minAge: 0,
  maxAge: 100,
  limitMalaysia: false,
} as const;

export const eventSchema = z
  .object({
    name: textField("Name", EVENT_MAX.name).transform((v) => v.replace(/\s+/g, " ")),
    description: textField("Description", EVENT_MAX.description),
    price: rmField(MSG.eventPrice, MONEY_MIN_SEN, EVENT_PRICE_MAX_SEN),
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

/** A stored event as the form's values (price as RM text, counts as text). */
export function eventFormValues(
  e: Omit<EventInput, "name" | "description"> & { name?: string; description?: string },
) {
  return {
    name: e.name ?? "",
    description: e.description ?? "",
    price: senToRM(e.price),
    maxTeam: String(e.maxTeam),
    reserveCount: String(e.reserveCount),
    minRace: String(e.minRace),
    maxRace: String(e.maxRace),
    maxMale: String(e.maxMale),
    minFemale: String(e.minFemale),
    minAge: String(e.minAge),
    maxAge: String(e.maxAge),
    limitMalaysia: e.limitMalaysia ? "on" : "",
  };
}
