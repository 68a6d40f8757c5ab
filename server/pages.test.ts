import { describe, expect, it } from "vitest";
import { MSG } from "../app/messages";
import { MS } from "../app/messages.ms";
import { BUSY_PAGE, BUSY_TEXT, backLink, tooLargePage } from "./pages.mjs";

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

describe("429 page", () => {
  it("says it in both languages, with the app's own sentences", () => {
    for (const t of [MSG, MS.MSG]) {
      expect(BUSY_PAGE).toContain(t.tooManyTitle);
      expect(BUSY_PAGE).toContain(t.serverBusy);
      expect(BUSY_PAGE).toContain(`<a href="/">${t.returnHome}</a>`);
    }
    expect(BUSY_PAGE).toContain('<div lang="ms">');
    expect(BUSY_TEXT).toBe(MSG.serverBusy);
    expect(BUSY_PAGE).not.toContain("<script");
  });
});
