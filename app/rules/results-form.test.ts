import { describe, expect, it } from "vitest";
import { type LaneInput, laneSummary, laneText } from "./results-form";

const stored = (r: Partial<LaneInput> = {}): Omit<LaneInput, "raceId"> => ({
  timeMs: null,
  status: null,
  statusReason: "",
  penaltyMs: 0,
  penaltyReason: "",
  wins: null,
  losses: null,
  ...r,
});

describe("laneText (a stored lane as the form's boxes)", () => {
  it("writes a time, a penalty and the reasons", () => {
    expect(laneText(stored({ timeMs: 155_190, penaltyMs: 5_000, penaltyReason: "Wash" }), false)).toEqual({
      time: "2:35.19",
      status: "",
      statusReason: "",
      penalty: "5.00",
      penaltyReason: "Wash",
    });
  });
  it("leaves empty what is not stored; a status with its reason", () => {
    expect(laneText(stored(), false)).toEqual({
      time: "",
      status: "",
      statusReason: "",
      penalty: "",
      penaltyReason: "",
    });
    expect(laneText(stored({ status: "DSQ", statusReason: "Left lane" }), false)).toMatchObject({
      time: "",
      status: "DSQ",
      statusReason: "Left lane",
    });
  });
  it("Tug of War: the record, or nothing until both halves are stored", () => {
    expect(laneText(stored({ wins: 2, losses: 1, timeMs: 60_000 }), true).time).toBe("2-1");
    expect(laneText(stored({ wins: 2 }), true).time).toBe("");
  });
});

describe("laneSummary (what is stored, in one line)", () => {
  const text = (r: Partial<LaneInput>) => laneText(stored(r), false);
  it("a time with its penalty and reason", () => {
    expect(laneSummary(text({ timeMs: 155_190, penaltyMs: 5_000, penaltyReason: "Wash" }), "-")).toBe(
      "2:35.19 (+5.00) · Wash",
    );
  });
  it("a status with its reason; nothing stored", () => {
    expect(laneSummary(text({ status: "DSQ", statusReason: "Left lane" }), "-")).toBe("DSQ · Left lane");
    expect(laneSummary(text({}), "Nothing stored")).toBe("Nothing stored");
  });
});
