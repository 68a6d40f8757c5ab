// The writes after which the waitlist is served (issue 30: three routes called the model and then
// served the waitlist themselves): each function is the write and its serving, so a new caller
// cannot forget the second half. The serving and its offer emails: waitlist-mail.server.ts.
import { joinWaitlist, leaveWaitlist } from "~/models/entries.server";
import { updateEvent } from "~/models/event.server";
import { updateSettings } from "~/models/settings.server";
import { serveWaitlistNow, serveWaitlistSoon } from "./waitlist-mail.server";

/** Join Waitlist; entries still free (fewer than asked for) go to the line at once, this club
 * included, before the answer (its toast can count on them). */
export async function joinWaitlistAndServe(
  ...args: Parameters<typeof joinWaitlist>
): Promise<ReturnType<typeof joinWaitlist>> {
  const result = joinWaitlist(...args);
  if (result.ok) await serveWaitlistNow(undefined, args[0]);
  return result;
}

/** Leave Waitlist; the line moves up without making the answer wait. False: not this club's entry. */
export function leaveWaitlistAndServe(...args: Parameters<typeof leaveWaitlist>): boolean {
  const left = leaveWaitlist(...args);
  if (left) serveWaitlistSoon(args[0]);
  return left;
}

/** Edit Event; a larger maxTeam frees entries for the waitlist (served without waiting). Null: no
 * such event (throws EventExistsError as updateEvent does). */
export function updateEventAndServe(...args: Parameters<typeof updateEvent>): ReturnType<typeof updateEvent> {
  const updated = updateEvent(...args);
  if (updated) serveWaitlistSoon(args[1]);
  return updated;
}

/** Update Settings; a cleared or later Entries Close lets the waitlist move again (served before the
 * answer). */
export async function updateSettingsAndServe(
  ...args: Parameters<typeof updateSettings>
): Promise<ReturnType<typeof updateSettings>> {
  const changed = updateSettings(...args);
  await serveWaitlistNow();
  return changed;
}
