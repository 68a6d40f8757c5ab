// The country table the server reads (app/lib/country-names.ts) is what the generator makes from
// i18n-iso-countries and Intl today: regenerate it with `npx tsx scripts/country-names.ts`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countryList, countryName } from "~/lib/countries.server";
import { TARGET, countryNamesSource } from "../../scripts/country-names";

describe("the country table", () => {
  it("is the generator's output (i18n-iso-countries' codes, Intl's names and order)", () => {
    expect(readFileSync(TARGET, "utf8")).toBe(countryNamesSource());
  });
  it("names every country in both languages, sorted in each", () => {
    expect(countryList("en")).toHaveLength(countryList("ms").length);
    expect(countryList("en").length).toBeGreaterThan(240);
    expect(countryName("MY")).toBe("Malaysia");
    expect(countryList("ms").find((c) => c.code === "DE")?.name).toBe("Jerman");
    expect(countryName("ZZ")).toBe("ZZ");
  });
});
