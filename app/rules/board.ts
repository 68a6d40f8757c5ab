// The public board and scoreboard (issue 20, section 6): pure helpers shared by the models and the
// pages. How late the day runs is the timetable's (`delayMinutes` in app/rules/timetable.ts).
import type { LaneStatus } from "../../db/enums";
import { compareNatural } from "./compare";

/** Non-finishers after every placed crew, in this order (the ranking: DNF, DSQ, DNS). */
const STATUS_ORDER: Record<LaneStatus, number> = { DNF: 0, DSQ: 1, DNS: 2 };

type Ranked = { lane: string; place: number | null; status: LaneStatus | null };

const laneOrder = (a: { lane: string }, b: { lane: string }) => compareNatural(a.lane, b.lane);

/** Does a round have results to order by (any lane with a place or a status)? */
export function hasResults(crews: readonly Ranked[]): boolean {
  return crews.some((c) => c.place !== null || c.status !== null);
}

/**
 * A round's crews as the crowd reads them: by place (ties share a place: then lane order), then
 * DNF, DSQ, DNS, then lanes without any result; a round without results keeps lane order.
 * Returns a new array.
 */
export function crewsByPlace<T extends Ranked>(crews: readonly T[]): T[] {
  const copy = [...crews];
  if (!hasResults(copy)) return copy.sort(laneOrder);
  const rank = (c: Ranked) =>
    c.place !== null ? c.place : c.status !== null ? 1e9 + STATUS_ORDER[c.status] : 2e9;
  return copy.sort((a, b) => rank(a) - rank(b) || laneOrder(a, b));
}

const MYT_OFFSET_MS = 8 * 60 * 60 * 1000;
/** A UTC instant as Malaysia time "HH:MM" (24-hour, as race numbers and start lists print it). */
export function clockTime(ms: number): string {
  const d = new Date(ms + MYT_OFFSET_MS);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}
