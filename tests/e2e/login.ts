// Logging in without the form (Epic Stack's approach): the app's own insertSession
// (app/models/session.server.ts, what createUserSession writes) puts the session row into the e2e
// database, and the browser gets the cookie the app would have set, signed with the same name,
// options and secret. A form login costs a full password hash (scrypt) and three page loads; this
// costs one INSERT. The real form is still proven by auth.spec.ts, i18n-auth.spec.ts and the
// throttling specs, JS on and off.
import type { Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { E2E_PORT } from "../../playwright.config";
// First: the models below open the e2e server's database (DATABASE_PATH).
import "./e2e-env";
import { insertSession } from "../../app/models/session.server";
import { findUserByEmail } from "../../app/models/user.server";
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

/** A new session row for the user with this email (the app's own insertSession); the session id. */
export function createSession(who: Who): string {
  const email = emailOf(who);
  const user = findUserByEmail(email);
  if (!user) throw new Error(`loginAs: no user ${email}`);
  return insertSession(user.id);
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
