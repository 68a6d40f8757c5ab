// The Settings form (beyond the spec: the regatta's own numbers, ADMIN on /settings) and the RM
// amounts every money form reads: typed as ringgit with at most two decimals ("30", "30.5",
// "30.50"), kept as integer sen. Pure, shared by the action, the screen and the tests.
import { z } from "zod";
import { type Bundle, EN } from "~/messages";
import { POINTS_SCHEMES, type PointsScheme } from "../../db/enums";
import { parseMalaysiaLocal, senToRM, toMalaysiaLocal } from "./format";
import {
  CUSTOM_MAX_LENGTH,
  CUSTOM_MAX_PLACES,
  type CustomError,
  normaliseCustom,
  parseCustomPoints,
} from "./standings";
import {
  DUE_HOURS,
  MONEY_MIN_SEN,
  PROTEST_MINUTES,
  RACE_DAY_MINUTES,
  SETTINGS_MAX,
  SETTINGS_MONEY_MAX_SEN,
} from "./settings-fields";

export {
  DEADLINE_RANGE,
  DUE_HOURS,
  MONEY_MIN_SEN,
  PROTEST_MINUTES,
  RACE_DAY_MINUTES,
  SETTINGS_MAX,
  SETTINGS_MONEY_MAX_SEN,
} from "./settings-fields";

/** "30" -> 3000, "30.5" -> 3050, "30.50" -> 3050; anything else (thousands separators, three
 * decimals, signs, exponents, "RM" prefixes) -> null. */
export function parseRM(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export { senToRM } from "./format";

/** A required RM amount field, in sen, between `min` and `max` sen. (A refine, not an issue raised
 * in the transform: a refine lets the form's cross-field checks still run and report too.) The
 * 'fill in all the fields' message in the language of `t` (English by default). */
export function rmField(message: string, min: number, max: number, { MSG }: Bundle = EN) {
  const ok = (v: string) => {
    if (v === "") return true; // already 'fill in all the fields'
    const sen = parseRM(v);
    return sen !== null && sen >= min && sen <= max;
  };
  return z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .refine(ok, { error: message })
    .transform((v) => parseRM(v) as number);
}

const wholeNumber = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : Number.NaN);

/** A required whole number field between `min` and `max`; digits only (no "1e2", "0x10", "+3"). */
export function wholeNumberField(message: string, min: number, max: number, { MSG }: Bundle = EN) {
  return z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .refine((v) => v === "" || (wholeNumber(v) >= min && wholeNumber(v) <= max), { error: message })
    .transform(wholeNumber);
}

/** A required text field, trimmed (inner runs of spaces kept as typed), at most `max` characters;
 * its messages in the language of `t` (English by default). */
export function textField(label: string, max: number, { MSG }: Bundle = EN) {
  return z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, { error: MSG.fillAll })
    .max(max, { error: MSG.tooLong(label, max) });
}

export function yearRange(now = new Date()) {
  return { min: 2000, max: now.getFullYear() + 10 };
}

export type Settings = {
  crewTagFeeSen: number;
  ticketPriceSen: number;
  ticketDescription: string;
  regattaName: string;
  regattaYear: number;
  paymentDueHours: number;
  /** Entries close (ms since the epoch), or null: no deadline. */
  entriesCloseAt: number | null;
  /** Crew changes close for managers (ms since the epoch), or null: no deadline. */
  crewCloseAt: number | null;
  /** The kiosk accepts only signed crew tag codes (on by default). */
  requireSignedTags: boolean;
  /** Provisional results: protests until this many minutes after saving (issue 20). */
  protestMinutes: number;
  /** Issue 28: a boat out longer than this is marked on race control's On the water panel. */
  onWaterAlertMinutes: number;
  /** Issue 28: a race-day crew change is refused this close to the team's next race. */
  crewChangeCutoffMinutes: number;
  /** Issue 28: crews are called this long before the expected start. */
  callMinutes: number;
  /** Issue 29: the club championship's points scheme (rules/standings.ts). */
  pointsScheme: PointsScheme;
  /** Issue 29: the Custom scheme's points for places 1..N ("10,8,6"); kept when another is chosen. */
  pointsCustom: string;
  /** Issue 29: only finals score (on by default); off, every round does. */
  pointsFinalsOnly: boolean;
};

