import { describe, expect, it } from "vitest";
import {
  counts,
  femaleShort,
  type Lookup,
  replay,
  type ScanLimits,
  type ScanPerson,
  scanInto,
  scanMessage,
} from "./scan-history";

const person = (id: number, gender: ScanPerson["gender"], role: ScanPerson["role"] = "COMPETITOR") => ({
  id,
  name: `P${id}`,
  gender,
  role,
  image: null,
});
const member = (p: ScanPerson): Lookup => ({ kind: "member", person: p });
const LIMITS: ScanLimits = { maxRace: 3, maxMale: 2, minFemale: 1 };

describe("scanInto", () => {
  it("adds a team member who is a COMPETITOR or MANAGER", () => {
    const p = person(1, "MALE");
    expect(scanInto([], member(p), LIMITS)).toEqual({ kind: "added", person: p });
    const m = person(2, "FEMALE", "MANAGER");
    expect(scanInto([p], member(m), LIMITS)).toEqual({ kind: "added", person: m });
  });

  it("refuses a bad code, an unknown user, a non-participant and an outsider, in the spec's order", () => {
    expect(scanInto([], { kind: "invalid" }, LIMITS)).toEqual({ kind: "invalid" });
    expect(scanInto([], { kind: "voided" }, LIMITS)).toEqual({ kind: "voided" });
    expect(scanInto([], { kind: "unknown" }, LIMITS)).toEqual({ kind: "unknown" });
    expect(scanInto([], { kind: "outsider", participant: false }, LIMITS)).toEqual({
      kind: "notParticipant",
    });
    expect(scanInto([], { kind: "outsider", participant: true }, LIMITS)).toEqual({ kind: "notMember" });
    // Offline, the browser does not know an outsider's role: not in the team is all it can say.
    expect(scanInto([], { kind: "outsider", participant: null }, LIMITS)).toEqual({ kind: "notMember" });
    // A team member who is staff (say, promoted since the crew was picked) is not a participant.
    expect(scanInto([], member(person(9, "MALE", "COMMITTEE")), LIMITS)).toEqual({ kind: "notParticipant" });
  });

  it("ignores a repeat, even when the history is full", () => {
    const h = [person(1, "MALE"), person(2, "FEMALE"), person(3, "FEMALE")];
    expect(scanInto(h, member(h[1]), LIMITS)).toEqual({ kind: "repeat", person: h[1] });
  });

  it("stops at maxRace participants and at maxMale males (no reserve), telling to clear", () => {
    const full = [person(1, "MALE"), person(2, "FEMALE"), person(3, "FEMALE")];
    expect(scanInto(full, member(person(4, "FEMALE")), LIMITS)).toEqual({ kind: "full", max: 3 });
    const males = [person(1, "MALE"), person(2, "MALE")];
    expect(scanInto(males, member(person(3, "MALE")), LIMITS)).toEqual({ kind: "tooManyMales", max: 2 });
    // A woman still fits where a man does not; a member without a gender counts as neither.
    expect(scanInto(males, member(person(3, "FEMALE")), LIMITS).kind).toBe("added");
    expect(scanInto(males, member(person(3, null)), LIMITS).kind).toBe("added");
    expect(scanMessage({ kind: "full", max: 3 }, "T").text).toMatch(/Clear history and try again\.$/);
    expect(scanMessage({ kind: "tooManyMales", max: 2 }, "T").text).toMatch(/Clear history and try again\.$/);
  });

  it("a maxRace of 0 admits nobody", () => {
    expect(scanInto([], member(person(1, "FEMALE")), { ...LIMITS, maxRace: 0 }).kind).toBe("full");
  });
});

describe("femaleShort and counts", () => {
  it("asks before saving with fewer females than minFemale", () => {
    expect(femaleShort([person(1, "MALE")], LIMITS)).toBe(true);
    expect(femaleShort([person(1, "MALE"), person(2, "FEMALE")], LIMITS)).toBe(false);
    expect(femaleShort([], { ...LIMITS, minFemale: 0 })).toBe(false);
    expect(counts([person(1, "MALE"), person(2, "FEMALE"), person(3, null)])).toEqual({
      total: 3,
      male: 1,
      female: 1,
    });
  });
});

describe("replay", () => {
  it("keeps what the rules accept now and reports the rest, in order", () => {
    const people = new Map([1, 2, 3, 4].map((id) => [`#${id}`, person(id, id === 4 ? "FEMALE" : "MALE")]));
    const lookup = (code: string): Lookup => {
      if (code === "#66") return { kind: "outsider", participant: true };
      const p = people.get(code);
      return p ? member(p) : { kind: "invalid" };
    };
    const { history, dropped } = replay(["#1", "#1", "x", "#66", "#2", "#3", "#4"], lookup, LIMITS);
    expect(history.map((e) => e.code)).toEqual(["#1", "#2", "#4"]);
    expect(dropped.map((d) => [d.code, d.outcome.kind])).toEqual([
      ["#1", "repeat"],
      ["x", "invalid"],
      ["#66", "notMember"],
      ["#3", "tooManyMales"],
    ]);
  });
});

describe("scanMessage", () => {
  it("uses the spec's sentences", () => {
    expect(scanMessage({ kind: "invalid" }, "T")).toEqual({ text: "Invalid input.", error: true });
    // A voided crew tag (issue 18): said so, not just 'Invalid input.'.
    expect(scanMessage({ kind: "voided" }, "T")).toEqual({
      text: "This crew tag has been voided. Please print a new one (Members: Download Crew Tags).",
      error: true,
    });
    expect(scanMessage({ kind: "notParticipant" }, "T")).toEqual({
      text: "User is not a participant.",
      error: true,
    });
    expect(scanMessage({ kind: "unknown" }, "T")).toEqual({ text: "User not found.", error: true });
    expect(scanMessage({ kind: "notMember" }, "CLUB A")).toEqual({
      text: "Not a member of CLUB A.",
      error: true,
    });
    expect(scanMessage({ kind: "repeat", person: person(1, "MALE") }, "T").error).toBe(false);
  });
});
