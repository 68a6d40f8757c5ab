// The pontoon kiosk's scan (issue 28 part 2; ADR 0038): a crew tag read as the entrance reads it
// (lib/scan-code.server.ts: signed tags when required, voided tags refused), the member's lanes of
// the day (one query), the lane the rule picks (rules/pontoon.ts) and one write. The no-JS POST and
// the JS kiosk's queue (scanning.pontoon.scan.ts) both come here.
import { settingsOverrides } from "~/lib/clock.server";
import { checkScanCode } from "~/lib/scan-code.server";
import { memberLanes, recordTrip } from "~/models/boat-trips.server";
import { tagRulesRow } from "~/models/settings.server";
import { type Direction, pontoonLane } from "~/rules/pontoon";
import { defaultSettings } from "~/rules/settings-schema";

/** The two settings a scan reads ('Require signed crew tags', the crew tag version), in one
 * primary-key lookup, with a test's overrides as getSettings and crewTagVersion apply them: the
 * scan POST is benched against the entrance's, and the whole settings row through the query
 * builder cost more than the rest of the scan. */
function tagRules(editionId: number): { requireSigned: boolean; version: number } {
  const row = tagRulesRow(editionId);
  const o = settingsOverrides();
  return {
    requireSigned:
      o?.requireSignedTags ?? (row ? row.requireSigned === 1 : defaultSettings().requireSignedTags),
    version: o?.crewTagVersion ?? row?.version ?? 1,
  };
}

export type PontoonOutcome =
  | { kind: "invalid" }
  | { kind: "voided" }
  | { kind: "notRacing" }
  | { kind: "marked" | "already"; direction: Direction; raceNumber: number | null; lane: string };

/** One scan at the pontoon at `at` (the kiosk's clock, already clamped by the caller). */
export function pontoonScan(
  editionId: number,
  text: string,
  direction: Direction,
  at: number,
  kioskId: number | null,
): PontoonOutcome {
  const rules = tagRules(editionId);
  const verdict = checkScanCode(text.trim(), rules.requireSigned, rules.version);
  if (verdict.kind === "invalid") return { kind: "invalid" };
  if (verdict.kind === "voided") return { kind: "voided" };
  const pick = pontoonLane(memberLanes(editionId, verdict.userId, at), direction, at);
  if (pick.kind === "notRacing") return pick;
  const { raceNumber, lane } = pick.lane;
  const changed =
    pick.kind === "mark" && recordTrip(pick.lane, direction, at, { userId: verdict.userId, kioskId });
  return { kind: changed ? "marked" : "already", direction, raceNumber, lane };
}

/** A queued scan's own time, when it is believable: not in the future, at most this long ago; else
 * the server's now. */
export const QUEUED_SCAN_MAX_AGE_MS = 2 * 60 * 60_000;
export function scanTime(sent: unknown, serverNow: number): number {
  const at = typeof sent === "string" && /^\d{1,15}$/.test(sent) ? Number(sent) : null;
  if (at === null || at > serverNow || at < serverNow - QUEUED_SCAN_MAX_AGE_MS) return serverNow;
  return at;
}
