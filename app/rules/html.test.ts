import { describe, expect, it } from "vitest";
import { attrsHtml, elementHtml, escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes what React escapes in text and attributes", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;",
    );
  });
  it("keeps plain text and numbers as they are", () => {
    expect(escapeHtml("SITI BINTI ALI")).toBe("SITI BINTI ALI");
    expect(escapeHtml(1234)).toBe("1234");
    expect(escapeHtml(0)).toBe("0");
  });
  it("renders nothing for null, undefined and booleans", () => {
    expect(escapeHtml(null)).toBe("");
    expect(escapeHtml(undefined)).toBe("");
    expect(escapeHtml(true)).toBe("");
    expect(escapeHtml(false)).toBe("");
  });
  it("is safe to call again after a match (no regex state kept)", () => {
    expect(escapeHtml("a&b")).toBe("a&amp;b");
    expect(escapeHtml("c&d")).toBe("c&amp;d");
    expect(escapeHtml("plain")).toBe("plain");
  });
});

describe("attrsHtml and elementHtml", () => {
  it("leaves out empty attributes and escapes values", () => {
    expect(attrsHtml({ href: "/users?a=1&b=2", rel: undefined, hidden: false, "aria-label": `"x"` })).toBe(
      ' href="/users?a=1&amp;b=2" aria-label="&quot;x&quot;"',
    );
  });
  it("writes an element around escaped text or given HTML", () => {
    expect(elementHtml("span", { class: "badge badge-ok" }, "Yes & no")).toBe(
      '<span class="badge badge-ok">Yes &amp; no</span>',
    );
    expect(elementHtml("strong", {}, "", "<em>x</em>")).toBe("<strong><em>x</em></strong>");
  });
});
