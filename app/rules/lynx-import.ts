// Results in from the timing system (issue 20, section 3): a FinishLynx `.lif` or a simple CSV read
// into one result per lane, or refused as a whole with every reason and its line number. Pure,
// shared by server and browser; the results screen shows the preview and saves it.
//
// `.lif` (see /work/shared/reference/race-timing.md): a header line (event, round, heat, name, ...;
// never read), then per crew `place,id,lane,last name,first name,affiliation,time,license,delta,...`.
//   - Column 0 is the place, or a status word; column 2 the lane; column 6 the time or a status word.
//     Deltas and every later column are never read (exports disagree on what a delta measures).
//   - Status words, any case: DNS; DNF; DSQ, DQ and DISQ mean DSQ; NP and AB mean DNF.
//     NP ("no place") is a crew that started and got no place on the photo: it did not finish in
//     the record, and it is not a DNS (it was on the water) nor a DSQ (no judge's decision). AB is
//     FinishLynx's (and French timing's) "abandon": started, then gave up, which is a DNF. The desk
//     corrects either on the preview if the judges saw otherwise.
//   - When both columns hold a status they must agree; a status with a time keeps the status (a
//     disqualified crew still crosses the line) and drops the time.
//   - A line with a lane and neither place, time nor status is an entrant the operator has not
//     evaluated (FinishLynx writes every entrant of the start list): skipped, like a lane absent from
//     the file, so the screen keeps what is stored for it.
// CSV: `lane,time` or `lane,status` per line, an optional header `lane,time` or `lane,result`.
//   An empty result on a CSV line is refused (a person typed that line and left it unfinished).
// Both: CRLF, LF or CR; a UTF-8 byte order mark; quoted fields ("Jones, Jr.", "" for a quote);
// trailing empty fields; blank lines ignored. Times `58.204`, `2:35.19`, `1:02:03.4` (minutes and
// seconds 0-59, up to 4 decimals rounded UP to the millisecond as photo-finish times are); a bare
// whole number is refused (58 seconds, or a place typed in the wrong column?). Lanes are compared as
// written, leading zeros ignored ("01" is lane "1"); the result names the round's own lane text.

export type ImportedLane = {
  lane: string; // as in the round ("1", "2" ...)
  timeMs: number | null; // null when status is set
  status: "DNS" | "DNF" | "DSQ" | null;
  filePlace: number | null; // the place the file gave (informational; places are recomputed)
};
export type ImportErrorCode =
  | "empty"
  | "tooLarge"
  | "tooManyLines"
  | "badLine"
  | "badTime"
  | "badStatus"
  | "laneNotInRound"
  | "duplicateLane";
/** One reason to refuse the file; `line` is 1-based, 0 for the file as a whole. */
export type ImportError = { line: number; code: ImportErrorCode; lane?: string; text?: string };
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_LINES = 100;

type Status = NonNullable<ImportedLane["status"]>;
type ParseResult =
  | { ok: true; format: "lif" | "csv"; lanes: ImportedLane[] }
  | { ok: false; errors: ImportError[] };

const STATUS_WORDS: Record<string, Status> = {
  DNS: "DNS",
  DNF: "DNF",
  DSQ: "DSQ",
  DQ: "DSQ",
  DISQ: "DSQ",
  NP: "DNF",
  AB: "DNF",
};

/** A status word as the file writes it, or null. */
export function readStatus(text: string): Status | null {
  return STATUS_WORDS[text.trim().toUpperCase()] ?? null;
}

const TIME = /^(?:(?:(\d{1,2}):)?(\d{1,2}):)?(\d{1,2})(?:\.(\d{1,4}))?$/;

/**
 * A race time in milliseconds, or null when it is not one: `s.f`, `m:ss[.f]`, `h:mm:ss[.f]`.
 * Fractions of up to 4 digits; a 4th decimal rounds the millisecond up (a time is never shortened).
 */
