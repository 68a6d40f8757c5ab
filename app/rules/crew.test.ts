// Crew selection rules (spec section 5, issue 9): MyKad numbers, ages, who may be picked and why
// not (in order), who may only drum or steer, the five checks at their edges and in the spec's
// order, and the crew deadline.
import { describe, expect, it } from "vitest";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";
import { VALID_IMAGE } from "../../db/enums";
import {
  ageIn,
  type CrewEvent,
  type CrewMember,
  checkCrew,
  crewCaps,
  INELIGIBLE_LABEL,
  ineligibility,
  isClosed,
  isMyKad,
  mayChangeCrew,
  paddlerEligible,
  type Selected,
} from "./crew";

const event = (extra: Partial<CrewEvent> = {}): CrewEvent => ({
  minRace: 0,
  maxRace: 12,
  reserveCount: 0,
  maxMale: 12,
  minFemale: 0,
  minAge: 0,
  maxAge: 100,
  limitMalaysia: false,
  ...extra,
});

const YEAR = 2026;
const member = (extra: Partial<CrewMember> = {}): CrewMember => ({
  id: 1,
  name: "PADDLER",
  role: "COMPETITOR",
  gender: "MALE",
  yob: 1990,
  identification: "900101-07-1234",
  membershipPaid: true,
  validImage: VALID_IMAGE.APPROVED,
  inOtherTeam: false,
  ...extra,
});

