// The kiosk's reading screens are rate-limited as its check endpoint is (issue 27, security
// review: an enrolled or copied kiosk cookie could read every team's roster in a minute):
// /scanning/entrance (rounds, a round's teams, a team's roster with names, gender and photos) and
// /scanning/profile (one participant). Same token bucket and budget as the check endpoint
// (KIOSK_RATE: 120 at once, then 2 a second), in a bucket of their own, "kiosk-read":
// - per address (IPv6: its /64), as every kiosk limit;
// - and per enrolled device, whatever address it comes from: a copied device cookie used from many
//   addresses still has one device's budget.
// Its own bucket, not the scans' ("kiosk"): without JavaScript each scan is a POST (the scans'
// bucket) whose page is then read again (this one), and a scan must not cost two of the 2 a second.
// The refusal is the check endpoint's: 429, Retry-After, the throttled sentence (MSG.throttled)
// in the request's language, shown on the error page. docs/decisions/0026-no-hoarding.md.
import type { KioskAccess } from "./kiosk-device.server";
import { KIOSK_RATE, limitKey, limitRate } from "~/lib/rate-limit.server";

export const KIOSK_READ = "kiosk-read";

/** Throws a 429 when this address, or the enrolled device it shows, has read too much. */
export function limitKioskRead(request: Request, access: KioskAccess): void {
  limitRate(request, KIOSK_READ, KIOSK_RATE);
  if (access.device) limitKey(request, `${KIOSK_READ}:device:${access.device.id}`, KIOSK_RATE);
}
