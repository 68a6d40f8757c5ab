// Signed crew tag codes: what a crew tag prints reads back as its member, with 'Require signed crew
// tags' on or off; a plain `#id` only while it is off; a forged or borrowed signature never; a tag
// of an earlier version (ADMIN voided the printed tags) is told apart as voided (issue 18).
import { describe, expect, it } from "vitest";
import { checkScanCode, readScanCode, signatureOf, signatureOk, signedCode } from "./scan-code.server";
import { parseScanCode, SCAN_CODE_MAX, SIGNED_CODE_MAX, TAG_VERSION_MAX } from "~/rules/scan-code";
import { hmac } from "./crypto.server";
import { crewTagVersion } from "~/models/settings.server";

const V = 3; // the current version in these tests

describe("signedCode and readScanCode", () => {
  it("prints `#<id>.<version>.<10 url-safe characters>`, within the QR code's 26 bytes, for the largest id and version too", () => {
    for (const id of [1, 42, 123_456_789, 999_999_999]) {
      for (const v of [1, V, TAG_VERSION_MAX]) {
        const code = signedCode(id, v);
        expect(code).toMatch(new RegExp(`^#${id}\\.${v}\\.[A-Za-z0-9_-]{10}$`));
        expect(code.length).toBeLessThanOrEqual(SIGNED_CODE_MAX);
        expect(code.length).toBeLessThanOrEqual(SCAN_CODE_MAX);
        expect(parseScanCode(code)).toEqual({ userId: id, version: v, signature: code.split(".")[2] });
      }
    }
    expect(signedCode(999_999_999, TAG_VERSION_MAX)).toHaveLength(26);
  });

  it("round-trips with signed tags required and not required", () => {
    for (const id of [1, 7, 4567, 123_456_789]) {
      expect(readScanCode(signedCode(id, V), true, V)).toBe(id);
      expect(readScanCode(signedCode(id, V), false, V)).toBe(id);
      // A scanner's prefix and suffix do not matter.
      expect(readScanCode(` ${signedCode(id, V)} `, true, V)).toBe(id);
      expect(readScanCode(`]Q1${signedCode(id, V)}\r\n`, true, V)).toBe(id);
      expect(readScanCode(`ID${signedCode(id, V)}`, true, V)).toBe(id);
    }
  });

  it("accepts a plain `#id` only while signed tags are not required", () => {
    expect(readScanCode("#4567", false, V)).toBe(4567);
    expect(readScanCode("ID#4567\r", false, V)).toBe(4567);
    expect(readScanCode("#4567", true, V)).toBeNull();
    expect(checkScanCode("#4567", true, V)).toEqual({ kind: "invalid" });
  });

  it("refuses a forged signature whether or not signed tags are required", () => {
    const id = 4567;
    const sig = signatureOf(id, V);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const forged = [
      `#${id}.${V}.${flipped}`, // one character changed
      `#${id}.${V}.${signatureOf(id + 1, V)}`, // another member's signature
      `#${id + 1}.${V}.${sig}`, // this signature on another member
      `#${id}.${V}.${sig.slice(0, 9)}`, // cut short
      `#${id}.${V}.${sig}x`, // too long
      `#${id}.${V}.AAAAAAAAAA`,
      `#${id}.${V - 1}.${sig}`, // this signature with another (older) version: not voided, forged
      `#${id}.${sig}`, // this signature without its version
      `#${id}.${V + 1}.${signatureOf(id, V + 1)}`, // a version not issued yet, even correctly signed
    ];
    for (const code of forged) {
      expect(checkScanCode(code, true, V), code).toEqual({ kind: "invalid" });
      expect(checkScanCode(code, false, V), code).toEqual({ kind: "invalid" });
    }
    expect(signatureOk({ userId: id, version: V, signature: flipped })).toBe(false);
    expect(signatureOk({ userId: id, version: V, signature: sig })).toBe(true);
  });

  it("after a rotation the earlier versions' genuine tags are voided, the new ones work", () => {
    const id = 321;
    for (const old of [1, 2]) {
      const code = signedCode(id, old);
      expect(checkScanCode(code, true, V)).toEqual({ kind: "voided", userId: id });
      expect(checkScanCode(code, false, V)).toEqual({ kind: "voided", userId: id });
      expect(readScanCode(code, false, V)).toBeNull();
    }
    expect(checkScanCode(signedCode(id, V), true, V)).toEqual({ kind: "ok", userId: id });
    // The version is in the signed text: a rotation changes every signature.
    expect(signatureOf(id, 1)).not.toBe(signatureOf(id, 2));
  });

  it("reads a tag printed before versions (`#<id>.<hmac of the id>`) as version 1", () => {
    const id = 77;
    const legacySig = hmac("crew-tag:unit-test-secret-0123456789", String(id)).slice(0, 10);
    expect(signatureOf(id, null)).toBe(legacySig);
    const legacy = `#${id}.${legacySig}`;
    expect(checkScanCode(legacy, true, 1)).toEqual({ kind: "ok", userId: id });
    expect(checkScanCode(legacy, true, 2)).toEqual({ kind: "voided", userId: id });
  });

  it("signs the same id the same way every time (a printed tag stays valid)", () => {
    expect(signedCode(99, V)).toBe(signedCode(99, V));
    expect(signatureOf(99, V)).not.toBe(signatureOf(100, V));
  });

  it("refuses what is not a code at all", () => {
    for (const bad of ["", "4567", "#", "#abc", `${signedCode(5, V)}.x`, "#5#6", `#5.${V}.abcdefghi`]) {
      expect(readScanCode(bad, false, V), bad).toBeNull();
      expect(checkScanCode(bad, false, V), bad).toEqual({ kind: "invalid" });
    }
    // A space ends a code: what follows is a suffix, so this is a plain `#5`, taken only while plain
    // codes are.
    expect(readScanCode("#5 .abcdefghij", false, V)).toBe(5);
    expect(readScanCode("#5 .abcdefghij", true, V)).toBeNull();
  });

  it("signs and checks with the edition's crew tag version (1 on a fresh database)", () => {
    expect(signedCode(5, crewTagVersion(1))).toBe(signedCode(5, 1));
    expect(readScanCode(signedCode(5, crewTagVersion(1)), true, crewTagVersion(1))).toBe(5);
  });
});
