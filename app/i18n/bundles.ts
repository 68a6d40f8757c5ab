// The bundle of each locale (issue 12). English is always here (every module's types and the
// fallback come from it). The other languages are loaded on demand so that a page carries only its
// own language's strings (~14 kB gzipped each; the JS budget is 100 kB per page, ADR 0022):
// - on the server, app/i18n/bundles.server.ts registers every bundle when the server build loads
//   (entry.server.tsx and locale.server.ts import it), so a render or an email never waits;
// - in the browser, entry.client.tsx loads the page's language (<html lang>) before it hydrates, so
//   hydration finds the strings the server rendered; the language switch reloads the document.
import { type Bundle, EN } from "~/messages";
import type { Locale } from "./locale";

const loaded: Partial<Record<Locale, Bundle>> = { en: EN };

/** Makes `bundle` the strings of `locale` (the server registers them all at start). */
export function registerBundle(locale: Locale, bundle: Bundle): void {
  loaded[locale] = bundle;
}

/** Whether `locale`'s strings are here (always on the server; in the browser once loaded). */
export function hasBundle(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/** The strings of `locale`; English while they are not loaded (see loadBundle). */
export function bundleFor(locale: Locale): Bundle {
  return loaded[locale] ?? EN;
}

/** Loads `locale`'s strings (in the browser its own chunk, fetched once). */
export async function loadBundle(locale: Locale): Promise<Bundle> {
  const have = loaded[locale];
  if (have) return have;
  switch (locale) {
    case "ms":
      registerBundle("ms", (await import("~/messages.ms")).MS);
      break;
    case "en":
      break;
  }
  return bundleFor(locale);
}
