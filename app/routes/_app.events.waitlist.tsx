// POST /events/waitlist (MANAGER): Join Waitlist (`intent=join`, `event`, `teams` 1..20) for an
// event with fewer entries left than the club wants, and Leave Waitlist (`intent=leave`, `entry`:
// the club's own live entry only; anything else is 404 and changes nothing). Each answers with a
// redirect to /events and a toast, so it works without JavaScript. Leaving may free an offer's
// slots: the waitlist is served again after the change (services/waitlist-mail.server.ts). GET has
// nothing to show here: back to /events.
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireRole, requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { waitlistSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { joinWaitlistAndServe, leaveWaitlistAndServe } from "~/services/waitlist.server";
import { getSettings } from "~/models/settings.server";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { type EntriesRefusal, entriesRefusalText, parseEntryRequest } from "~/rules/entries";
import { isClosed } from "~/rules/crew";
import { now as clockNow } from "~/lib/clock.server";

const BACK = "/events";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "events");
  return redirect(BACK);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER"]);
  const { value } = await parseFixedForm(request, waitlistSchema);
  const bundle = messagesFor(request);
  const { MSG } = bundle;
  const locale = localeOf(request);
  const refusalText = (code: EntriesRefusal, closeAt: number | null) =>
    entriesRefusalText(code, closeAt, clockNow(), bundle, locale);
  const scope = scopeOf(user);
  const edition = editionOf(request, user);
  const error = (message: string) => redirectWithToast(request, BACK, { type: "error", message });
  if (value.intent === "join") {
    const parsed = parseEntryRequest([value.event ?? ""], [value.teams ?? ""], MSG);
    if (parsed === null) throw new Response("Bad Request", { status: 400 });
    if ("error" in parsed) return error(parsed.error);
    const [{ eventId, teams }] = parsed.requests;
    const result = await joinWaitlistAndServe(edition.id, user, scope, eventId, teams);
    if (!result.ok) return error(refusalText(result.code, getSettings(edition.id).entriesCloseAt));
    return redirectWithToast(request, BACK, {
      type: "success",
      message: MSG.waitlistJoined(result.eventName),
    });
  }

  // Leave Waitlist. After the deadline the waitlist stands still (no offers are made): nothing to
  // leave for.
  const { entriesCloseAt } = getSettings(edition.id);
  if (isClosed(entriesCloseAt, clockNow())) return error(refusalText("closed", entriesCloseAt));
  if (!leaveWaitlistAndServe(edition.id, scope, value.entry)) notFound();
  return redirectWithToast(request, BACK, { type: "success", message: MSG.waitlistLeft });
}
