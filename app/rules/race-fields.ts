// Rounds and races (spec sections 3, 5): the field limits and the small parsers the screens and
// their schemas share, without zod (the /rounds and /races pages import these on the client).

export const ROUND_MAX = { name: 150, description: 500 } as const;
export const LANE_MAX = 10;
export const SCORE_MAX = 20;
/** The most races one Save Scores form may carry (a round has a handful; this bounds a forgery). */
export const SCORES_MAX = 100;

/** A row id from the URL or a form (`/rounds/:id/edit`, `?event=`), or null for anything but a
 * plain number. */
export function parseId(raw: FormDataEntryValue | string | null | undefined): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** A round name as stored: trimmed, inner runs of spaces as one (the kiosk finds rounds by name). */
export function roundName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** A score as stored: free text (a time such as 2:01.34 or 58.20, a place, DNS, DNF or DSQ),
 * trimmed, inner spaces as one, DNS/DNF/DSQ in capitals; empty is no score (null). */
export function normalizeScore(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim().replace(/\s+/g, " ");
  if (text === "") return null;
  return /^(dns|dnf|dsq)$/i.test(text) ? text.toUpperCase() : text;
}

/** Lanes in the order of the water: numbers by value ("2" before "10"), then the rest by text. */
export function compareLanes(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : Number.NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : Number.NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a < b ? -1 : a > b ? 1 : 0; // by code unit: no collator in the browser's bundle or the server
}
