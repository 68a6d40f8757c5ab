import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { hashing, verifyPassword } from "~/lib/password.server";
import { processPhoto } from "~/lib/photos.server";
import { readPhoto } from "~/models/photo.server";
import { createUserSession, getUser } from "~/models/session.server";
import { changePassword, register, resetPassword, updatePhoto, verifyEmail } from "~/models/account.server";
import { findAssociationByToken } from "~/models/association.server";
import { forgetIdleThrottles, gate, settle } from "~/models/throttle.server";
import { checkToken, createToken } from "~/models/token.server";
import { findUserById, passwordHashOf } from "~/models/user.server";

let n = 0;
const person = () => ({
  email: `flow${++n}@example.com`,
  password: "Secret123",
  identification: `ID${n}`,
  name: `PERSON ${n}`,
  gender: "FEMALE" as const,
  yob: 1995,
  phone: "60123",
  phoneEmergency: "",
  address: "Somewhere",
});
const newTeam = (name: string) => ({ kind: "new" as const, name, country: "MY" });
const req = (cookie: string) => new Request("http://test/", { headers: { Cookie: cookie.split(";")[0] } });

describe("register", () => {
  it("creates a manager with a new association and an unguessable token, unverified", async () => {
    const r = await register(person(), newTeam("Flow Dragons"), null);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.user).toMatchObject({
      role: "MANAGER",
      approved: true,
      verified: false,
      validImage: 2,
      image: null,
    });
    const assoc = db()
      .select()
      .from(schema.associations)
      .where(eq(schema.associations.id, r.user.associationId!))
      .get()!;
    expect(assoc.name).toBe("Flow Dragons");
    expect(assoc.token.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses a taken email (any case) and a taken team name (any case), changing nothing", async () => {
    const first = person();
    await register(first, newTeam("Unique Paddlers"), null);
    const before = db().select().from(schema.users).all().length;
    expect(
      await register({ ...person(), email: first.email.toUpperCase() }, newTeam("Another"), null),
    ).toEqual({
      ok: false,
      code: "userExists",
    });
    expect(await register(person(), newTeam("unique PADDLERS"), null)).toEqual({
      ok: false,
      code: "associationExists",
    });
    expect(db().select().from(schema.users).all().length).toBe(before);
    expect(
      db()
        .select()
        .from(schema.associations)
        .all()
        .filter((a) => a.name === "Another"),
    ).toHaveLength(0);
  });

  it("lets a competitor join the association named by the token, waiting for approval, with a pending photo", async () => {
    const m = await register(person(), newTeam("Token Club"), null);
    if (!m.ok) throw new Error("setup");
    const assoc = findAssociationByToken(
      db().select().from(schema.associations).where(eq(schema.associations.id, m.user.associationId!)).get()!
        .token,
    )!;
    const png = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: "#369" } })
      .png()
      .toBuffer();
    const photo = await processPhoto(png, "image/png");
    if (!photo.ok) throw new Error("photo");
    const c = await register(person(), { kind: "join", associationId: assoc.id }, photo);
    expect(c.ok && c.user).toMatchObject({
      role: "COMPETITOR",
      associationId: assoc.id,
      approved: false,
      validImage: 0,
    });
    expect(c.ok && c.user.image).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(findAssociationByToken("not-a-token")).toBeUndefined();
  });
});

