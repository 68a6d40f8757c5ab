// The strings of the page's language in a component: the root loader says which locale the request
// speaks (app/root.tsx); without root data (an error page before the root loader ran) English.
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
