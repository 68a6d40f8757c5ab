import { describe, expect, it } from "vitest";
import {
  defaultSettings,
  formValuesOf,
  parseRM,
  senToRM,
  settingsOf,
  settingsSchema,
} from "./settings-schema";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";

describe("parseRM (RM with up to two decimals, in sen)", () => {
  it("reads whole ringgit, one and two decimals", () => {
    expect(parseRM("30")).toBe(3000);
    expect(parseRM("30.5")).toBe(3050);
    expect(parseRM("30.50")).toBe(3050);
    expect(parseRM(" 0.05 ")).toBe(5);
    expect(parseRM("100000")).toBe(10_000_000);
  });
  it("refuses three decimals, separators, signs, exponents, prefixes and empty text", () => {
    for (const bad of [
      "30.555",
      "1,000",
      "1 000",
      "-5",
      "+5",
      "1e3",
      "0x10",
      "RM 30",
      "30.",
      ".5",
      "",
      "abc",
    ])
      expect(parseRM(bad), bad).toBeNull();
  });
  it("shows sen back as RM text", () => {
    expect(senToRM(3050)).toBe("30.50");
    expect(senToRM(8000)).toBe("80.00");
    expect(senToRM(5)).toBe("0.05");
  });
});

describe("settings form", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  const schema = settingsSchema(now);
  const good = {
    regattaName: "  Penang   Regatta ",
    regattaYear: "2026",
    crewTagFee: "30.5",
    ticketPrice: "80",
    ticketDescription: "Dinner.",
    paymentDueHours: "24",
    protestMinutes: "15",
    onWaterAlertMinutes: "30",
    crewChangeCutoffMinutes: "30",
    callMinutes: "30",
  };
  const errorOf = (input: Record<string, unknown>) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues[0].message;
  };

  it("accepts good values: money in sen, name spaces collapsed", () => {
    const r = schema.safeParse(good);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(settingsOf(r.data)).toEqual({
      regattaName: "Penang Regatta",
      regattaYear: 2026,
      crewTagFeeSen: 3050,
      ticketPriceSen: 8000,
      ticketDescription: "Dinner.",
      paymentDueHours: 24,
      entriesCloseAt: null,
      crewCloseAt: null,
      requireSignedTags: false,
      protestMinutes: 15,
      onWaterAlertMinutes: 30,
      crewChangeCutoffMinutes: 30,
      callMinutes: 30,
      // Issue 29: no scheme sent is the default scheme; an unticked Finals only is off.
      pointsScheme: "FINALS",
      pointsCustom: "",
      pointsFinalsOnly: false,
    });
  });
  it("reads the points scheme (issue 29): the three kinds, Finals only ticked, the list stored as read", () => {
    const league = schema.safeParse({ ...good, pointsScheme: "LEAGUE", pointsFinalsOnly: "on" });
    expect(league.success && settingsOf(league.data)).toMatchObject({
      pointsScheme: "LEAGUE",
      pointsCustom: "",
      pointsFinalsOnly: true,
    });
    const custom = schema.safeParse({ ...good, pointsScheme: "CUSTOM", pointsCustom: " 10, 8 ,6,6 " });
    expect(custom.success && settingsOf(custom.data)).toMatchObject({
      pointsScheme: "CUSTOM",
      pointsCustom: "10,8,6,6",
    });
    // A list typed under another scheme is kept (checked all the same).
    const kept = schema.safeParse({ ...good, pointsScheme: "FINALS", pointsCustom: "5,3" });
    expect(kept.success && settingsOf(kept.data).pointsCustom).toBe("5,3");
  });
  it("refuses an unknown scheme and a custom list that is empty, not numbers, rising, too long", () => {
    expect(errorOf({ ...good, pointsScheme: "MEDALS" })).toBe(MSG.stPointsSchemeRefused);
    expect(errorOf({ ...good, pointsScheme: "CUSTOM" })).toBe(MSG.stCustomEmpty);
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "  " })).toBe(MSG.stCustomEmpty);
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "10,x" })).toBe(MSG.stCustomNumbers);
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "1.5" })).toBe(MSG.stCustomNumbers);
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "5,6" })).toBe(MSG.stCustomFalling);
    expect(errorOf({ ...good, pointsScheme: "FINALS", pointsCustom: "5,6" })).toBe(MSG.stCustomFalling);
    const many = Array.from({ length: 21 }, () => "1").join(",");
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: many })).toBe(MSG.stCustomTooMany(20));
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "1".repeat(121) })).toBe(
      MSG.tooLong("Custom points", 120),
    );
  });
  it("reads the signed crew tags checkbox: ticked is on, absent is off", () => {
    const on = schema.safeParse({ ...good, requireSignedTags: "on" });
    expect(on.success && settingsOf(on.data).requireSignedTags).toBe(true);
  });
  it("reads the deadlines as Malaysia time (UTC+8); empty is no deadline; nonsense is refused", () => {
    const r = schema.safeParse({ ...good, entriesCloseAt: "2026-12-01T18:00", crewCloseAt: "" });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(settingsOf(r.data).entriesCloseAt).toBe(Date.UTC(2026, 11, 1, 10, 0));
    expect(settingsOf(r.data).crewCloseAt).toBeNull();
    for (const bad of ["2026-02-31T10:00", "tomorrow", "2026-12-01 18:00", "2026-12-01T24:00"])
      expect(errorOf({ ...good, crewCloseAt: bad }), bad).toBe(MSG.settingsDeadline("Crew changes close"));
  });
  it("requires every field (but the optional deadlines)", () => {
    for (const key of Object.keys(good)) {
      expect(errorOf({ ...good, [key]: "  " }), key).toBe(MSG.fillAll);
      expect(errorOf({ ...good, [key]: undefined }), key).toBe(MSG.fillAll);
    }
  });
  it("refuses amounts with three decimals or separators, and outside RM 1.00-10,000.00", () => {
    const fee = MSG.settingsAmount("Crew tag fee");
    expect(errorOf({ ...good, crewTagFee: "30.555" })).toBe(fee);
    expect(errorOf({ ...good, crewTagFee: "1,000" })).toBe(fee);
    expect(errorOf({ ...good, crewTagFee: "0.99" })).toBe(fee);
    expect(errorOf({ ...good, crewTagFee: "10000.01" })).toBe(fee);
    expect(errorOf({ ...good, crewTagFee: "10000" })).toBeNull();
    expect(errorOf({ ...good, ticketPrice: "-80" })).toBe(MSG.settingsAmount("Dinner ticket price"));
  });
  it("keeps payment due hours to 1-168 whole hours", () => {
    for (const bad of ["0", "169", "1.5", "-1", "1e2"])
      expect(errorOf({ ...good, paymentDueHours: bad }), bad).toBe(MSG.settingsDueHours);
    expect(errorOf({ ...good, paymentDueHours: "1" })).toBeNull();
    expect(errorOf({ ...good, paymentDueHours: "168" })).toBeNull();
  });
  it("keeps the protest window to 0-240 whole minutes", () => {
    for (const bad of ["-1", "241", "1.5", "1e2"])
      expect(errorOf({ ...good, protestMinutes: bad }), bad).toBe(MSG.settingsProtestMinutes);
    expect(errorOf({ ...good, protestMinutes: "0" })).toBeNull();
    expect(errorOf({ ...good, protestMinutes: "240" })).toBeNull();
  });
  it("keeps the race-day minutes (issue 28) to 5-180 whole minutes, each named in its refusal", () => {
    const cases = [
      ["onWaterAlertMinutes", "On the water alert"],
      ["crewChangeCutoffMinutes", "Crew change cut-off"],
      ["callMinutes", "Race call"],
    ] as const;
    for (const [key, label] of cases) {
      for (const bad of ["4", "181", "2.5", "-30", "1e2"])
        expect(errorOf({ ...good, [key]: bad }), `${key} ${bad}`).toBe(MSG.settingsMinutes(label, 5, 180));
      expect(errorOf({ ...good, [key]: "5" })).toBeNull();
      expect(errorOf({ ...good, [key]: "180" })).toBeNull();
    }
  });
  it("keeps the year between 2000 and ten years ahead", () => {
    expect(errorOf({ ...good, regattaYear: "1999" })).toBe(MSG.settingsYear(2000, 2036));
    expect(errorOf({ ...good, regattaYear: "2037" })).toBe(MSG.settingsYear(2000, 2036));
    expect(errorOf({ ...good, regattaYear: "2036" })).toBeNull();
  });
  it("caps the text fields", () => {
    expect(errorOf({ ...good, regattaName: "x".repeat(101) })).toBe(MSG.tooLong("Regatta name", 100));
    expect(errorOf({ ...good, ticketDescription: "x".repeat(501) })).toBe(
      MSG.tooLong("Dinner ticket description", 500),
    );
  });
  it("has the issue's defaults, and shows them as form text", () => {
    const d = defaultSettings(now);
    expect(d).toMatchObject({
      crewTagFeeSen: 3000,
      ticketPriceSen: 8000,
      regattaName: "Regatta Dragon Boat Festival",
      regattaYear: 2026,
      paymentDueHours: 24,
    });
    expect(d.ticketDescription).toMatch(/dinner/i);
    const values = formValuesOf(d);
    expect(values).toMatchObject({ crewTagFee: "30.00", ticketPrice: "80.00", regattaYear: "2026" });
    const r = schema.safeParse(values);
    expect(r.success && settingsOf(r.data)).toEqual(d);
  });
});

