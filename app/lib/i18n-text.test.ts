import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { inBundle } from "./i18n-text";

describe("inBundle", () => {
  it("says an English MSG sentence in the other bundle", () => {
    expect(inBundle(EN.MSG.notAnImage, MS)).toBe(MS.MSG.notAnImage);
    expect(inBundle(EN.MSG.verifySuccess, MS)).toBe(MS.MSG.verifySuccess);
    expect(inBundle(EN.MSG.verifySuccess, EN)).toBe(EN.MSG.verifySuccess);
  });
  it("leaves other text as it is", () => {
    expect(inBundle("Something else.", MS)).toBe("Something else.");
    expect(inBundle(EN.MSG.throttled("1 minute"), MS)).toBe(EN.MSG.throttled("1 minute"));
  });
});
