// ISO 3166-1 countries by two-letter code, named in English unless a locale is asked for ("ms":
// Malay names). The names are a table generated from i18n-iso-countries and Intl
// (`scripts/country-names.ts`), not Intl at run time: Intl's first use maps ~7 MB of ICU's locale
// data into the server for good (ADR 0022, Memory).
import type { Locale } from "~/i18n/locale";
import { COUNTRY_NAMES } from "./country-names";

export type Country = { code: string; name: string };

const lists = new Map<Locale, Country[]>();
/** Every country, named and sorted in `locale` (English by default). */
export function countryList(locale: Locale = "en"): Country[] {
  let list = lists.get(locale);
  if (!list) {
    list = COUNTRY_NAMES[locale].map(([code, name]) => ({ code, name }));
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
