// The bundle of each locale (issue 12). Both are small and shipped together: a page can switch
// language without another download, and hydration finds the same strings the server rendered.
import { type Bundle, EN } from "~/messages";
import { MS } from "~/messages.ms";
import type { Locale } from "./locale";

const BUNDLES: Record<Locale, Bundle> = { en: EN, ms: MS };

export function bundleFor(locale: Locale): Bundle {
  return BUNDLES[locale] ?? EN;
}
