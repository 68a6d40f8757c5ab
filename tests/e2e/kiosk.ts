// Kiosk devices in tests (issue 18; docs/decisions/0024-kiosk-enrolment.md): the scanning screens
// show participants only to staff logged in or to a device staff enrolled. `asKioskDevice` makes a
// test's browser an enrolled device through the kiosk factory (tests/factories/race-day.ts) and the
// cookie the app would have set (signed with the e2e server's SESSION_SECRET,
// scripts/e2e-server.mjs), so a test of the kiosk itself needs no login;
// tests/e2e/kiosk-devices.spec.ts goes through the real enrolment.
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import * as raceDay from "../factories/race-day";
import { e2eDb, unique } from "./db";

const SECRET = "e2e-secret-0123456789abcdef";
export const KIOSK_COOKIE = "__kiosk";

/** The cookie value app/services/kiosk-device.server.ts signDevice gives. */
export function deviceCookieValue(id: number, secret: string): string {
  const sig = createHmac("sha256", SECRET).update(`kiosk:k1:${id}:${secret}`).digest("base64url");
  return `k1.${id}.${secret}.${sig}`;
}

/** A new enrolled device (as ADMIN enrolled it): its id, name and cookie value. */
export function createKioskDevice(name = unique("E2E KIOSK")): { id: number; name: string; cookie: string } {
  const secret = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(secret).digest("hex");
  const id = raceDay.kiosk(name, hash, { enrolledByName: "e2e" });
  return { id, name, cookie: deviceCookieValue(id, secret) };
}

/** Makes this page's browser an enrolled kiosk device; returns the device. */
export async function asKioskDevice(target: Page | BrowserContext, name?: string) {
  const device = createKioskDevice(name);
  const context = "context" in target ? target.context() : target;
  await context.addCookies([
    { name: KIOSK_COOKIE, value: device.cookie, url: `http://127.0.0.1:${E2E_PORT}` },
  ]);
  return device;
}

export type KioskRecord = {
  id: number;
  name: string;
  revoked_at: number | null;
  last_seen_at: number | null;
};
export function kioskRecord(id: number): KioskRecord | undefined {
  return e2eDb().prepare("SELECT id, name, revoked_at, last_seen_at FROM kiosks WHERE id = ?").get(id) as
    | KioskRecord
    | undefined;
}
export function kiosksNamed(name: string): KioskRecord[] {
  return e2eDb()
    .prepare("SELECT id, name, revoked_at, last_seen_at FROM kiosks WHERE name = ?")
    .all(name) as KioskRecord[];
}

/** A round's scan logs with the kiosk and staff member that saved them, oldest first. */
export function scanSaversOf(
  roundId: number,
): { user_id: number; kiosk_id: number | null; saved_by: number | null }[] {
  return e2eDb()
    .prepare("SELECT user_id, kiosk_id, saved_by FROM scan_logs WHERE round_id = ? ORDER BY id")
    .all(roundId) as { user_id: number; kiosk_id: number | null; saved_by: number | null }[];
}
