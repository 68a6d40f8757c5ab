// /tickets/purchase (MANAGER): Dinner Ticket Purchase. One table row: the item 'Dinner Ticket',
// the celebration's description and the price from the settings, and the number of pax (min 0).
// The table is a GET form: Checkout goes to /tickets/purchase/checkout?pax=N, the checkout dialog
// (a child route rendered over this screen through <Outlet/>), so it works without JavaScript;
// choosing a number changes nothing, so it is a URL. The pax typed stays in the input behind the
// dialog (read back from the URL).
import "~/i18n/routes/_app.tickets.purchase";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData } from "@remix-run/react";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { getSettings } from "~/models/settings.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { formatRM } from "~/rules/format";
import { MAX_PAX } from "~/rules/tickets";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.tickets);

/** The pax shown in the input: as typed (it is only a default value), 1 on a first visit. */
function shownPax(url: URL): string {
  const raw = url.searchParams.get("pax");
  return raw === null ? "1" : raw.trim().slice(0, 10);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "tickets");
  const settings = getSettings(editionOf(request, user).id);
  return json({
    price: settings.ticketPriceSen,
    description: settings.ticketDescription,
    pax: shownPax(new URL(request.url)),
  });
}

export default function TicketPurchase() {
  const data = useLoaderData<typeof loader>();
  const { TITLES, LABELS } = useMessages();
  return (
    <Screen title={TITLES.tickets}>
      <Form method="get" action="/tickets/purchase/checkout" preventScrollReset>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{TITLES.tickets}</caption>
            <thead>
              <tr>
                <th scope="col">{LABELS.item}</th>
                <th scope="col">{LABELS.price}</th>
                <th scope="col">
                  <label htmlFor="pax">{LABELS.numberOfPax}</label>
                </th>
                <th scope="col">{LABELS.description}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td data-label={LABELS.item}>{LABELS.dinnerTicket}</td>
                <td data-label={LABELS.price}>{formatRM(data.price)}</td>
                <td data-label={LABELS.numberOfPax}>
                  {/* Keyed by the URL's pax: a new URL shows its own number, not a stale one. */}
                  <input
                    key={data.pax}
                    id="pax"
                    name="pax"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_PAX}
                    step={1}
                    defaultValue={data.pax}
                  />
                </td>
                <td data-label={LABELS.description} className="cell-wrap">
                  {data.description}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {TITLES.checkout}
          </button>
        </div>
      </Form>
      <Outlet />
    </Screen>
  );
}