export function readTime(raw: string): number | null {
  const text = raw.trim();
  const m = TIME.exec(text);
  if (!m) return null;
  const [, h, min, sec, frac] = m;
  if (h === undefined && min === undefined && frac === undefined) return null; // bare whole number
  // After a colon, two digits (1:05.2, not 1:5.2); the leading part may be one or two.
  if (min !== undefined && h !== undefined && min.length !== 2) return null;
  if (min !== undefined && sec.length !== 2) return null;
  const hours = h === undefined ? 0 : Number(h);
  const minutes = min === undefined ? 0 : Number(min);
  const seconds = Number(sec);
  if (minutes > 59 || seconds > 59) return null;
  const tenThousandths = frac === undefined ? 0 : Number(frac.padEnd(4, "0"));
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + Math.ceil(tenThousandths / 10);
  return ms > 0 ? ms : null;
}

/** One line's fields: commas split, double quotes group ("" is a quote), fields trimmed. */
export function splitFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === " " || line[i] === "\t") i++;
    if (line[i] === '"') {
      let value = "";
      i++;
      for (;;) {
        if (i >= line.length) return null; // the quote never closes
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      while (line[i] === " " || line[i] === "\t") i++;
      if (i < line.length && line[i] !== ",") return null; // text after the closing quote
      fields.push(value.trim());
    } else {
      const end = line.indexOf(",", i);
      const value = end === -1 ? line.slice(i) : line.slice(i, end);
      if (value.includes('"')) return null;
      fields.push(value.trim());
      i = end === -1 ? line.length : end;
    }
    if (i >= line.length) break;
    i++; // the comma
  }
  while (fields.length > 0 && fields[fields.length - 1] === "") fields.pop();
  return fields;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function laneKey(lane: string): string {
  const t = lane.trim();
  return /^\d+$/.test(t) ? String(Number(t)) : t.toUpperCase();
}

const CSV_HEADER = /^lane$/i;
const CSV_HEADER_RESULT = /^(time|result|status)$/i;
const SHOWN_MAX = 40; // how much of a bad field or line an error repeats

function shown(text: string): string {
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text;
}

