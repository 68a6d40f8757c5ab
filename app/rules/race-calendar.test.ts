import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { type CalendarRace, raceCalendar, raceStartOf, raceUid } from "./race-calendar";

const T = Date.UTC(2026, 11, 5, 4, 6); // 12:06 in Malaysia
const race = (over: Partial<CalendarRace> = {}): CalendarRace => ({
  roundId: 7,
  raceNumber: 14,
  scheduledAt: T,
  startedAt: null,
  resultState: "NONE",
  revision: 0,
  startSeq: 0,
  eventName: "Open 500m",
  roundName: "Heat 1",
  teamId: 3,
  teamName: "Kuching, Dragons; A",
  lane: "3",
  place: null,
  ...over,
});
const opts = {
  delay: null,
  host: "regatta.test",
  url: "https://regatta.test/my-races",
  t: EN,
  stamp: T - 3_600_000,
};

function events(text: string) {
  return Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT") as ical.VEvent[];
}

describe("raceCalendar", () => {
  it("is RFC 5545 text: CRLF line ends, no line over 75 octets, parsed back whole", () => {
    const long = race({
      eventName: "Premier Mixed 20-seater 500m Championship Final, the long name of it all",
    });
    const text = raceCalendar([long], opts);
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /); // a folded line
    const ev = events(text)[0];
    expect(ev?.summary).toBe(
      "Race 14: Premier Mixed 20-seater 500m Championship Final, the long name of it all Heat 1 (Kuching, Dragons; A, lane 3)",
    );
  });

  it("escapes commas and semicolons of a team name, and gives them back", () => {
    const text = raceCalendar([race()], opts);
    expect(text).toContain("Kuching\\, Dragons\\; A");
    expect(events(text)[0].summary).toBe("Race 14: Open 500m Heat 1 (Kuching, Dragons; A, lane 3)");
  });

  it("one event per race and team, with a stable UID and the expected start", () => {
    const text = raceCalendar([race(), race({ teamId: 4, teamName: "B", lane: "4" })], {
      ...opts,
      delay: 12,
    });
    const evs = events(text);
    expect(evs.map((e) => e.uid)).toEqual(["round-7-team-3@regatta.test", "round-7-team-4@regatta.test"]);
    expect(evs[0]?.start.getTime()).toBe(T + 12 * 60_000);
    expect(evs[0]?.end?.getTime()).toBe(T + 22 * 60_000);
    expect(raceUid(race(), "regatta.test")).toBe(evs[0]?.uid);
  });

  it("SEQUENCE follows start_seq: a start that moved is a new revision of the same event", () => {
    const before = events(raceCalendar([race()], opts))[0];
    const after = events(raceCalendar([race({ startSeq: 2 })], { ...opts, delay: 9 }))[0];
    expect(before.uid).toBe(after.uid);
    expect(Number(before.sequence)).toBe(0);
    expect(Number(after.sequence)).toBe(2);
    expect(after.start.getTime() - before.start.getTime()).toBe(9 * 60_000);
  });

  it("a started race is at its actual start; results add the place", () => {
    const started = T + 20 * 60_000;
    const ev = events(
      raceCalendar([race({ startedAt: started, resultState: "OFFICIAL", revision: 1, place: 2 })], opts),
    )[0];
    expect(ev.start.getTime()).toBe(started);
    expect(ev.description).toBe("State: Official\nPlace: 2");
    expect(raceStartOf(race({ startedAt: started }), 40)).toBe(started);
  });

  it("leaves out races with no number or start; an empty feed is still a calendar", () => {
    const text = raceCalendar([race({ raceNumber: null }), race({ scheduledAt: null })], opts);
    expect(events(text)).toEqual([]);
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("END:VCALENDAR");
  });

  it("speaks the user's language", () => {
    const ev = events(raceCalendar([race()], { ...opts, t: MS }))[0];
    expect(ev.summary).toBe("Perlumbaan 14: Open 500m Heat 1 (Kuching, Dragons; A, lorong 3)");
  });
});
