// The schemas of the small forms: one or two fields whose refusal is a status (400, 404) or a
// redirect rather than a form shown again. Zod stays on the server: routes import these through
// lib/schemas.server.ts.
import { z } from "zod";
import { LOCALES } from "../../db/enums";

/** POST /lang: the language asked for (anything else is a 400). `back` is read by backPath. */
export function languageSchema() {
  return z.object({ locale: z.enum(LOCALES) });
}

/** The manager's Regenerate Link: the club the step was shown for (compared with their own). */
export function ownClubSchema() {
  return z.object({ association: z.string().max(20) });
}

/** Enrol this device as a kiosk: exactly one of the kiosk screens to go back to (else a 400); the
 * name is read by parseKioskName (rules/kiosk-fields.ts), whose refusals are the form's toast. */
export function kioskEnrolSchema(screens: readonly [string, ...string[]]) {
  return z.object({ back: z.enum(screens) });
}
