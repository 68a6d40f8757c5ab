// /orders/:id: the View Order dialog over the orders table (item, price, count, subtotal, total).
// A MANAGER may open only an order they own; anything else is 404, the same as a missing order.
import "~/i18n/routes/_app.orders.$id._index";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import { findOrder, orderScopeOf } from "~/models/order-list.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { formatDateTime } from "~/rules/format";
import { OrderLines } from "~/components/OrderLines";
import { OrderStatusBadge, ReplacedNote } from "~/components/OrderTables";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "orders");
  const order = findOrder(orderScopeOf(user, editionOf(request, user).id), idParam(params.id));
  if (!order) notFound();
  return json({
    id: order.id,
    createdAt: order.createdAt.getTime(),
    status: order.status,
    replacedBy: order.replacedBy,
    lines: order.lines,
    total: order.total,
  });
}

export default function ViewOrder() {
  const order = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  const locale = useLocale();
  return (
    <Dialog title={LABELS.viewOrder} closeTo={`/orders${search}`}>
      <p>
        {LABELS.orderN(order.id)} · {formatDateTime(order.createdAt, locale)} ·{" "}
        <OrderStatusBadge status={order.status} />
        <ReplacedNote status={order.status} replacedBy={order.replacedBy} />
      </p>
      <OrderLines lines={order.lines} total={order.total} />
    </Dialog>
  );
}
