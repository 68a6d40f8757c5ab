import { describe, expect, it } from "vitest";
import { carriesToken, redactUrl } from "./tokens.mjs";

describe("redactUrl", () => {
  it("hides the token of a verification link, keeping the rest", () => {
    expect(redactUrl("/auth/verify/abc.def-123")).toBe("/auth/verify/[redacted]");
    expect(redactUrl("/auth/verify/abc?_data=routes%2Fauth.verify.%24token")).toBe(
      "/auth/verify/[redacted]?_data=routes%2Fauth.verify.%24token",
    );
    expect(redactUrl("/auth/verify/a/b/c")).toBe("/auth/verify/[redacted]");
  });

  it("hides every token= query value, wherever it is in the query", () => {
    expect(redactUrl("/auth/reset?token=s3cr3t")).toBe("/auth/reset?token=[redacted]");
    expect(redactUrl("/auth/register/competitor?x=1&token=s3cr3t&y=2")).toBe(
      "/auth/register/competitor?x=1&token=[redacted]&y=2",
    );
    expect(redactUrl("/auth/reset?_data=routes%2Fauth.reset&token=s3cr3t")).toBe(
      "/auth/reset?_data=routes%2Fauth.reset&token=[redacted]",
    );
    expect(redactUrl("/x?resetToken=a&Token=b")).toBe("/x?resetToken=[redacted]&Token=[redacted]");
    expect(redactUrl("/auth/verify/abc?token=def")).toBe("/auth/verify/[redacted]?token=[redacted]");
  });

  it("leaves URLs without secrets alone", () => {
    for (const url of [
      "/",
      "/auth/login",
      "/auth/verify",
      "/users?tab=pending&page=2",
      "/x?tokens",
      "/auth/reset",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe("carriesToken", () => {
  it("is true exactly for the URLs the log redacts", () => {
    expect(carriesToken("/auth/verify/abc")).toBe(true);
    expect(carriesToken("/auth/reset?token=abc")).toBe(true);
    expect(carriesToken("/auth/register/competitor?token=abc")).toBe(true);
    expect(carriesToken("/auth/reset")).toBe(false);
    expect(carriesToken("/auth/register/manager")).toBe(false);
    expect(carriesToken("/")).toBe(false);
  });
});