describe("one-time tokens", () => {
  it("verifies an email once; a second use is refused", async () => {
    const r = await register(person(), newTeam("Verify Club"), null);
    if (!r.ok) throw new Error("setup");
    const token = createToken(r.user.id, "VERIFY_EMAIL");
    expect(verifyEmail(token)).toBe("verified");
    expect(findUserById(r.user.id)?.verified).toBe(true);
    expect(verifyEmail(token)).toBe("used");
    expect(verifyEmail("made-up")).toBe("invalid");
  });

  it("refuses an expired token and a token of the other purpose", async () => {
    const r = await register(person(), newTeam("Expiry Club"), null);
    if (!r.ok) throw new Error("setup");
    const old = createToken(r.user.id, "VERIFY_EMAIL", Date.now() - 49 * 60 * 60_000);
    expect(checkToken(old, "VERIFY_EMAIL")).toEqual({ ok: false, reason: "expired" });
    const reset = createToken(r.user.id, "RESET_PASSWORD", Date.now() - 61 * 60_000);
    expect(checkToken(reset, "RESET_PASSWORD")).toEqual({ ok: false, reason: "expired" });
    const fresh = createToken(r.user.id, "RESET_PASSWORD");
    expect(checkToken(fresh, "VERIFY_EMAIL").ok).toBe(false);
    expect(
      db()
        .select()
        .from(schema.tokens)
        .all()
        .some((t) => t.tokenHash === fresh),
    ).toBe(false);
  });

  it("resets a password once, keeps only the newest link, and ends every session", async () => {
    const r = await register(person(), newTeam("Reset Club"), null);
    if (!r.ok) throw new Error("setup");
    const cookie = await createUserSession(r.user.id);
    const older = createToken(r.user.id, "RESET_PASSWORD");
    const token = createToken(r.user.id, "RESET_PASSWORD");
    expect(await resetPassword(older, "NewSecret1")).toBe("invalidLink");
    expect(await resetPassword(token, "NewSecret1")).toBe("reset");
    expect(await verifyPassword("NewSecret1", passwordHashOf(r.user.id)!)).toBe(true);
    expect(await getUser(req(cookie))).toBeNull();
    expect(await resetPassword(token, "Another12")).toBe("invalidLink");
  });
});

describe("profile", () => {
  it("changes the password only with the right old one; every old session ends, a new one begins", async () => {
    const r = await register(person(), newTeam("Change Club"), null);
    if (!r.ok) throw new Error("setup");
    const mine = await createUserSession(r.user.id);
    const other = await createUserSession(r.user.id);
    const reset = createToken(r.user.id, "RESET_PASSWORD");
    const user = findUserById(r.user.id)!;
    expect(await changePassword(user, "wrong", "NewSecret1")).toEqual({
      ok: false,
      code: "credentials",
    });
    expect((await getUser(req(mine)))?.id).toBe(r.user.id);
    const changed = await changePassword(user, "Secret123", "NewSecret1");
    if (!changed.ok) throw new Error("not changed");
    // The session id rotates: the old cookie is dead, the new one works.
    expect(await getUser(req(mine))).toBeNull();
    expect(await getUser(req(other))).toBeNull();
    expect((await getUser(req(changed.setCookie)))?.id).toBe(r.user.id);
    // An outstanding reset link no longer works.
    expect(checkToken(reset, "RESET_PASSWORD")).toEqual({ ok: false, reason: "used" });
  });

  it("throttles wrong old passwords per user: the 6th is refused without checking the hash, even the right one", async () => {
    const r = await register(person(), newTeam("Guess Club"), null);
    const other = await register(person(), newTeam("Other Guess Club"), null);
    if (!r.ok || !other.ok) throw new Error("setup");
    const user = findUserById(r.user.id)!;
    const session = await createUserSession(r.user.id);
    for (let i = 0; i < 5; i++) {
      expect(await changePassword(user, `guess${i}`, "NewSecret1")).toEqual({
        ok: false,
        code: "credentials",
      });
    }
    const checks = vi.spyOn(hashing, "run");
    try {
      const sixth = await changePassword(user, "Secret123", "NewSecret1");
      expect(sixth).toMatchObject({ ok: false, code: "throttled" });
      if (sixth.ok || sixth.code !== "throttled") throw new Error("not throttled");
      expect(sixth.waitMs).toBeGreaterThan(14 * 60_000);
      expect(sixth.waitMs).toBeLessThanOrEqual(15 * 60_000);
      expect(checks).not.toHaveBeenCalled(); // no hash was computed: the password was never looked at
    } finally {
      checks.mockRestore();
    }
    // Nothing changed: the old password stands, the session lives.
    expect(await verifyPassword("Secret123", passwordHashOf(r.user.id)!)).toBe(true);
    expect((await getUser(req(session)))?.id).toBe(r.user.id);
    // Another user is not slowed by this one's counter.
    const otherUser = findUserById(other.user.id)!;
    expect((await changePassword(otherUser, "Secret123", "NewSecret1")).ok).toBe(true);
  });

  it("the right old password clears the count of wrong ones", async () => {
    const r = await register(person(), newTeam("Clear Club"), null);
    if (!r.ok) throw new Error("setup");
    const user = findUserById(r.user.id)!;
    for (let i = 0; i < 4; i++) await changePassword(user, "wrong", "NewSecret1");
    expect((await changePassword(user, "Secret123", "NewSecret1")).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(await changePassword(user, "wrong", "Another12")).toMatchObject({
        code: "credentials",
      });
    }
  });

  it("a new photo waits for approval again, and the replaced one is deleted", async () => {
    const r = await register(person(), newTeam("Photo Club"), null);
    if (!r.ok) throw new Error("setup");
    const jpg = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#963" } })
      .jpeg()
      .toBuffer();
    const photo = await processPhoto(jpg, "image/jpeg");
    if (!photo.ok) throw new Error("photo");
    const first = updatePhoto(r.user.id, photo);
    expect(findUserById(r.user.id)).toMatchObject({ image: first, validImage: 0 });
    expect(readPhoto(first)).not.toBeNull();
    const second = updatePhoto(r.user.id, photo);
    expect(findUserById(r.user.id)).toMatchObject({ image: second, validImage: 0 });
    expect(readPhoto(first)).toBeNull();
    expect(readPhoto(second)).not.toBeNull();
  });
});

