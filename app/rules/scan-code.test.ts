import { describe, expect, it } from "vitest";
import { parseScanCode, SCAN_CODE_MAX, scanCodeAccepted } from "./scan-code";

describe("parseScanCode", () => {
  it("reads '#' and a numeric id, with or without a signature", () => {
    expect(parseScanCode("#123")).toEqual({ userId: 123, signature: null });
    expect(parseScanCode("  #7 ")).toEqual({ userId: 7, signature: null });
    expect(parseScanCode("#123.AbC-_9xyz0")).toEqual({ userId: 123, signature: "AbC-_9xyz0" });
  });
  it("refuses anything else: the spec's 'Invalid input.'", () => {
    for (const bad of [
      "123",
      "#",
      "#abc",
      "#12a",
      "# 12",
      "#0",
      "#1234567890",
      "#12.",
      "#12.ab",
      "#12.a b c d",
      "##12",
      "#-1",
    ])
      expect(parseScanCode(bad), bad).toBeNull();
    expect(parseScanCode(`#1.${"a".repeat(SCAN_CODE_MAX)}`)).toBeNull();
  });
});

describe("scanCodeAccepted", () => {
  const ok = (id: number, sig: string) => sig === `sig${id}`;
  it("plain codes only while signed tags are not required", () => {
    expect(scanCodeAccepted({ userId: 5, signature: null }, false, ok)).toBe(true);
    expect(scanCodeAccepted({ userId: 5, signature: null }, true, ok)).toBe(false);
  });
  it("a signed code needs the right signature, whatever the setting", () => {
    for (const required of [false, true]) {
      expect(scanCodeAccepted({ userId: 5, signature: "sig5" }, required, ok)).toBe(true);
      expect(scanCodeAccepted({ userId: 5, signature: "sig6" }, required, ok)).toBe(false);
    }
  });
});
