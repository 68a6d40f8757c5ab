// The broadcast overlay (issue 29 part 2; /overlay, ADR 0039): which race is on the water, how long
// an Official result stays on screen, and what its top three show. Pure: the model reads the rows,
// routes/overlay/page.server.tsx lays them out, public/overlay.js hides a result when its time is up.
import type { LaneStatus } from "../../db/enums";
import { formatRaceTime } from "./results";
import { compareNatural } from "./compare";

/** How long a result stays on the overlay after it went Official (or was revised). public/overlay.js
 * holds the same number. */
export const OFFICIAL_SHOW_MS = 30_000;

/** Seconds between the reloads of an overlay without JavaScript (the issue: at most 10 s). */
export const OVERLAY_REFRESH_SECONDS = 5;

/** The window of `results_at` values of a result on screen at `at`: after `at - OFFICIAL_SHOW_MS`
 * and before `at + OFFICIAL_SHOW_MS` (a primary's clock a little ahead of this one still shows; a
 * timestamp far in the future, a wrong clock, does not stay up for ever). */
export function officialWindow(at: number): { after: number; before: number } {
  return { after: at - OFFICIAL_SHOW_MS, before: at + OFFICIAL_SHOW_MS };
}

/** Is a result whose results were declared (or revised) at `resultsAt` on screen at `at`? */
export function showsOfficial(resultsAt: number | null, at: number): boolean {
  if (resultsAt === null) return false;
  const { after, before } = officialWindow(at);
  return resultsAt > after && resultsAt < before;
}

/** When a result declared at `resultsAt` leaves the screen. */
export const shownUntil = (resultsAt: number) => resultsAt + OFFICIAL_SHOW_MS;

/** One of the rounds the overlay may show as on the water: started and without results. */
export type OnWaterCandidate = { id: number; raceNumber: number | null; startedAt: number };

/** The race on the water: the one started last (a race restarted after a later one is the one the
 * cameras follow), then the higher race number, then the newer round. null: none. */
export function raceOnWater<T extends OnWaterCandidate>(rounds: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of rounds) {
    if (
      !best ||
      r.startedAt > best.startedAt ||
      (r.startedAt === best.startedAt &&
        ((r.raceNumber ?? -1) > (best.raceNumber ?? -1) ||
          ((r.raceNumber ?? -1) === (best.raceNumber ?? -1) && r.id > best.id)))
    )
      best = r;
  }
  return best;
}

export type ResultLaneRow = {
  lane: string;
  team: string;
  place: number | null;
  status: LaneStatus | null;
  timeMs: number | null;
  penaltyMs: number;
  wins: number | null;
  losses: number | null;
  /** The formatted result as saved (a lane entered before issue 20's columns has only this). */
  score: string | null;
};

export type PodiumLane = { place: number; lane: string; team: string; time: string };

/** What the overlay shows beside a placed crew: its time with any penalty added (the time that
 * ranked it), a Tug of War record ("2-1"), else the stored score text, else nothing. */
export function podiumTime(l: ResultLaneRow): string {
  if (l.timeMs !== null) return formatRaceTime(l.timeMs + (l.penaltyMs ?? 0));
  if (l.wins !== null && l.losses !== null) return `${l.wins}-${l.losses}`;
  return l.score?.trim() ?? "";
}

/** Places 1-3 of a round (crews tied on a place all show), by place then lane; crews out (DNF, DSQ,
 * DNS) and lanes without a place never. */
export function podium(lanes: readonly ResultLaneRow[]): PodiumLane[] {
  return lanes
    .filter(
      (l): l is ResultLaneRow & { place: number } =>
        l.status === null && l.place !== null && l.place >= 1 && l.place <= 3,
    )
    .sort((a, b) => a.place - b.place || compareNatural(a.lane, b.lane))
    .map((l) => ({ place: l.place, lane: l.lane, team: l.team, time: podiumTime(l) }));
}

/** The race's title as the board writes it: the event's name only when the round's does not start
 * with it ("250M PREMIER OPEN HEAT 1" says it already). */
export function showsEventName(eventName: string, roundName: string): boolean {
  return !roundName.toUpperCase().startsWith(eventName.toUpperCase());
}
