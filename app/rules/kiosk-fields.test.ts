import { describe, expect, it } from "vitest";
import { KIOSK_NAME_MAX, parseKioskName } from "./kiosk-fields";

describe("parseKioskName", () => {
  it("trims and folds white space", () => {
    expect(parseKioskName(["  Gate   A\tlaptop "])).toEqual({ ok: true, name: "Gate A laptop" });
    expect(parseKioskName(["Pintu B"])).toEqual({ ok: true, name: "Pintu B" });
  });

  it("needs one value with a letter", () => {
    for (const values of [
      [],
      [""],
      ["   "],
      ["0"],
      ["-1"],
      ["123"],
      ["a", "b"],
      [null],
      [new Blob(["x"])],
      ["a\u0000b"],
      ["Gate \u202eA"],
    ])
      expect(parseKioskName(values)).toEqual({ ok: false, error: "required" });
  });

  it("at most KIOSK_NAME_MAX characters, after folding", () => {
    expect(parseKioskName(["x".repeat(KIOSK_NAME_MAX)])).toEqual({
      ok: true,
      name: "x".repeat(KIOSK_NAME_MAX),
    });
    expect(parseKioskName([`  ${"x".repeat(KIOSK_NAME_MAX)}  `]).ok).toBe(true);
    expect(parseKioskName(["x".repeat(KIOSK_NAME_MAX + 1)])).toEqual({ ok: false, error: "tooLong" });
  });
});
