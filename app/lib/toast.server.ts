import { redirect } from "@remix-run/node";
import { cookieName, getFlashStorage } from "./cookies.server";
import type { Toast } from "./toast";

const KEY = "toasts";
/** Toasts a flash cookie keeps: a client that posts again and again without reading its toasts
 * (a script, a no-JS form resent, the malformed-input test) would otherwise grow the cookie past
 * the browser's 4 kB, and Remix refuses to write such a cookie: a 500. */
export const FLASH_MAX = 3;

/** Adds a toast to the flash cookie (the last FLASH_MAX kept); returns the Set-Cookie header. */
export async function flashToast(request: Request, toast: Toast): Promise<string> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const existing = (session.get(KEY) as Toast[] | undefined) ?? [];
  session.flash(KEY, [...existing, toast].slice(-FLASH_MAX));
  try {
    return await storage.commitSession(session);
  } catch {
    session.flash(KEY, [toast]); // still too long with the older ones: the new one alone
    return storage.commitSession(session);
  }
}

/** Several toasts at once (a success and a warning about what was left out), after any flashed
 * before; the last FLASH_MAX kept. */
export async function redirectWithToasts(request: Request, to: string, toasts: Toast[]) {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const existing = (session.get(KEY) as Toast[] | undefined) ?? [];
  session.flash(KEY, [...existing, ...toasts].slice(-FLASH_MAX));
  let cookie: string;
  try {
    cookie = await storage.commitSession(session);
  } catch {
    session.flash(KEY, toasts.slice(-FLASH_MAX)); // still too long with the older ones: the new ones alone
    cookie = await storage.commitSession(session);
  }
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

export async function redirectWithToast(request: Request, to: string, toast: Toast, headers?: HeadersInit) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await flashToast(request, toast));
  return redirect(to, { headers: h });
}

/** Reads and clears the flashed toasts (a cookie write, never a database write). */
export async function takeToasts(request: Request): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const storage = getFlashStorage();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${cookieName("__flash")}=`)) return { toasts: [], setCookie: null };
  const session = await storage.getSession(cookie);
  const toasts = (session.get(KEY) as Toast[] | undefined) ?? [];
  // Once read, nothing is left: the cookie is deleted rather than re-sent empty, so later pages
  // neither parse nor sign it again (before, every page after a toast did both).
  const empty = Object.keys(session.data).length === 0;
  return {
    toasts,
    setCookie: await (empty ? storage.destroySession(session) : storage.commitSession(session)),
  };
}
