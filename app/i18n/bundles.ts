// The bundle of each locale (issue 12, issue 30). The server has every language whole: English is
// app/messages.ts (app/i18n/en.ts), the others are registered by app/i18n/bundles.server.ts when the
// server build loads (entry.server.tsx and locale.server.ts import it), so a render or an email
// never waits. The browser gets only what its page uses: each route module imports its generated
// app/i18n/routes/<route>.ts (scripts/i18n-routes.ts), which registers here the English strings its
// browser-side modules can touch and, on a Malay page, waits for their Malay twin (<route>.ms.ts)
// with a top-level await, so the strings are here before the route renders (on hydration the route
// modules load before entry.client.tsx runs; on client navigation Remix renders a route once its
// module has loaded). A route's parents (root, the layout) register the strings they share, once.
import type { Bundle } from "~/messages";
import { EN } from "./en";
import type { Locale } from "./locale";

type Section = keyof Bundle;
/** Some of a bundle's strings: a route's part. */
export type BundlePart = { [S in Section]?: Partial<Bundle[S]> };

const loaded: Partial<Record<Locale, Bundle>> = { en: EN };

/** Makes `bundle` the strings of `locale` (the server registers them all at start). */
export function registerBundle(locale: Locale, bundle: Bundle): void {
  loaded[locale] = bundle;
}

/** In the browser: adds a route's strings of `locale` (app/i18n/routes/*). On the server, which
 * has every bundle whole, nothing (a route module is imported there too). */
export function registerStrings(locale: Locale, part: BundlePart): void {
  if (typeof document === "undefined") return;
  let into = loaded[locale];
  if (!into) {
    into = { MSG: {}, TITLES: {}, FOOTER: {}, NAV: {}, LABELS: {} } as unknown as Bundle;
    loaded[locale] = into;
  }
  for (const section of Object.keys(part) as Section[]) Object.assign(into[section], part[section]);
}

/** In the browser, whether the page is in `locale` (<html lang>, from the root loader; the language
 * switch reloads the document). On the server, which has every bundle, false. */
export function pageSpeaks(locale: Locale): boolean {
  return typeof document !== "undefined" && document.documentElement.lang === locale;
}

/** Whether `locale`'s strings are here (always on the server; in the browser once a route gave any). */
export function hasBundle(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/** The strings of `locale`; English while there are none. */
export function bundleFor(locale: Locale): Bundle {
  return loaded[locale] ?? EN;
}
