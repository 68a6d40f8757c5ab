// What the server build (build/index.js, from `npx remix build`; `npm test` builds before the unit
// tests) must not load at start, for the server's memory (issue 30: RSS at most 180 MB; idle RSS
// 121 MB before these, 110 after). Skipped when there is no build.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BUILD = join(process.cwd(), "build", "index.js");

describe.skipIf(!existsSync(BUILD))("the server build", () => {
  const source = () => readFileSync(BUILD, "utf8");

  it("loads sharp on first use, not at start (sharp and libvips: ~8-19 MB of RSS)", () => {
    expect(source()).not.toMatch(/^import [^;]*from "sharp";/m);
    expect(source()).toMatch(/import\("sharp"\)/);
  });

  it("takes no country library (the names are a generated table: app/lib/country-names.ts)", () => {
    expect(source()).not.toMatch(/from "i18n-iso-countries/);
  });

  it("uses no Intl service: the first maps ~7 MB of ICU's locale data for good, four ~12 MB", () => {
    expect(source()).not.toMatch(/\bIntl\.|localeCompare|toLocale(Date|Time)?String/);
  });

  it("is Latin-1 only (V8 keeps a module's source, at two bytes a character if one is not)", () => {
    const wide = [...new Set([...source()].filter((c) => c.charCodeAt(0) > 0xff))];
    expect(wide).toEqual([]);
  });
});
