// A kiosk device's name (issue 18), as staff type it on the enrol form: one field, trimmed, runs of
// white space as one space, at most KIOSK_NAME_MAX characters, at least one letter (a name a person
// recognises on the Kiosks screen, "Gate A laptop", not "0" or "-1") and no control or bidi
// formatting characters (a name that would show other than it reads).

export const KIOSK_NAME_MAX = 60;

export type KioskNameResult = { ok: true; name: string } | { ok: false; error: "required" | "tooLong" };

/** Every value the form sent for `name` (a forged form may send several, or a file). */
export function parseKioskName(values: readonly unknown[]): KioskNameResult {
  if (values.length !== 1 || typeof values[0] !== "string") return { ok: false, error: "required" };
  if (/[\p{Cc}\p{Cf}]/u.test(values[0].replace(/[\t\r\n]/g, " "))) return { ok: false, error: "required" };
  const name = values[0].trim().replace(/\s+/g, " ");
  if (!/\p{L}/u.test(name)) return { ok: false, error: "required" };
  if (name.length > KIOSK_NAME_MAX) return { ok: false, error: "tooLong" };
  return { ok: true, name };
}
