// The request's language on the server: the `lang` cookie (set by the language switch, /lang), else
// the browser's Accept-Language, else English. Loaders and actions that answer with text (toasts,
// emails, PDFs) take their strings from messagesFor(request).
import { readCookie } from "~/lib/csrf.server";
import type { Bundle } from "~/messages";
import { bundleFor } from "./bundles.server";
import { LOCALE_COOKIE, type Locale, pickLocale } from "./locale";

export function localeOf(request: Request): Locale {
  return pickLocale(readCookie(request, LOCALE_COOKIE), request.headers.get("Accept-Language"));
}

export function messagesFor(request: Request): Bundle {
  return bundleFor(localeOf(request));
}

/** The switch's cookie: a year, the whole site, readable by nothing but the server (httpOnly). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
