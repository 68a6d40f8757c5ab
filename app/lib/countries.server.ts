// ISO 3166-1 countries by two-letter code: codes from i18n-iso-countries, names from the runtime's
// own Intl data (no hand-typed list), in English unless a locale is asked for ("ms": Malay names).
// The library without its ~80 languages' names (its node entry registers all of them, ~5 MB of the
// server's memory): only the codes are used here, the names come from Intl.
import countries from "i18n-iso-countries/index.js";
import type { Locale } from "~/i18n/locale";

export type Country = { code: string; name: string };

const lists = new Map<Locale, Country[]>();
/** Every country, named and sorted in `locale` (English by default). */
export function countryList(locale: Locale = "en"): Country[] {
  let list = lists.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: "region" });
    list = Object.keys(countries.getAlpha2Codes())
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    lists.set(locale, list);
  }
  return list;
}

let codes: Set<string> | undefined;
export function countryCodes(): ReadonlySet<string> {
  if (!codes) codes = new Set(countryList().map((c) => c.code));
  return codes;
}

let byCode: Map<string, string> | undefined;
export function countryName(code: string): string {
  if (!byCode) byCode = new Map(countryList().map((c) => [c.code, c.name]));
  return byCode.get(code) ?? code;
}
