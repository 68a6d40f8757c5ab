// Event entries rules (issue 9): the buy form, entries left, waitlist offers in line order and the
// event teams' names, the refusals' sentences.
import { describe, expect, it } from "vitest";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";
import {
  entriesLeft,
  entriesRefusalText,
  MAX_TEAMS_PER_ORDER,
  nextTeamNames,
  offersFor,
  parseEntryRequest,
  teamLetter,
} from "./entries";
import { formatDateTime } from "./format";

describe("parseEntryRequest", () => {
  it("one request per event asked for, in form order; zero and empty rows dropped", () => {
    expect(parseEntryRequest(["7", "3", "9", "4"], ["2", "0", "", "1"])).toEqual({
      requests: [
        { eventId: 7, teams: 2 },
        { eventId: 4, teams: 1 },
      ],
    });
    expect(parseEntryRequest(["5"], [" 3 "])).toEqual({ requests: [{ eventId: 5, teams: 3 }] });
    expect(parseEntryRequest(["5"], ["000"])).toEqual({ error: MSG.entriesNoneSelected });
    expect(parseEntryRequest(["5"], ["007"])).toEqual({ requests: [{ eventId: 5, teams: 7 }] });
  });

  it("nothing asked for: the none-selected message", () => {
    expect(parseEntryRequest(["1", "2"], ["0", "0"])).toEqual({ error: MSG.entriesNoneSelected });
    expect(parseEntryRequest(["1", "2"], ["", " "])).toEqual({ error: MSG.entriesNoneSelected });
    expect(parseEntryRequest([], [])).toEqual({ error: MSG.entriesNoneSelected });
  });

  it("an unreadable form is null: mismatched arrays, ids that are not digits, too many rows", () => {
    expect(parseEntryRequest(["1", "2"], ["1"])).toBeNull();
    expect(parseEntryRequest(["1"], ["1", "2"])).toBeNull();
    for (const id of ["", "x", "-1", "1.5", "1e3", " 1", "0x1", "1234567890"])
      expect(parseEntryRequest([id], ["1"])).toBeNull();
    // Even when that row asks for nothing.
    expect(parseEntryRequest(["1", "x"], ["1", "0"])).toBeNull();
    const many = Array.from({ length: 201 }, (_, i) => String(i + 1));
    expect(
      parseEntryRequest(
        many,
        many.map(() => "0"),
      ),
    ).toBeNull();
    const max = many.slice(0, 200);
    expect(
      parseEntryRequest(
        max,
        max.map((_, i) => (i === 0 ? "1" : "0")),
      ),
    ).toEqual({
      requests: [{ eventId: 1, teams: 1 }],
    });
  });

  it("a count that is not a whole number from 0 to the maximum: the too-many message", () => {
    const tooMany = { error: MSG.entriesTooMany(MAX_TEAMS_PER_ORDER) };
    for (const teams of [
      "-1",
      "1.5",
      "1e1",
      "x",
      "+2",
      "0x2",
      "1 2",
      "1000",
      String(MAX_TEAMS_PER_ORDER + 1),
    ])
      expect(parseEntryRequest(["1"], [teams])).toEqual(tooMany);
    expect(parseEntryRequest(["1"], [String(MAX_TEAMS_PER_ORDER)])).toEqual({
      requests: [{ eventId: 1, teams: MAX_TEAMS_PER_ORDER }],
    });
    // A bad count refuses the whole form, even beside good rows.
    expect(parseEntryRequest(["1", "2"], ["2", "abc"])).toEqual(tooMany);
  });

  it("a repeated event is summed, and the sum is capped too", () => {
    expect(parseEntryRequest(["3", "4", "3"], ["2", "1", "5"])).toEqual({
      requests: [
        { eventId: 3, teams: 7 },
        { eventId: 4, teams: 1 },
      ],
    });
    const half = String(MAX_TEAMS_PER_ORDER / 2);
    expect(parseEntryRequest(["3", "3"], [half, half])).toEqual({
      requests: [{ eventId: 3, teams: MAX_TEAMS_PER_ORDER }],
    });
    expect(parseEntryRequest(["3", "3"], [half, String(MAX_TEAMS_PER_ORDER / 2 + 1)])).toEqual({
      error: MSG.entriesTooMany(MAX_TEAMS_PER_ORDER),
    });
  });
});

describe("entriesLeft", () => {
  it("maxTeam less paid, processing and slots held for others", () => {
    expect(entriesLeft({ maxTeam: 10, paidTeams: 3, processing: 2, heldForOthers: 1 })).toBe(4);
    expect(entriesLeft({ maxTeam: 10, paidTeams: 0, processing: 0, heldForOthers: 0 })).toBe(10);
    expect(entriesLeft({ maxTeam: 10, paidTeams: 5, processing: 3, heldForOthers: 2 })).toBe(0);
  });

  it("never negative (a late payment may oversell)", () => {
    expect(entriesLeft({ maxTeam: 10, paidTeams: 11, processing: 0, heldForOthers: 0 })).toBe(0);
    expect(entriesLeft({ maxTeam: 10, paidTeams: 8, processing: 3, heldForOthers: 4 })).toBe(0);
    expect(entriesLeft({ maxTeam: 0, paidTeams: 0, processing: 0, heldForOthers: 0 })).toBe(0);
  });
});

