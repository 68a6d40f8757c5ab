import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { crewTagVersion, getSettings } from "~/models/settings.server";
import { withTestContext } from "../../server/test-context.mjs";
import { honourTestContext, now, runWithTestContext, testContextOf } from "./clock.server";

/** A build of one route whose loader answers what the app would read: the clock and settings. */
function buildOf(): ServerBuild {
  const loader = () => ({ now: now(), settings: getSettings(1), version: crewTagVersion(1) });
  return {
    entry: { module: { honourTestContext } },
    routes: { "routes/x": { id: "routes/x", path: "x", module: { loader } } },
  } as unknown as ServerBuild;
}

type Seen = { now: number; settings: ReturnType<typeof getSettings>; version: number };
async function load(build: ServerBuild, headers: Record<string, string>): Promise<Seen> {
  const loader = build.routes["routes/x"]?.module.loader as unknown as (a: unknown) => Promise<Seen>;
  return loader({ request: new Request("http://x/x", { headers }), params: {}, context: {} });
}

const AT = "2026-03-01T09:30:00.000Z";
const HEADERS = {
  "X-Test-Now": AT,
  "X-Test-Settings": JSON.stringify({ entriesCloseAt: 0, requireSignedTags: true, crewTagVersion: 7 }),
};

describe("the test clock and settings", () => {
  it("production (TEST_CONTEXT_HEADERS unset or anything but 1) ignores the headers", async () => {
    for (const flag of [undefined, "", "0", "true", "yes"]) {
      const build = withTestContext(buildOf(), flag);
      const seen = await load(build, HEADERS);
      expect(Math.abs(seen.now - Date.now())).toBeLessThan(5_000);
      expect(seen.settings).toEqual(getSettings(1));
      expect(seen.settings.entriesCloseAt).not.toBe(0);
      expect(seen.version).toBe(crewTagVersion(1));
    }
  });

  it("the e2e server (TEST_CONTEXT_HEADERS=1) gives each request its own clock and settings", async () => {
    const build = withTestContext(buildOf(), "1");
    const seen = await load(build, HEADERS);
    expect(seen.now).toBe(Date.parse(AT));
    expect(seen.settings).toEqual({ ...getSettings(1), entriesCloseAt: 0, requireSignedTags: true });
    expect(seen.version).toBe(7);
    // A request without the headers, and code outside any request, see the real ones.
    const plain = await load(build, {});
    expect(plain.settings).toEqual(getSettings(1));
    expect(Math.abs(plain.now - Date.now())).toBeLessThan(5_000);
    // Two requests at once keep their own.
    const [a, b] = await Promise.all([
      load(build, { "X-Test-Now": "1000" }),
      load(build, { "X-Test-Now": "2000" }),
    ]);
    expect([a.now, b.now]).toEqual([1000, 2000]);
  });

  it("refuses a malformed header (a broken test fails loudly instead of testing nothing)", () => {
    const h = (v: Record<string, string>) => new Headers(v);
    expect(testContextOf(h({}))).toBeNull();
    expect(testContextOf(h({ "X-Test-Now": "1700000000000" }))).toEqual({ now: 1_700_000_000_000 });
    expect(() => testContextOf(h({ "X-Test-Now": "soon" }))).toThrow();
    expect(() => testContextOf(h({ "X-Test-Settings": "[]" }))).toThrow();
    expect(() => testContextOf(h({ "X-Test-Settings": '{"entriesCloseAt":"x"}' }))).toThrow();
    expect(() => testContextOf(h({ "X-Test-Settings": '{"isAdmin":true}' }))).toThrow();
    expect(testContextOf(h({ "X-Test-Settings": '{"crewCloseAt":null}' }))).toEqual({
      settings: { crewCloseAt: null },
    });
  });

  it("runWithTestContext sets the clock for what it runs only", () => {
    expect(runWithTestContext({ now: 42 }, () => now())).toBe(42);
    expect(now()).toBeGreaterThan(42);
  });
});
