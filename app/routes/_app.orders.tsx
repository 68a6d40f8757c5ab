// /orders (ADMIN, MANAGER): the orders table, newest first, paged in SQL. ADMIN sees every order
// with its owner and team, filters by status (the overview cards link to ?status=PAID|PROCESSING|
// FAILED) and downloads CSV; a MANAGER sees only the orders they own, under the spec's warning.
// Editions (issue 21): ADMIN's table is the edition being looked at; a MANAGER's lists their orders
// of every edition with an Edition column (last year's receipts stay at hand; only the open
// edition's orders can be cancelled).
// Row actions: View Order, Edit Order/Add Notes (ADMIN), Download Invoice, Download Receipt
// (Paid only), Cancel Order (MANAGER, Processing only). The dialogs are child routes
// (/orders/:id, /orders/:id/edit, /orders/:id/cancel); the PDFs are resource routes at the order's
// token (/orders/:token/invoice.pdf, /orders/:token/receipt.pdf).
import "~/i18n/routes/_app.orders";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { fastLinkHtml } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { FilterSelect } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listOrders, type OrderRow, orderScopeOf } from "~/models/order-list.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { elementHtml } from "~/rules/html";
import { pageOf, parseList } from "~/rules/list-params";
import { ORDER_LIST, orderColumns, statusChoicesOf } from "~/components/OrderTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.orders);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "orders");
  const edition = editionOf(request, user);
  const scope = orderScopeOf(user, edition.id);
  const params = parseList(new URL(request.url).searchParams, ORDER_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listOrders(scope, params.filters, order, p));
  const admin = scope.kind === "all";
  return json({ ...listed, filters: admin ? params.filters : {}, admin, editionId: edition.id });
}

/** The order a Cancel Order confirmation is being posted for (shown Cancelled at once; if the
 * server refuses, the reloaded list shows the real status again). */
function useCancelling(): number | null {
  const nav = useNavigation();
  if (nav.state !== "submitting" || nav.formMethod?.toUpperCase() !== "POST") return null;
  const match = nav.formAction?.match(/^\/orders\/(\d+)\/cancel(?:\?|$)/);
  return match ? Number(match[1]) : null;
}

/** A row's actions (view, edit notes, invoice, receipt, cancel), as HTML for the table body.
 * `editionId`: the request's edition; an order of another (archived) one cannot be cancelled. */
function rowActionsHtml(
  row: OrderRow,
  admin: boolean,
  editionId: number,
  L: Bundle["LABELS"],
  search: string,
): string {
  const btn = "btn btn-small";
  let out = fastLinkHtml(`/orders/${row.id}${search}`, L.viewOrder, { preventScrollReset: true, class: btn });
  if (admin)
    out += fastLinkHtml(`/orders/${row.id}/edit${search}`, L.editOrderNotes, {
      preventScrollReset: true,
      class: btn,
    });
  out += elementHtml(
    "a",
    { href: `/orders/${row.token}/invoice.pdf`, download: "invoice.pdf", class: btn },
    L.downloadInvoice,
  );
  if (row.status === "PAID")
    out += elementHtml(
      "a",
      { href: `/orders/${row.token}/receipt.pdf`, download: "receipt.pdf", class: btn },
      L.downloadReceipt,
    );
  if (!admin && row.status === "PROCESSING" && row.editionId === editionId)
    out += fastLinkHtml(`/orders/${row.id}/cancel${search}`, L.cancelOrder, {
      preventScrollReset: true,
      class: "btn btn-small btn-danger",
    });
  return `<div class="filter-actions">${out}</div>`;
}

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  const cancelling = useCancelling();
  const bundle = useMessages();
  const locale = useLocale();
  const { MSG, TITLES, LABELS } = bundle;
  const status = (data.filters as { status?: string }).status ?? "";
  const rows = data.rows.map((r) => (r.id === cancelling ? { ...r, status: "CANCELLED" as const } : r));
  const columns: Column<OrderRow>[] = [
    ...orderColumns(data.admin, bundle, locale),
    {
      label: LABELS.colActions,
      className: "cell-buttons",
      html: (r, { search }) => rowActionsHtml(r, data.admin, data.editionId, LABELS, search),
    },
  ];
  return (
    <Screen title={TITLES.orders} actions={data.admin ? <CsvLink href="/orders.csv" /> : null}>
      {data.admin ? (
        <FilterForm submitLabel={LABELS.filter}>
          <FilterSelect
            name="status"
            label={LABELS.status}
            value={status}
            choices={statusChoicesOf(LABELS)}
          />
        </FilterForm>
      ) : (
        <div className="toolbar">
          <div className="toast toast-warning" role="note">
            <p>{MSG.ordersWarning}</p>
          </div>
        </div>
      )}
      <DataTable
        basePath="/orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.orders}
        cards={!data.admin}
      />
      <Pager
        basePath="/orders"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={ORDER_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
