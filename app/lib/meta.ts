// A page's <title> in the page's language (issue 12): meta functions cannot call hooks, so they read
// the locale the root loader returned (app/root.tsx) from `matches`; English without it.
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import type { Bundle } from "~/messages";

type Match = { id: string; data?: unknown };

/** The bundle of the locale in the root route's data. */
export function metaBundle(matches: readonly Match[]): Bundle {
  const locale = (matches.find((m) => m.id === "root")?.data as { locale?: unknown } | undefined)?.locale;
  return bundleFor(isLocale(locale) ? locale : "en");
}

/** `[{ title: "<page> | Regatta" }]` in the page's language. */
export function metaTitle(matches: readonly Match[], pick: (t: Bundle) => string) {
  const t = metaBundle(matches);
  return [{ title: `${pick(t)} | ${t.TITLES.appName}` }];
}
