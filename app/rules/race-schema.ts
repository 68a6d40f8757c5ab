// The Rounds and Races forms (spec section 5): Create Round needs event and name ('Make sure to
// fill in all the fields.'), the name trimmed; Edit needs the name. The description may be empty
// (the spec's "non-null" is met by storing '').
// Create Race needs round, lane and event team, the lane trimmed; Edit needs the lane; the score is
// optional free text. Pure, shared by the actions and the tests.
import { z } from "zod";
import { type Bundle, EN } from "~/i18n/en";
import { parseMalaysiaLocal } from "./format";
import { LANE_MAX, normalizeScore, ROUND_MAX, roundName, SCORE_MAX } from "./race-fields";
import { RACE_NUMBER_MAX } from "./timetable";

// Each schema is made with the bundle of the request's language (`roundCreateSchemaFor(t)`); the
// constants are the English ones.

/** A required text field, trimmed, at most `max` characters (settings-schema's textField, in the
 * bundle's language). */
const textOf = (MSG: Bundle["MSG"], label: string, max: number) =>
  z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .max(max, { error: MSG.tooLong(label, max) });

/** A required id from a select (empty, missing or not a plain number: fill in all the fields). */
const idField = (MSG: Bundle["MSG"]) =>
  z
    .string({ error: MSG.fillAll })
    .trim()
    .regex(/^\d{1,9}$/, { error: MSG.fillAll })
    .transform(Number);

const roundNameField = ({ MSG, LABELS }: Bundle) =>
  textOf(MSG, LABELS.name, ROUND_MAX.name).transform(roundName);
/** The description: optional, trimmed, at most ROUND_MAX.description; missing or empty is ''
 * (the column is non-null, not required). */
const descriptionField = ({ MSG, LABELS }: Bundle) =>
  z
    .string()
    .trim()
    .max(ROUND_MAX.description, { error: MSG.tooLong(LABELS.rdDescription, ROUND_MAX.description) })
    .optional()
    .transform((v) => v ?? "");
/** Race Number (issue 20): optional, a whole number 1-9999; empty or missing is null. */
export const raceNumberField = ({ LABELS }: Bundle = EN) =>
  z
    .string()
    .trim()
    .max(6, { error: LABELS.rcRaceNumberRange(RACE_NUMBER_MAX) })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const n = /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= 1 && n <= RACE_NUMBER_MAX)) {
        ctx.addIssue({ code: "custom", message: LABELS.rcRaceNumberRange(RACE_NUMBER_MAX) });
        return z.NEVER;
      }
      return n;
    });
/** Scheduled Start (issue 20): optional, a `datetime-local` in Malaysia time; empty is null. */
export const scheduledAtField = ({ LABELS }: Bundle = EN) =>
  z
    .string()
    .trim()
    .max(20, { error: LABELS.rcScheduledInvalid })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const ms = parseMalaysiaLocal(v);
      if (ms === null) {
        ctx.addIssue({ code: "custom", message: LABELS.rcScheduledInvalid });
        return z.NEVER;
      }
      return ms;
    });
const laneField = ({ MSG, LABELS }: Bundle) => textOf(MSG, LABELS.rdLane, LANE_MAX);

/** The score box: optional, at most SCORE_MAX characters once trimmed; stored normalised. */
export const scoreField = ({ MSG, LABELS }: Bundle = EN) =>
  z
    .string()
    .trim()
    .max(SCORE_MAX, { error: MSG.tooLong(LABELS.rdScore, SCORE_MAX) })
    .optional()
    .transform((v) => normalizeScore(v));

export const roundCreateSchemaFor = (t: Bundle = EN) =>
  z.object({
    event: idField(t.MSG),
    name: roundNameField(t),
    description: descriptionField(t),
    raceNumber: raceNumberField(t),
    scheduledAt: scheduledAtField(t),
  });
export const roundUpdateSchemaFor = (t: Bundle = EN) =>
  z.object({
    name: roundNameField(t),
    description: descriptionField(t),
    raceNumber: raceNumberField(t),
    scheduledAt: scheduledAtField(t),
  });
export const raceCreateSchemaFor = (t: Bundle = EN) =>
  z.object({ round: idField(t.MSG), lane: laneField(t), team: idField(t.MSG) });
export const raceUpdateSchemaFor = (t: Bundle = EN) => z.object({ lane: laneField(t), score: scoreField(t) });

export const roundCreateSchema = roundCreateSchemaFor();
export const roundUpdateSchema = roundUpdateSchemaFor();
export const raceCreateSchema = raceCreateSchemaFor();
export const raceUpdateSchema = raceUpdateSchemaFor();

export type RoundCreate = z.output<typeof roundCreateSchema>;
export type RoundUpdate = z.output<typeof roundUpdateSchema>;
export type RaceCreate = z.output<typeof raceCreateSchema>;
export type RaceUpdate = z.output<typeof raceUpdateSchema>;

/** The toast for a refused form: any empty field gives the spec's sentence; otherwise the first
 * field's message in form order. `MSG` is the bundle the schema was made with. */
export function raceFormError(
  errors: Record<string, string[] | null | undefined> | null | undefined,
  order: readonly string[],
  MSG: Bundle["MSG"] = EN.MSG,
): string {
  const all = order.flatMap((k) => errors?.[k] ?? []);
  if (all.includes(MSG.fillAll)) return MSG.fillAll;
  return all[0] ?? Object.values(errors ?? {}).flat()[0] ?? MSG.fillAll;
}

export const ROUND_FIELDS = ["event", "name", "description", "raceNumber", "scheduledAt"] as const;
export const RACE_FIELDS = ["round", "lane", "team", "score"] as const;

/** Save Scores: one `race` id and one `score` per row, plus the score the form showed (`was`), so
 * only the boxes the user changed are written (another desk's edit of another row is kept). */
export type ScoreEntry = { raceId: number; score: string | null; was: string | null };
export type ScoresParse =
  | { ok: true; entries: ScoreEntry[] }
  | { ok: false; error: "malformed" }
  | { ok: false; error: "tooLong"; typed: Record<number, string> };

export function parseScores(form: FormData, max: number): ScoresParse {
  const ids = form.getAll("race");
  const scores = form.getAll("score");
  const was = form.getAll("was");
  if (ids.length === 0 || ids.length > max || scores.length !== ids.length || was.length !== ids.length)
    return { ok: false, error: "malformed" };
  const entries: ScoreEntry[] = [];
  const typed: Record<number, string> = {};
  let tooLong = false;
  const seen = new Set<number>();
  for (const [i, raw] of ids.entries()) {
    const score = scores[i];
    const before = was[i];
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return { ok: false, error: "malformed" };
    if (typeof score !== "string" || typeof before !== "string") return { ok: false, error: "malformed" };
    const raceId = Number(raw);
    if (seen.has(raceId)) return { ok: false, error: "malformed" };
    seen.add(raceId);
    typed[raceId] = score.slice(0, 200);
    if (score.trim().length > SCORE_MAX) tooLong = true;
    entries.push({ raceId, score: normalizeScore(score), was: normalizeScore(before.slice(0, 200)) });
  }
  if (tooLong) return { ok: false, error: "tooLong", typed };
  return { ok: true, entries };
}
