// Logging in without the form (Epic Stack's approach): the session row that createUserSession
// (app/models/session.server.ts) would write goes straight into the e2e database, and the browser gets
// the cookie the app would have set, signed with the same name, options and secret. A form login
// costs a full password hash (scrypt) and three page loads; this costs one INSERT. The real form is
// still proven by auth.spec.ts, i18n-auth.spec.ts and the throttling specs, JS on and off.
import { createHash, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { E2E_PORT } from "../../playwright.config";
import { e2eDb } from "./db";
import { DEMO, type DemoRole } from "./helpers";

/** SESSION_SECRET of scripts/e2e-server.mjs (the server signs and checks the cookie with it). */
const SESSION_SECRET = "e2e-secret-0123456789abcdef";
const SESSION_DAYS = 30;
const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// The app's session cookie (app/lib/cookies.server.ts getSessionCookie) over http: no __Host- prefix.
const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: false,
  secrets: [SESSION_SECRET],
  maxAge: 60 * 60 * 24 * SESSION_DAYS,
});

/** Who to log in as: a seeded demo role (its DEMO account), an email, or a made user. */
export type Who = DemoRole | string | { email: string };

function emailOf(who: Who): string {
  if (typeof who !== "string") return who.email;
  return who in DEMO ? DEMO[who as DemoRole] : who;
}

/** A new session row for the user with this email (as createUserSession writes it); the session id. */
export function createSession(who: Who): string {
  const email = emailOf(who);
  const row = e2eDb().prepare("SELECT id FROM users WHERE email = ? COLLATE NOCASE").get(email) as
    | { id: number }
    | undefined;
  if (!row) throw new Error(`loginAs: no user ${email}`);
  const id = randomBytes(32).toString("base64url");
  e2eDb()
    .prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .run(
      createHash("sha256").update(id).digest("hex"),
      row.id,
      Date.now(),
      Date.now() + SESSION_DAYS * 86_400_000,
    );
  return id;
}

/** The signed cookie value the app would set for session `id` (what follows `__session=`). */
export async function signedSession(id: string): Promise<string> {
  const header = await sessionCookie.serialize(id);
  return header.slice("__session=".length, header.indexOf(";"));
}

/**
 * Logs `page`'s browser context in as `who` (a DEMO role such as "ADMIN", an email, or a made user)
 * without the login form, replacing any session cookie it had (logging in as someone else is just
 * another call). With `path`, then opens it; without, the page stays where it is (a form login
 * would have landed on `/`).
 */
export async function loginAs(page: Page, who: Who, path?: string) {
  const value = await signedSession(createSession(who));
  const context = page.context();
  await context.clearCookies({ name: "__session" });
  await context.addCookies([
    {
      name: "__session",
      value,
      url: BASE_URL,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(Date.now() / 1000) + SESSION_DAYS * 86_400,
    },
  ]);
  if (path) await page.goto(path);
}