describe("settings form in Malay (issue 12)", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  const schema = settingsSchema(now, MS);
  const errorOf = (input: Record<string, unknown>) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues[0].message;
  };
  const good = {
    regattaName: "Regata",
    regattaYear: "2026",
    crewTagFee: "30",
    ticketPrice: "80",
    ticketDescription: "Makan malam.",
    paymentDueHours: "24",
    protestMinutes: "15",
    onWaterAlertMinutes: "30",
    crewChangeCutoffMinutes: "30",
    callMinutes: "30",
  };

  it("says each refusal in Malay, with the Malay field names", () => {
    expect(errorOf({ ...good, regattaName: "" })).toBe(MS.MSG.fillAll);
    expect(errorOf({ ...good, regattaYear: "1999" })).toBe(MS.MSG.settingsYear(2000, 2036));
    expect(errorOf({ ...good, ticketPrice: "0.5" })).toBe(MS.MSG.settingsAmount(MS.LABELS.capTicketPrice));
    expect(errorOf({ ...good, ticketDescription: "x".repeat(501) })).toBe(
      MS.MSG.tooLong(MS.LABELS.capTicketDescription, 500),
    );
    expect(errorOf({ ...good, crewCloseAt: "soon" })).toBe(MS.MSG.settingsDeadline(MS.LABELS.capCrewClose));
    expect(errorOf({ ...good, callMinutes: "0" })).toBe(
      MS.MSG.settingsMinutes(MS.LABELS.capCallMinutes, 5, 180),
    );
    expect(errorOf({ ...good, pointsScheme: "CUSTOM", pointsCustom: "1,2" })).toBe(MS.MSG.stCustomFalling);
  });
});
