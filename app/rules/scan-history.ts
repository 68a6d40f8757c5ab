// The entrance kiosk's scan rules (spec section 5; issue 10), pure, so the server (every no-JS scan
// POST and every Save) and the browser (instant checks against the team's roster) decide the same
// way. In order: the text must be a scan code ('#' and a numeric id; rules/scan-code.ts), the user
// must exist and be a COMPETITOR or MANAGER, a repeat is ignored, the user must belong to the
// picked event team, and the history may not pass the event's maxRace participants or maxMale
// males (the spec's caps, without the reserve count). Saving with fewer than minFemale females asks
// for confirmation. The caller looks the user up (a database query, or the roster in the browser)
// and passes what it found.
import type { Gender, Role } from "../../db/enums";
import { type Bundle, EN } from "~/i18n/en";

/** A scanned person as the kiosk shows them: `image` is the photo's file name under /uploads/. */
export type ScanPerson = {
  id: number;
  name: string;
  gender: Gender | null;
  role: Role;
  image: string | null;
};

export type ScanLimits = { maxRace: number; maxMale: number; minFemale: number };

/** What is known about a scanned text. */
export type Lookup =
  /** Not a scan code, a wrong signature, or a plain code while signed codes are required. */
  | { kind: "invalid" }
  /** A genuine crew tag of an earlier version: ADMIN voided the printed tags (rules/scan-code.ts). */
  | { kind: "voided" }
  /** A well-formed code of no user. */
  | { kind: "unknown" }
  /** A member of the picked event team. */
  | { kind: "member"; person: ScanPerson }
  /** A user who is not in the team: a participant (COMPETITOR, MANAGER) or not; null when not known
   * (the browser is offline). */
  | { kind: "outsider"; participant: boolean | null };

export type ScanOutcome =
  | { kind: "added"; person: ScanPerson }
  | { kind: "repeat"; person: ScanPerson }
  | { kind: "invalid" }
  | { kind: "voided" }
  | { kind: "unknown" }
  | { kind: "notParticipant" }
  | { kind: "notMember" }
  | { kind: "full"; max: number }
  | { kind: "tooManyMales"; max: number };

export const PARTICIPANT_ROLES: readonly Role[] = ["COMPETITOR", "MANAGER"];
export const isParticipant = (role: Role) => PARTICIPANT_ROLES.includes(role);

/** The most codes a history may carry in a request (hidden inputs, a Save): anything longer is
 * refused before a code is read. Far above any event's maxRace. */
export const HISTORY_MAX = 100;

export function counts(history: readonly ScanPerson[]) {
  let male = 0;
  let female = 0;
  for (const p of history) {
    if (p.gender === "MALE") male++;
    else if (p.gender === "FEMALE") female++;
  }
  return { total: history.length, male, female };
}

/** The spec's check of one scan against the history so far. */
export function scanInto(history: readonly ScanPerson[], lookup: Lookup, limits: ScanLimits): ScanOutcome {
  if (lookup.kind === "invalid") return { kind: "invalid" };
  if (lookup.kind === "voided") return { kind: "voided" };
  if (lookup.kind === "unknown") return { kind: "unknown" };
  if (lookup.kind === "outsider") {
    if (lookup.participant === false) return { kind: "notParticipant" };
    return { kind: "notMember" };
  }
  const { person } = lookup;
  if (!isParticipant(person.role)) return { kind: "notParticipant" };
  if (history.some((p) => p.id === person.id)) return { kind: "repeat", person };
  const c = counts(history);
  if (c.total >= limits.maxRace) return { kind: "full", max: limits.maxRace };
  if (person.gender === "MALE" && c.male >= limits.maxMale)
    return { kind: "tooManyMales", max: limits.maxMale };
  return { kind: "added", person };
}

/** Whether Save must first ask the spec's question (fewer females than the event's minimum). */
export function femaleShort(history: readonly ScanPerson[], limits: ScanLimits): boolean {
  return counts(history).female < limits.minFemale;
}

export type Entry = { code: string; person: ScanPerson };

/**
 * Re-checks a history that came back from a browser (hidden inputs, or a Save): the codes are
 * scanned again in order and only what the rules accept now is kept (a forged id, a member who
 * left the team meanwhile, a repeat). `lookup` resolves one code.
 */
export function replay(
  codes: readonly string[],
  lookup: (code: string) => Lookup,
  limits: ScanLimits,
): { history: Entry[]; dropped: { code: string; outcome: ScanOutcome }[] } {
  const history: Entry[] = [];
  const dropped: { code: string; outcome: ScanOutcome }[] = [];
  for (const code of codes) {
    const outcome = scanInto(
      history.map((e) => e.person),
      lookup(code),
      limits,
    );
    if (outcome.kind === "added") history.push({ code, person: outcome.person });
    else dropped.push({ code, outcome });
  }
  return { history, dropped };
}

/** The sentence the kiosk shows for an outcome (in the bundle's language), and whether it is a
 * refusal. */
export function scanMessage(
  outcome: ScanOutcome,
  teamName: string,
  MSG: Bundle["MSG"] = EN.MSG,
): { text: string; error: boolean } {
  switch (outcome.kind) {
    case "added":
      return { text: MSG.scanAdded(outcome.person.name), error: false };
    case "repeat":
      return { text: MSG.scanRepeat(outcome.person.name), error: false };
    case "invalid":
      return { text: MSG.scanInvalid, error: true };
    case "voided":
      return { text: MSG.scanTagVoided, error: true };
    case "unknown":
      return { text: MSG.userNotFound, error: true };
    case "notParticipant":
      return { text: MSG.scanNotParticipant, error: true };
    case "notMember":
      return { text: MSG.scanNotMember(teamName), error: true };
    case "full":
      return { text: MSG.scanFull(outcome.max), error: true };
    case "tooManyMales":
      return { text: MSG.scanTooManyMales(outcome.max), error: true };
  }
}
