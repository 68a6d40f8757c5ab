// Ready or not, per lane (issue 28 section 1), pure. A lane (a `races` row: one team in one round)
// is Ready when the crew scanned for that round at the entrance kiosk meets the event's crew rules
// for racing: at least minRace (and at least one: an empty lane is never Ready) and at most maxRace
// paddlers, at most maxMale men, at least minFemale women. The reserve count does not widen the
// caps (these are the crew on the water, as the kiosk's own caps; rules/scan-history.ts). Who
// counts (members of the team's crew now, each once) is the model's query
// (models/readiness.server.ts); this file decides and says why not. A lane marked Ready by hand
// (ADMIN or COMMITTEE, a missed scan, with a reason) is Ready whatever its scans say until Undo.
import type { Bundle } from "~/messages";

/** The event's crew rules for racing (events.min_race, max_race, max_male, min_female). */
export type RaceRules = { minRace: number; maxRace: number; maxMale: number; minFemale: number };

/** The distinct crew members scanned for a lane, and how many of them are men and women. */
export type ScanCounts = { total: number; men: number; women: number };

/** Why a lane is not ready; a lane may have several reasons at once (short and no women). */
export type NotReadyReason =
  /** Nobody of the crew scanned yet. */
  | { kind: "nobody" }
  /** Fewer than the minimum: "4 of 10 paddlers". */
  | { kind: "few"; scanned: number; min: number }
  /** More than the maximum (several saves of the kiosk add up): "13 paddlers, at most 12". */
  | { kind: "many"; scanned: number; max: number }
  /** Too many men: "9 men, at most 8". */
  | { kind: "men"; men: number; max: number }
  /** Too few women: "needs 2 more women". */
  | { kind: "women"; needed: number };

export type LaneReadiness =
  | { ready: true; byHand: false }
  | { ready: true; byHand: true; reason: string }
  | { ready: false; reasons: NotReadyReason[] };

/** The most characters of the reason given when a lane is marked Ready by hand. */
export const READY_REASON_MAX = 200;

/** The least a lane needs on the water: the event's minimum, and never nobody. */
export const minimumCrew = (rules: RaceRules) => Math.max(1, rules.minRace);

/** What the scans alone say, every reason in the order a marshal fixes them (how many, then who). */
export function reasonsOf(counts: ScanCounts, rules: RaceRules): NotReadyReason[] {
  // Nobody yet says it all (no "needs 6 more women" on an empty lane).
  if (counts.total === 0) return [{ kind: "nobody" }];
  const reasons: NotReadyReason[] = [];
  const min = minimumCrew(rules);
  if (counts.total < min) reasons.push({ kind: "few", scanned: counts.total, min });
  if (counts.total > rules.maxRace) reasons.push({ kind: "many", scanned: counts.total, max: rules.maxRace });
  if (counts.men > rules.maxMale) reasons.push({ kind: "men", men: counts.men, max: rules.maxMale });
  if (counts.women < rules.minFemale) reasons.push({ kind: "women", needed: rules.minFemale - counts.women });
  return reasons;
}

/** A lane's readiness: marked by hand (`hand` is its reason, null when not marked), else its scans. */
export function laneReadiness(counts: ScanCounts, rules: RaceRules, hand: string | null): LaneReadiness {
  if (hand !== null) return { ready: true, byHand: true, reason: hand };
  const reasons = reasonsOf(counts, rules);
  return reasons.length === 0 ? { ready: true, byHand: false } : { ready: false, reasons };
}

/** A race's summary: how many of its lanes are Ready ("2 of 3 lanes"). */
export function readySummary(lanes: readonly { readiness: LaneReadiness }[]): {
  ready: number;
  total: number;
} {
  return { ready: lanes.filter((l) => l.readiness.ready).length, total: lanes.length };
}

/** One reason in words. */
export function reasonText({ LABELS }: Bundle, r: NotReadyReason): string {
  switch (r.kind) {
    case "nobody":
      return LABELS.rdyNobody;
    case "few":
      return LABELS.rdyPaddlers(r.scanned, r.min);
    case "many":
      return LABELS.rdyTooMany(r.scanned, r.max);
    case "men":
      return LABELS.rdyTooManyMen(r.men, r.max);
    case "women":
      return LABELS.rdyMoreWomen(r.needed);
  }
}

/** What staff read: "Ready", "Ready (by hand)", or "Not ready: 4 of 10 paddlers; needs 2 more women".
 * (The reason given by hand is shown beside it, not in this text.) */
export function staffText(t: Bundle, r: LaneReadiness): string {
  if (r.ready) return r.byHand ? t.LABELS.rdyReadyByHand : t.LABELS.rdyReady;
  return t.LABELS.rdyNotReadyWhy(r.reasons.map((x) => reasonText(t, x)).join("; "));
}

/** What the public reads (the board): Ready or Not ready, never how or why. */
export const publicText = ({ LABELS }: Bundle, ready: boolean) =>
  ready ? LABELS.rdyReady : LABELS.rdyNotReady;

export type ReasonCheck = { ok: true; reason: string } | { ok: false; error: "empty" | "tooLong" };

/** The reason typed for Mark Ready: trimmed, required, at most READY_REASON_MAX characters. */
export function checkReason(raw: unknown): ReasonCheck {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (reason === "") return { ok: false, error: "empty" };
  if (reason.length > READY_REASON_MAX) return { ok: false, error: "tooLong" };
  return { ok: true, reason };
}
