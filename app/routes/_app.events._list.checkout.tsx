// /events/checkout?event=..&teams=..: the event entries checkout over the manager's Events screen
// (a dialog child route, the same with and without JavaScript; MANAGER only). The query is the buy
// form's parallel `event` and `teams` fields, so the numbers typed stay in the inputs behind the
// dialog. GET shows the draft the server computed (event, price, number of teams, subtotal, total)
// and the notes; it never writes. Proceed to Payment (POST) reads the fields again and runs
// checkoutEntries: the cap check and the order insert in one immediate transaction, so concurrent
// buyers never oversell. It answers the provider's checkout form (components/PaymentRedirect).
// Refusals, in the dialog: a count out of range or none (400), more than are left with a Join
// Waitlist form for that event, entries closed or the event gone (409), no club (403).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { Dialog } from "~/components/Dialog";
import { PaymentRedirect } from "~/components/PaymentRedirect";
import { requireRole, requireUser, scopeOf } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { type Checkout, paymentProvider } from "~/lib/payments/provider.server";
import { serveWaitlistNow, serveWaitlistSoon } from "~/lib/waitlist-mail.server";
import { checkoutEntries, type EntryRefusal, entriesDraft } from "~/models/entries.server";
import { getSettings } from "~/models/settings.server";
import { MSG, TITLES } from "~/messages";
import { type EntryRequest, parseEntryRequest } from "~/rules/entries";
import { formatDateTime } from "~/rules/format";
import { JoinWaitlist } from "~/tables/entries";
import { OrderLines } from "~/tables/orders";

export const meta: MetaFunction = () => [{ title: `${TITLES.checkout} | ${TITLES.appName}` }];

/** Why the checkout cannot go on: the sentence, and for more than are left the waitlist to join. */
type Refusal = { message: string; waitlist: { eventId: number; eventName: string; teams: number } | null };

type Line = { eventId: number; label: string; price: number; count: number };

function refusalOf(r: EntryRefusal, requests: EntryRequest[]): { refusal: Refusal; status: number } {
  switch (r.refused) {
    case "overCap":
      return {
        refusal: {
          message: MSG.entriesLeft(r.eventName, r.left),
          waitlist: {
            eventId: r.eventId,
            eventName: r.eventName,
            teams: requests.find((q) => q.eventId === r.eventId)?.teams ?? 1,
          },
        },
        status: 409,
      };
    case "closed":
      return {
        refusal: { message: MSG.entriesClosed(formatDateTime(r.closeAt)), waitlist: null },
        status: 409,
      };
    case "gone":
      return { refusal: { message: MSG.entriesEventGone, waitlist: null }, status: 409 };
    case "noClub":
      return { refusal: { message: MSG.entriesNoClub, waitlist: null }, status: 403 };
  }
}

/** The buy form's fields; a file or an unreadable id is a bad request. */
function requestOf(ids: FormDataEntryValue[], teams: FormDataEntryValue[]) {
  const strings = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string");
  const eventIds = strings(ids);
  const counts = strings(teams);
  const parsed =
    eventIds.length === ids.length && counts.length === teams.length
      ? parseEntryRequest(eventIds, counts)
      : null;
  if (parsed === null) throw new Response("Bad Request", { status: 400 });
  return parsed;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER"]);
  const query = new URL(request.url).searchParams;
  const parsed = requestOf(query.getAll("event"), query.getAll("teams"));
  const dueHours = getSettings().paymentDueHours;
  const refuse = (refusal: Refusal, status: number) =>
    json({ refusal: refusal as Refusal | null, lines: [] as Line[], total: 0, dueHours }, status);
  if ("error" in parsed) return refuse({ message: parsed.error, waitlist: null }, 400);
  const draft = entriesDraft(scopeOf(user), parsed.requests);
  if ("refused" in draft) {
    const { refusal, status } = refusalOf(draft, parsed.requests);
    return refuse(refusal, status);
  }
  const lines: Line[] = draft.lines.map((l) => ({
    eventId: l.eventId ?? 0,
    label: l.label,
    price: l.price,
    count: l.count,
  }));
  return json({ refusal: null as Refusal | null, lines, total: draft.total, dueHours });
}

type ActionData = { refusal: Refusal | null; checkout: Checkout | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER"]);
  const form = await readForm(request);
  const parsed = requestOf(form.getAll("event"), form.getAll("teams"));
  if ("error" in parsed)
    return json<ActionData>({ refusal: { message: parsed.error, waitlist: null }, checkout: null }, 400);
  const scope = scopeOf(user);
  // Holds that ran out go to the next club in line before anyone buys (the 5-minute job may not
  // have run yet): nobody jumps the waitlist.
  await serveWaitlistNow();
  const result = checkoutEntries(user, scope, parsed.requests);
  if ("refused" in result) {
    const { refusal, status } = refusalOf(result, parsed.requests);
    return json<ActionData>({ refusal, checkout: null }, status);
  }
  // Any part of an offer this club did not buy goes back to the line (cheap when nobody waits).
  serveWaitlistSoon();
  const teams = parsed.requests.reduce((sum, r) => sum + r.teams, 0);
  const checkout = paymentProvider().checkout({
    id: result.order.id,
    total: result.order.total,
    detail: `Event entries for ${teams} team${teams === 1 ? "" : "s"}, order ${result.order.id}`,
    name: user.name,
    email: user.email,
    phone: user.phone,
  });
  return json<ActionData>({ refusal: null, checkout });
}

export default function EntriesCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  // Back to the screen with the numbers as typed, so the inputs behind keep them.
  const closeTo = `/events${search}`;

  if (actionData?.checkout) {
    return (
      <Dialog title={TITLES.checkout} closeTo={closeTo}>
        <PaymentRedirect checkout={actionData.checkout} />
      </Dialog>
    );
  }
  const refusal = actionData?.refusal ?? data.refusal;
  if (refusal) {
    return (
      <Dialog title={TITLES.checkout} closeTo={closeTo}>
        <p className="errors" role="alert">
          {refusal.message}
        </p>
        {refusal.waitlist ? (
          <div className="entries-dialog-wait">
            <p>Join the waitlist of {refusal.waitlist.eventName} for this number of teams:</p>
            <JoinWaitlist
              eventId={refusal.waitlist.eventId}
              eventName={refusal.waitlist.eventName}
              teams={String(refusal.waitlist.teams)}
            />
          </div>
        ) : null}
        <div className="actions">
          <Link to={closeTo} className="btn" preventScrollReset>
            Close
          </Link>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={TITLES.checkout} closeTo={closeTo}>
      <Form method="post" preventScrollReset>
        <CsrfInput />
        <TaskInput task="Creating order" />
        {data.lines.map((l) => (
          <Fragment key={l.eventId}>
            <input type="hidden" name="event" value={l.eventId} />
            <input type="hidden" name="teams" value={l.count} />
          </Fragment>
        ))}
        <OrderLines
          caption="Draft order"
          itemLabel="Event"
          countLabel="Number of teams"
          lines={data.lines.map((l) => ({ id: l.eventId, label: l.label, price: l.price, count: l.count }))}
          total={data.total}
        />
        <p className="hint">{MSG.membersPaymentNotes(data.dueHours)}</p>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            Proceed to Payment
          </button>
          <Link to={closeTo} className="btn" preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </Dialog>
  );
}
