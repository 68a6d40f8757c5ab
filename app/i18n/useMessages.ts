// The strings of the page's language in a component, and in a meta function (its <title>): the root
// loader says which locale the request speaks (app/root.tsx); without root data (an error page before
// the root loader ran) English.
// In the browser each route registers the strings it uses in both languages before it renders
// (app/i18n/bundles.ts); the language switch reloads the document.
import { useRouteLoaderData } from "@remix-run/react";
import type { Bundle } from "~/messages";
import { bundleFor } from "./bundles";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locale";

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: unknown } | undefined;
  return isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE;
}

export function useMessages(): Bundle {
  return bundleFor(useLocale());
}

type Match = { id: string; data?: unknown };

/** The bundle of the locale in the root route's data, for a meta function: it cannot call hooks, so
 * it reads the locale the root loader returned from `matches` (issue 12). */
export function metaBundle(matches: readonly Match[]): Bundle {
  const locale = (matches.find((m) => m.id === "root")?.data as { locale?: unknown } | undefined)?.locale;
  return bundleFor(isLocale(locale) ? locale : DEFAULT_LOCALE);
}

/** `[{ title: "<page> | Regatta" }]` in the page's language. */
export function metaTitle(matches: readonly Match[], pick: (t: Bundle) => string) {
  const t = metaBundle(matches);
  return [{ title: `${pick(t)} | ${t.TITLES.appName}` }];
}
