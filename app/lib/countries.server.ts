// ISO 3166-1 countries by two-letter code: codes from i18n-iso-countries, English names from the
// runtime's own Intl data (no hand-typed list).
import countries from "i18n-iso-countries";

export type Country = { code: string; name: string };

let list: Country[] | undefined;
export function countryList(): Country[] {
  if (!list) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    list = Object.keys(countries.getAlpha2Codes())
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
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
