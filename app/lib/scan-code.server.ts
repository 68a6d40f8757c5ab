// Signing of crew tag codes (rules/scan-code.ts): an HMAC of the user id with a key derived from
// SESSION_SECRET, cut to 10 characters (60 bits: not guessable by trying at a kiosk).
import { hmac, safeEqual } from "./crypto.server";
import { env } from "./env.server";
import { type ScanCode, parseScanCode, scanCodeAccepted } from "~/rules/scan-code";

const SIGNATURE_LENGTH = 10;

function key(): string {
  return `crew-tag:${env().SESSION_SECRET}`;
}

export function signatureOf(userId: number): string {
  return hmac(key(), String(userId)).slice(0, SIGNATURE_LENGTH);
}

/** The code printed on a member's crew tag (and in its QR code): `#<id>.<signature>`. */
export function signedCode(userId: number): string {
  return `#${userId}.${signatureOf(userId)}`;
}

export function signatureOk(userId: number, signature: string): boolean {
  return safeEqual(signature, signatureOf(userId));
}

/** A scanned text as a user id, or null for 'Invalid input.' (bad form, bad signature, or a plain
 * code while signed tags are required). */
export function readScanCode(text: string, requireSigned: boolean): number | null {
  const code: ScanCode | null = parseScanCode(text);
  if (!code) return null;
  return scanCodeAccepted(code, requireSigned, signatureOk) ? code.userId : null;
}
