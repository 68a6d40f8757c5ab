// The results desk's form (/rounds/:id/results, issue 20 section 2), the zod-free half: the text
// boxes' caps, a lane's texts as the form shows them (a stored lane written back into the boxes)
// and the one-line summary the desk marks beside a lane whose stored result differs. The page and
// the server share it; rules/results-schema.ts (zod, server only) reads the rows back.
import { formatPenalty, formatRaceTime, type LaneStatus } from "./results";

export const RESULT_MAX = { time: 20, reason: 200, penalty: 10 } as const;

export const LANE_FIELDS = ["time", "status", "statusReason", "penalty", "penaltyReason"] as const;
export type LaneField = (typeof LANE_FIELDS)[number];
export type LaneText = Record<LaneField, string>;

/** One lane's result as the form gives it. */
export type LaneInput = {
  raceId: number;
  timeMs: number | null;
  status: LaneStatus | null;
  statusReason: string;
  penaltyMs: number;
  penaltyReason: string;
  wins: number | null;
  losses: number | null;
};

/** A stored lane's result columns (what laneText reads). */
export type StoredLane = Omit<LaneInput, "raceId">;

/** A stored lane as the form's texts; `tug`: the time box holds the win-loss record ("2-1"). */
export function laneText(x: StoredLane, tug: boolean): LaneText {
  return {
    time: tug
      ? x.wins === null || x.losses === null
        ? ""
        : `${x.wins}-${x.losses}`
      : x.timeMs === null
        ? ""
        : formatRaceTime(x.timeMs),
    status: x.status ?? "",
    statusReason: x.statusReason,
    penalty: x.penaltyMs > 0 ? formatPenalty(x.penaltyMs) : "",
    penaltyReason: x.penaltyReason,
  };
}

/** A lane in one line, for the "what differs" mark: "2:35.19 (+5.00) · Wash", "DSQ · Left lane";
 * `nothing` when the lane has no result. */
export function laneSummary(x: LaneText, nothing: string): string {
  const result = x.status || x.time;
  const text = [
    result + (x.penalty ? ` (+${x.penalty})` : ""),
    x.status ? x.statusReason : "",
    x.penalty ? x.penaltyReason : "",
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" · ");
  return text || nothing;
}
