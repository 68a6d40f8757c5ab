import { describe, expect, it } from "vitest";
import { seedEvents } from "../../db/seed-data";
import { COLUMN_GROUPS, categoryOf, SUMMARY_COLUMNS, summarize, type TeamCount } from "./event-categories";

describe("columns", () => {
  it("are three groups of seven by distance, then Other", () => {
    expect(COLUMN_GROUPS.map((g) => g.label)).toEqual(["250M", "400M", "Tug"]);
    for (const g of COLUMN_GROUPS)
      expect(g.columns.map((c) => c.label)).toEqual([
        "Malaysia",
        "Premier",
        "Junior",
        "Senior",
        "Open International",
        "Women International",
        "Mixed International",
      ]);
    expect(SUMMARY_COLUMNS).toHaveLength(22);
    expect(SUMMARY_COLUMNS.at(-1)).toMatchObject({ key: "OTHER", label: "Other", csvLabel: "Other" });
    expect(new Set(SUMMARY_COLUMNS.map((c) => c.key)).size).toBe(22);
  });

  it("put the three International variants under one header on screen", () => {
    for (const g of COLUMN_GROUPS) {
      expect(g.columns.map((c) => c.short)).toEqual([
        "Malaysia",
        "Premier",
        "Junior",
        "Senior",
        "Open",
        "Women",
        "Mixed",
      ]);
      expect(g.columns.map((c) => c.international)).toEqual([false, false, false, false, true, true, true]);
    }
  });

  it("have flat CSV names", () => {
    expect(SUMMARY_COLUMNS.map((c) => c.csvLabel).slice(0, 8)).toEqual([
      "250M Malaysia",
      "250M Premier",
      "250M Junior",
      "250M Senior",
      "250M Open International",
      "250M Women International",
      "250M Mixed International",
      "400M Malaysia",
    ]);
    expect(SUMMARY_COLUMNS[20].csvLabel).toBe("Tug Mixed International");
  });
});

describe("categoryOf every seed event", () => {
  const expected: Record<string, string> = {
    "250M MALAYSIA OPEN": "250M.MALAYSIA",
    "250M MALAYSIA WOMEN": "250M.MALAYSIA",
    "250M MALAYSIA MIXED": "250M.MALAYSIA",
    "250M PREMIER OPEN": "250M.PREMIER",
    "250M PREMIER WOMEN": "250M.PREMIER",
    "250M PREMIER MIXED": "250M.PREMIER",
    "250M JUNIOR OPEN": "250M.JUNIOR",
    "250M JUNIOR WOMEN": "250M.JUNIOR",
    "250M JUNIOR MIXED": "250M.JUNIOR",
    "250M SENIOR (S40) OPEN": "250M.SENIOR",
    "250M SENIOR (S40) WOMEN": "250M.SENIOR",
    "250M SENIOR (S40) MIXED": "250M.SENIOR",
    "400M MALAYSIA OPEN": "400M.MALAYSIA",
    "400M MALAYSIA WOMEN": "400M.MALAYSIA",
    "400M MALAYSIA MIXED": "400M.MALAYSIA",
    "400M PREMIER OPEN": "400M.PREMIER",
    "400M PREMIER WOMEN": "400M.PREMIER",
    "400M PREMIER MIXED": "400M.PREMIER",
    "400M JUNIOR OPEN": "400M.JUNIOR",
    "400M JUNIOR WOMEN": "400M.JUNIOR",
    "400M JUNIOR MIXED": "400M.JUNIOR",
    "400M SENIOR (S40) OPEN": "400M.SENIOR",
    "400M SENIOR (S40) WOMEN": "400M.SENIOR",
    "400M SENIOR (S40) MIXED": "400M.SENIOR",
    "TUG OF WAR OPEN": "TUG.OPEN_INT",
    "TUG OF WAR WOMEN": "TUG.WOMEN_INT",
    "TUG OF WAR MIXED": "TUG.MIXED_INT",
  };

  it("names exactly these events", () => {
    expect(seedEvents().map((e) => e.name)).toEqual(Object.keys(expected));
  });

  for (const [name, column] of Object.entries(expected))
    it(`${name} -> ${column}`, () => {
      expect(categoryOf(name)).toBe(column);
    });

  it("puts no seed event under Other", () => {
    for (const e of seedEvents()) expect(categoryOf(e.name)).not.toBe("OTHER");
  });
});

