// Kiosk devices (issue 18; docs/decisions/0024-kiosk-enrolment.md). The scanning screens answer
// participant data only to a kiosk device: a browser where ADMIN or COMMITTEE is logged in, or one
// they enrolled. An enrolled device carries its own long-lived cookie (not the login session, so
// the gate laptop keeps working after the staff member logs out): `k1.<id>.<secret>.<hmac>`. The
// HMAC (SESSION_SECRET) turns away a made-up cookie without touching the database; the id and the
// secret are then checked against the kiosks table (only the secret's SHA-256 is stored) on every
// request, so a revoked device is refused at once.
import { cookieName, secureCookies } from "~/lib/cookies.server";
import { randomToken, safeEqual, sha256, hmac } from "~/lib/crypto.server";
import { readCookie } from "~/lib/csrf.server";
import { env } from "~/lib/env.server";
import { KIOSK_RATE, limitRate } from "~/lib/rate-limit.server";
import { getUser } from "~/models/session.server";
import { messagesFor } from "~/i18n/locale.server";
import { enrolKiosk, liveKiosk, touchKiosk } from "~/models/kiosk.server";
import type { SavedBy } from "~/models/scan.server";
import type { User } from "~/models/user.server";

export const kioskCookieName = () => cookieName("__kiosk");
/** A year: the browser keeps it across race weekends; ADMIN revokes what is no longer wanted. */
const MAX_AGE_S = 365 * 24 * 60 * 60;
const VERSION = "k1";

const mac = (key: string, id: number, secret: string) => hmac(key, `kiosk:${VERSION}:${id}:${secret}`);

/** The cookie value for a device (pure: the key is given). */
export function signDevice(key: string, id: number, secret: string): string {
  return `${VERSION}.${id}.${secret}.${mac(key, id, secret)}`;
}

/** The device a cookie value names, when its signature holds under `key`; null otherwise (never
 * throws on any input). */
export function readDevice(
  key: string,
  value: string | null | undefined,
): { id: number; secret: string } | null {
  if (!value || value.length > 200) return null;
  const parts = value.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, rawId, secret, sig] = parts;
  if (!/^[1-9]\d{0,9}$/.test(rawId) || !/^[A-Za-z0-9_-]{16,64}$/.test(secret)) return null;
  const id = Number(rawId);
  return safeEqual(sig, mac(key, id, secret)) ? { id, secret } : null;
}

export type KioskDevice = { id: number; name: string };

/** Who may see participants on this request: staff logged in, an enrolled device, both or none. */
export type KioskAccess = { staff: User | null; device: KioskDevice | null };

const seen = new Map<number, number>();
/** When this process last saw each device (any request; the database keeps POSTs only). */
export const lastSeenHere = (id: number): number | null => seen.get(id) ?? null;

/** The enrolled, not revoked device this request's cookie names; null otherwise. */
export function deviceOf(request: Request): KioskDevice | null {
  const parsed = readDevice(env().SESSION_SECRET, readCookie(request, kioskCookieName()));
  if (!parsed) return null;
  const row = liveKiosk(parsed.id);
  if (!row || !safeEqual(row.secretHash, sha256(parsed.secret))) return null;
  seen.set(row.id, Date.now());
  return { id: row.id, name: row.name };
}

const isStaff = (user: User | null): user is User => user?.role === "ADMIN" || user?.role === "COMMITTEE";

const cache = new WeakMap<Request, Promise<KioskAccess>>();
export function kioskAccess(request: Request): Promise<KioskAccess> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      const user = await getUser(request);
      return { staff: isStaff(user) ? user : null, device: deviceOf(request) };
    })();
    cache.set(request, pending);
  }
  return pending;
}

export const mayScan = (a: KioskAccess) => a.staff !== null || a.device !== null;

/** The guard of a kiosk's no-JS POST (the entrance's and the pontoon's): the kiosk rate limit, then
 * staff or an enrolled device, else 403 with the spec's sentence as plain text. */
export async function requireKioskPost(request: Request): Promise<KioskAccess> {
  limitRate(request, "kiosk", KIOSK_RATE);
  const access = await kioskAccess(request);
  if (!mayScan(access))
    throw new Response(messagesFor(request).MSG.kioskRefused, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return access;
}

/** Enrols this browser: a new device row (audited) and the Set-Cookie header that makes it one. */
export function enrolDevice(staff: User, name: string): { id: number; setCookie: string } {
  const secret = randomToken(24);
  const id = enrolKiosk(staff, name, sha256(secret));
  const attrs = [
    "Path=/",
    `Max-Age=${MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Lax",
    secureCookies() ? "Secure" : "",
  ].filter(Boolean);
  return {
    id,
    setCookie: `${kioskCookieName()}=${signDevice(env().SESSION_SECRET, id, secret)}; ${attrs.join("; ")}`,
  };
}

/** Who saves a history, for its scan logs. */
export function savedBy(a: KioskAccess): SavedBy {
  return { kioskId: a.device?.id ?? null, staffId: a.staff?.id ?? null };
}

/** After a save that wrote: the device was seen now (stored at most once a minute). A refused or
 * empty save writes nothing, not even this. */
export function noteSaved(a: KioskAccess): void {
  if (a.device) touchKiosk(a.device.id);
}

/** A listed device with the later of its stored last POST and this process's last sight of it. */
export function withLastSeen<R extends { id: number; lastSeenAt: number | null }>(row: R): R {
  const here = lastSeenHere(row.id);
  return here !== null && (row.lastSeenAt === null || here > row.lastSeenAt)
    ? { ...row, lastSeenAt: here }
    : row;
}
