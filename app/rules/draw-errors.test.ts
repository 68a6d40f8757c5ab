import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { type DrawError, drawErrorText, planForPage } from "./draw-errors";

const ALL: DrawError[] = [
  { code: "roundHasRaces" },
  { code: "otherHasRaces", name: "HEAT 2" },
  { code: "nameTooLong", name: "X".repeat(70) },
  { code: "noTeams" },
  { code: "noFinishers" },
  { code: "chooseRounds" },
  { code: "foreignRound" },
  { code: "ranking", text: "The chosen rounds have no races." },
];

describe("drawErrorText", () => {
  it("says each code in the English words the draw used before (DRAW_MSG)", () => {
    expect(ALL.map((e) => drawErrorText(EN, e))).toEqual([
      "This round already has races. Delete them first.",
      'Round "HEAT 2" already has races. Delete them first.',
      `The round for a further heat would be named "${"X".repeat(70)}", longer than 150 characters. Rename this round first.`,
      "This event has no teams to draw.",
      "No team finished in the chosen rounds, so none qualifies.",
      "Choose the rounds to rank.",
      "Choose rounds of this event other than this one.",
      "The chosen rounds have no races.",
    ]);
  });

  it("says every code in Malay too, with the names it carries", () => {
    const ms = ALL.map((e) => drawErrorText(MS, e));
    for (const [i, text] of ms.entries()) {
      expect(text.length).toBeGreaterThan(0);
      if (ALL[i].code !== "ranking") expect(text).not.toBe(drawErrorText(EN, ALL[i]));
    }
    expect(ms[1]).toContain('"HEAT 2"');
    expect(ms[2]).toContain("150");
  });

  it("shows a plan's refusals as sentences, and no plan as none", () => {
    expect(planForPage(EN, { errors: [{ code: "noTeams" }], teams: 0 })).toEqual({
      errors: ["This event has no teams to draw."],
      teams: 0,
    });
    expect(planForPage(EN, null)).toBeNull();
  });
});
