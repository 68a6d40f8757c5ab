// Expressions of interest (spec sections 3, 5, 8; issue 11). Pure: the EOI event form, the
// manager's ticks, and the folds behind the result tabs (Result by Teams' matrix of 250M / 400M /
// Tug, Countries' counts and total), shared with the tests.
import { z } from "zod";
import { distanceOf, EOI_NAME_MAX, EOI_TICKS_MAX, MATRIX_COLUMNS } from "./eoi-fields";
import { type Bundle, EN } from "~/i18n/en";
import { compareText } from "./compare";

export { distanceOf, EOI_NAME_MAX, EOI_TICKS_MAX, MATRIX_COLUMNS };

/** An EOI event's name as stored: trimmed, inner runs of white space as one. Made with the bundle of
 * the request's language; the constant is the English one. */
export const eoiEventSchemaFor = ({ MSG, LABELS }: Bundle = EN) =>
  z.object({
    name: z
      .string({ error: MSG.fillAll })
      .trim()
      .min(1, { error: MSG.fillAll })
      .max(EOI_NAME_MAX, { error: MSG.tooLong(LABELS.name, EOI_NAME_MAX) })
      .transform((v) => v.replace(/\s+/g, " ")),
  });
export const eoiEventSchema = eoiEventSchemaFor();
export type EoiEventInput = z.output<typeof eoiEventSchema>;

/** The manager's ticks: `event` ids, each a plain number, at most EOI_TICKS_MAX, duplicates once.
 * Null for a forged form. Zero ticks is a valid answer (no interest, or taking it all back). */
export function parseTicks(values: FormDataEntryValue[]): number[] | null {
  if (values.length > EOI_TICKS_MAX) return null;
  const ids = new Set<number>();
  for (const v of values) {
    if (typeof v !== "string" || !/^\d{1,9}$/.test(v)) return null;
    ids.add(Number(v));
  }
  return [...ids].sort((a, b) => a - b);
}

/** One line of the query: a team's interest in one EOI event. */
export type InterestLine = { userId: number; team: string; country: string; eventName: string };

export type MatrixRow = {
  userId: number;
  team: string;
  country: string;
  /** Per MATRIX_COLUMNS: the names of the ticked EOI events in that column, in name order. */
  cells: string[][];
};

/** Folds interest lines (in team order) into one row per team with its events by distance, plus
 * each column's count of interested teams. */
export function eoiMatrix(lines: Iterable<InterestLine>): { rows: MatrixRow[]; teamsPerColumn: number[] } {
  const byUser = new Map<number, MatrixRow>();
  const index = new Map<string, number>(MATRIX_COLUMNS.map((c, i) => [c.key, i]));
  for (const line of lines) {
    let row = byUser.get(line.userId);
    if (!row) {
      row = {
        userId: line.userId,
        team: line.team,
        country: line.country,
        cells: MATRIX_COLUMNS.map(() => []),
      };
      byUser.set(line.userId, row);
    }
    row.cells[index.get(distanceOf(line.eventName)) ?? MATRIX_COLUMNS.length - 1].push(line.eventName);
  }
  const rows = [...byUser.values()];
  for (const row of rows) for (const cell of row.cells) cell.sort(compareText);
  const teamsPerColumn = MATRIX_COLUMNS.map((_, i) => rows.filter((r) => r.cells[i].length > 0).length);
  return { rows, teamsPerColumn };
}

/** Countries tab: teams per country (name, not code), most teams first, then by name; and the
 * total. */
export function countryCounts(
  lines: Iterable<{ country: string; teams: number }>,
  nameOf: (code: string) => string,
): { rows: { code: string; country: string; teams: number }[]; total: number } {
  const rows = [...lines]
    .map((l) => ({ code: l.country, country: nameOf(l.country), teams: l.teams }))
    .sort((a, b) => b.teams - a.teams || compareText(a.country, b.country));
  return { rows, total: rows.reduce((n, r) => n + r.teams, 0) };
}
