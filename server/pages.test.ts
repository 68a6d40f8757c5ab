import { describe, expect, it } from "vitest";
import { backLink, tooLargePage } from "./pages.mjs";

describe("413 page", () => {
  it("says what to do and links back to the form", () => {
    const html = tooLargePage("/auth/register/manager");
    expect(html).toContain("413 The upload is too large");
    expect(html).toContain("Photos must be at most 15 MB. Go back and choose a smaller photo.");
    expect(html).toContain('<a href="/auth/register/manager">Go back</a>');
    expect(html).not.toContain("<script");
  });

  it("keeps the query but not Remix's _data, and never leaves the site", () => {
    expect(backLink("/?index")).toBe("/?index=");
    expect(backLink("/?index&_data=routes%2F_app._index")).toBe("/?index=");
    expect(backLink("/auth/register/competitor?token=a%2Bb")).toBe("/auth/register/competitor?token=a%2Bb");
    expect(backLink("//evil.example/x")).toBe("/");
    expect(tooLargePage('/a?"><script>')).not.toContain("<script>");
  });
});
