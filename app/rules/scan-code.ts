// Scan codes (spec section 5; issue 10): a participant's code is '#' followed by their numeric user
// id, as the spec's kiosk reads it. Crew tags print a signed code, `#<id>.<signature>`, so a code
// cannot be guessed or forged; the kiosk accepts plain `#<id>` codes unless the ADMIN setting
// 'Require signed crew tags' is on. Pure: the signature is checked by a function the server passes
// in (lib/scan-code.server.ts), so the browser can parse codes for its offline checks too.

export type ScanCode = { userId: number; signature: string | null };

/** The most characters a scan may have (a scanner that types garbage is cut off here). */
export const SCAN_CODE_MAX = 40;

/**
 * Reads a scanned text: optional spaces, '#', the user id (1-9 digits), optionally '.' and the
 * signature (letters, digits, '-' or '_'). Anything else is null: the spec's 'Invalid input.'.
 */
export function parseScanCode(text: string): ScanCode | null {
  if (text.length > SCAN_CODE_MAX) return null;
  const m = /^#(\d{1,9})(?:\.([A-Za-z0-9_-]{4,20}))?$/.exec(text.trim());
  if (!m) return null;
  const userId = Number(m[1]);
  if (userId < 1) return null;
  return { userId, signature: m[2] ?? null };
}

/**
 * Whether a parsed code may be accepted: a signed code must carry the right signature; a plain
 * code is accepted only while signed tags are not required.
 */
export function scanCodeAccepted(
  code: ScanCode,
  requireSigned: boolean,
  signatureOk: (userId: number, signature: string) => boolean,
): boolean {
  if (code.signature === null) return !requireSigned;
  return signatureOk(code.userId, code.signature);
}
