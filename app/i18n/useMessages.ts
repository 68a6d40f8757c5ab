// The strings of the page's language in a component: the root loader says which locale the request
// speaks (app/root.tsx); without root data (an error page before the root loader ran) English.
// In the browser the page's language is loaded before hydration (entry.client.tsx); should the
// locale change without a document load, English shows until its strings arrive, then a re-render.
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useReducer } from "react";
import type { Bundle } from "~/messages";
import { bundleFor, hasBundle, loadBundle } from "./bundles";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locale";

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: unknown } | undefined;
  return isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE;
}

export function useMessages(): Bundle {
  const locale = useLocale();
  const ready = hasBundle(locale);
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ready) loadBundle(locale).then(loadedNow, () => {});
  }, [locale, ready]);
  return bundleFor(locale);
}
