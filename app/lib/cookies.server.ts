// Cookie settings shared by every cookie the app sets: httpOnly (except the CSRF cookie, which the
// spec's API clients read), SameSite=Lax, and over https Secure with the `__Host-` prefix (the
// browser then refuses the cookie from a sibling host or for another path).
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { sha256 } from "./crypto.server";
import { env } from "./env.server";
import type { Toast } from "./toast";

type Flash = { toasts: Toast[] };

export function secureCookies(): boolean {
  return env().APP_URL.startsWith("https:");
}

/** `XSRF-TOKEN` locally, `__Host-XSRF-TOKEN` over https. */
export function cookieName(base: string, secure = secureCookies()): string {
  return secure ? `__Host-${base.replace(/^_+/, "")}` : base;
}

let sessionCookie: ReturnType<typeof createCookie> | undefined;
export function getSessionCookie() {
  if (!sessionCookie) {
    sessionCookie = createCookie(cookieName("__session"), {
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

let deviceCookie: ReturnType<typeof createCookie> | undefined;
/** Tags of the accounts that logged in on this device (throttling spares them; see throttle). */
export function getDeviceCookie() {
  if (!deviceCookie) {
    deviceCookie = createCookie(cookieName("__device"), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: [env().SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  return deviceCookie;
}

let flashStorage: ReturnType<typeof createCookieSessionStorage<Flash, Flash>> | undefined;
/** Short-lived toasts, in a signed cookie so that reading one never writes the database. */
export function getFlashStorage() {
  if (!flashStorage) {
    flashStorage = createCookieSessionStorage<Flash, Flash>({
      cookie: {
        name: cookieName("__flash"),
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

const idHashes = new WeakMap<Request, Promise<string | null>>();

/** SHA-256 of the session id in the request's (signed) cookie; null without one. Read once per
 * request: the root loader asks for it twice (the user, the CSRF binding). */
export function sessionIdHash(request: Request): Promise<string | null> {
  let pending = idHashes.get(request);
  if (!pending) {
    pending = readSessionIdHash(request);
    idHashes.set(request, pending);
  }
  return pending;
}

async function readSessionIdHash(request: Request): Promise<string | null> {
  let id: unknown;
  try {
    id = await getSessionCookie().parse(request.headers.get("Cookie"));
  } catch {
    return null; // a malformed cookie is no session
  }
  return typeof id === "string" && id.length > 0 ? sha256(id) : null;
}
