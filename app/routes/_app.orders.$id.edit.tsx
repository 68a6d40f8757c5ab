// /orders/:id/edit (ADMIN): the Edit Order/Add Notes dialog over the orders table. The status
// selector's Update Status is disabled while the choice is the current status (with JavaScript;
// the server refuses an unchanged status anyway); its first answer is the spec's confirmation
// ('Changing status might impact payment process, ...') with a Yes button carrying confirmed=yes,
// the same with and without JavaScript. changeOrderStatus (services/orders.server.ts) audits the
// change, applies a newly paid order's effects once and then mails the owner (or, for any other
// status, tells the waitlist); leaving PAID reverses nothing, and the toast says so. Below: the notes
// (date, author, note) and an add-note textarea (at most 1000 characters; audited).
import "~/i18n/routes/_app.orders.$id.edit";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ORDER_STATUSES } from "../../db/enums";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { parseForm } from "~/lib/forms.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import { editOrderSchema } from "~/lib/schemas.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { findOrder, orderNotes } from "~/models/order-list.server";
import { addOrderNote } from "~/models/order.server";
import { changeOrderStatus } from "~/services/orders.server";
import type { User } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { formatDateTime, formatRM } from "~/rules/format";
import { OrderStatusBadge, statusLabel } from "~/components/OrderTables";

const NOTE_MAX = 1000;

async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request, "orders");
  requireRole(user, ["ADMIN"]);
  return user;
}

function orderOf(editionId: number, rawId: string | undefined) {
  const order = findOrder({ kind: "all", editionId }, idParam(rawId));
  if (!order) notFound();
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const edition = editionOf(request, user);
  const order = orderOf(edition.id, params.id);
  return json({
    id: order.id,
    createdAt: order.createdAt.getTime(),
    status: order.status,
    owner: order.ownerName || order.ownerEmail,
    team: order.team,
    total: order.total,
    notes: orderNotes(edition.id, order.id),
  });
}

type Reply = { toast: Toast | null; confirm?: { status: string }; note?: string };
const reply = (data: Reply, status = 200) => json(data, status);

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, editOrderSchema(t, NOTE_MAX));
  const edition = editionOf(request, user);
  const order = orderOf(edition.id, params.id);
  const here = `/orders/${order.id}/edit${new URL(request.url).search}`;

  if (submission.status !== "success") {
    // Only the note is the user's to get wrong; anything else is a forged post.
    const message = submission.error?.note?.[0];
    if (submission.payload.intent !== "note" || !message) throw new Response("Bad Request", { status: 400 });
    const raw = submission.payload.note;
    const note = message === MSG.orderNoteRequired || typeof raw !== "string" ? "" : raw.trim();
    return reply({ toast: { type: "error", message }, note }, 400);
  }
  const input = submission.value;

  if (input.intent === "status") {
    const to = input.status;
    if (to === order.status) {
      return reply({ toast: { type: "error", message: MSG.orderStatusUnchanged } }, 400);
    }
    if (input.confirmed !== "yes") return reply({ toast: null, confirm: { status: to } });
    const result = await changeOrderStatus(edition.id, user, order.id, to);
    if (!result.ok)
      return redirectWithToast(request, here, {
        type: "warning",
        message:
          result.code === "overCap"
            ? MSG.orderEntriesGone(result.eventName, result.left)
            : MSG.orderStatusStale,
      });
    const message = result.effectsKept
      ? `${MSG.orderStatusUpdated} ${MSG.orderEffectsKept}`
      : MSG.orderStatusUpdated;
    return redirectWithToast(request, here, { type: "success", message });
  }

  if (!addOrderNote(edition.id, user, order.id, input.note)) notFound();
  return redirectWithToast(request, here, { type: "success", message: MSG.orderNoteAdded });
}

export default function EditOrder() {
  const order = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const here = `/orders/${order.id}/edit${search}`;
  const confirm = data && "confirm" in data ? data.confirm : undefined;
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  return (
    <Dialog title={LABELS.editOrderNotes} closeTo={`/orders${search}`}>
      <Toasts toasts={[data?.toast]} />
      <p>
        {LABELS.orderN(order.id)} · {formatDateTime(order.createdAt, locale)} · {order.owner}
        {order.team ? ` (${order.team})` : ""} · {formatRM(order.total)}
      </p>
      {confirm ? (
        <div role="alertdialog" aria-labelledby="status-confirm" className="card">
          <p id="status-confirm">{MSG.orderStatusConfirm}</p>
          <p>
            <OrderStatusBadge status={order.status} /> → <OrderStatusBadge status={confirm.status} />
          </p>
          <PostForm task={LABELS.taskUpdatingStatus} preventScrollReset className="actions">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={confirm.status} />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" className="btn btn-primary">
              {LABELS.yesUpdateStatus}
            </button>
            <Link to={here} className="btn" preventScrollReset>
              {LABELS.cancel}
            </Link>
          </PostForm>
        </div>
      ) : (
        <StatusForm key={order.status} current={order.status} />
      )}
      <h3>{LABELS.notes}</h3>
      {order.notes.length === 0 ? (
        <p className="empty">{MSG.nothingToShow}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{LABELS.orderNotes}</caption>
            <thead>
              <tr>
                <th scope="col">{LABELS.date}</th>
                <th scope="col">{LABELS.author}</th>
                <th scope="col">{LABELS.note}</th>
              </tr>
            </thead>
            <tbody>
              {order.notes.map((n) => (
                <tr key={n.id}>
                  <td data-label={LABELS.date}>{formatDateTime(n.createdAt, locale)}</td>
                  <td data-label={LABELS.author}>{n.author}</td>
                  <td data-label={LABELS.note} className="cell-wrap">
                    {n.note}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PostForm task={LABELS.taskAddingNote} preventScrollReset>
        <input type="hidden" name="intent" value="note" />
        <div className="field">
          <label htmlFor="order-note">{LABELS.addNote}</label>
          <textarea
            id="order-note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            defaultValue={data && "note" in data ? data.note : ""}
            key={order.notes.length}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {LABELS.addNote}
        </button>
      </PostForm>
    </Dialog>
  );
}

/** Status selector and Update Status: disabled while unchanged once JavaScript runs (without it
 * the button stays enabled and the server answers an unchanged status with an error). */
function StatusForm({ current }: { current: string }) {
  const [choice, setChoice] = useState(current);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { LABELS } = useMessages();
  return (
    <PostForm task={LABELS.taskUpdatingStatus} preventScrollReset className="toolbar">
      <input type="hidden" name="intent" value="status" />
      <div className="field">
        <label htmlFor="order-status">{LABELS.status}</label>
        <select id="order-status" name="status" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s, LABELS)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={hydrated && choice === current}>
        {LABELS.updateStatus}
      </button>
    </PostForm>
  );
}
