// The browser the suite drives (scripts/chromium-path.mjs, ADR 0042).
import { describe, expect, it } from "vitest";
import { chromiumPath, FULL_CHROMIUM, HEADLESS_SHELL } from "../../scripts/chromium-path.mjs";

const having =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe("chromiumPath", () => {
  it("takes CHROMIUM_PATH when it is set, whatever is installed", () => {
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/c/chrome" }, having(HEADLESS_SHELL, FULL_CHROMIUM))).toBe(
      "/opt/c/chrome",
    );
  });
  it("prefers Debian's headless shell to its full chromium", () => {
    expect(chromiumPath({}, having(HEADLESS_SHELL, FULL_CHROMIUM))).toBe(HEADLESS_SHELL);
    expect(chromiumPath({}, having(HEADLESS_SHELL))).toBe(HEADLESS_SHELL);
  });
  it("falls back to the full chromium when the shell is not installed", () => {
    expect(chromiumPath({}, having(FULL_CHROMIUM))).toBe(FULL_CHROMIUM);
  });
  it("names the shell when neither is installed, so the error says what to install", () => {
    expect(chromiumPath({}, having())).toBe(HEADLESS_SHELL);
  });
});