/** An optional date-time in Malaysia time: empty is "no deadline" (null). */
function deadlineField(label: string, { MSG }: Bundle = EN) {
  return z
    .string()
    .trim()
    .max(20, { error: MSG.settingsDeadline(label) })
    .optional()
    .refine((v) => !v || parseMalaysiaLocal(v) !== null, { error: MSG.settingsDeadline(label) })
    .transform((v) => (v ? parseMalaysiaLocal(v) : null));
}

/** What the regatta runs on until an admin saves the Settings form. */
export function defaultSettings(now = new Date()): Settings {
  return {
    crewTagFeeSen: 3000,
    ticketPriceSen: 8000,
    ticketDescription:
      "A seat at the regatta's celebration dinner on the final night: dinner, the prize-giving and an evening with every crew.",
    regattaName: "Regatta Dragon Boat Festival",
    regattaYear: now.getFullYear(),
    paymentDueHours: 24,
    entriesCloseAt: null,
    crewCloseAt: null,
    // On for a new installation (issue 18): only the codes printed on crew tags open the kiosk.
    // The demo seed turns it off so a typed `#<id>` works there.
    requireSignedTags: true,
    protestMinutes: 15,
    onWaterAlertMinutes: 30,
    crewChangeCutoffMinutes: 30,
    callMinutes: 30,
    pointsScheme: "FINALS",
    pointsCustom: "",
    pointsFinalsOnly: true,
  };
}

/** The form's fields in screen order (the first failing one is the toast), their messages in the
 * language of `t` (English by default). */
export function settingsSchema(now = new Date(), t: Bundle = EN) {
  const { MSG, LABELS } = t;
  const years = yearRange(now);
  const raceDayMinutes = (label: string) =>
    wholeNumberField(
      MSG.settingsMinutes(label, RACE_DAY_MINUTES.min, RACE_DAY_MINUTES.max),
      RACE_DAY_MINUTES.min,
      RACE_DAY_MINUTES.max,
      t,
    );
  const money = (label: string) =>
    rmField(MSG.settingsAmount(label), MONEY_MIN_SEN, SETTINGS_MONEY_MAX_SEN, t);
  return z
    .object({
      regattaName: textField(LABELS.capRegattaName, SETTINGS_MAX.regattaName, t).transform((v) =>
        v.replace(/\s+/g, " "),
      ),
      regattaYear: wholeNumberField(MSG.settingsYear(years.min, years.max), years.min, years.max, t),
      crewTagFee: money(LABELS.capCrewTagFee),
      ticketPrice: money(LABELS.capTicketPrice),
      ticketDescription: textField(LABELS.capTicketDescription, SETTINGS_MAX.ticketDescription, t),
      paymentDueHours: wholeNumberField(MSG.settingsDueHours, DUE_HOURS.min, DUE_HOURS.max, t),
      protestMinutes: wholeNumberField(
        MSG.settingsProtestMinutes,
        PROTEST_MINUTES.min,
        PROTEST_MINUTES.max,
        t,
      ),
      onWaterAlertMinutes: raceDayMinutes(LABELS.capOnWaterAlert),
      crewChangeCutoffMinutes: raceDayMinutes(LABELS.capCrewChangeCutoff),
      callMinutes: raceDayMinutes(LABELS.capCallMinutes),
      entriesCloseAt: deadlineField(LABELS.capEntriesClose, t),
      crewCloseAt: deadlineField(LABELS.capCrewClose, t),
      // A checkbox: "on" when ticked, absent otherwise.
      requireSignedTags: z
        .string()
        .max(5)
        .optional()
        .transform((v) => v === "on"),
      // Issue 29: the points scheme. A form without it (an older page) keeps the default scheme.
      pointsScheme: z.enum(POINTS_SCHEMES, { error: MSG.stPointsSchemeRefused }).optional().default("FINALS"),
      // A list typed is checked whatever scheme is chosen (it is kept for later); Custom needs one.
      pointsCustom: z
        .string()
        .trim()
        .max(CUSTOM_MAX_LENGTH, { error: MSG.tooLong(LABELS.capPointsCustom, CUSTOM_MAX_LENGTH) })
        .optional()
        .default("")
        .superRefine((v, ctx) => {
          if (v === "") return;
          const parsed = parseCustomPoints(v);
          if (!parsed.ok) ctx.addIssue({ code: "custom", message: customMessage(parsed.error, t) });
        })
        .transform(normaliseCustom),
      pointsFinalsOnly: z
        .string()
        .max(5)
        .optional()
        .transform((v) => v === "on"),
    })
    .refine((form) => form.pointsScheme !== "CUSTOM" || form.pointsCustom !== "", {
      path: ["pointsCustom"],
      error: MSG.stCustomEmpty,
    });
}

