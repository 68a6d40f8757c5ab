// Languages (issue 12, beyond the spec): English (the spec's text) and Bahasa Melayu. Pure and safe
// in the browser: which locale a request speaks, from the `lang` cookie the language switch sets,
// else the browser's Accept-Language on the first visit, else English.
import { LOCALES, type Locale } from "../../db/enums";

export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lang";
/** Each language's name in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ms: "Bahasa Melayu" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The best of our locales for an Accept-Language header ("ms-MY,ms;q=0.9,en;q=0.8"), or null. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 500)
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.split("-")[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.base).find(isLocale) ?? null;
}

/** The request's locale: the cookie if it names one of ours, else the browser's, else English. */
export function pickLocale(
  cookieValue: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** Where the switch goes back to: a path on this site ("/members?tab=paid"), else home. Never
 * another site ("//evil.example", "/\\evil.example", "https://…"). */
export function backPath(raw: unknown): string {
  if (typeof raw !== "string" || raw.length > 2000) return "/";
  return /^\/(?![/\\])[^\s]*$/.test(raw) ? raw : "/";
}
