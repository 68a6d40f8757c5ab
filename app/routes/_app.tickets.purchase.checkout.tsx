// /tickets/purchase/checkout?pax=N: the dinner ticket checkout over Dinner Ticket Purchase (a
// dialog child route, the same with and without JavaScript). GET shows the draft the server
// computed (item 'Dinner Ticket', price from the settings, count = pax, subtotal, total) and the
// notes, or for a pax below 1 the spec's 'Number of pax must be at least 1.' (more than MAX_PAX or
// not a whole number: ours); it never writes. Proceed to Payment (POST) parses the pax again,
// creates the order at the settings' price in one transaction (models/ticket.server.ts
// checkoutTickets) and answers the provider's checkout form, which submits itself
// (components/PaymentRedirect: without JavaScript a Continue to payment button).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { Dialog } from "~/components/Dialog";
import { PaymentRedirect } from "~/components/PaymentRedirect";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { type Checkout, paymentProvider } from "~/lib/payments/provider.server";
import type { Toast } from "~/lib/toast";
import { getSettings } from "~/models/settings.server";
import { checkoutTickets } from "~/models/ticket.server";
import { MSG, TITLES } from "~/messages";
import { parsePax, TICKET_LABEL, ticketDraft } from "~/rules/tickets";
import { OrderLines } from "~/tables/orders";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "tickets");
  const settings = getSettings();
  const parsed = parsePax(new URL(request.url).searchParams.get("pax"));
  const dueHours = settings.paymentDueHours;
  const refuse = (message: string) =>
    json({ refused: message as string | null, pax: 0, price: 0, total: 0, dueHours });
  if ("error" in parsed) return refuse(parsed.error);
  if (user.associationId === null) return refuse(MSG.ticketNoClub);
  const draft = ticketDraft(parsed.pax, settings.ticketPriceSen);
  return json({
    refused: null as string | null,
    pax: parsed.pax,
    price: settings.ticketPriceSen,
    total: draft.total,
    dueHours,
  });
}

type ActionData = { toast: Toast | null; checkout: Checkout | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "tickets");
  const form = await readForm(request);
  const refuse = (message: string, status: number) =>
    json<ActionData>({ toast: { type: "error", message }, checkout: null }, status);
  const parsed = parsePax(form.get("pax"));
  if ("error" in parsed) return refuse(parsed.error, 400);
  const result = checkoutTickets(user, parsed.pax, getSettings());
  if ("refused" in result) return refuse(MSG.ticketNoClub, 403);
  const checkout = paymentProvider().checkout({
    id: result.order.id,
    total: result.order.total,
    detail: `Dinner ticket x ${parsed.pax} pax, order ${result.order.id}`,
    name: user.name,
    email: user.email,
    phone: user.phone,
  });
  return json<ActionData>({ toast: null, checkout });
}

export default function TicketCheckout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  // Back to the screen with the pax as typed, so the input behind keeps it.
  const closeTo = `/tickets/purchase${search}`;

  if (actionData?.checkout) {
    return (
      <Dialog title={TITLES.checkout} closeTo={closeTo}>
        <PaymentRedirect checkout={actionData.checkout} />
      </Dialog>
    );
  }
  return (
    <Dialog title={TITLES.checkout} closeTo={closeTo}>
      <Toasts toasts={[actionData?.toast]} />
      {data.refused ? (
        <>
          <p className="errors" role="alert">
            {data.refused}
          </p>
          <div className="actions">
            <Link to={closeTo} className="btn" preventScrollReset>
              Close
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" preventScrollReset>
          <CsrfInput />
          <TaskInput task="Creating order" />
          <input type="hidden" name="pax" value={data.pax} />
          <OrderLines
            caption="Draft order"
            lines={[{ id: 1, label: TICKET_LABEL, price: data.price, count: data.pax }]}
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
      )}
    </Dialog>
  );
}
