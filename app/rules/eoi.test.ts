// The EOI rules of issue 11: the EOI event form (through conform, as the route reads it), the
// manager's ticks, the column an event counts in, Result by Teams' matrix and the Countries tab.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MSG } from "~/messages";
import {
  countryCounts,
  distanceOf,
  EOI_NAME_MAX,
  EOI_TICKS_MAX,
  eoiEventSchema,
  eoiMatrix,
  type InterestLine,
  MATRIX_COLUMNS,
  parseTicks,
} from "./eoi";

function parse(name: string | null) {
  const form = new FormData();
  if (name !== null) form.set("name", name);
  return parseWithZod(form, { schema: eoiEventSchema });
}
const nameError = (name: string | null) => {
  const s = parse(name);
  return s.status === "success" ? null : s.error?.name?.[0];
};

describe("eoiEventSchema", () => {
  it("refuses an empty or missing name, or spaces only, with the fill-in sentence", () => {
    expect(nameError(null)).toBe(MSG.fillAll);
    expect(nameError("")).toBe(MSG.fillAll);
    expect(nameError("   ")).toBe(MSG.fillAll);
    expect(nameError("\t \n")).toBe(MSG.fillAll);
  });

  it("takes a name of exactly the most characters and refuses one more", () => {
    expect(nameError("A".repeat(EOI_NAME_MAX))).toBeNull();
    expect(nameError("A".repeat(EOI_NAME_MAX + 1))).toBe(MSG.tooLong("Name", EOI_NAME_MAX));
  });

  it("stores the name trimmed with inner runs of white space as one space", () => {
    const s = parse("  250M   Mixed \t International  ");
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value.name).toBe("250M Mixed International");
  });

  it("keeps the case as typed", () => {
    const s = parse("Tug of War open");
    if (s.status !== "success") throw new Error("refused");
    expect(s.value.name).toBe("Tug of War open");
  });
});

describe("parseTicks", () => {
  it("reads plain ids, once each, sorted", () => {
    expect(parseTicks(["3", "1", "2"])).toEqual([1, 2, 3]);
    expect(parseTicks(["5", "5", "2", "5"])).toEqual([2, 5]);
    expect(parseTicks(["007"])).toEqual([7]);
  });

  it("takes no ticks as a valid answer (nothing, or taking it all back)", () => {
    expect(parseTicks([])).toEqual([]);
  });

  it("refuses a forged value: not a plain number, signed, decimal, empty, too long, or a file", () => {
    for (const bad of ["", " 1", "1 ", "-1", "+1", "1.5", "1e3", "abc", "0x10", "1234567890", "١"])
      expect(parseTicks(["1", bad]), JSON.stringify(bad)).toBeNull();
    expect(parseTicks([new File(["1"], "1.txt")])).toBeNull();
  });

  it("refuses more values than the cap, even duplicates; the cap itself passes", () => {
    const atCap = Array.from({ length: EOI_TICKS_MAX }, (_, i) => String(i + 1));
    expect(parseTicks(atCap)).toHaveLength(EOI_TICKS_MAX);
    expect(parseTicks([...atCap, "1"])).toBeNull();
    expect(parseTicks(Array.from({ length: EOI_TICKS_MAX + 1 }, () => "1"))).toBeNull();
  });
});

describe("distanceOf", () => {
  it("finds 250M, 400M and TUG OF WAR as whole words in any case and spacing", () => {
    expect(distanceOf("250M MALAYSIA")).toBe("250M");
    expect(distanceOf("Premier 250m")).toBe("250M");
    expect(distanceOf("400m women international")).toBe("400M");
    expect(distanceOf("TUG OF WAR")).toBe("TUG");
    expect(distanceOf("  tug   of\twar  mixed ")).toBe("TUG");
    expect(distanceOf("(250M) Junior")).toBe("250M");
    expect(distanceOf("Senior-400M")).toBe("400M");
  });

  it("does not find a distance inside a longer number or word", () => {
    expect(distanceOf("2500M OPEN")).toBe("OTHER");
    expect(distanceOf("1250M OPEN")).toBe("OTHER");
    expect(distanceOf("250MM")).toBe("OTHER");
    expect(distanceOf("4000M")).toBe("OTHER");
    expect(distanceOf("TUG OF WARS")).toBe("OTHER");
    expect(distanceOf("250 M")).toBe("OTHER");
  });

  it("puts a name with no distance under OTHER", () => {
    expect(distanceOf("Dinner")).toBe("OTHER");
    expect(distanceOf("")).toBe("OTHER");
    expect(distanceOf("TUG")).toBe("OTHER");
  });

  it("every key it returns is one of the matrix's columns", () => {
    const keys = MATRIX_COLUMNS.map((c) => c.key);
    expect(keys).toEqual(["250M", "400M", "TUG", "OTHER"]);
    for (const n of ["250M", "400M", "TUG OF WAR", "x"]) expect(keys).toContain(distanceOf(n));
  });
});

