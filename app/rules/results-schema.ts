// The results screen's per-lane form (/rounds/:id/results, issue 20 section 2): one row per lane,
// sent as parallel lists (`race`, `time`, `status`, `statusReason`, `penalty`, `penaltyReason`, as
// Save Scores sends its rows: ADR 0031), each row read by one zod schema. A time (or, for Tug of
// War, a win-loss record) OR a status, not both; a DSQ needs a reason; a penalty is 0-600 seconds
// with at most two decimals and needs a reason when above 0; every text is capped. Kept out of
// rules/results.ts so the screen's browser code does not carry zod.
import { z } from "zod";
import { type Bundle, EN } from "~/i18n/en";
import { READY_REASON_MAX } from "./readiness";
import { LANE_STATUSES, type LaneStatus, parseRaceTime } from "./results";
import { LANE_FIELDS, type LaneField, type LaneInput, type LaneText, RESULT_MAX } from "./results-form";

export { LANE_FIELDS, type LaneField, type LaneInput, type LaneText, RESULT_MAX };

/** The most lanes one form may carry (a round has a handful; this bounds a forgery). */
export const RESULT_ROWS_MAX = 100;
export const PENALTY_MAX_S = 600;

/** A row id as a hidden field sends it (as rules/race-fields parseId reads it). */
const formId = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** The version the page was loaded from (hidden; capped; none is "", never the stored one). */
const version = z
  .string()
  .optional()
  .transform((v) => (v ?? "").slice(0, 64));

/** Every form of the results desk, told apart by `intent` (issue 30): Save as Provisional (the
 * version; its rows are read by parseLaneRows, parallel lists conform would not keep aligned),
 * Declare Official (the version), Import (the file, checked by the import preview) and issue 28's
 * Mark Ready / Undo (the lane's race id and, for Mark Ready, the reason: its own rules are
 * services/readiness's, this only refuses a reason far past the box's maxLength). Anything else
 * is a forged request, a 400. */
export const resultsDeskSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), version }),
  z.object({ intent: z.literal("declare"), version }),
  // `File` looked up when a form is read, not when this module loads: the server installs Remix's
  // fetch globals (its File among them) after importing the build.
  z.object({
    intent: z.literal("import"),
    file: z.custom<File>((v) => v instanceof File).optional(),
  }),
  z.object({
    intent: z.literal("markReady"),
    race: formId,
    reason: z
      .string()
      .max(READY_REASON_MAX * 4)
      .optional(),
  }),
  z.object({ intent: z.literal("undoReady"), race: formId }),
]);
export type ResultsDeskIntent = z.output<typeof resultsDeskSchema>;

const RECORD = /^(\d{1,2})\s*-\s*(\d{1,2})$/;
const PENALTY = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "2", "2.5", "2.50" seconds as ms; "" is 0; anything else (or above 600 s) null. */
export function parsePenalty(text: string): number | null {
  const t = text.trim();
  if (t === "") return 0;
  const m = PENALTY.exec(t);
  if (!m) return null;
  const ms = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  return ms <= PENALTY_MAX_S * 1000 ? ms : null;
}

const capped = (label: string, max: number, MSG: Bundle["MSG"]) =>
  z
    .string()
    .trim()
    .max(max, { error: MSG.tooLong(label, max) })
    .optional()
    .transform((v) => v ?? "");

