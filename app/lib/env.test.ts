import { describe, expect, it, vi } from "vitest";
import { checkEnvAtStart, parseEnv, SIMULATOR_WARNING } from "./env.server";

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
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), PAYMENT_PROVIDER: "simulator" })
        .SESSION_SECRET,
    ).toBe("x".repeat(32));
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
  it("stops production start-up without PAYMENT_PROVIDER, naming it", () => {
    const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv(prod)).toThrow(/PAYMENT_PROVIDER is required in production/);
    expect(() => parseEnv({ ...prod, PAYMENT_PROVIDER: "" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => checkEnvAtStart(prod)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ ...prod, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ ...prod, PAYMENT_PROVIDER: "senangpay" })).toThrow(/SENANGPAY_MERCHANT_ID/);
    const real = {
      ...prod,
      PAYMENT_PROVIDER: "senangpay",
      SENANGPAY_MERCHANT_ID: "1",
      SENANGPAY_SECRET_KEY: "k",
    };
    expect(parseEnv(real).PAYMENT_PROVIDER).toBe("senangpay");
    // Outside production an unset provider is the simulator, quietly.
    expect(parseEnv({ NODE_ENV: "test" }).PAYMENT_PROVIDER).toBe("simulator");
    expect(parseEnv({ NODE_ENV: "development" }).PAYMENT_PROVIDER).toBe("simulator");
  });
  it("announces the simulator loudly at a production start, and only there", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
      const printed = checkEnvAtStart({ ...prod, PAYMENT_PROVIDER: "simulator" });
      expect(printed).toContain(SIMULATOR_WARNING);
      expect(warn).toHaveBeenCalledWith(SIMULATOR_WARNING);
      expect(SIMULATOR_WARNING).toMatch(/PAYMENT_PROVIDER=simulator.*NO MONEY/);
      warn.mockClear();
      const real = {
        ...prod,
        PAYMENT_PROVIDER: "senangpay",
        SENANGPAY_MERCHANT_ID: "1",
        SENANGPAY_SECRET_KEY: "k",
      };
      expect(checkEnvAtStart(real)).toEqual([]);
      expect(checkEnvAtStart({ NODE_ENV: "development" })).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