describe("eoiMatrix", () => {
  const line = (userId: number, team: string, eventName: string, country = "MY"): InterestLine => ({
    userId,
    team,
    country,
    eventName,
  });

  it("gives one row per team in the order the lines first name them", () => {
    const { rows } = eoiMatrix([
      line(2, "BETA", "400M OPEN"),
      line(1, "ALPHA", "250M OPEN"),
      line(2, "BETA", "250M OPEN"),
      line(3, "GAMMA", "Dinner", "SG"),
    ]);
    expect(rows.map((r) => [r.userId, r.team, r.country])).toEqual([
      [2, "BETA", "MY"],
      [1, "ALPHA", "MY"],
      [3, "GAMMA", "SG"],
    ]);
  });

  it("files each event under its distance, each cell in name order", () => {
    const { rows } = eoiMatrix([
      line(1, "ALPHA", "250M WOMEN"),
      line(1, "ALPHA", "TUG OF WAR"),
      line(1, "ALPHA", "250M MIXED"),
      line(1, "ALPHA", "Fun Run"),
      line(1, "ALPHA", "250M JUNIOR"),
    ]);
    expect(rows).toEqual([
      {
        userId: 1,
        team: "ALPHA",
        country: "MY",
        cells: [["250M JUNIOR", "250M MIXED", "250M WOMEN"], [], ["TUG OF WAR"], ["Fun Run"]],
      },
    ]);
  });

  it("counts a team once per column however many of its events are in it", () => {
    const { teamsPerColumn } = eoiMatrix([
      line(1, "ALPHA", "250M OPEN"),
      line(1, "ALPHA", "250M WOMEN"),
      line(1, "ALPHA", "250M MIXED"),
      line(2, "BETA", "250M OPEN"),
      line(2, "BETA", "TUG OF WAR"),
      line(3, "GAMMA", "tug of war mixed"),
    ]);
    expect(teamsPerColumn).toEqual([2, 0, 2, 0]);
  });

  it("is empty for no lines", () => {
    expect(eoiMatrix([])).toEqual({ rows: [], teamsPerColumn: [0, 0, 0, 0] });
  });
});

describe("countryCounts", () => {
  const names: Record<string, string> = { MY: "Malaysia", SG: "Singapore", ID: "Indonesia", TH: "Thailand" };
  const nameOf = (code: string) => names[code] ?? code;

  it("names each country, most teams first then by name, with the total", () => {
    const out = countryCounts(
      [
        { country: "SG", teams: 2 },
        { country: "MY", teams: 5 },
        { country: "TH", teams: 2 },
        { country: "ID", teams: 2 },
      ],
      nameOf,
    );
    expect(out.rows).toEqual([
      { code: "MY", country: "Malaysia", teams: 5 },
      { code: "ID", country: "Indonesia", teams: 2 },
      { code: "SG", country: "Singapore", teams: 2 },
      { code: "TH", country: "Thailand", teams: 2 },
    ]);
    expect(out.total).toBe(11);
  });

  it("keeps an unknown code as its own name, and totals 0 for nothing", () => {
    expect(countryCounts([{ country: "XX", teams: 1 }], nameOf)).toEqual({
      rows: [{ code: "XX", country: "XX", teams: 1 }],
      total: 1,
    });
    expect(countryCounts([], nameOf)).toEqual({ rows: [], total: 0 });
  });
});
