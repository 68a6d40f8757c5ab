// CSV downloads of staff tables: the same columns (names and values) as the table on screen,
// every filtered row, UTF-8 with a byte-order mark so Excel opens Malay and Chinese names right.
// Quoting as csv-stringify does it with `record_delimiter: "windows"` (a field with a comma, a quote
// or a CRLF is quoted, its quotes doubled; every record ends with CRLF): written out here,
// because csv-stringify's general machinery was most of a 5,000-row export's CPU (44 of 58 ms).
// csv.server.test.ts checks the two agree byte for byte. See docs/decisions/0009-staff-console.md.
import type { TypedResponse } from "@remix-run/node";
/** What a CSV needs of a table's column (components/DataTable's `Column` is one): lib imports no
 * component (issue 30). */
type Column<R> = { label: string; cell?: (row: R) => unknown; csv?: (row: R) => Cell };

type Cell = string | number | null | undefined;

function cellValue<R>(column: Column<R>, row: R): Cell {
  if (column.csv) return column.csv(row);
  const cell = column.cell?.(row); // a column of HTML only (a link, a badge) has no CSV text of its own
  return typeof cell === "string" || typeof cell === "number" ? cell : "";
}

/** Spreadsheet formula injection: a text cell starting with = + - @ is shown as text. */
function safe(value: Cell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const NEEDS_QUOTES = /[",]|\r\n/;
const QUOTES = /"/g;

function csvField(value: string | number): string {
  const text = typeof value === "number" ? String(value) : value;
  if (!NEEDS_QUOTES.test(text)) return text;
  return `"${text.replace(QUOTES, '""')}"`;
}

/** The records as CSV lines, each ending with CRLF. */
export function csvLines(records: (string | number)[][]): string {
  let out = "";
  for (const record of records) {
    for (let i = 0; i < record.length; i++) {
      if (i > 0) out += ",";
      out += csvField(record[i]);
    }
    out += "\r\n";
  }
  return out;
}

export function toCsv<R>(columns: Column<R>[], rows: Iterable<R>): string {
  const records: (string | number)[][] = [columns.map((c) => c.label)];
  for (const row of rows) records.push(columns.map((c) => safe(cellValue(c, row))));
  return `\uFEFF${csvLines(records)}`;
}

/**
 * The same file as toCsv, as a stream: the header first, then one chunk per batch, each batch read
 * only when the client has taken the one before (pull). Memory holds one batch, however many rows
 * the table has (a flood of logged calls must not fill the 128 MB heap).
 */
export function csvStream<R>(columns: Column<R>[], batches: Iterable<R[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let source: Iterator<R[]> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLines([columns.map((c) => c.label)])}`));
    },
    pull(controller) {
      source ??= batches[Symbol.iterator]();
      const next = source.next();
      if (next.done) {
        controller.close();
        return;
      }
      const records = next.value.map((row) => columns.map((c) => safe(cellValue(c, row))));
      if (records.length > 0) controller.enqueue(encoder.encode(csvLines(records)));
    },
    cancel() {
      source?.return?.();
    },
  });
}

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}-${new Date().toISOString().slice(0, 10)}.csv"`,
  "Cache-Control": "no-store",
});

/** A download streamed batch by batch (csvStream), typed like csvResponse. */
export function csvStreamResponse<R>(
  filename: string,
  columns: Column<R>[],
  batches: Iterable<R[]>,
): TypedResponse<never> {
  return new Response(csvStream(columns, batches), { headers: csvHeaders(filename) }) as TypedResponse<never>;
}

/** A download, typed as carrying no loader data (so `useLoaderData` sees only the page's data). */
export function csvResponse<R>(
  filename: string,
  columns: Column<R>[],
  rows: Iterable<R>,
): TypedResponse<never> {
  const response = new Response(toCsv(columns, rows), { headers: csvHeaders(filename) });
  return response as TypedResponse<never>;
}
