// Sessions, login and staff-account creation against a real SQLite file (this worker's own).
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEMO_PASSWORD, seed } from "../../db/seed";
import { seedEvents } from "../../db/seed-data";
import { LAST_YEAR_ENTRIES, LAST_YEAR_ROUNDS } from "../../db/seed-last-year";
import { listEditions, membershipPaidIn } from "~/models/edition.server";
import { officialResults } from "~/models/public-results.server";
import { login } from "~/services/auth.server";
import { db, schema } from "~/lib/db.server";
import { Request as WebFetchRequest } from "@remix-run/web-fetch";
import { createUserSession, destroyOtherSessions, destroySession, getUser } from "~/models/session.server";
import { getSettings } from "~/models/settings.server";
import { createStaffUser, findUserByEmail, statistics, UserExistsError } from "~/models/user.server";
import { defaultSettings } from "~/rules/settings-schema";

beforeAll(async () => {
  await seed();
});

const form = (email: string, password: string) => {
  const f = new FormData();
  f.set("email", email);
  f.set("password", password);
  return f;
};
const req = (cookie?: string) =>
  new Request("http://test/", { headers: cookie ? { Cookie: cookie.split(";")[0] } : {} });

describe("seed", () => {
  it("creates the four verified demo accounts once", async () => {
    for (const [email, role] of [
      ["admin@example.com", "ADMIN"],
      ["committee@example.com", "COMMITTEE"],
      ["manager@example.com", "MANAGER"],
      ["competitor@example.com", "COMPETITOR"],
    ] as const) {
      const user = findUserByEmail(email);
      expect(user?.role).toBe(role);
      expect(user?.verified).toBe(true);
    }
    const manager = findUserByEmail("manager@example.com")!;
    expect(manager.approved).toBe(true);
    expect(findUserByEmail("competitor@example.com")?.associationId).toBe(manager.associationId);
    expect(await seed()).toBe(false);
  });
  it("has the spec's events and members in every lifecycle state", () => {
    const names = db()
      .select({ name: schema.events.name })
      .from(schema.events)
      .all()
      .map((e) => e.name);
    expect(names).toContain("250M MALAYSIA OPEN");
    expect(names).toContain("400M SENIOR (S40) MIXED");
    expect(names).toContain("TUG OF WAR WOMEN");
    const users = db().select().from(schema.users).all();
    expect(users.some((u) => !u.verified)).toBe(true);
    expect(users.some((u) => u.verified && !u.approved)).toBe(true);
    expect(users.some((u) => u.approved && !u.membershipPaid)).toBe(true);
    expect(users.some((u) => u.approved && u.membershipPaid && u.role === "COMPETITOR")).toBe(true);
    expect(statistics(1).associations).toBe(5);
  });
  it("makes two editions: this year's open one and last year's archived, with official results (issue 21)", () => {
    const [open, last] = listEditions();
    expect(open).toMatchObject({ id: 1, state: "OPEN" });
    expect(last).toMatchObject({ state: "ARCHIVED", year: open.year - 1, name: `Regatta ${open.year - 1}` });
    // This year's events are the demo's as before; last year's few are its own.
    const events = (id: number) =>
      db().select().from(schema.events).where(eq(schema.events.editionId, id)).all().length;
    expect(events(open.id)).toBe(seedEvents().length);
    expect(events(last.id)).toBe(LAST_YEAR_ENTRIES.length);
    const results = officialResults(last.id);
    expect(results.flatMap((e) => e.rounds)).toHaveLength(LAST_YEAR_ROUNDS.length);
    expect(results.flatMap((e) => e.rounds).every((r) => r.lanes[0].place === 1)).toBe(true);
    // The demo manager's paid orders of last year, and the club's paid members then.
    const manager = findUserByEmail("manager@example.com")!;
    const orders = db()
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.ownerId, manager.id), eq(schema.orders.editionId, last.id)))
      .all();
    expect(orders.length).toBeGreaterThanOrEqual(3);
    expect(orders.every((o) => o.status === "PAID")).toBe(true);
    expect(membershipPaidIn(last, manager.id)).toBe(true);
    // Read-only.
    expect(() =>
      db().update(schema.orders).set({ status: "CANCELLED" }).where(eq(schema.orders.id, orders[0].id)).run(),
    ).toThrow(/EDITION_ARCHIVED/);
  });
  it("keeps 'Require signed crew tags' off in the demo (a new installation has it on: ADR 0025)", () => {
    expect(getSettings(1).requireSignedTags).toBe(false);
    expect(defaultSettings().requireSignedTags).toBe(true);
  });
});

