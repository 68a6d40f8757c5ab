import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword("Regatta2026!");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("Regatta2026!", hash)).toBe(true);
    expect(await verifyPassword("regatta2026!", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });
  it("salts each hash and rejects malformed stored values", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
    expect(await verifyPassword("x", "plain-text")).toBe(false);
  });
});
