// Factories of the broadcast overlay and the prize-giving sheet (tests/e2e/overlay.spec.ts; issue 29
// part 2): an event whose teams each have a club of their own, a race on the water, a round with
// Provisional results ready to be declared Official, and a lock.
//
// The overlay shows ONE race on the water (the one started last) and ONE result (the newest Official
// of the last 30 s), whatever test made them. So a test that looks for its own race starts it a day
// ahead (no other spec starts a race in the future; a race without a scheduled start moves no one's
// delay), and a test that looks for its own result declares it with its clock 15 s ahead
// (X-Test-Now: results_at is then newer than any other spec's for 15 s, and still shows). The js and
// no-js runs of these tests would still race each other, so each holds this lock (a file made with
// O_EXCL, taken back from a test that died holding it after a minute) while it looks.
import { club as makeClub } from "../factories";
import * as raceDay from "../factories/race-day";
import { createEvent, createTeam, e2eDb, unique } from "./db";
import { withFileLock } from "./file-lock";

export type OverlayTeam = { id: number; name: string; club: string };

/** An event with `count` teams, each of a club of its own. */
export function overlayEvent(count: number): { eventId: number; eventName: string; teams: OverlayTeam[] } {
  const event = createEvent({ name: unique("OV EVENT").toUpperCase() });
  const prefix = unique("OV").toUpperCase();
  const teams = Array.from({ length: count }, (_, i) => {
    const club = unique("Ov Club");
    const clubId = makeClub({ name: club }).id;
    const name = `${prefix} ${String.fromCharCode(65 + i)}`;
    return { id: createTeam(clubId, event.id, name), name, club };
  });
  return { eventId: event.id, eventName: event.name, teams };
}

/** A race number nobody holds in this database, clear of the other specs' ranges. */
export function freeRaceNumber(): number {
  const taken = e2eDb().prepare("SELECT 1 FROM rounds WHERE race_number = ?");
  for (;;) {
    const n = 950_000 + Math.floor(Math.random() * 49_000);
    if (!taken.get(n)) return n;
  }
}

/** A round of the event with a lane per team (lanes 1, 2, ...), not started. */
export function overlayRound(
  eventId: number,
  name: string,
  teams: OverlayTeam[],
): { id: number; raceNumber: number } {
  const raceNumber = freeRaceNumber();
  const id = raceDay.round(eventId, { name, description: "", raceNumber }).id;
  for (const [i, t] of teams.entries()) raceDay.race(id, t.id, String(i + 1));
  return { id, raceNumber };
}

/** Ten years ahead: later than any race another spec starts, test clocks included (the overlay
 * follows the race started last, one for the whole server). */
const AHEAD_MS = 10 * 365 * 86_400_000;

/** Starts the round, as another connection would (the desk on another server): far ahead. */
export function startAhead(roundId: number): void {
  raceDay.setRoundColumns(roundId, { startedAt: new Date(Date.now() + AHEAD_MS) });
}

/** Takes the round off the water again (the test is over: it no longer hides other races). */
export function takeOffWater(roundId: number): void {
  raceDay.setRoundColumns(roundId, { startedAt: null });
}

/** Provisional results, as the desk's save leaves them: lane i+1 finished in `times[i]` ms (places
 * from the times), or with a status. */
export function provisionalResults(roundId: number, times: (number | "DNF" | "DSQ" | "DNS")[]): void {
  const ranked = times
    .map((t, i) => ({ lane: String(i + 1), t }))
    .filter((x): x is { lane: string; t: number } => typeof x.t === "number")
    .sort((a, b) => a.t - b.t);
  const placeOf = new Map(ranked.map((x, i) => [x.lane, i + 1]));
  const score = (ms: number) => {
    const m = Math.floor(ms / 60_000);
    const s = ((ms % 60_000) / 1000).toFixed(2).padStart(5, "0");
    return m > 0 ? `${m}:${s}` : s;
  };
  raceDay.atomically(() => {
    for (const [i, t] of times.entries()) {
      const l = String(i + 1);
      if (typeof t === "number")
        raceDay.setLaneColumns(roundId, l, {
          place: placeOf.get(l),
          status: null,
          statusReason: "",
          timeMs: t,
          score: score(t),
        });
      else
        raceDay.setLaneColumns(roundId, l, {
          place: null,
          status: t,
          statusReason: t === "DSQ" ? "Lane" : "",
          timeMs: null,
          score: t,
        });
    }
    raceDay.setRoundColumns(roundId, {
      startedAt: new Date(Date.now() - 600_000),
      resultState: "PROVISIONAL",
      resultsAt: new Date(Date.now() - 60_000),
      protestUntil: new Date(Date.now() + 900_000),
    });
  });
}

/** Declared Official as the desk's Declare Official leaves it (revision 1, results_at `at`). */
export function officialNow(roundId: number, at = Date.now()): void {
  raceDay.setRoundColumns(roundId, {
    resultState: "OFFICIAL",
    revision: 1,
    resultsAt: new Date(at),
    protestUntil: null,
  });
}

/** Runs `fn` holding the overlay lock (see the top of this file). */
export function withOverlayLock<T>(fn: () => Promise<T>): Promise<T> {
  return withFileLock("overlay", fn);
}
