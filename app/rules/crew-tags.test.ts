import { describe, expect, it } from "vitest";
import {
  CREW_TAGS_PER_PDF,
  crewTagsFileName,
  cut,
  fitEntries,
  MAX_ENTRY_LINES,
  MAX_NAME_CHARS,
  parsePart,
  partCount,
  partRange,
  partSpan,
  regattaLine,
  tagName,
  teamLabel,
} from "./crew-tags";

describe("parts of a club's crew tags", () => {
  it("takes one PDF per CREW_TAGS_PER_PDF members", () => {
    expect(partCount(0)).toBe(0);
    expect(partCount(1)).toBe(1);
    expect(partCount(CREW_TAGS_PER_PDF)).toBe(1);
    expect(partCount(CREW_TAGS_PER_PDF + 1)).toBe(2);
    expect(partCount(-3)).toBe(0);
  });
  it("reads ?part= as part 1 when absent and refuses anything but a positive number", () => {
    expect(parsePart(null)).toBe(1);
    expect(parsePart(undefined)).toBe(1);
    expect(parsePart("")).toBe(1);
    expect(parsePart("2")).toBe(2);
    for (const bad of ["0", "-1", "1.5", "x", "12345", " 1"]) expect(parsePart(bad), bad).toBeNull();
  });
  it("gives each part its rows, and no row range for a part that does not exist", () => {
    expect(partRange(1, 10)).toEqual({ offset: 0, limit: CREW_TAGS_PER_PDF });
    expect(partRange(2, CREW_TAGS_PER_PDF + 1)).toEqual({
      offset: CREW_TAGS_PER_PDF,
      limit: CREW_TAGS_PER_PDF,
    });
    expect(partRange(2, 10)).toBeNull();
    expect(partRange(1, 0)).toBeNull();
    expect(partRange(0, 10)).toBeNull();
    expect(partSpan(2, CREW_TAGS_PER_PDF + 7)).toEqual({
      from: CREW_TAGS_PER_PDF + 1,
      to: CREW_TAGS_PER_PDF + 7,
    });
  });
});

describe("card text", () => {
  it("prints the name in upper case, spaces collapsed, cut with an ellipsis", () => {
    expect(tagName("  Siti  Nurhaliza ", "s@x.test")).toBe("SITI NURHALIZA");
    expect(tagName("", "no.name@x.test")).toBe("NO.NAME@X.TEST");
    const long = tagName("a".repeat(80), "x");
    expect(long).toHaveLength(MAX_NAME_CHARS);
    expect(long.endsWith("…")).toBe(true);
    expect(cut("abc", 3)).toBe("abc");
  });
  it("heads a card with the regatta's name and year", () => {
    expect(regattaLine("Regatta Dragon Boat Festival", 2026)).toBe("Regatta Dragon Boat Festival 2026");
    expect(regattaLine("Penang Regatta 2026", 2026)).toBe("Penang Regatta 2026");
  });
  it("shortens a team named after the club to its letter", () => {
    expect(teamLabel("PENANG DRAGON WARRIORS A", "Penang  Dragon Warriors")).toBe("TEAM A");
    expect(teamLabel("PENANG DRAGON WARRIORS AB", "Penang Dragon Warriors")).toBe("TEAM AB");
    expect(teamLabel("Night Owls", "Penang Dragon Warriors")).toBe("Night Owls");
    expect(teamLabel("PENANG DRAGON WARRIORS JUNIOR", "Penang Dragon Warriors")).toBe(
      "PENANG DRAGON WARRIORS JUNIOR",
    );
  });
  it("lists events by name and sums up what does not fit", () => {
    const entries = [
      { event: "400M OPEN", team: "CLUB B" },
      { event: "250M OPEN", team: "CLUB A" },
    ];
    const roomy = { maxLines: 20, charsPerLine: 30 };
    expect(fitEntries(entries, "Club", roomy)).toEqual({
      lines: [
        { event: "250M OPEN", team: "TEAM A" },
        { event: "400M OPEN", team: "TEAM B" },
      ],
      more: 0,
    });
    const many = Array.from({ length: 7 }, (_, i) => ({ event: `EVENT ${i}`, team: "CLUB A" }));
    const fitted = fitEntries(many, "Club", roomy);
    expect(fitted.lines).toHaveLength(MAX_ENTRY_LINES);
    expect(fitted.more).toBe(7 - MAX_ENTRY_LINES);
    // 3 lines of room for entries of one line each: two entries and the '+n more' line.
    const tight = fitEntries(many, "Club", { maxLines: 3, charsPerLine: 30 });
    expect(tight).toEqual({ lines: many.slice(0, 2).map((e) => ({ ...e, team: "TEAM A" })), more: 5 });
    // Exactly enough room for all: no '+n more' line needed.
    expect(fitEntries(many.slice(0, 3), "Club", { maxLines: 3, charsPerLine: 30 }).more).toBe(0);
    expect(fitEntries([], "Club", roomy)).toEqual({ lines: [], more: 0 });
  });
});

describe("crewTagsFileName", () => {
  it("names the file after the club, or its id", () => {
    expect(crewTagsFileName({ id: 3, name: "Penang Dragon Warriors" }, 1, 1)).toBe(
      "crew-tags-penang-dragon-warriors.pdf",
    );
    expect(crewTagsFileName({ id: 3, name: 'Café "Ñ" / Team' }, 2, 3)).toBe(
      "crew-tags-cafe-n-team-part-2.pdf",
    );
    expect(crewTagsFileName({ id: 3, name: "龍舟" }, 1, 1)).toBe("crew-tags-3.pdf");
  });
});
