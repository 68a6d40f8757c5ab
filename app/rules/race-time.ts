// Race scores (issue 10): a race's score is free text the results desk types (spec: a time, a
// place, DNS, DNF or DSQ; Tug of War adds win-loss records like "2-1"). Progression needs to
// compare them, so this reads one score into a kind and a sort key, or says exactly what is wrong.
// Pure, shared by server and browser.
//
// Accepted (spaces around are ignored, letters in any case):
//   time    "1:02.35", "1:02.3", "1:02.345", "1:02", "58.20", "58.2"  (minutes 0-59, seconds 0-59)
//   place   "1st", "2nd", "3rd", "4th" ... "99th"
//   record  "2-1" (wins-losses, Tug of War)
//   out     "DNS", "DNF", "DSQ"
//   none    "" (not raced yet)
// Refused: a bare number ("58": seconds or a place?), "1.02.35", "1:2.35", "61.00", "1:60.00".

export type Out = "DNF" | "DSQ" | "DNS";

export type Score =
  | { kind: "time"; ms: number }
  | { kind: "place"; place: number }
  | { kind: "record"; wins: number; losses: number }
  | { kind: "out"; code: Out }
  | { kind: "none" }
  | { kind: "bad"; typed: string };

/** The longest score worth reading (the races screen's own limit may be shorter). */
export const SCORE_MAX = 20;

const TIME = /^(?:(\d{1,2}):(\d{2})|(\d{1,2}))(?:\.(\d{1,3}))?$/;
const PLACE = /^(\d{1,2})(st|nd|rd|th)$/i;
const RECORD = /^(\d{1,2})\s*-\s*(\d{1,2})$/;

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** Reads one score. Never throws; a text it cannot read is `bad` with what was typed. */
export function parseScore(raw: string | null | undefined): Score {
  const text = (raw ?? "").trim();
  if (text === "") return { kind: "none" };
  const bad = { kind: "bad" as const, typed: text.slice(0, SCORE_MAX * 2) };
  if (text.length > SCORE_MAX) return bad;
  const upper = text.toUpperCase();
  if (upper === "DNS" || upper === "DNF" || upper === "DSQ") return { kind: "out", code: upper };

  const t = TIME.exec(text);
  if (t) {
    const [, min, sec, bare, frac] = t;
    // A bare whole number is ambiguous (58 seconds, or 58th?): refused, the message shows both.
    if (bare !== undefined && frac === undefined) return bad;
    const minutes = min === undefined ? 0 : Number(min);
    const seconds = Number(sec ?? bare);
    if (minutes > 59 || seconds > 59) return bad;
    const ms = (minutes * 60 + seconds) * 1000 + (frac === undefined ? 0 : Number(frac.padEnd(3, "0")));
    return ms > 0 ? { kind: "time", ms } : bad;
  }

  const p = PLACE.exec(text);
  if (p) {
    const place = Number(p[1]);
    return place >= 1 && ordinal(place) === `${place}${p[2].toLowerCase()}` ? { kind: "place", place } : bad;
  }

  const r = RECORD.exec(text);
  if (r) return { kind: "record", wins: Number(r[1]), losses: Number(r[2]) };
  return bad;
}

/** A time as the results desk types it: "1:02.35", "58.20" (thousandths only when there are). */
export function formatTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const rest = ms - minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const thousandths = rest % 1000;
  const frac =
    thousandths % 10 === 0 ? String(thousandths / 10).padStart(2, "0") : String(thousandths).padStart(3, "0");
  return minutes > 0 ? `${minutes}:${String(seconds).padStart(2, "0")}.${frac}` : `${seconds}.${frac}`;
}

/** A parsed score as shown in a ranking ("1:02.35", "2nd", "2-1", "DNS", "—" for none). */
export function formatScore(score: Score): string {
  switch (score.kind) {
    case "time":
      return formatTime(score.ms);
    case "place":
      return ordinal(score.place);
    case "record":
      return `${score.wins}-${score.losses}`;
    case "out":
      return score.code;
    case "none":
      return "—";
    case "bad":
      return score.typed;
  }
}

const OUT_ORDER: Record<Out, number> = { DNF: 0, DSQ: 1, DNS: 2 };

/**
 * A sort key for scores of one kind: smaller is better. Times by time, places by place, records by
 * wins (more first) then losses (fewer first); every DNF, then DSQ, then DNS after all of them.
 * `none` and `bad` never reach a ranking (they refuse it first), so they sort last of all.
 */
export function scoreKey(score: Score): [number, number, number] {
  switch (score.kind) {
    case "time":
      return [0, score.ms, 0];
    case "place":
      return [0, score.place, 0];
    case "record":
      return [0, -score.wins, score.losses];
    case "out":
      return [1, OUT_ORDER[score.code], 0];
    default:
      return [2, 0, 0];
  }
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** What to type instead, in every refusal of a score. */
export const SCORE_HELP =
  "Type a time like 1:02.35 or 58.20, a place like 1st, a win-loss record like 2-1, or DNS, DNF or DSQ.";

/** The refusal of one mis-typed score, naming where it is and what was typed. */
export function badScoreMessage(where: string, typed: string): string {
  return `${where}: "${typed}" is not a score. ${SCORE_HELP}`;
}