describe("isMyKad", () => {
  it.each([
    "900101071234",
    "900101-07-1234",
    "9-0-0-1-0-1-0-7-1-2-3-4",
    "-900101071234",
    "900101071234-",
    "900101--071234",
    " 900101-07-1234 ",
    "000000000000",
  ])("accepts %j (12 digits, dashes anywhere, outer spaces trimmed)", (id) => {
    expect(isMyKad(id)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["-", "dashes only"],
    ["------------", "twelve dashes"],
    ["90010107123", "11 digits"],
    ["9001010712345", "13 digits"],
    ["900101-07-123", "11 digits with dashes"],
    ["900101-07-12345", "13 digits with dashes"],
    ["A90010107123", "a letter in place of a digit"],
    ["900101071234A", "12 digits and a letter"],
    ["900101 07 1234", "inner spaces"],
    ["900101.07.1234", "dots"],
    ["900101/07/1234", "slashes"],
    ["A12345678", "a passport number"],
    ["K1234567890", "a passport number with 10 digits"],
    ["E12345678901", "a letter then 11 digits"],
    ["１２３４５６７８９０１２", "full-width digits"],
    ["+60900101071234", "a plus sign"],
  ])("refuses %j (%s)", (id) => {
    expect(isMyKad(id)).toBe(false);
  });
});

describe("ageIn", () => {
  it("is the regatta year minus the year of birth, whatever the birthday", () => {
    expect(ageIn(1990, 2026)).toBe(36);
    expect(ageIn(2026, 2026)).toBe(0);
    expect(ageIn(2010, 2026)).toBe(16);
  });
});

describe("ineligibility", () => {
  it("a paid, photographed participant of any age in range is eligible", () => {
    expect(ineligibility(member(), event(), YEAR)).toBeNull();
    expect(ineligibility(member({ role: "MANAGER" }), event(), YEAR)).toBeNull();
    expect(ineligibility(member({ gender: "FEMALE" }), event(), YEAR)).toBeNull();
  });

  it("ADMIN and COMMITTEE are not participants", () => {
    expect(ineligibility(member({ role: "ADMIN" }), event(), YEAR)).toBe("role");
    expect(ineligibility(member({ role: "COMMITTEE" }), event(), YEAR)).toBe("role");
    expect(ineligibility(member({ role: "" }), event(), YEAR)).toBe("role");
  });

  it("each reason on its own", () => {
    expect(ineligibility(member({ membershipPaid: false }), event(), YEAR)).toBe("fee");
    expect(ineligibility(member({ validImage: VALID_IMAGE.PENDING }), event(), YEAR)).toBe("photo");
    expect(ineligibility(member({ validImage: VALID_IMAGE.REJECTED_OR_NONE }), event(), YEAR)).toBe("photo");
    expect(ineligibility(member({ gender: null }), event(), YEAR)).toBe("details");
    expect(ineligibility(member({ yob: null }), event(), YEAR)).toBe("details");
    expect(ineligibility(member({ yob: 1990 }), event({ maxAge: 35 }), YEAR)).toBe("age");
    expect(ineligibility(member({ inOtherTeam: true }), event(), YEAR)).toBe("otherTeam");
  });

  it("the age limits are inclusive at minAge and maxAge", () => {
    const e = event({ minAge: 18, maxAge: 40 });
    expect(ineligibility(member({ yob: YEAR - 17 }), e, YEAR)).toBe("age");
    expect(ineligibility(member({ yob: YEAR - 18 }), e, YEAR)).toBeNull();
    expect(ineligibility(member({ yob: YEAR - 40 }), e, YEAR)).toBeNull();
    expect(ineligibility(member({ yob: YEAR - 41 }), e, YEAR)).toBe("age");
    // One-year band: only that age.
    const one = event({ minAge: 40, maxAge: 40 });
    expect(ineligibility(member({ yob: YEAR - 40 }), one, YEAR)).toBeNull();
    expect(ineligibility(member({ yob: YEAR - 39 }), one, YEAR)).toBe("age");
    expect(ineligibility(member({ yob: YEAR - 41 }), one, YEAR)).toBe("age");
  });

  it("the first reason wins: role, fee, photo, details, age, other team", () => {
    const all: Partial<CrewMember> = {
      role: "COMMITTEE",
      membershipPaid: false,
      validImage: VALID_IMAGE.PENDING,
      gender: null,
      inOtherTeam: true,
    };
    const e = event({ maxAge: 10 });
    expect(ineligibility(member(all), e, YEAR)).toBe("role");
    expect(ineligibility(member({ ...all, role: "COMPETITOR" }), e, YEAR)).toBe("fee");
    expect(ineligibility(member({ ...all, role: "COMPETITOR", membershipPaid: true }), e, YEAR)).toBe(
      "photo",
    );
    const photoOk = { ...all, role: "COMPETITOR", membershipPaid: true, validImage: VALID_IMAGE.APPROVED };
    expect(ineligibility(member(photoOk), e, YEAR)).toBe("details");
    expect(ineligibility(member({ ...photoOk, gender: "FEMALE" }), e, YEAR)).toBe("age");
    expect(ineligibility(member({ ...photoOk, gender: "FEMALE" }), event(), YEAR)).toBe("otherTeam");
  });

  it("every reason has a label, in English and Malay", () => {
    for (const label of Object.values(INELIGIBLE_LABEL)) expect(label).toMatch(/\S/);
    expect(Object.keys(MS.LABELS.ineligible)).toEqual(Object.keys(INELIGIBLE_LABEL));
  });
});

describe("paddlerEligible", () => {
  it("anyone paddles in an event open to all", () => {
    expect(paddlerEligible({ identification: "A1234567" }, { limitMalaysia: false })).toBe(true);
    expect(paddlerEligible({ identification: "" }, { limitMalaysia: false })).toBe(true);
    expect(paddlerEligible({ identification: "900101-07-1234" }, { limitMalaysia: false })).toBe(true);
  });

  it("in a Malaysia event only MyKad holders paddle; the rest may drum or steer", () => {
    expect(paddlerEligible({ identification: "900101-07-1234" }, { limitMalaysia: true })).toBe(true);
    expect(paddlerEligible({ identification: "900101071234" }, { limitMalaysia: true })).toBe(true);
    expect(paddlerEligible({ identification: "A1234567" }, { limitMalaysia: true })).toBe(false);
    expect(paddlerEligible({ identification: "90010107123" }, { limitMalaysia: true })).toBe(false);
    expect(paddlerEligible({ identification: "" }, { limitMalaysia: true })).toBe(false);
  });
});

const crew = (spec: { male?: number; female?: number; unknown?: number; nonPaddlers?: number }) => {
  const out: Selected[] = [];
  for (let i = 0; i < (spec.male ?? 0); i++) out.push({ gender: "MALE", paddlerEligible: true });
  for (let i = 0; i < (spec.female ?? 0); i++) out.push({ gender: "FEMALE", paddlerEligible: true });
  for (let i = 0; i < (spec.unknown ?? 0); i++) out.push({ gender: null, paddlerEligible: true });
  // Non-paddlers replace paddlers from the front (their gender kept).
  for (let i = 0; i < (spec.nonPaddlers ?? 0); i++) out[i] = { ...out[i], paddlerEligible: false };
  return out;
};

describe("crewCaps", () => {
  it("adds the reserves to the maximums, not to the minimums", () => {
    expect(crewCaps(event({ minRace: 8, maxRace: 12, reserveCount: 2, maxMale: 6, minFemale: 4 }))).toEqual({
      min: 8,
      max: 14,
      maxNonPaddlers: 4,
      maxMale: 8,
      minFemale: 4,
    });
    expect(crewCaps(event())).toEqual({ min: 0, max: 12, maxNonPaddlers: 2, maxMale: 12, minFemale: 0 });
  });
});

describe("checkCrew", () => {
  it("an empty crew passes an event with no minimums", () => {
    expect(checkCrew([], event())).toBeNull();
  });

  it("minRace: exactly at the minimum passes, one under fails with the minimum in the message", () => {
    const e = event({ minRace: 10, reserveCount: 2 });
    expect(checkCrew(crew({ male: 10 }), e)).toBeNull();
    expect(checkCrew(crew({ male: 9 }), e)).toBe(MSG.crewMinRace(10));
    expect(MSG.crewMinRace(10)).toBe(
      "Number of selected participants does not meet mininum count (10). Select more and try again.",
    );
  });

  it("maxRace + reserveCount: exactly at the cap passes, one over fails", () => {
    const e = event({ maxRace: 10, reserveCount: 2, maxMale: 20 });
    expect(checkCrew(crew({ male: 12 }), e)).toBeNull();
    expect(checkCrew(crew({ male: 13 }), e)).toBe(MSG.crewMaxRace);
    // No reserves: the cap is maxRace itself.
    expect(checkCrew(crew({ male: 10 }), event({ maxRace: 10 }))).toBeNull();
    expect(checkCrew(crew({ male: 11 }), event({ maxRace: 10 }))).toBe(MSG.crewMaxRace);
  });

  it("drummers/steerers: at most 2 + reserveCount", () => {
    const e = event({ reserveCount: 1 });
    expect(checkCrew(crew({ male: 5, nonPaddlers: 3 }), e)).toBeNull();
    expect(checkCrew(crew({ male: 5, nonPaddlers: 4 }), e)).toBe(MSG.crewMaxNonPaddler(3));
    expect(checkCrew(crew({ male: 5, nonPaddlers: 2 }), event())).toBeNull();
    expect(checkCrew(crew({ male: 5, nonPaddlers: 3 }), event())).toBe(MSG.crewMaxNonPaddler(2));
  });

  it("males: at most maxMale + reserveCount", () => {
    const e = event({ maxMale: 6, reserveCount: 2 });
    expect(checkCrew(crew({ male: 8, female: 2 }), e)).toBeNull();
    expect(checkCrew(crew({ male: 9, female: 1 }), e)).toBe(MSG.crewMaxMale(8));
    // Members of unknown gender count as neither.
    expect(checkCrew(crew({ male: 8, unknown: 4 }), e)).toBeNull();
  });

  it("females: at least minFemale (reserves do not lower it)", () => {
    const e = event({ minFemale: 4, reserveCount: 2 });
    expect(checkCrew(crew({ male: 6, female: 4 }), e)).toBeNull();
    expect(checkCrew(crew({ male: 7, female: 3 }), e)).toBe(MSG.crewMinFemale(4));
    expect(checkCrew(crew({ male: 3, unknown: 1, female: 3 }), e)).toBe(MSG.crewMinFemale(4));
  });

  it("a selection breaking several rules gets the first in the spec's order", () => {
    // Breaks everything it can: too few, too many non-paddlers, too many males, too few females.
    const e = event({ minRace: 10, maxRace: 12, maxMale: 2, minFemale: 3 });
    const tooFew = crew({ male: 5, nonPaddlers: 5 });
    expect(checkCrew(tooFew, e)).toBe(MSG.crewMinRace(10));
    // Enough but too many (13 > 12), also 13 non-paddlers, 13 males, 0 females.
    expect(checkCrew(crew({ male: 13, nonPaddlers: 13 }), e)).toBe(MSG.crewMaxRace);
    // Count fine; too many non-paddlers, too many males, too few females.
    expect(checkCrew(crew({ male: 12, nonPaddlers: 3 }), e)).toBe(MSG.crewMaxNonPaddler(2));
    // Non-paddlers fine; too many males and too few females.
    expect(checkCrew(crew({ male: 12, nonPaddlers: 2 }), e)).toBe(MSG.crewMaxMale(2));
    // Males fine; too few females only.
    expect(checkCrew(crew({ male: 2, female: 2, unknown: 8 }), e)).toBe(MSG.crewMinFemale(3));
    expect(checkCrew(crew({ male: 2, female: 3, unknown: 7 }), e)).toBeNull();
  });

  it("speaks the language of the messages it is given (Malay), English by default", () => {
    const e = event({ minRace: 10, maxRace: 12, maxMale: 2, minFemale: 3 });
    expect(checkCrew(crew({ male: 5 }), e, MS.MSG)).toBe(MS.MSG.crewMinRace(10));
    expect(checkCrew(crew({ male: 13 }), e, MS.MSG)).toBe(MS.MSG.crewMaxRace);
    expect(checkCrew(crew({ male: 12, nonPaddlers: 2 }), e, MS.MSG)).toBe(MS.MSG.crewMaxMale(2));
    expect(MS.MSG.crewMaxRace).not.toBe(MSG.crewMaxRace);
    expect(checkCrew(crew({ male: 13 }), e)).toBe(MSG.crewMaxRace);
  });

  it("the messages are the spec's, to the letter", () => {
    expect(MSG.crewMaxRace).toBe(
      "Number of selected participants exceed maximum selectable count. Unselect and try again.",
    );
    expect(MSG.crewMaxNonPaddler(4)).toBe(
      "Number of selected drummers/steerers exceed maximum selectable count (4). Unselect and try again.",
    );
    expect(MSG.crewMaxMale(8)).toBe(
      "Number of selected male participants exceed maximum selectable count (8). Unselect and try again.",
    );
    expect(MSG.crewMinFemale(4)).toBe(
      "Number of selected female participants does not meet mininum count (4). Select more and try again.",
    );
    expect(MSG.crewMalaysiaNotice).toBe("For Malaysia events, do select only Malaysian citizens.");
  });
});

describe("deadlines", () => {
  const at = Date.UTC(2026, 10, 1, 10, 0);

  it("isClosed: no deadline never closes; the deadline itself counts as closed", () => {
    expect(isClosed(null, at)).toBe(false);
    expect(isClosed(at, at - 1)).toBe(false);
    expect(isClosed(at, at)).toBe(true);
    expect(isClosed(at, at + 1)).toBe(true);
  });

  it("mayChangeCrew: a MANAGER until the deadline, ADMIN always, COMMITTEE and competitors never", () => {
    expect(mayChangeCrew("MANAGER", null, at)).toBe(true);
    expect(mayChangeCrew("MANAGER", at, at - 1)).toBe(true);
    expect(mayChangeCrew("MANAGER", at, at)).toBe(false);
    expect(mayChangeCrew("MANAGER", at, at + 1)).toBe(false);
    for (const now of [at - 1, at, at + 1]) expect(mayChangeCrew("ADMIN", at, now)).toBe(true);
    expect(mayChangeCrew("ADMIN", null, at)).toBe(true);
    for (const closeAt of [null, at + 1, at]) {
      expect(mayChangeCrew("COMMITTEE", closeAt, at)).toBe(false);
      expect(mayChangeCrew("COMPETITOR", closeAt, at)).toBe(false);
    }
  });
});
