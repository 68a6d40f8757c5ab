// Scan codes (spec section 5; issues 10 and 18; docs/decisions/0025-crew-tag-versions.md): a
// participant's code is '#' followed by their numeric user id, as the spec's kiosk reads it. Crew
// tags print a signed code, `#<id>.<version>.<signature>`, so a code cannot be guessed or forged, and
// ADMIN can void every printed tag at once by moving the version on (Settings, 'Void printed crew
// tags'). Tags printed before versions existed read `#<id>.<signature>`: they count as version 1.
// The kiosk accepts plain `#<id>` codes only while the ADMIN setting 'Require signed crew tags' is
// off. Pure: the signature is checked by a function the server passes in (lib/scan-code.server.ts),
// so the browser can parse codes for its offline checks too.
//
// The spec says the input must *contain* '#' followed by a numeric id: a barcode scanner may add a
// prefix (`ID#123`, an AIM symbology identifier such as `]Q1`) or a suffix (Enter, Tab, spaces). So
// the code may stand anywhere in the text, but only once, and nothing may run on from it.

export type ScanCode = {
  userId: number;
  /** The signature, or null for a plain `#<id>`. */
  signature: string | null;
  /** The printed version of a signed code; null for a plain code, or a tag printed before versions
   * (read as version 1). */
  version: number | null;
};

/** The most characters a scan may have (a scanner that types garbage is cut off here). */
export const SCAN_CODE_MAX = 40;
/** A signature's length: 10 base64url characters (60 bits). */
export const SIGNATURE_LENGTH = 10;
/** Versions run 1..TAG_VERSION_MAX: the longest code, `#` + 9 digits + `.` + 4 digits + `.` + 10,
 * is 26 characters, what a version 2-M QR code holds (docs/decisions/0017-crew-tags.md). */
export const TAG_VERSION_MAX = 9999;
/** The longest signed code. */
export const SIGNED_CODE_MAX = 1 + 9 + 1 + String(TAG_VERSION_MAX).length + 1 + SIGNATURE_LENGTH;

const CODE = new RegExp(`#(\\d{1,9})(?:\\.(?:([1-9]\\d{0,3})\\.)?([A-Za-z0-9_-]{${SIGNATURE_LENGTH}}))?`);
/** What may not follow a code: anything that could be more of it. */
const RUNS_ON = /^[A-Za-z0-9._-]/;

/**
 * Reads a scanned text: one '#', the user id (1-9 digits), optionally '.', a version and '.' and the
 * signature (10 letters, digits, '-' or '_'), with anything before it (a scanner's prefix) and
 * anything after it that does not run on from it (spaces, Enter, Tab, punctuation). Anything else is
 * null: the spec's 'Invalid input.' (no code, two codes, `#12a`, `#12.` and a cut signature).
 */
export function parseScanCode(text: string): ScanCode | null {
  if (text.length > SCAN_CODE_MAX) return null;
  if (text.indexOf("#") !== text.lastIndexOf("#")) return null; // two codes, or none
  const m = CODE.exec(text);
  if (!m) return null;
  if (RUNS_ON.test(text.slice(m.index + m[0].length))) return null;
  const userId = Number(m[1]);
  if (userId < 1) return null;
  if (m[3] === undefined) return { userId, signature: null, version: null };
  return { userId, signature: m[3], version: m[2] === undefined ? null : Number(m[2]) };
}

/** What a kiosk makes of a code: a user id, not a code it takes ('Invalid input.'), or a genuine
 * crew tag of an earlier version, voided by a rotation (the tag must be reprinted). */
export type ScanVerdict =
  | { kind: "ok"; userId: number }
  | { kind: "invalid" }
  | { kind: "voided"; userId: number };

/**
 * Whether a parsed code may be accepted: a signed code must carry the right signature for its
 * version, and that version must be the current one (an earlier one, genuinely signed, is voided; a
 * later one does not exist yet, so it is forged); a plain code is accepted only while signed tags
 * are not required. `signatureOk` checks a signed code's signature for the version it carries.
 */
export function judgeScanCode(
  code: ScanCode | null,
  requireSigned: boolean,
  currentVersion: number,
  signatureOk: (code: ScanCode & { signature: string }) => boolean,
): ScanVerdict {
  if (!code) return { kind: "invalid" };
  if (code.signature === null)
    return requireSigned ? { kind: "invalid" } : { kind: "ok", userId: code.userId };
  const version = code.version ?? 1;
  if (version > currentVersion) return { kind: "invalid" };
  if (!signatureOk({ ...code, signature: code.signature })) return { kind: "invalid" };
  return version < currentVersion
    ? { kind: "voided", userId: code.userId }
    : { kind: "ok", userId: code.userId };
}
