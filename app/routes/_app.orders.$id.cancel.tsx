// /orders/:id/cancel (MANAGER): the confirmation step of Cancel Order over the orders table: the
// spec's 'Are you sure you want to cancel this order?' and a POST button, the same with and without
// JavaScript. Only the owner's own Processing order is cancelled (services/orders.server.ts
// cancelOrder checks both in one transaction, then tells the waitlist); another manager's order,
// or a missing one, is 404 and changes nothing.
import "~/i18n/routes/_app.orders.$id.cancel";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireRole, requireUser } from "~/services/access.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { editionOf } from "~/services/edition.server";
import { findOrder, orderScopeOf } from "~/models/order-list.server";
import { cancelOrder } from "~/services/orders.server";
import type { User } from "~/models/user.server";
import { formatRM } from "~/rules/format";
import { managerMayCancel } from "~/rules/orders";

async function requireManager(request: Request) {
  const user = await requireUser(request, "orders");
  requireRole(user, ["MANAGER"]);
  return user;
}

function ownOrder(user: User, editionId: number, rawId: string | undefined) {
  const order = findOrder(orderScopeOf(user, editionId), idParam(rawId));
  if (!order) notFound();
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireManager(request);
  const order = ownOrder(user, editionOf(request, user).id, params.id);
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
  await parseFixedForm(request, NO_FIELDS);
  const edition = editionOf(request, user);
  const order = ownOrder(user, edition.id, params.id);
  const back = new URL(request.url).search;
  if (!(await cancelOrder(edition.id, user.id, order.id)).ok) {
    // Paid, failed or cancelled meanwhile (a late payment, the auto-cancel, another tab), or an
    // order of an earlier edition (read-only).
    return redirectWithToast(request, `/orders${back}`, {
      type: "warning",
      message: MSG.orderNotCancellable,
    });
  }
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