describe("offersFor", () => {
  const line = [
    { id: 11, teams: 2 },
    { id: 12, teams: 3 },
    { id: 13, teams: 1 },
  ];

  it("first come, first served: each in turn gets as many as are free", () => {
    expect(offersFor(line, 6)).toEqual([
      { id: 11, held: 2 },
      { id: 12, held: 3 },
      { id: 13, held: 1 },
    ]);
    expect(offersFor(line, 10)).toEqual([
      { id: 11, held: 2 },
      { id: 12, held: 3 },
      { id: 13, held: 1 },
    ]);
  });

  it("a partial offer to the one where the free slots run out, and nothing after", () => {
    expect(offersFor(line, 4)).toEqual([
      { id: 11, held: 2 },
      { id: 12, held: 2 },
    ]);
    expect(offersFor(line, 1)).toEqual([{ id: 11, held: 1 }]);
    expect(offersFor(line, 5)).toEqual([
      { id: 11, held: 2 },
      { id: 12, held: 3 },
    ]);
  });

  it("nothing free or nobody waiting: no offers", () => {
    expect(offersFor(line, 0)).toEqual([]);
    expect(offersFor(line, -2)).toEqual([]);
    expect(offersFor([], 5)).toEqual([]);
  });

  it("keeps the order it is given (the model sorts by join time)", () => {
    expect(offersFor([...line].reverse(), 2)).toEqual([
      { id: 13, held: 1 },
      { id: 12, held: 1 },
    ]);
  });
});

describe("teamLetter", () => {
  it.each([
    [0, "A"],
    [1, "B"],
    [25, "Z"],
    [26, "AA"],
    [27, "AB"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [703, "AAB"],
  ])("%i -> %s", (index, letter) => {
    expect(teamLetter(index)).toBe(letter);
  });

  it("is one-to-one over the first thousands", () => {
    const seen = new Set(Array.from({ length: 5000 }, (_, i) => teamLetter(i)));
    expect(seen.size).toBe(5000);
  });
});

describe("nextTeamNames", () => {
  it("the club's name with A, B, ...", () => {
    expect(nextTeamNames("Penang Dragon Warriors", [], 2)).toEqual([
      "PENANG DRAGON WARRIORS A",
      "PENANG DRAGON WARRIORS B",
    ]);
    expect(nextTeamNames("Club", [], 0)).toEqual([]);
  });

  it("upper-cases, trims and collapses runs of spaces", () => {
    expect(nextTeamNames("  penang   dragon\twarriors ", [], 1)).toEqual(["PENANG DRAGON WARRIORS A"]);
  });

  it("skips names already taken (in any case), filling gaps first", () => {
    expect(nextTeamNames("Club", ["CLUB A", "CLUB B"], 2)).toEqual(["CLUB C", "CLUB D"]);
    expect(nextTeamNames("Club", ["club a", "CLUB C"], 3)).toEqual(["CLUB B", "CLUB D", "CLUB E"]);
    expect(nextTeamNames("Club", ["OTHER A", "CLUB AA"], 1)).toEqual(["CLUB A"]);
  });

  it("goes on past Z", () => {
    const taken = Array.from({ length: 26 }, (_, i) => `CLUB ${teamLetter(i)}`);
    expect(nextTeamNames("Club", taken, 2)).toEqual(["CLUB AA", "CLUB AB"]);
  });
});

describe("entriesRefusalText", () => {
  const closeAt = Date.UTC(2026, 10, 1, 4, 30);
  it("says when entries closed, from the deadline (or now when there is none)", () => {
    expect(entriesRefusalText("closed", closeAt)).toBe(MSG.entriesClosed(formatDateTime(closeAt)));
    expect(entriesRefusalText("closed", null, closeAt)).toBe(MSG.entriesClosed(formatDateTime(closeAt)));
  });
  it("has one sentence for each other refusal", () => {
    expect(entriesRefusalText("noClub", closeAt)).toBe(MSG.entriesNoClub);
    expect(entriesRefusalText("gone", null)).toBe(MSG.entriesEventGone);
    expect(entriesRefusalText("notFull", null)).toBe(MSG.waitlistNotFull);
    expect(entriesRefusalText("already", null)).toBe(MSG.waitlistAlready);
  });
  it("speaks the bundle and locale it is given (Malay: PG/PTG in the date)", () => {
    const text = entriesRefusalText("closed", closeAt, closeAt, MS, "ms");
    expect(text).toBe(MS.MSG.entriesClosed(formatDateTime(closeAt, "ms")));
    expect(text).toContain("PTG");
    expect(entriesRefusalText("gone", null, closeAt, MS, "ms")).toBe(MS.MSG.entriesEventGone);
    expect(parseEntryRequest(["1"], ["0"], MS.MSG)).toEqual({ error: MS.MSG.entriesNoneSelected });
    expect(parseEntryRequest(["1"], ["99"], MS.MSG)).toEqual({
      error: MS.MSG.entriesTooMany(MAX_TEAMS_PER_ORDER),
    });
  });
});
