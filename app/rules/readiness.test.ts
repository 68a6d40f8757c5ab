import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import {
  checkReason,
  laneReadiness,
  minimumCrew,
  publicText,
  READY_REASON_MAX,
  readySummary,
  reasonsOf,
  staffText,
} from "./readiness";

const rules = { minRace: 10, maxRace: 12, maxMale: 8, minFemale: 2 };
const scans = (total: number, men: number, women: number) => ({ total, men, women });

describe("laneReadiness", () => {
  it("is Ready exactly at each edge: minRace, maxRace, maxMale, minFemale", () => {
    expect(laneReadiness(scans(10, 8, 2), rules, null)).toEqual({ ready: true, byHand: false });
    expect(laneReadiness(scans(12, 8, 4), rules, null)).toEqual({ ready: true, byHand: false });
    // Gender unknown counts as neither a man nor a woman.
    expect(laneReadiness(scans(11, 0, 2), rules, null).ready).toBe(true);
  });

  it("is Not ready one past each edge, with why", () => {
    expect(reasonsOf(scans(9, 7, 2), rules)).toEqual([{ kind: "few", scanned: 9, min: 10 }]);
    expect(reasonsOf(scans(13, 8, 5), rules)).toEqual([{ kind: "many", scanned: 13, max: 12 }]);
    expect(reasonsOf(scans(11, 9, 2), rules)).toEqual([{ kind: "men", men: 9, max: 8 }]);
    expect(reasonsOf(scans(10, 9, 1), rules)).toEqual([
      { kind: "men", men: 9, max: 8 },
      { kind: "women", needed: 1 },
    ]);
  });

  it("gives every reason at once: short and without women", () => {
    expect(reasonsOf(scans(4, 4, 0), rules)).toEqual([
      { kind: "few", scanned: 4, min: 10 },
      { kind: "women", needed: 2 },
    ]);
    expect(staffText(EN, laneReadiness(scans(4, 4, 0), rules, null))).toBe(
      "Not ready: 4 of 10 paddlers; needs 2 more women",
    );
  });

  it("an empty lane is never Ready, even when the event asks for nobody (minRace 0)", () => {
    const none = { minRace: 0, maxRace: 12, maxMale: 12, minFemale: 0 };
    expect(minimumCrew(none)).toBe(1);
    expect(laneReadiness(scans(0, 0, 0), none, null)).toEqual({
      ready: false,
      reasons: [{ kind: "nobody" }],
    });
    expect(laneReadiness(scans(1, 1, 0), none, null).ready).toBe(true);
    expect(staffText(EN, laneReadiness(scans(0, 0, 0), rules, null))).toBe("Not ready: nobody scanned yet");
  });

  it("marked by hand is Ready whatever the scans say; staff see how, the public does not", () => {
    const hand = laneReadiness(scans(0, 0, 0), rules, "Tag left in the car");
    expect(hand).toEqual({ ready: true, byHand: true, reason: "Tag left in the car" });
    expect(staffText(EN, hand)).toBe("Ready (by hand)");
    expect(publicText(EN, hand.ready)).toBe("Ready");
    expect(publicText(EN, false)).toBe("Not ready");
    expect(staffText(EN, laneReadiness(scans(10, 8, 2), rules, null))).toBe("Ready");
  });

  it("says the over-cap cases and one woman in words, in Malay too", () => {
    expect(staffText(EN, laneReadiness(scans(13, 9, 1), rules, null))).toBe(
      "Not ready: 13 paddlers, at most 12; 9 men, at most 8; needs 1 more woman",
    );
    expect(staffText(MS, laneReadiness(scans(4, 4, 0), rules, null))).toBe(
      "Belum sedia: 4 daripada 10 pendayung; perlu 2 lagi wanita",
    );
  });
});

describe("readySummary", () => {
  it("counts the Ready lanes of a race, by hand included", () => {
    const lanes = [
      { readiness: laneReadiness(scans(10, 8, 2), rules, null) },
      { readiness: laneReadiness(scans(0, 0, 0), rules, "missed") },
      { readiness: laneReadiness(scans(3, 3, 0), rules, null) },
    ];
    expect(readySummary(lanes)).toEqual({ ready: 2, total: 3 });
    expect(EN.LABELS.rdyLanes(2, 3)).toBe("2 of 3 lanes");
    expect(readySummary([])).toEqual({ ready: 0, total: 0 });
  });
});

describe("checkReason", () => {
  it("requires a reason, trimmed, of at most READY_REASON_MAX characters", () => {
    expect(checkReason("  Scanner down  ")).toEqual({ ok: true, reason: "Scanner down" });
    expect(checkReason("   ")).toEqual({ ok: false, error: "empty" });
    expect(checkReason(null)).toEqual({ ok: false, error: "empty" });
    expect(checkReason("x".repeat(READY_REASON_MAX))).toMatchObject({ ok: true });
    expect(checkReason("x".repeat(READY_REASON_MAX + 1))).toEqual({ ok: false, error: "tooLong" });
  });
});
