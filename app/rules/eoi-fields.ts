// Expressions of interest (issue 11): the limits and Result by Teams' columns the screens share,
// without zod (app/components/EoiTables.tsx imports these on the client; app/rules/eoi.ts re-exports them).
import { DISTANCES } from "./event-categories";

export const EOI_NAME_MAX = 150;
/** The most ticks one form may carry (a season has a handful of EOI events; bounds a forgery). */
export const EOI_TICKS_MAX = 200;

/** Result by Teams' columns: the three distances, then Other for a name with none. */
export const MATRIX_COLUMNS = [
  ...DISTANCES.map((d) => ({ key: d.key as string, label: d.label })),
  { key: "OTHER", label: "Other" },
] as const;

/** The column an EOI event counts in: the first of 250M, 400M, TUG OF WAR in its name (whole
 * words, any case and spacing), else Other. */
export function distanceOf(eventName: string): string {
  const name = eventName.toUpperCase().replace(/\s+/g, " ").trim();
  return DISTANCES.find((d) => d.pattern.test(name))?.key ?? "OTHER";
}