/** Why a custom points list was refused, in the language of `t`. */
export function customMessage(error: CustomError, { MSG }: Bundle = EN): string {
  switch (error) {
    case "empty":
      return MSG.stCustomEmpty;
    case "number":
      return MSG.stCustomNumbers;
    case "falling":
      return MSG.stCustomFalling;
    case "tooMany":
      return MSG.stCustomTooMany(CUSTOM_MAX_PLACES);
  }
}

export type SettingsForm = z.output<ReturnType<typeof settingsSchema>>;

/** The parsed form as stored settings. */
export function settingsOf(form: SettingsForm): Settings {
  return {
    crewTagFeeSen: form.crewTagFee,
    ticketPriceSen: form.ticketPrice,
    ticketDescription: form.ticketDescription,
    regattaName: form.regattaName,
    regattaYear: form.regattaYear,
    paymentDueHours: form.paymentDueHours,
    protestMinutes: form.protestMinutes,
    onWaterAlertMinutes: form.onWaterAlertMinutes,
    crewChangeCutoffMinutes: form.crewChangeCutoffMinutes,
    callMinutes: form.callMinutes,
    entriesCloseAt: form.entriesCloseAt,
    crewCloseAt: form.crewCloseAt,
    requireSignedTags: form.requireSignedTags,
    pointsScheme: form.pointsScheme,
    pointsCustom: form.pointsCustom,
    pointsFinalsOnly: form.pointsFinalsOnly,
  };
}

/** The form's values for stored settings (money as RM text). */
export function formValuesOf(s: Settings): Record<keyof SettingsForm, string> {
  return {
    regattaName: s.regattaName,
    regattaYear: String(s.regattaYear),
    crewTagFee: senToRM(s.crewTagFeeSen),
    ticketPrice: senToRM(s.ticketPriceSen),
    ticketDescription: s.ticketDescription,
    paymentDueHours: String(s.paymentDueHours),
    protestMinutes: String(s.protestMinutes),
    onWaterAlertMinutes: String(s.onWaterAlertMinutes),
    crewChangeCutoffMinutes: String(s.crewChangeCutoffMinutes),
    callMinutes: String(s.callMinutes),
    entriesCloseAt: s.entriesCloseAt === null ? "" : toMalaysiaLocal(s.entriesCloseAt),
    crewCloseAt: s.crewCloseAt === null ? "" : toMalaysiaLocal(s.crewCloseAt),
    requireSignedTags: s.requireSignedTags ? "on" : "",
    pointsScheme: s.pointsScheme,
    pointsCustom: s.pointsCustom,
    pointsFinalsOnly: s.pointsFinalsOnly ? "on" : "",
  };
}
