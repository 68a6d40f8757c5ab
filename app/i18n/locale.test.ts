import { describe, expect, it } from "vitest";
import { backPath, fromAcceptLanguage, pickLocale } from "./locale";

describe("pickLocale", () => {
  it("takes the cookie when it names one of ours", () => {
    expect(pickLocale("ms", "en-GB")).toBe("ms");
    expect(pickLocale("en", "ms-MY")).toBe("en");
  });
  it("ignores a forged cookie and falls back to the browser, then English", () => {
    expect(pickLocale("xx", "ms-MY,ms;q=0.9")).toBe("ms");
    expect(pickLocale("<script>", null)).toBe("en");
    expect(pickLocale(null, "fr-FR,de;q=0.5")).toBe("en");
  });
});

describe("fromAcceptLanguage", () => {
  it("ranks by q, then by order", () => {
    expect(fromAcceptLanguage("en;q=0.5,ms;q=0.8")).toBe("ms");
    expect(fromAcceptLanguage("ms-MY,en;q=0.9")).toBe("ms");
    expect(fromAcceptLanguage("zh-CN,en-US;q=0.7,ms;q=0.6")).toBe("en");
    expect(fromAcceptLanguage("fr,ms;q=0")).toBeNull();
  });
  it("is safe on junk", () => {
    expect(fromAcceptLanguage("")).toBeNull();
    expect(fromAcceptLanguage(";;;,q=,=")).toBeNull();
    expect(fromAcceptLanguage(`${"x".repeat(10_000)},ms`)).toBeNull();
  });
});

describe("backPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(backPath("/members?tab=paid")).toBe("/members?tab=paid");
    expect(backPath("/")).toBe("/");
  });
  it("never leaves the site", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "evil",
      "",
      "/a b",
      null,
      3,
    ])
      expect(backPath(bad)).toBe("/");
    expect(backPath(`/${"a".repeat(3000)}`)).toBe("/");
  });
});