describe("verification links", () => {
  it("a resend retires the older link", async () => {
    const r = await register(person(), newTeam("Resend Club"), null);
    if (!r.ok) throw new Error("setup");
    const older = createToken(r.user.id, "VERIFY_EMAIL");
    const newer = createToken(r.user.id, "VERIFY_EMAIL");
    expect(verifyEmail(older)).toBe("used");
    expect(verifyEmail(newer)).toBe("verified");
  });
});

describe("throttle store", () => {
  const limit = { free: 2, delayMs: 1_000, maxDelayMs: 60_000, forgetMs: 3_600_000 };
  it("counts in the same step as it checks: the free attempts, then a wait", () => {
    const keys = [{ key: `t:${Math.random()}`, limit }];
    const now = Date.now();
    expect(gate(keys, now)).toBe(0);
    expect(gate(keys, now)).toBe(0);
    expect(gate(keys, now)).toBe(1_000);
    expect(gate(keys, now + 500)).toBe(500);
    expect(gate(keys, now + 1_000)).toBe(0);
    expect(gate(keys, now + 1_000)).toBe(2_000);
  });
  it("settle clears a key or gives an attempt back", () => {
    const a = { key: `a:${Math.random()}`, limit };
    const b = { key: `b:${Math.random()}`, limit };
    const now = Date.now();
    gate([a, b], now);
    gate([a, b], now);
    expect(gate([a, b], now)).toBe(1_000);
    settle({ clear: [a], refunds: [b] }, now);
    expect(gate([a], now)).toBe(0);
    expect(gate([b], now)).toBe(0);
    expect(gate([b], now)).toBe(1_000);
  });
  it("a key waiting blocks the attempt without counting on the others", () => {
    const a = { key: `a:${Math.random()}`, limit };
    const b = { key: `b:${Math.random()}`, limit };
    const now = Date.now();
    gate([a], now);
    gate([a], now);
    expect(gate([a, b], now)).toBeGreaterThan(0);
    expect(gate([b], now)).toBe(0);
    expect(gate([b], now)).toBe(0);
    expect(gate([b], now)).toBe(1_000);
  });
  it("the cleanup forgets idle counters only", () => {
    const idle = { key: `idle:${Math.random()}`, limit };
    const now = Date.now();
    gate([idle], now - 3 * 86_400_000);
    const fresh = { key: `fresh:${Math.random()}`, limit };
    gate([fresh], now);
    gate([fresh], now);
    expect(forgetIdleThrottles(now)).toBeGreaterThanOrEqual(1);
    expect(gate([idle], now)).toBe(0);
    expect(gate([fresh], now)).toBe(1_000);
  });
});
