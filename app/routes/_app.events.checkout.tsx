// /events/checkout?event=..&teams=..: the event entries checkout over the manager's Events screen
// (a dialog child route, the same with and without JavaScript; MANAGER only). The query is the buy
// form's parallel `event` and `teams` fields, so the numbers typed stay in the inputs behind the
// dialog. GET shows the draft the server computed (event, price, number of teams, subtotal, total),
// a note for each event of it whose waitlist the club is on (buying closes that place), and the
// notes; it never writes. Proceed to Payment (POST) reads the fields again and runs
// checkoutEntries: the cap check and the order insert in one immediate transaction, so concurrent
// buyers never oversell. It answers the provider's checkout form (components/CheckoutDialog,
// services/checkout.server.ts).
// Refusals, in the dialog: a count out of range or none (400), more than are left with a Join
// Waitlist form for that event, entries closed or the event gone (409), no club (403).
import "~/i18n/routes/_app.events.checkout";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type CheckoutLine, CheckoutDialog } from "~/components/CheckoutDialog";
import { requireRole, requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { type Checkout, checkoutEventEntries, checkoutLines } from "~/services/checkout.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { type EntryRefusal, entriesDraft } from "~/models/entries.server";
import { openOrdersOfClub } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
import type { Locale } from "~/i18n/locale";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { type EntryRequest, entriesRefusalText, parseEntryRequest } from "~/rules/entries";
import { JoinWaitlist } from "./_app.events/entries";
import { now as clockNow } from "~/lib/clock.server";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.checkout);

/** Why the checkout cannot go on: the sentence, and for more than are left the waitlist to join. */
type Refusal = { message: string; waitlist: { eventId: number; eventName: string; teams: number } | null };

function refusalOf(
  r: EntryRefusal,
  requests: EntryRequest[],
  t: Bundle,
  locale: Locale,
): { refusal: Refusal; status: number } {
  switch (r.code) {
    case "overCap":
      return {
        refusal: {
          message: t.MSG.entriesLeft(r.eventName, r.left),
          waitlist: {
            eventId: r.eventId,
            eventName: r.eventName,
            teams: requests.find((q) => q.eventId === r.eventId)?.teams ?? 1,
          },
        },
        status: 409,
      };
    default:
      return {
        refusal: {
          message: entriesRefusalText(r.code, r.code === "closed" ? r.closeAt : null, clockNow(), t, locale),
          waitlist: null,
        },
        status: r.code === "noClub" ? 403 : 409,
      };
  }
}

/** The buy form's fields; a file or an unreadable id is a bad request. */
function requestOf(ids: FormDataEntryValue[], teams: FormDataEntryValue[], t: Bundle) {
  const strings = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string");
  const eventIds = strings(ids);
  const counts = strings(teams);
  const parsed =
    eventIds.length === ids.length && counts.length === teams.length
      ? parseEntryRequest(eventIds, counts, t.MSG)
      : null;
  if (parsed === null) throw new Response("Bad Request", { status: 400 });
  return parsed;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER"]);
  const query = new URL(request.url).searchParams;
  const t = messagesFor(request);
  const parsed = requestOf(query.getAll("event"), query.getAll("teams"), t);
  const edition = editionOf(request, user);
  const dueHours = getSettings(edition.id).paymentDueHours;
  const refuse = (refusal: Refusal, status: number) =>
    json(
      {
        refusal: refusal as Refusal | null,
        lines: [] as CheckoutLine[],
        total: 0,
        waitlisted: [] as string[],
        dueHours,
        replaces: [] as number[],
      },
      status,
    );
  if ("error" in parsed) return refuse({ message: parsed.error, waitlist: null }, 400);
  const draft = entriesDraft(editionOf(request, user).id, scopeOf(user), parsed.requests);
  if (!draft.ok) {
    const { refusal, status } = refusalOf(draft, parsed.requests, t, localeOf(request));
    return refuse(refusal, status);
  }
  const lines = checkoutLines(draft.lines, "eventId");
  return json({
    refusal: null as Refusal | null,
    lines,
    total: draft.total,
    waitlisted: draft.waitlisted,
    dueHours,
    replaces: openOrdersOfClub(edition.id, user.id, "EVENT"),
  });
}

type ActionData = { refusal: Refusal | null; checkout: Checkout | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER"]);
  // The event and team lists are read by rules/entries parseEntryRequest, whose sentences the club
  // sees (ADR 0031: a tested rule reading parallel lists keeps that reader).
  const { form } = await parseFixedForm(request, NO_FIELDS);
  const t = messagesFor(request);
  const parsed = requestOf(form.getAll("event"), form.getAll("teams"), t);
  if ("error" in parsed)
    return json<ActionData>({ refusal: { message: parsed.error, waitlist: null }, checkout: null }, 400);
  // The waitlist is served first (nobody jumps it) and after (what this club did not use).
  const result = await checkoutEventEntries(
    editionOf(request, user).id,
    user,
    scopeOf(user),
    parsed.requests,
  );
  if (!result.ok) {
    const { refusal, status } = refusalOf(result, parsed.requests, t, localeOf(request));
    return json<ActionData>({ refusal, checkout: null }, status);
  }
  return json<ActionData>({ refusal: null, checkout: result.checkout });
}

export default function EntriesCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  // Back to the screen with the numbers as typed, so the inputs behind keep them.
  const closeTo = `/events${search}`;

  const { MSG, TITLES, LABELS } = useMessages();
  const refusal = actionData?.refusal ?? data.refusal;
  const wait = refusal?.waitlist;
  return (
    <CheckoutDialog
      title={TITLES.checkout}
      closeTo={closeTo}
      checkout={actionData?.checkout}
      refusal={refusal?.message}
      refusalExtra={
        wait ? (
          <div className="entries-dialog-wait">
            <p>{LABELS.joinWaitlistFor(wait.eventName)}</p>
            <JoinWaitlist eventId={wait.eventId} eventName={wait.eventName} teams={String(wait.teams)} />
          </div>
        ) : null
      }
      lines={data.lines}
      total={data.total}
      itemLabel={LABELS.colEvent}
      countLabel={LABELS.numberOfTeams}
      hidden={data.lines.flatMap((l) => [
        ["event", l.id],
        ["teams", l.count],
      ])}
      dueHours={data.dueHours}
      replaces={data.replaces}
    >
      {data.waitlisted.map((event) => (
        <p key={event} className="entries-note entries-dialog-note">
          {MSG.waitlistClosedByPurchase(event)}
        </p>
      ))}
    </CheckoutDialog>
  );
}
