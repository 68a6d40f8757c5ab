import { describe, expect, it } from "vitest";
import {
  EVENT_DEFAULTS,
  eventFormError,
  eventFormValues,
  eventName,
  eventSchema,
  eventSchemaFor,
  parseEventId,
} from "./event-schema";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";

const good = eventFormValues({ ...EVENT_DEFAULTS, name: "250m open", description: "A sprint." });

function parse(over: Record<string, unknown>) {
  return eventSchema.safeParse({ ...good, limitMalaysia: undefined, ...over });
}
function errorsOf(over: Record<string, unknown>) {
  const r = parse(over);
  if (r.success) return null;
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = String(i.path[0]);
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

describe("event form", () => {
  it("takes the spec's defaults as they are prefilled (price RM 100 in sen)", () => {
    expect(good.price).toBe("100.00");
    const r = parse({});
    expect(r.success).toBe(true);
    expect(r.success && r.data).toEqual({
      name: "250m open",
      description: "A sprint.",
      price: 10000,
      maxTeam: 50,
      reserveCount: 0,
      minRace: 0,
      maxRace: 12,
      maxMale: 12,
      minFemale: 0,
      minAge: 0,
      maxAge: 100,
      limitMalaysia: false,
    });
    expect(parse({ limitMalaysia: true }).data?.limitMalaysia).toBe(true);
  });
  it("requires every field: 'Make sure to fill in all the fields.'", () => {
    for (const key of Object.keys(good).filter((k) => k !== "limitMalaysia")) {
      expect(errorsOf({ [key]: "" })?.[key], key).toEqual([MSG.fillAll]);
      expect(errorsOf({ [key]: undefined })?.[key], key).toEqual([MSG.fillAll]);
    }
    // An empty field wins the toast over a range error earlier in the form.
    expect(eventFormError(errorsOf({ price: "1,000", maxAge: "" }))).toBe(MSG.fillAll);
    expect(eventFormError(errorsOf({ price: "1,000", maxAge: "500" }))).toBe(MSG.eventPrice);
  });
  it("reads the price as RM with at most two decimals, RM 1.00 to 100,000.00", () => {
    expect(parse({ price: "100.5" }).data?.price).toBe(10050);
    expect(parse({ price: "1" }).data?.price).toBe(100);
    expect(parse({ price: "100000" }).data?.price).toBe(10_000_000);
    for (const bad of ["30.555", "1,000", "-1", "0", "0.99", "100000.01", "1e3"])
      expect(errorsOf({ price: bad })?.price, bad).toEqual([MSG.eventPrice]);
  });
  it("takes counts as whole non-negative numbers within their ranges", () => {
    expect(errorsOf({ maxTeam: "0" })?.maxTeam).toEqual([MSG.eventWholeNumber("Max Teams", 1, 1000)]);
    expect(errorsOf({ maxTeam: "1001" })?.maxTeam).toEqual([MSG.eventWholeNumber("Max Teams", 1, 1000)]);
    expect(errorsOf({ reserveCount: "-1" })?.reserveCount).toEqual([MSG.eventWholeNumber("Reserve", 0, 100)]);
    expect(errorsOf({ maxMale: "1.5" })?.maxMale).toEqual([MSG.eventWholeNumber("Max Male", 0, 100)]);
    expect(errorsOf({ maxAge: "121" })?.maxAge).toEqual([MSG.eventWholeNumber("Max Age", 0, 120)]);
    expect(errorsOf({ minRace: "0x10" })?.minRace).toEqual([MSG.eventWholeNumber("Min Race", 0, 100)]);
    expect(parse({ maxTeam: "1000", reserveCount: "100", maxAge: "120" }).success).toBe(true);
  });
  it("keeps Min Race <= Max Race, Min Age <= Max Age, Min Female <= Max Race + Reserve", () => {
    expect(errorsOf({ minRace: "13", maxRace: "12" })?.minRace).toEqual([MSG.eventRaceOrder]);
    expect(parse({ minRace: "12", maxRace: "12" }).success).toBe(true);
    expect(errorsOf({ minAge: "41", maxAge: "40" })?.minAge).toEqual([MSG.eventAgeOrder]);
    expect(parse({ minAge: "40", maxAge: "40" }).success).toBe(true);
    expect(errorsOf({ minFemale: "15", maxRace: "12", reserveCount: "2" })?.minFemale).toEqual([
      MSG.eventFemaleOverMax,
    ]);
    expect(parse({ minFemale: "14", maxRace: "12", reserveCount: "2" }).success).toBe(true);
    // Another field's error does not hide the comparison (both are shown at once).
    expect(errorsOf({ price: "120.555", minRace: "15", maxRace: "14" })).toEqual({
      price: [MSG.eventPrice],
      minRace: [MSG.eventRaceOrder],
    });
    // A field's own error is not followed by a comparison with it.
    expect(errorsOf({ minRace: "abc", maxRace: "12" })?.minRace).toEqual([
      MSG.eventWholeNumber("Min Race", 0, 100),
    ]);
  });
  it("caps name and description", () => {
    expect(errorsOf({ name: "x".repeat(101) })?.name).toEqual([MSG.tooLong("Name", 100)]);
    expect(errorsOf({ description: "x".repeat(1001) })?.description).toEqual([
      MSG.tooLong("Description", 1000),
    ]);
  });
  it("speaks the bundle it is made with (Malay: the messages and the field names in them)", () => {
    const ms = (over: Record<string, unknown>) => {
      const r = eventSchemaFor(MS).safeParse({ ...good, limitMalaysia: undefined, ...over });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(ms({ name: "" })).toEqual([MS.MSG.fillAll]);
    expect(ms({ maxTeam: "0" })).toEqual([MS.MSG.eventWholeNumber("Maks Pasukan", 1, 1000)]);
    expect(ms({ name: "x".repeat(101) })).toEqual([MS.MSG.tooLong("Nama", 100)]);
    expect(ms({ minAge: "50", maxAge: "40" })).toEqual([MS.MSG.eventAgeOrder]);
    expect(eventFormError({ price: [MS.MSG.fillAll] }, MS)).toBe(MS.MSG.fillAll);
    expect(eventFormError({}, MS)).toBe(MS.MSG.fillAll);
    expect(MS.MSG.fillAll).not.toBe(MSG.fillAll);
  });
  it("upper-cases the name on create only; both trim and collapse spaces", () => {
    expect(eventName("  250m   mixed ", "create")).toBe("250M MIXED");
    expect(eventName("  250m   Mixed ", "edit")).toBe("250m Mixed");
  });
  it("reads an event id from the URL only as a plain number", () => {
    expect(parseEventId("12")).toBe(12);
    for (const bad of [undefined, "", "-1", "1.5", "abc", "1e3", "1234567890"])
      expect(parseEventId(bad)).toBeNull();
  });
});
