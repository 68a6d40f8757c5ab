import { describe, expect, it } from "vitest";
import { MSG } from "~/messages";
import { MS } from "~/messages.ms";
import { MAX_PAX, parsePax, ticketDraft } from "./tickets";

const MIN = { error: "Number of pax must be at least 1." };
const WHOLE = { error: MSG.ticketPaxWhole };
const MAX = { error: MSG.ticketPaxMax(MAX_PAX) };

describe("parsePax", () => {
  it("takes whole numbers from 1 to the maximum (spaces and leading zeros allowed)", () => {
    expect(parsePax("1")).toEqual({ pax: 1 });
    expect(parsePax("3")).toEqual({ pax: 3 });
    expect(parsePax(" 7 ")).toEqual({ pax: 7 });
    expect(parsePax("007")).toEqual({ pax: 7 });
    expect(parsePax(String(MAX_PAX))).toEqual({ pax: MAX_PAX });
  });

  it("refuses zero, empty, missing, negative and below-one amounts with the spec's sentence", () => {
    expect(MSG.ticketPaxMin).toBe("Number of pax must be at least 1.");
    for (const raw of [
      "0",
      "00",
      "-0",
      "",
      "   ",
      null,
      undefined,
      "-1",
      "-50",
      "-1000",
      "0.5",
      ".5",
      "-1.5",
    ]) {
      expect(parsePax(raw), String(raw)).toEqual(MIN);
    }
  });

  it("refuses decimals and anything that is not a plain number", () => {
    for (const raw of ["1.5", "2.0", "3.", "1e2", "0x10", "+3", "abc", "3 pax", "1,000", "Infinity", "NaN"]) {
      expect(parsePax(raw), raw).toEqual(WHOLE);
    }
    expect(parsePax("9".repeat(400))).toEqual(WHOLE);
    expect(parsePax(new Blob(["3"]))).toEqual(WHOLE);
    expect(parsePax(3)).toEqual(WHOLE);
  });

  it("refuses more than the maximum with a sentence naming it", () => {
    expect(MAX_PAX).toBe(50);
    expect(MSG.ticketPaxMax(50)).toBe(
      "Number of pax must be at most 50 per order. For more, place another order.",
    );
    for (const raw of ["51", "100", "1000", "99999999999999999999"]) expect(parsePax(raw), raw).toEqual(MAX);
  });
});

describe("parsePax in Malay", () => {
  it("says each refusal in the bundle's words", () => {
    expect(parsePax("", MS.MSG)).toEqual({ error: MS.MSG.ticketPaxMin });
    expect(parsePax("1.5", MS.MSG)).toEqual({ error: MS.MSG.ticketPaxWhole });
    expect(parsePax("51", MS.MSG)).toEqual({ error: MS.MSG.ticketPaxMax(MAX_PAX) });
    expect(parsePax("3", MS.MSG)).toEqual({ pax: 3 });
    expect(MS.MSG.ticketPaxMin).not.toBe(MSG.ticketPaxMin);
  });
});

describe("ticketDraft", () => {
  it("one 'Dinner Ticket' line, count = pax, at the price, with its total", () => {
    expect(ticketDraft(3, 8000)).toEqual({
      lines: [{ kind: "TICKET", label: "Dinner Ticket", price: 8000, count: 3, userId: null, eventId: null }],
      total: 24000,
    });
    expect(ticketDraft(1, 8050).total).toBe(8050);
    expect(ticketDraft(MAX_PAX, 1_000_000).total).toBe(50_000_000);
  });

  it("throws on a pax or price the parser would refuse (a bug, never an order)", () => {
    for (const pax of [0, -1, 1.5, MAX_PAX + 1, Number.NaN])
      expect(() => ticketDraft(pax, 8000)).toThrow(RangeError);
    for (const price of [0, -100, 12.5]) expect(() => ticketDraft(1, price)).toThrow(RangeError);
  });
});