/** One lane's row; `tug`: the time box holds a win-loss record ("2-1") instead. */
export function laneSchemaFor({ MSG, LABELS }: Bundle = EN, tug = false) {
  return z
    .object({
      time: capped(tug ? LABELS.rsRecord : LABELS.rsTime, RESULT_MAX.time, MSG),
      status: z
        .string()
        .max(5)
        .optional()
        .transform((v) => v ?? "")
        .refine((v) => v === "" || (LANE_STATUSES as readonly string[]).includes(v), {
          error: LABELS.rsStatusBad,
        }),
      statusReason: capped(LABELS.rsStatusReason, RESULT_MAX.reason, MSG),
      penalty: capped(LABELS.rsPenalty, RESULT_MAX.penalty, MSG).refine((v) => parsePenalty(v) !== null, {
        error: LABELS.rsPenaltyBad(PENALTY_MAX_S),
      }),
      penaltyReason: capped(LABELS.rsPenaltyReason, RESULT_MAX.reason, MSG),
    })
    .superRefine((row, ctx) => {
      if (row.time !== "") {
        const ok = tug ? RECORD.test(row.time) : parseRaceTime(row.time) !== null;
        if (!ok)
          ctx.addIssue({
            code: "custom",
            path: ["time"],
            message: tug ? LABELS.rsRecordBad : LABELS.rsTimeBad,
          });
        else if (row.status !== "")
          ctx.addIssue({ code: "custom", path: ["status"], message: LABELS.rsTimeAndStatus });
      }
      if (row.status === "DSQ" && row.statusReason === "")
        ctx.addIssue({ code: "custom", path: ["statusReason"], message: LABELS.rsDsqReason });
      if ((parsePenalty(row.penalty) ?? 0) > 0 && row.penaltyReason === "")
        ctx.addIssue({ code: "custom", path: ["penaltyReason"], message: LABELS.rsPenaltyReasonNeeded });
    })
    .transform((row): Omit<LaneInput, "raceId"> => {
      const record = tug ? RECORD.exec(row.time) : null;
      return {
        timeMs: tug || row.time === "" ? null : parseRaceTime(row.time),
        status: row.status === "" ? null : (row.status as LaneStatus),
        statusReason: row.statusReason,
        penaltyMs: parsePenalty(row.penalty) ?? 0,
        penaltyReason: row.penaltyReason,
        wins: record ? Number(record[1]) : null,
        losses: record ? Number(record[2]) : null,
      };
    });
}

export type RowsParse =
  | {
      ok: true;
      lanes: LaneInput[];
      /** What was typed, per race id (capped): put back in the form if the save is refused. */
      typed: Record<number, LaneText>;
    }
  | { ok: false; error: "malformed" }
  | {
      ok: false;
      error: "invalid";
      /** What was typed, per race id (capped), to put back in the form. */
      typed: Record<number, LaneText>;
      /** The first message of each refused field, per race id. */
      errors: Record<number, Partial<Record<LaneField, string>>>;
      /** The first message of all, for the toast. */
      first: string;
    };

/** Reads every row of the form: all valid, or every row's errors with what was typed. A row list
 * that is not what the page sends (lengths differ, an id twice, not an id): malformed. */
export function parseLaneRows(form: FormData, t: Bundle = EN, tug = false): RowsParse {
  const ids = form.getAll("race");
  const cols = Object.fromEntries(LANE_FIELDS.map((f) => [f, form.getAll(f)])) as Record<
    LaneField,
    FormDataEntryValue[]
  >;
  if (ids.length === 0 || ids.length > RESULT_ROWS_MAX) return { ok: false, error: "malformed" };
  if (LANE_FIELDS.some((f) => cols[f].length !== ids.length)) return { ok: false, error: "malformed" };
  const schema = laneSchemaFor(t, tug);
  const lanes: LaneInput[] = [];
  const typed: Record<number, LaneText> = {};
  const errors: Record<number, Partial<Record<LaneField, string>>> = {};
  let first: string | null = null;
  const seen = new Set<number>();
  for (const [i, raw] of ids.entries()) {
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return { ok: false, error: "malformed" };
    const raceId = Number(raw);
    if (seen.has(raceId)) return { ok: false, error: "malformed" };
    seen.add(raceId);
    const row = {} as LaneText;
    for (const f of LANE_FIELDS) {
      const v = cols[f][i];
      if (typeof v !== "string") return { ok: false, error: "malformed" };
      row[f] = v;
    }
    typed[raceId] = Object.fromEntries(LANE_FIELDS.map((f) => [f, row[f].slice(0, 400)])) as LaneText;
    const parsed = schema.safeParse(row);
    if (parsed.success) {
      lanes.push({ raceId, ...parsed.data });
      continue;
    }
    const mine: Partial<Record<LaneField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as LaneField;
      mine[field] ??= issue.message;
      first ??= issue.message;
    }
    errors[raceId] = mine;
  }
  if (first !== null) return { ok: false, error: "invalid", typed, errors, first };
  return { ok: true, lanes, typed };
}
