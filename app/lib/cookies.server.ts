// Cookie settings shared by every cookie the app sets: httpOnly (except the CSRF cookie, which the
// spec's API clients read), SameSite=Lax, Secure whenever the app is served over https.
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server";
import type { Toast } from "./toast";

type Flash = { toasts: Toast[] };

export function secureCookies(): boolean {
  return env().APP_URL.startsWith("https:");
}

let sessionCookie: ReturnType<typeof createCookie> | undefined;
export function getSessionCookie() {
  if (!sessionCookie) {
    sessionCookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: [env().SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  return sessionCookie;
}

let flashStorage: ReturnType<typeof createCookieSessionStorage<Flash, Flash>> | undefined;
/** Short-lived toasts, in a signed cookie so that reading one never writes the database. */
export function getFlashStorage() {
  if (!flashStorage) {
    flashStorage = createCookieSessionStorage<Flash, Flash>({
      cookie: {
        name: "__flash",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: secureCookies(),
        secrets: [env().SESSION_SECRET],
      },
    });
  }
  return flashStorage;
}
