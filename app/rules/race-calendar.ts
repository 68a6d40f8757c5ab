// The calendar feed of /my-races.ics (issue 28 part 4): one VEVENT per race and team, made with
// ical-generator (RFC 5545: CRLF line ends, lines folded at 75 octets, text escaped). Pure: the
// route reads the rows and the delay; this writes the text.
import ical from "ical-generator";
import type { Bundle } from "~/messages";
import { roundState, stateLabel } from "./results";
import { expectedStart } from "./timetable";

/** How long an event lasts in the calendar: a dragon-boat race and its clearing of the lanes. */
export const CALENDAR_EVENT_MINUTES = 10;

export type CalendarRace = {
  roundId: number;
  raceNumber: number | null;
  scheduledAt: number | null;
  startedAt: number | null;
  resultState: "NONE" | "PROVISIONAL" | "OFFICIAL";
  revision: number;
  startSeq: number;
  eventName: string;
  roundName: string;
  teamId: number;
  teamName: string;
  lane: string;
  place: number | null;
};

/** When the race starts as far as a crew knows: its actual start once started, else the scheduled
 * start moved by the day's delay; null when not scheduled. */
export function raceStartOf(race: Pick<CalendarRace, "scheduledAt" | "startedAt">, delay: number | null) {
  return race.startedAt ?? expectedStart(race.scheduledAt, delay);
}

/** A race's UID: the same for a race and team however often the feed is read (a calendar app
 * updates the event it has rather than adding one). */
export function raceUid(race: Pick<CalendarRace, "roundId" | "teamId">, host: string): string {
  return `round-${race.roundId}-team-${race.teamId}@${host}`;
}

/** The feed's text. Races with no race number or start are left out (nothing to put in a calendar
 * yet). SEQUENCE is the round's start_seq, bumped each time its expected start moves. */
export function raceCalendar(
  races: readonly CalendarRace[],
  opts: { delay: number | null; host: string; url: string; t: Bundle; stamp: number },
): string {
  const { LABELS } = opts.t;
  const cal = ical({ name: LABELS.mrCalName, prodId: { company: "Regatta", product: "My Races" } });
  for (const race of races) {
    const start = raceStartOf(race, opts.delay);
    if (start === null || race.raceNumber === null) continue;
    const what = `${race.eventName} ${race.roundName}`;
    const state = stateLabel(LABELS, roundState(race), race.revision);
    const lines = [LABELS.mrEventState(state)];
    if (race.resultState !== "NONE" && race.place !== null) lines.push(LABELS.mrEventPlace(race.place));
    cal.createEvent({
      id: raceUid(race, opts.host),
      sequence: race.startSeq,
      stamp: new Date(opts.stamp),
      start: new Date(start),
      end: new Date(start + CALENDAR_EVENT_MINUTES * 60_000),
      summary: LABELS.mrEventSummary(race.raceNumber, what, race.teamName, race.lane),
      description: lines.join("\n"),
      url: opts.url,
    });
  }
  return cal.toString();
}
