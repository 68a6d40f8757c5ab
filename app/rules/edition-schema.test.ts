import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { editionSchema, editionSchemaFor, isCalendarDate } from "./edition-schema";

const good = {
  name: "  Regatta   2027 ",
  year: "2027",
  startsOn: "2027-06-01",
  endsOn: "2027-06-03",
  fromId: "1",
};
const errorsOf = (input: Record<string, unknown>, schema = editionSchema) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("the New Edition form", () => {
  it("reads a name (spaces as one), a year, two dates and the edition to copy", () => {
    expect(editionSchema.parse(good)).toEqual({
      name: "Regatta 2027",
      year: 2027,
      startsOn: "2027-06-01",
      endsOn: "2027-06-03",
      fromId: 1,
    });
    expect(editionSchema.parse({ ...good, endsOn: good.startsOn }).endsOn).toBe("2027-06-01");
  });
  it("refuses empty fields, a long name, a year out of range, a false date, dates out of order", () => {
    expect(errorsOf({ ...good, name: " " })).toEqual([EN.MSG.fillAll]);
    expect(errorsOf({ ...good, name: "x".repeat(61) })).toEqual([EN.MSG.tooLong("Name", 60)]);
    expect(errorsOf({ ...good, year: "1999" })).toEqual([EN.MSG.edScYearRange]);
    expect(errorsOf({ ...good, year: "20x7" })).toEqual([EN.MSG.edScYearRange]);
    expect(errorsOf({ ...good, startsOn: "2027-02-30" })).toEqual([EN.MSG.edScDateInvalid]);
    expect(errorsOf({ ...good, endsOn: "2027-05-31" })).toEqual([EN.MSG.edScDatesOrder]);
    expect(errorsOf({ ...good, fromId: "x" })).toEqual([EN.MSG.edScFromGone]);
    expect(errorsOf({ ...good, year: undefined })).toEqual([EN.MSG.fillAll]);
  });
  it("speaks the request's language", () => {
    expect(errorsOf({ ...good, year: "3000" }, editionSchemaFor(MS))).toEqual([MS.MSG.edScYearRange]);
  });
  it("knows calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-6-1")).toBe(false);
  });
});