describe("categoryOf names admins may type", () => {
  it.each([
    ["250m premier open", "250M.PREMIER"],
    ["  400M   Junior\tWomen  ", "400M.JUNIOR"],
    ["Tug  of\nWar mixed", "TUG.MIXED_INT"],
    ["250M SENIOR(S40) OPEN", "250M.SENIOR"],
    ["250M senior (s40)", "250M.SENIOR"],
    ["250M OPEN", "250M.OPEN_INT"],
    ["400M WOMEN", "400M.WOMEN_INT"],
    ["TUG OF WAR MALAYSIA OPEN", "TUG.MALAYSIA"],
    ["250M OPEN MALAYSIA", "250M.MALAYSIA"],
    ["250M OPEN WOMEN", "250M.OPEN_INT"],
    ["PREMIER 400M MIXED", "400M.PREMIER"],
    ["250M PREMIER OPEN E2E-LX1ABC-0F3A2B", "250M.PREMIER"],
    ["250M-PREMIER-OPEN", "250M.PREMIER"],
  ])("%j -> %s", (name, column) => {
    expect(categoryOf(name)).toBe(column);
  });

  it.each([
    "",
    "   ",
    "DINNER",
    "500M PREMIER OPEN",
    "2250M PREMIER OPEN",
    "250MX PREMIER OPEN",
    "250 M PREMIER OPEN",
    "TUG OF WARS OPEN",
    "TUGOFWAR OPEN",
    "250M OPENING CEREMONY",
    "400M WOMENS",
    "250M MIXEDUP",
    "250M MALAYSIAN",
    "250M PREMIERSHIP",
    "250M",
    "TUG OF WAR",
    "PREMIER OPEN",
  ])("%j -> OTHER", (name) => {
    expect(categoryOf(name)).toBe("OTHER");
  });
});

describe("summarize", () => {
  const col = (key: string) => SUMMARY_COLUMNS.findIndex((c) => c.key === key);
  const line = (associationId: number, eventName: string, teams: number): TeamCount => ({
    associationId,
    name: `Club ${associationId}`,
    country: associationId === 2 ? "SG" : "MY",
    eventName,
    teams,
  });

  it("folds event lines into one row per association, in their order, with totals", () => {
    const s = summarize([
      line(2, "250M PREMIER OPEN", 2),
      line(2, "250M PREMIER MIXED", 1),
      line(2, "TUG OF WAR WOMEN", 1),
      line(1, "400M JUNIOR OPEN", 3),
      line(1, "Mystery Race", 1),
      line(2, "mystery race", 4),
    ]);
    expect(s.rows.map((r) => [r.associationId, r.name, r.country, r.total])).toEqual([
      [2, "Club 2", "SG", 8],
      [1, "Club 1", "MY", 4],
    ]);
    const [sg, my] = s.rows;
    expect(sg.counts[col("250M.PREMIER")]).toBe(3);
    expect(sg.counts[col("TUG.WOMEN_INT")]).toBe(1);
    expect(sg.counts[col("OTHER")]).toBe(4);
    expect(sg.counts.reduce((a, b) => a + b)).toBe(8);
    expect(my.counts[col("400M.JUNIOR")]).toBe(3);
    expect(my.counts[col("OTHER")]).toBe(1);
    expect(s.totals[col("250M.PREMIER")]).toBe(3);
    expect(s.totals[col("400M.JUNIOR")]).toBe(3);
    expect(s.totals[col("OTHER")]).toBe(5);
    expect(s.totals.reduce((a, b) => a + b)).toBe(12);
    expect(s.total).toBe(12);
    expect(s.totals).toHaveLength(SUMMARY_COLUMNS.length);
  });

  it("is empty with zero totals when there are no teams", () => {
    const s = summarize([]);
    expect(s.rows).toEqual([]);
    expect(s.totals).toEqual(SUMMARY_COLUMNS.map(() => 0));
    expect(s.total).toBe(0);
  });
});