/** Reads a `.lif` or CSV results file against the lanes of the round it is imported into. */
export function parseResultsFile(text: string, lanesInRound: readonly string[]): ParseResult {
  if (text.length > IMPORT_MAX_BYTES || byteLength(text) > IMPORT_MAX_BYTES) {
    return { ok: false, errors: [{ line: 0, code: "tooLarge" }] };
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = body.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length > IMPORT_MAX_LINES) {
    return { ok: false, errors: [{ line: IMPORT_MAX_LINES + 1, code: "tooManyLines" }] };
  }

  const numbered = lines
    .map((raw, index) => ({ raw, line: index + 1 }))
    .filter(({ raw }) => raw.trim() !== "");
  if (numbered.length === 0) return { ok: false, errors: [{ line: 0, code: "empty" }] };

  // The first line decides: a CSV line has at most two fields, a .lif header or result line more.
  const head = numbered[0];
  const headFields = splitFields(head.raw) ?? head.raw.split(",");
  const format: "lif" | "csv" = headFields.length > 2 ? "lif" : "csv";
  // A .lif header (event, round, heat, name, ...) is never read; a CSV header is optional.
  const skipHead =
    format === "lif" || (CSV_HEADER.test(headFields[0] ?? "") && CSV_HEADER_RESULT.test(headFields[1] ?? ""));

  const errors: ImportError[] = [];
  const data: { line: number; fields: string[] }[] = [];
  for (const { raw, line } of skipHead ? numbered.slice(1) : numbered) {
    const fields = splitFields(raw);
    if (fields === null) errors.push({ line, code: "badLine", text: shown(raw.trim()) });
    else data.push({ line, fields });
  }

  const roundLanes = new Map(lanesInRound.map((lane) => [laneKey(lane), lane]));
  const seen = new Set<string>();
  const found: ImportedLane[] = [];

  for (const { line, fields } of data) {
    const laneText = format === "lif" ? (fields[2] ?? "") : (fields[0] ?? "");
    const placeText = format === "lif" ? (fields[0] ?? "") : "";
    const resultText = format === "lif" ? (fields[6] ?? "") : (fields[1] ?? "");
    if (laneText === "" || (format === "csv" && fields.length > 2)) {
      errors.push({ line, code: "badLine", text: shown(fields.join(",")) });
      continue;
    }

    let ok = true;
    const lane = roundLanes.get(laneKey(laneText));
    if (lane === undefined) {
      errors.push({ line, code: "laneNotInRound", lane: shown(laneText) });
      ok = false;
    } else if (seen.has(lane)) {
      errors.push({ line, code: "duplicateLane", lane });
      ok = false;
    } else {
      seen.add(lane);
    }

    // Column 0 of a .lif: a place, a status word, or empty.
    let filePlace: number | null = null;
    let status: Status | null = null;
    if (placeText !== "") {
      if (/^\d{1,3}$/.test(placeText) && Number(placeText) > 0) filePlace = Number(placeText);
      else {
        status = readStatus(placeText);
        if (status === null) {
          errors.push({ line, code: "badStatus", text: shown(placeText) });
          ok = false;
        }
      }
    }

    let timeMs: number | null = null;
    if (resultText === "") {
      if (format === "lif" && placeText === "") continue; // not evaluated yet: skipped
      if (status === null) {
        errors.push({ line, code: "badTime", text: "" });
        ok = false;
      }
    } else {
      const resultStatus = readStatus(resultText);
      if (resultStatus !== null) {
        if (status !== null && status !== resultStatus) {
          errors.push({ line, code: "badStatus", text: shown(`${placeText} / ${resultText}`) });
          ok = false;
        }
        status ??= resultStatus;
      } else {
        timeMs = readTime(resultText);
        if (timeMs === null) {
          // A word that is not a status is a bad status; anything else a malformed time.
          const word = /^[A-Za-z]+$/.test(resultText);
          errors.push({ line, code: word ? "badStatus" : "badTime", text: shown(resultText) });
          ok = false;
        }
      }
    }
    if (!ok || lane === undefined) continue;
    found.push({ lane, timeMs: status === null ? timeMs : null, status, filePlace });
  }

  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  if (found.length === 0) return { ok: false, errors: [{ line: 0, code: "empty" }] };
  const order = new Map(lanesInRound.map((lane, i) => [lane, i]));
  found.sort((a, b) => (order.get(a.lane) ?? 0) - (order.get(b.lane) ?? 0));
  return { ok: true, format, lanes: found };
}

/** The sentences for each refusal (LABELS keys with the `lx` prefix, English and Malay). */
export type ImportLabels = {
  lxEmpty: string;
  lxTooLarge: (max: number) => string;
  lxTooManyLines: (max: number) => string;
  lxBadLine: (line: number, text: string) => string;
  lxBadTime: (line: number, text: string) => string;
  lxBadStatus: (line: number, text: string) => string;
  lxLaneNotInRound: (line: number, lane: string) => string;
  lxDuplicateLane: (line: number, lane: string) => string;
};

/** One refusal as a sentence in the reader's language. */
export function importErrorText(labels: ImportLabels, error: ImportError): string {
  switch (error.code) {
    case "empty":
      return labels.lxEmpty;
    case "tooLarge":
      return labels.lxTooLarge(IMPORT_MAX_BYTES / (1024 * 1024));
    case "tooManyLines":
      return labels.lxTooManyLines(IMPORT_MAX_LINES);
    case "badLine":
      return labels.lxBadLine(error.line, error.text ?? "");
    case "badTime":
      return labels.lxBadTime(error.line, error.text ?? "");
    case "badStatus":
      return labels.lxBadStatus(error.line, error.text ?? "");
    case "laneNotInRound":
      return labels.lxLaneNotInRound(error.line, error.lane ?? "");
    case "duplicateLane":
      return labels.lxDuplicateLane(error.line, error.lane ?? "");
  }
}
