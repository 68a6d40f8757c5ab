import { describe, expect, it } from "vitest";
import { parseResultsFile, splitFields } from "./lynx-import";
import { compareLanes, evtFile, lynxField, lynxLine, pplFile, schFile } from "./lynx-export";

describe("lynxField and lynxLine", () => {
  it("quotes a comma or a quote, doubles quotes, and keeps a line on one line", () => {
    expect(lynxField("Jones, Jr.")).toBe('"Jones, Jr."');
    expect(lynxField('Club "Naga"')).toBe('"Club ""Naga"""');
    expect(lynxField("Plain")).toBe("Plain");
    expect(lynxField(12)).toBe("12");
    expect(lynxField("two\r\nlines\nhere")).toBe("two lines here");
    expect(lynxLine(["", 5, "1", "A, B", "", "C"])).toBe(',5,1,"A, B",,C\r\n');
  });

  it("writes what the import reads back", () => {
    const name = 'Naga "Emas", Pulau Pinang';
    expect(splitFields(lynxLine(["1", "", "3", name]).trimEnd())).toEqual(["1", "", "3", name]);
  });
});

describe("compareLanes", () => {
  it("orders numbers by value, then other lanes by text", () => {
    expect(["10", "B", "2", "1", "A"].sort(compareLanes)).toEqual(["1", "2", "10", "A", "B"]);
  });
});

describe("evtFile", () => {
  it("writes the event line then one line per lane in lane order, CRLF", () => {
    const text = evtFile({ raceNumber: 14, eventName: "500M OPEN", roundName: "Heat 1" }, [
      { teamId: 31, lane: "10", teamName: "Sharks A", club: "KL Paddlers" },
      { teamId: 7, lane: "2", teamName: "Jones, Jr. B", club: 'Club "Naga"' },
      { teamId: 9, lane: "1", teamName: "Tigers", club: "Penang DBA" },
    ]);
    expect(text).toBe(
      [
        "14,1,1,500M OPEN Heat 1",
        ",9,1,Tigers,,Penang DBA",
        ',7,2,"Jones, Jr. B",,"Club ""Naga"""',
        ",31,10,Sharks A,,KL Paddlers",
        "",
      ].join("\r\n"),
    );
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("writes an event line alone for a round without lanes, and quotes a name with a comma", () => {
    expect(evtFile({ raceNumber: 3, eventName: "200M, MIXED", roundName: "Final" }, [])).toBe(
      '3,1,1,"200M, MIXED Final"\r\n',
    );
  });

  it("is read back by the import as the lanes it names", () => {
    // A .lif has the same entrant columns as the .evt, with the place in front.
    const evt = evtFile({ raceNumber: 1, eventName: "E", roundName: "R" }, [
      { teamId: 1, lane: "1", teamName: "A", club: "X" },
    ]);
    const lif = evt.replace(",1,1,A,,X", "1,1,1,A,,X,1:00.00");
    expect(parseResultsFile(lif, ["1"])).toMatchObject({ ok: true, lanes: [{ lane: "1", timeMs: 60_000 }] });
  });
});

describe("schFile", () => {
  it("writes the comments, then each race number once, in order", () => {
    expect(schFile({ regatta: "Regatta\nFest", exported: "Exported 27/11/2026" }, [12, 3, 7, 3])).toBe(
      "; Regatta Fest\r\n; Exported 27/11/2026\r\n3,1,1\r\n7,1,1\r\n12,1,1\r\n",
    );
  });
});

describe("pplFile", () => {
  it("writes each team once, by id, with the club as affiliation", () => {
    expect(
      pplFile([
        { teamId: 8, teamName: "Naga B", club: "Naga, Penang" },
        { teamId: 2, teamName: "Tigers A", club: "Johor" },
        { teamId: 8, teamName: "Naga B", club: "Naga, Penang" },
      ]),
    ).toBe('2,Tigers A,,Johor\r\n8,Naga B,,"Naga, Penang"\r\n');
  });

  it("is empty when no team races", () => {
    expect(pplFile([])).toBe("");
  });
});
