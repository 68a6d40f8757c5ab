import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has safe embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PAYMENT_PROVIDER).toBe("simulator");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_PATH).toMatch(/data\/regatta\.db$/);
    expect(env.SMTP_URL).toBeUndefined();
  });
  it("stops production start-up without SESSION_SECRET, with a clear message", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe(
      "x".repeat(32),
    );
  });
  it("refuses a short secret, a bad URL and senangpay without credentials", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "senangpay" })).toThrow(/SENANGPAY_MERCHANT_ID/);
  });
  it("treats empty strings as unset and trims a trailing slash from APP_URL", () => {
    const env = parseEnv({ SMTP_URL: "", APP_URL: "https://regatta.example.com/" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBe("https://regatta.example.com");
  });
});
