// The server's clock and the test context (docs/decisions/0029-test-clock.md).
//
// now() is the time every deadline, eligibility and order-expiry rule reads. In production it is
// Date.now(). A server started with TEST_CONTEXT_HEADERS=1 (scripts/e2e-server.mjs only, like
// TEST_FAIL_HEADER) reads two request headers once per loader or action and keeps them for that
// call in an AsyncLocalStorage:
// - X-Test-Now: an ISO date-time (or ms): what now() returns during the request;
// - X-Test-Settings: a JSON object of settings that replace the saved ones for the request
//   (e.g. `{"entriesCloseAt":0,"requireSignedTags":true}`, a crewTagVersion too).
// So a test can close a deadline for itself alone, and tests no longer wait for each other on a
// shared settings row. Without the variable (production) no header is read.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerBuild } from "@remix-run/node";
import type { Settings } from "~/rules/settings-schema";

export const TEST_NOW_HEADER = "X-Test-Now";
export const TEST_SETTINGS_HEADER = "X-Test-Settings";

/** What a test may set for its own requests: the settings (any of them) and the crew tag version. */
export type SettingsOverrides = Partial<Settings> & { crewTagVersion?: number };
export type TestContext = { now?: number; settings?: SettingsOverrides };

const store = new AsyncLocalStorage<TestContext>();

/** The time now, in ms: the request's test clock if it has one, else the real one. */
export function now(): number {
  return store.getStore()?.now ?? Date.now();
}

/** The settings the request's test context replaces (none outside a test server). */
export function settingsOverrides(): SettingsOverrides | undefined {
  return store.getStore()?.settings;
}

/** Runs `fn` with `context` as the test context (the unit tests use it directly). */
export function runWithTestContext<T>(context: TestContext, fn: () => T): T {
  return store.run(context, fn);
}

const SETTING_TYPES: Record<keyof SettingsOverrides, "number" | "nullable-number" | "string" | "boolean"> = {
  crewTagFeeSen: "number",
  ticketPriceSen: "number",
  ticketDescription: "string",
  regattaName: "string",
  regattaYear: "number",
  paymentDueHours: "number",
  entriesCloseAt: "nullable-number",
  crewCloseAt: "nullable-number",
  requireSignedTags: "boolean",
  protestMinutes: "number",
  onWaterAlertMinutes: "number",
  crewChangeCutoffMinutes: "number",
  callMinutes: "number",
  pointsScheme: "string", // issue 29
  pointsCustom: "string",
  pointsFinalsOnly: "boolean",
  crewTagVersion: "number",
};

/** A settings override of the right types only; anything else is an error (a broken test). */
function parseSettings(text: string): SettingsOverrides {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${TEST_SETTINGS_HEADER} must be a JSON object`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const type = SETTING_TYPES[key as keyof SettingsOverrides];
    const ok =
      type === "nullable-number"
        ? v === null || Number.isFinite(v)
        : type === "number"
          ? Number.isFinite(v)
          : typeof v === type;
    if (!type || !ok) throw new Error(`${TEST_SETTINGS_HEADER}: bad ${key}`);
    out[key] = v;
  }
  return out as SettingsOverrides;
}

/** The test context a request's headers ask for, or null when they ask for none. */
export function testContextOf(headers: Headers): TestContext | null {
  const at = headers.get(TEST_NOW_HEADER);
  const settings = headers.get(TEST_SETTINGS_HEADER);
  if (!at && !settings) return null;
  const context: TestContext = {};
  if (at) {
    const ms = /^\d+$/.test(at) ? Number(at) : Date.parse(at);
    if (!Number.isFinite(ms)) throw new Error(`${TEST_NOW_HEADER}: not a date-time: ${at}`);
    context.now = ms;
  }
  if (settings) context.settings = parseSettings(settings);
  return context;
}

type Handler = (args: { request: Request }) => unknown;

/**
 * The build with each loader and action run inside its request's test context. server.mjs applies
 * it only when TEST_CONTEXT_HEADERS=1 (the e2e server); production never reads the headers.
 */
export function honourTestContext(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module;
    const wrapped = { ...module } as typeof module;
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind] as Handler | undefined;
      if (!handler) continue;
      wrapped[kind] = ((args: { request: Request }) => {
        const context = testContextOf(args.request.headers);
        return context ? store.run(context, () => handler(args)) : handler(args);
      }) as never;
    }
    routes[id] = { ...route, module: wrapped };
  }
  return { ...build, routes };
}
