// Signed crew tag codes: what a crew tag prints reads back as its member, with 'Require signed crew
// tags' on or off; a plain `#id` only while it is off; a forged or borrowed signature never.
import { describe, expect, it } from "vitest";
import { readScanCode, signatureOf, signatureOk, signedCode } from "./scan-code.server";
import { parseScanCode, SCAN_CODE_MAX } from "~/rules/scan-code";

describe("signedCode and readScanCode", () => {
  it("prints `#<id>.<10 url-safe characters>`, within the kiosk's length, for the largest id too", () => {
    for (const id of [1, 42, 123_456_789, 999_999_999]) {
      const code = signedCode(id);
      expect(code).toMatch(new RegExp(`^#${id}\\.[A-Za-z0-9_-]{10}$`));
      expect(code.length).toBeLessThanOrEqual(SCAN_CODE_MAX);
      expect(parseScanCode(code)).toEqual({ userId: id, signature: code.split(".")[1] });
    }
  });

  it("round-trips with signed tags required and not required", () => {
    for (const id of [1, 7, 4567, 123_456_789]) {
      expect(readScanCode(signedCode(id), true)).toBe(id);
      expect(readScanCode(signedCode(id), false)).toBe(id);
      // A scanner's surrounding spaces do not matter.
      expect(readScanCode(` ${signedCode(id)} `, true)).toBe(id);
    }
  });

  it("accepts a plain `#id` only while signed tags are not required", () => {
    expect(readScanCode("#4567", false)).toBe(4567);
    expect(readScanCode("#4567", true)).toBeNull();
  });

  it("refuses a forged signature whether or not signed tags are required", () => {
    const id = 4567;
    const sig = signatureOf(id);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const forged = [
      `#${id}.${flipped}`, // one character changed
      `#${id}.${signatureOf(id + 1)}`, // another member's signature
      `#${id + 1}.${sig}`, // this signature on another member
      `#${id}.${sig.slice(0, 9)}`, // cut short
      `#${id}.${sig}x`, // too long
      `#${id}.AAAAAAAAAA`,
    ];
    for (const code of forged) {
      expect(readScanCode(code, true), code).toBeNull();
      expect(readScanCode(code, false), code).toBeNull();
    }
    expect(signatureOk(id, flipped)).toBe(false);
    expect(signatureOk(id, sig)).toBe(true);
  });

  it("signs the same id the same way every time (a printed tag stays valid)", () => {
    expect(signedCode(99)).toBe(signedCode(99));
    expect(signatureOf(99)).not.toBe(signatureOf(100));
  });

  it("refuses what is not a code at all", () => {
    for (const bad of ["", "4567", "#", "#abc", `${signedCode(5)}.x`, "#5 .abcdefghij"]) {
      expect(readScanCode(bad, false), bad).toBeNull();
    }
  });
});
