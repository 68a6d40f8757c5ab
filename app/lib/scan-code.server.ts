// Signing of crew tag codes (rules/scan-code.ts; docs/decisions/0025-crew-tag-versions.md): an HMAC
// of the version and the user id with a key derived from SESSION_SECRET, cut to 10 characters (60
// bits: not guessable by trying at a kiosk). The version is in the signed text and printed in the
// code, `#<id>.<version>.<signature>`, so moving it on (Settings: 'Void printed crew tags') voids
// every tag printed before without touching SESSION_SECRET (which would also end every session).
// Tags printed before versions existed, `#<id>.<signature>` (an HMAC of the id alone), are version 1.
import {
  judgeScanCode,
  parseScanCode,
  type ScanCode,
  type ScanVerdict,
  SIGNATURE_LENGTH,
} from "~/rules/scan-code";
import { hmac, safeEqual } from "./crypto.server";
import { env } from "./env.server";

export type { ScanVerdict } from "~/rules/scan-code";

function key(): string {
  return `crew-tag:${env().SESSION_SECRET}`;
}

/** The signature of a user's code of `version`; `null`: a tag printed before versions existed. */
export function signatureOf(userId: number, version: number | null): string {
  const text = version === null ? String(userId) : `${userId}.v${version}`;
  return hmac(key(), text).slice(0, SIGNATURE_LENGTH);
}

/** The code printed on a member's crew tag (and in its QR code): `#<id>.<version>.<signature>`,
 * of the current version unless one is given (a PDF of many tags reads it once). */
export function signedCode(userId: number, version: number): string {
  return `#${userId}.${version}.${signatureOf(userId, version)}`;
}

/** Whether a signed code carries its member's signature for the version it carries. */
export function signatureOk(code: ScanCode & { signature: string }): boolean {
  return safeEqual(code.signature, signatureOf(code.userId, code.version));
}

/**
 * What a kiosk makes of a scanned text: the user id, 'Invalid input.' (not a code, a bad
 * signature, a version not issued yet, or a plain code while signed tags are required), or
 * voided (a genuine tag of an earlier version: it must be reprinted). `version`: the current one
 * unless given.
 */
export function checkScanCode(text: string, requireSigned: boolean, version: number): ScanVerdict {
  return judgeScanCode(parseScanCode(text), requireSigned, version, signatureOk);
}

/** A scanned text as a user id, or null for 'Invalid input.' (bad form, bad signature, a voided
 * tag, or a plain code while signed tags are required). checkScanCode tells a voided tag apart. */
export function readScanCode(text: string, requireSigned: boolean, version: number): number | null {
  const verdict = checkScanCode(text, requireSigned, version);
  return verdict.kind === "ok" ? verdict.userId : null;
}
