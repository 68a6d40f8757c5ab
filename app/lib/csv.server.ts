// CSV downloads of staff tables: the same columns (names and values) as the table on screen,
// every filtered row, UTF-8 with a byte-order mark so Excel opens Malay and Chinese names right.
// csv-stringify does the quoting (commas, quotes, newlines, leading = or + are not ours to get
// wrong); see docs/decisions/0009-staff-console.md.
import { stringify } from "csv-stringify/sync";
import type { TypedResponse } from "@remix-run/node";
import type { Column } from "~/components/DataTable";

type Cell = string | number | null | undefined;

function cellValue<R>(column: Column<R>, row: R): Cell {
  if (column.csv) return column.csv(row);
  const cell = column.cell(row);
  return typeof cell === "string" || typeof cell === "number" ? cell : "";
}

/** Spreadsheet formula injection: a text cell starting with = + - @ is shown as text. */
function safe(value: Cell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function toCsv<R>(columns: Column<R>[], rows: Iterable<R>): string {
  const records: (string | number)[][] = [columns.map((c) => c.label)];
  for (const row of rows) records.push(columns.map((c) => safe(cellValue(c, row))));
  return `\uFEFF${stringify(records, { record_delimiter: "windows" })}`;
}

/** A download, typed as carrying no loader data (so `useLoaderData` sees only the page's data). */
export function csvResponse<R>(
  filename: string,
  columns: Column<R>[],
  rows: Iterable<R>,
): TypedResponse<never> {
  const stamp = new Date().toISOString().slice(0, 10);
  const response = new Response(toCsv(columns, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
  return response as TypedResponse<never>;
}
