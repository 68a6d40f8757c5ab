// /tickets/purchase/checkout?pax=N: the dinner ticket checkout over Dinner Ticket Purchase (a
// dialog child route, the same with and without JavaScript). GET shows the draft the server
// computed (item 'Dinner Ticket', price from the settings, count = pax, subtotal, total) and the
// notes, or for a pax below 1 the spec's 'Number of pax must be at least 1.' (more than MAX_PAX or
// not a whole number: ours); it never writes. Proceed to Payment (POST) parses the pax again,
// creates the order at the settings' price in one transaction (services/checkout.server.ts
// checkoutDinnerTickets, models/ticket.server.ts checkoutTickets) and answers the provider's checkout form, which submits itself
// (components/CheckoutDialog, services/checkout.server.ts: without JavaScript a Continue to payment
// button).
import "~/i18n/routes/_app.tickets.purchase.checkout";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CheckoutDialog } from "~/components/CheckoutDialog";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { checkoutAnswer, checkoutDinnerTickets, refuseCheckout } from "~/services/checkout.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { openOrdersOfClub } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { parsePax, ticketDraft } from "~/rules/tickets";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "tickets");
  const edition = editionOf(request, user);
  const settings = getSettings(edition.id);
  const { MSG } = messagesFor(request);
  const parsed = parsePax(new URL(request.url).searchParams.get("pax"), MSG);
  const dueHours = settings.paymentDueHours;
  const refuse = (message: string) =>
    json({
      refused: message as string | null,
      pax: 0,
      price: 0,
      total: 0,
      dueHours,
      replaces: [] as number[],
    });
  if ("error" in parsed) return refuse(parsed.error);
  if (user.associationId === null) return refuse(MSG.ticketNoClub);
  const draft = ticketDraft(parsed.pax, settings.ticketPriceSen);
  return json({
    refused: null as string | null,
    pax: parsed.pax,
    price: settings.ticketPriceSen,
    total: draft.total,
    dueHours,
    replaces: openOrdersOfClub(edition.id, user.id, "TICKET"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "tickets");
  const { form } = await parseForm(request, NO_FIELDS);
  const { MSG } = messagesFor(request);
  const parsed = parsePax(form.get("pax"), MSG);
  if ("error" in parsed) return refuseCheckout(parsed.error, 400);
  const edition = editionOf(request, user);
  const result = checkoutDinnerTickets(edition.id, user, parsed.pax, getSettings(edition.id));
  if (!result.ok) return refuseCheckout(MSG.ticketNoClub, 403);
  return checkoutAnswer(result.checkout);
}

export default function TicketCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  // Back to the screen with the pax as typed, so the input behind keeps it.
  const closeTo = `/tickets/purchase${search}`;
  const { TITLES, LABELS } = useMessages();

  return (
    <CheckoutDialog
      title={TITLES.checkout}
      closeTo={closeTo}
      checkout={actionData?.checkout}
      toast={actionData?.toast}
      refusal={data.refused}
      lines={[{ id: 1, label: LABELS.dinnerTicket, price: data.price, count: data.pax }]}
      total={data.total}
      hidden={[["pax", data.pax]]}
      dueHours={data.dueHours}
      replaces={data.replaces}
    />
  );
}
