// The event form's field limits, without zod: the events table and its dialogs import these on
// the client, and the events list page should not carry zod (rules/event-schema.ts has the schema).
import { senToRM } from "./format";

export const EVENT_MAX = { name: 100, description: 1000 } as const;
export const EVENT_PRICE_MAX_SEN = 10_000_000; // RM 100,000.00

/** Each count's label (as on the form and the table) and its accepted range. */
export const EVENT_COUNTS = {
  maxTeam: { label: "Max Teams", min: 1, max: 1000 },
  reserveCount: { label: "Reserve", min: 0, max: 100 },
  minRace: { label: "Min Race", min: 0, max: 100 },
  maxRace: { label: "Max Race", min: 1, max: 100 },
  maxMale: { label: "Max Male", min: 0, max: 100 },
  minFemale: { label: "Min Female", min: 0, max: 100 },
  minAge: { label: "Min Age", min: 0, max: 120 },
  maxAge: { label: "Max Age", min: 0, max: 120 },
} as const;
export type EventCount = keyof typeof EVENT_COUNTS;

/** An event id from the URL (`/events/:id/edit`), or null for anything but a plain number. */
export function parseEventId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

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

/** A stored event as the form's values (price as RM text, counts as text). */
export function eventFormValues(
  e: { name?: string; description?: string; price: number; limitMalaysia: boolean } & Record<
    EventCount,
    number
  >,
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
