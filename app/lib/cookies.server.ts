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

/**
 * What a request's lookups are remembered by. Remix hands each loader its own copy of the request
 * (a new Request without `?index`/`_data`, headers copied), so a cache keyed by the Request object
 * missed between the root, layout and page loaders and every page read the cookie and the user two
 * or three times. The copies share the incoming request's `signal`, so a GET's lookups are kept by
 * that. An action's (POST) are kept by its own Request: the loaders that run after it in the same
 * request (with the same signal) must see what it changed, e.g. the name on one's own profile.
 */
export function perRequest(request: Request): object {
  return request.method === "GET" || request.method === "HEAD" ? request.signal : request;
}

const idHashes = new WeakMap<object, Promise<string | null>>();

/** SHA-256 of the session id in the request's (signed) cookie; null without one. Read once per
 * request: the root loader asks for it twice (the user, the CSRF binding), the layout and the page
 * once more each (the guard). */
export function sessionIdHash(request: Request): Promise<string | null> {
  const key = perRequest(request);
  let pending = idHashes.get(key);
  if (!pending) {
    pending = readSessionIdHash(request);
    idHashes.set(key, pending);
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
