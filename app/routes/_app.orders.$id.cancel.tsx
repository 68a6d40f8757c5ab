// /orders/:id/cancel (MANAGER): the confirmation step of Cancel Order over the orders table: the
// spec's 'Are you sure you want to cancel this order?' and a POST button, the same with and without
// JavaScript. Only the owner's own Processing order is cancelled (cancelOwnOrder checks both in
// one transaction); another manager's order, or a missing one, is 404 and changes nothing.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireRole, requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findOrder, orderScopeOf, parseOrderId } from "~/models/order-list.server";
import { cancelOwnOrder } from "~/models/order.server";
import type { User } from "~/models/user.server";
import { formatRM } from "~/rules/format";
import { managerMayCancel } from "~/rules/orders";
import { serveWaitlistSoon } from "~/services/waitlist-mail.server";

async function requireManager(request: Request) {
  const user = await requireUser(request, "orders");
  requireRole(user, ["MANAGER"]);
  return user;
}

function ownOrder(user: User, rawId: string | undefined) {
  const id = parseOrderId(rawId);
  const order = id === null ? null : findOrder(orderScopeOf(user), id);
  if (!order) throw new Response("Not Found", { status: 404 });
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const order = ownOrder(await requireManager(request), params.id);
  const { MSG } = messagesFor(request);
  if (!managerMayCancel(order.status)) {
    const back = new URL(request.url).search;
    throw await redirectWithToast(request, `/orders${back}`, {
      type: "warning",
      message: MSG.orderNotCancellable,
    });
  }
  return json({ id: order.id, total: order.total });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireManager(request);
  const { MSG } = messagesFor(request);
  await readForm(request);
  const order = ownOrder(user, params.id);
  const back = new URL(request.url).search;
  if (cancelOwnOrder(user.id, order.id) !== "cancelled") {
    // Paid, failed or cancelled meanwhile (a late payment, the auto-cancel, another tab).
    return redirectWithToast(request, `/orders${back}`, {
      type: "warning",
      message: MSG.orderNotCancellable,
    });
  }
  serveWaitlistSoon(); // its entries, if any, are free again: the waitlist is told
  return redirectWithToast(request, `/orders${back}`, { type: "success", message: MSG.orderCancelled });
}

export default function CancelOrder() {
  const order = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.orderCancelTitle}
      back={`/orders${search}`}
      subject={`${LABELS.orderNumber(order.id)} · ${formatRM(order.total)}`}
      sentence={MSG.orderCancelConfirm}
      confirmLabel={LABELS.orderYesCancel}
      backLabel={LABELS.confirmNo}
      task={LABELS.orderTaskCancelling}
    />
  );
}
