import { describe, expect, it } from "vitest";
import {
  buildCsp,
  cspBuilder,
  cspWithoutNonce,
  fixedHeaders,
  TOKEN_PAGE_HEADERS,
} from "./security-headers.mjs";

describe("Content-Security-Policy", () => {
  it("allows scripts and styles only from this origin or with this response's nonce", () => {
    const csp = buildCsp("bm9uY2U=");
    const directives = Object.fromEntries(
      csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-bm9uY2U='",
      "style-src": "'self' 'nonce-bm9uY2U='",
      "img-src": "'self' data: blob:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "frame-ancestors": "'none'",
      "form-action": "'self' https://app.senangpay.my",
    });
  });

  it("lets forms post to the configured SenangPay origin (not its path)", () => {
    const csp = cspBuilder("https://sandbox.senangpay.my/payment/123")("n");
    expect(csp).toMatch(/form-action 'self' https:\/\/sandbox\.senangpay\.my$/);
    expect(csp).not.toContain("/payment");
  });

  it("has a variant without a nonce for pages without inline scripts, otherwise the same", () => {
    const csp = cspWithoutNonce("https://sandbox.senangpay.my/x");
    expect(csp).toContain("; script-src 'self'; ");
    expect(csp).not.toContain("nonce");
    expect(csp).toBe(cspBuilder("https://sandbox.senangpay.my/x")("N").replaceAll(" 'nonce-N'", ""));
  });

  it("refuses to start with an invalid SenangPay URL", () => {
    expect(() => cspBuilder("not a url")).toThrow();
  });
});

describe("fixedHeaders", () => {
  it("sets HSTS only when the app is served over https", () => {
    const plain = Object.fromEntries(fixedHeaders({ appUrl: "http://localhost:3000" }));
    expect(plain).toEqual({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(self), geolocation=(), microphone=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(Object.fromEntries(fixedHeaders({}))).toEqual(plain);
    const secure = Object.fromEntries(fixedHeaders({ appUrl: "https://regatta-app.fly.dev" }));
    expect(secure["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("token pages are not cached and send no referrer to other sites", () => {
    expect(Object.fromEntries(TOKEN_PAGE_HEADERS)).toEqual({
      "Cache-Control": "no-store",
      "Referrer-Policy": "same-origin",
    });
  });
});