describe("login", () => {
  it("returns the user for the right password, case-insensitive email", async () => {
    const r = await login(new Request("http://test/"), form("Admin@Example.com", DEMO_PASSWORD));
    expect("user" in r && r.user.email).toBe("admin@example.com");
  });
  it("fails with the API's messages", async () => {
    expect(await login(new Request("http://test/"), form("admin@example.com", "wrong"))).toEqual({
      error: "Invalid credentials.",
    });
    expect(await login(new Request("http://test/"), form("nobody@example.com", DEMO_PASSWORD))).toEqual({
      error: "Invalid credentials.",
    });
    expect(
      await login(new Request("http://test/"), form("penang.member1@example.com", DEMO_PASSWORD)),
    ).toEqual({
      error: "User not verified.",
    });
  });
});

/** A Request as server.mjs's runtime makes them (@remix-run/web-fetch's, installGlobals). */
const newRequest = (url: string, init?: ConstructorParameters<typeof WebFetchRequest>[1]) =>
  new WebFetchRequest(url, init) as unknown as Request;

describe("sessions", () => {
  it("finds the user from the cookie, stores only a hash, and revokes on destroy", async () => {
    const admin = findUserByEmail("admin@example.com")!;
    const cookie = await createUserSession(admin.id);
    expect((await getUser(req(cookie)))?.id).toBe(admin.id);
    const rows = db().select().from(schema.sessions).all();
    const raw = decodeURIComponent(cookie.split(";")[0].split("=")[1]);
    expect(rows.some((r) => raw.includes(r.idHash))).toBe(false);
    await destroySession(req(cookie));
    expect(await getUser(req(cookie))).toBeNull();
  });
  it("ignores a tampered cookie", async () => {
    expect(await getUser(req("__session=eyJhIjoxfQ%3D%3D.badsignature"))).toBeNull();
  });
  it("can end every other session of a user", async () => {
    const manager = findUserByEmail("manager@example.com")!;
    const a = await createUserSession(manager.id);
    const b = await createUserSession(manager.id);
    await destroyOtherSessions(manager.id, req(a));
    expect((await getUser(req(a)))?.id).toBe(manager.id);
    expect(await getUser(req(b))).toBeNull();
  });
  it("is looked up once per page: the loaders' copies of a GET share it, an action's POST does not", async () => {
    // Remix gives each loader its own copy of the request (a new Request, the same signal), with
    // the Request of @remix-run/web-fetch that server.mjs installs (installGlobals).
    const admin = findUserByEmail("admin@example.com")!;
    const cookie = (await createUserSession(admin.id)).split(";")[0];
    const page = newRequest("http://test/password?index", { headers: { Cookie: cookie } });
    const copy = newRequest("http://test/password", { headers: page.headers, signal: page.signal });
    expect(getUser(copy)).toBe(getUser(page));
    expect((await getUser(copy))?.id).toBe(admin.id);
    // Another page (another request) looks again: a logout in between is seen.
    const next = newRequest("http://test/password", { headers: { Cookie: cookie } });
    expect(getUser(next)).not.toBe(getUser(page));
    // An action's request keeps its own: the loaders after it (same signal) see what it changed.
    const post = newRequest("http://test/password", { method: "POST", headers: { Cookie: cookie } });
    const after = newRequest("http://test/password", { headers: post.headers, signal: post.signal });
    expect((await getUser(post))?.id).toBe(admin.id); // the action's guard
    await destroySession(post); // what the action changed (a logout)
    expect(await getUser(after)).toBeNull(); // the loaders run after the action
  });
});

describe("staff accounts", () => {
  it("creates a verified ADMIN or COMMITTEE, refuses other roles and duplicates", async () => {
    const u = await createStaffUser({
      role: "COMMITTEE",
      email: "New.Staff@Example.com",
      password: "Password1",
      name: " jane ",
    });
    expect(u).toMatchObject({
      email: "new.staff@example.com",
      role: "COMMITTEE",
      verified: true,
      name: "JANE",
    });
    await expect(
      createStaffUser({ role: "ADMIN", email: "new.staff@example.com", password: "Password1" }),
    ).rejects.toBeInstanceOf(UserExistsError);
    await expect(
      createStaffUser({ role: "MANAGER", email: "m@example.com", password: "Password1" }),
    ).rejects.toThrow();
  });

  it("user:create CLI: creates, then refuses a duplicate and a bad role with exit 1", () => {
    const run = (...args: string[]) =>
      spawnSync("npx", ["tsx", "scripts/user-create.ts", ...args], { env: process.env, encoding: "utf8" });
    const ok = run(
      "--role",
      "ADMIN",
      "--email",
      "cli.admin@example.com",
      "--password",
      "Password123",
      "--name",
      "Cli",
    );
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("Created ADMIN cli.admin@example.com");
    const dup = run("--role", "ADMIN", "--email", "cli.admin@example.com", "--password", "Password123");
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain("already exists; nothing changed");
    const bad = run("--role", "MANAGER", "--email", "cli.m@example.com", "--password", "Password123");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--role must be ADMIN or COMMITTEE");
    expect(findUserByEmail("cli.m@example.com")).toBeUndefined();
  });
});
