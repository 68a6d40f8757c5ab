import { describe, expect, it } from "vitest";
import {
  judgeScanCode,
  parseScanCode,
  SCAN_CODE_MAX,
  type ScanCode,
  SIGNED_CODE_MAX,
  TAG_VERSION_MAX,
} from "./scan-code";

const SIG = "AbC-_9xyz0";

describe("parseScanCode", () => {
  it("reads '#' and a numeric id, with or without a signature and a version", () => {
    expect(parseScanCode("#123")).toEqual({ userId: 123, signature: null, version: null });
    expect(parseScanCode("  #7 ")).toEqual({ userId: 7, signature: null, version: null });
    // A tag printed before versions (version 1).
    expect(parseScanCode(`#123.${SIG}`)).toEqual({ userId: 123, signature: SIG, version: null });
    expect(parseScanCode(`#123.1.${SIG}`)).toEqual({ userId: 123, signature: SIG, version: 1 });
    expect(parseScanCode(`#123.9999.${SIG}`)).toEqual({ userId: 123, signature: SIG, version: 9999 });
    // A signature of digits only is a signature, not a version.
    expect(parseScanCode("#5.1234567890")).toEqual({ userId: 5, signature: "1234567890", version: null });
    expect(parseScanCode("#5.12.1234567890")).toEqual({ userId: 5, signature: "1234567890", version: 12 });
  });

  it("finds the code inside a scanner's prefix and suffix (the spec: the input contains '#' and an id)", () => {
    const cases: [string, number, string | null][] = [
      ["ID#123", 123, null],
      ["#123\r", 123, null],
      ["#123\r\n", 123, null],
      ["#123\t", 123, null],
      ["\t#123  ", 123, null],
      [`]Q1#123.2.${SIG}`, 123, SIG], // an AIM symbology identifier (QR code)
      [`]Q1#123.${SIG}\r`, 123, SIG],
      [`ID:#42.3.${SIG} `, 42, SIG],
      ["CODE #42;", 42, null],
      ["#42/", 42, null],
      ["x#999999999", 999_999_999, null],
    ];
    for (const [text, userId, signature] of cases) {
      const code = parseScanCode(text);
      expect(code?.userId, JSON.stringify(text)).toBe(userId);
      expect(code?.signature, JSON.stringify(text)).toBe(signature);
    }
  });

  it("refuses anything else: the spec's 'Invalid input.'", () => {
    for (const bad of [
      "",
      "   ",
      "123",
      "ID123",
      "#",
      "ID#",
      "#abc",
      "#12a",
      "#12_",
      "#12-",
      "# 12",
      "#0",
      "#000",
      "#1234567890", // ten digits: more than an id
      "#12.",
      "#12.ab",
      "#12.a b c d",
      `#12.${SIG}x`, // a signature one too long
      `#12.${SIG.slice(0, 9)}`, // cut short
      `#12.0.${SIG}`, // no version 0
      `#12.01.${SIG}`, // nor a leading zero
      `#12.10000.${SIG}`, // past the last version
      `#12.2.`,
      `#12..${SIG}`,
      "##12",
      "#1#2", // two codes
      "#1 #2",
      `#12.${SIG} #13`,
      "#-1",
    ])
      expect(parseScanCode(bad), JSON.stringify(bad)).toBeNull();
    expect(parseScanCode(`#1.${"a".repeat(SCAN_CODE_MAX)}`)).toBeNull();
    expect(parseScanCode(`${"x".repeat(SCAN_CODE_MAX - 3)}#123`)).toBeNull(); // too long in all
  });

  it("the longest signed code fits a version 2-M QR code (26 bytes) and leaves room for a prefix", () => {
    expect(SIGNED_CODE_MAX).toBe(26);
    const longest = `#999999999.${TAG_VERSION_MAX}.${SIG}`;
    expect(longest).toHaveLength(SIGNED_CODE_MAX);
    expect(parseScanCode(longest)?.version).toBe(TAG_VERSION_MAX);
    expect(parseScanCode(`]Q1${longest}\r\n`)?.userId).toBe(999_999_999);
  });
});

describe("judgeScanCode", () => {
  // The "server's" signature: `s<id>v<version>` padded (null: before versions).
  const sign = (id: number, v: number | null) => `s${id}v${v ?? "x"}`.padEnd(10, "0");
  const ok = (c: ScanCode & { signature: string }) => c.signature === sign(c.userId, c.version);
  const code = (userId: number, version: number | null, signature: string | null): ScanCode => ({
    userId,
    version,
    signature,
  });

  it("nothing parsed is invalid", () => {
    expect(judgeScanCode(null, false, 1, ok)).toEqual({ kind: "invalid" });
  });

  it("plain codes only while signed tags are not required, whatever the version", () => {
    for (const current of [1, 5]) {
      expect(judgeScanCode(code(5, null, null), false, current, ok)).toEqual({ kind: "ok", userId: 5 });
      expect(judgeScanCode(code(5, null, null), true, current, ok)).toEqual({ kind: "invalid" });
    }
  });

  it("a signed code of the current version needs the right signature, whatever the setting", () => {
    for (const required of [false, true]) {
      expect(judgeScanCode(code(5, 3, sign(5, 3)), required, 3, ok)).toEqual({ kind: "ok", userId: 5 });
      expect(judgeScanCode(code(5, 3, sign(6, 3)), required, 3, ok)).toEqual({ kind: "invalid" });
      expect(judgeScanCode(code(5, 3, sign(5, 2)), required, 3, ok)).toEqual({ kind: "invalid" });
    }
  });

  it("a genuine tag of an earlier version is voided; a forged one is invalid", () => {
    for (const required of [false, true]) {
      expect(judgeScanCode(code(5, 2, sign(5, 2)), required, 3, ok)).toEqual({ kind: "voided", userId: 5 });
      expect(judgeScanCode(code(5, 2, sign(5, 3)), required, 3, ok)).toEqual({ kind: "invalid" });
    }
  });

  it("a tag printed before versions is version 1: taken until the first rotation, voided after", () => {
    expect(judgeScanCode(code(5, null, sign(5, null)), true, 1, ok)).toEqual({ kind: "ok", userId: 5 });
    expect(judgeScanCode(code(5, null, sign(5, null)), true, 2, ok)).toEqual({ kind: "voided", userId: 5 });
    expect(judgeScanCode(code(5, null, sign(5, 1)), true, 1, ok)).toEqual({ kind: "invalid" });
  });

  it("a version not issued yet is invalid, even with a matching signature", () => {
    expect(judgeScanCode(code(5, 4, sign(5, 4)), false, 3, ok)).toEqual({ kind: "invalid" });
  });
});
