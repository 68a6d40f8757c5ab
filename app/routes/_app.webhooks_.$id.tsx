// /webhooks/:id (ADMIN; issue 29 part 4, ADR 0039): one endpoint: its URL, events, state and
// failures in a row; its secret once, right after Add endpoint (lib/webhook-secret.server.ts);
// Disable / Enable and Delete (a confirmation step, /webhooks/:id/delete); and its delivery log,
// newest first, paged in SQL: event, time, status, attempts, with Resend per delivery. Every action
// is audited and POSTs then redirects back here with a toast (the same without JavaScript).
import "~/i18n/routes/_app.webhooks_.$id";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { type Column, DataTable, Pager } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { parseFixedForm } from "~/lib/forms.server";
import { found, idParam } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { kickWebhooks } from "~/services/webhook-sender.server";
import { webhookPageSchema } from "~/lib/webhook-forms.server";
import { takeSecret } from "~/lib/webhook-secret.server";
import {
  type DeliveryRow,
  findEndpoint,
  listDeliveries,
  resendDelivery,
  setEndpointEnabled,
} from "~/models/webhooks.server";
import { formatDateTime } from "~/rules/format";
import webhookStyles from "~/styles/webhooks.css";
import { type ListSpec, pageOf, parseList } from "~/rules/list-params";
import { WEBHOOK_LOG_SIZES } from "~/rules/webhook-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: webhookStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.LABELS.whDeliveryLog);

const LOG_LIST: ListSpec<"id", never> = {
  sizes: WEBHOOK_LOG_SIZES,
  sorts: ["id"],
  defaultSort: "id",
  defaultDir: "desc",
  filters: {},
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "webhook");
  const endpoint = found(findEndpoint(idParam(params.id)));
  const list = parseList(new URL(request.url).searchParams, LOG_LIST);
  const log = pageOf(list, (page) => listDeliveries(endpoint.id, page));
  const { secret, clear } = await takeSecret(request, endpoint.id, user.id);
  return json(
    { endpoint, log, secret, now: Date.now() },
    {
      headers: clear ? { "Set-Cookie": clear, "Cache-Control": "no-store" } : { "Cache-Control": "no-store" },
    },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "webhook");
  const { value } = await parseFixedForm(request, webhookPageSchema);
  const endpoint = found(findEndpoint(idParam(params.id)));
  const { MSG } = messagesFor(request);
  const back = `/webhooks/${endpoint.id}${new URL(request.url).search}`;
  if (value.intent === "resend") {
    const done = resendDelivery(user, endpoint.id, value.delivery);
    if (done === "ok") void kickWebhooks();
    return redirectWithToast(request, back, {
      type: done === "ok" ? "success" : "error",
      message: done === "ok" ? MSG.whResent : done === "busy" ? MSG.whResendBusy : MSG.whGone,
    });
  }
  const enable = value.intent === "enable";
  if (setEndpointEnabled(user, endpoint.id, enable) && enable) void kickWebhooks();
  return redirectWithToast(request, back, {
    type: "success",
    message: enable ? MSG.whEnabled(endpoint.url) : MSG.whDisabled(endpoint.url),
  });
}

export default function WebhookEndpoint() {
  const { endpoint, log, secret, now } = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  const { search } = useLocation();
  const when = (ms: number) => formatDateTime(ms, locale);
  const stateOf = (d: DeliveryRow) => {
    const answer = d.lastStatus === null ? LABELS.whNoAnswer : String(d.lastStatus);
    if (d.sending) return LABELS.whSending;
    if (d.deliveredAt !== null) return LABELS.whDelivered(d.lastStatus ?? 0);
    if (d.nextAttemptAt === null) return LABELS.whGivenUp(answer);
    if (d.attempts === 0) return LABELS.whWaiting;
    if (!endpoint.enabled) return LABELS.whHeldBack(answer);
    return LABELS.whRetrying(answer, when(Math.max(d.nextAttemptAt, now)));
  };
  const columns: Column<DeliveryRow>[] = [
    {
      label: LABELS.whEvent,
      cell: (d) => (
        <>
          <code>{d.event}</code>
          <br />
          <small className="hint">{d.eventId}</small>
        </>
      ),
      className: "cell-text",
    },
    { label: LABELS.whTime, cell: (d) => when(d.lastAttemptAt ?? d.createdAt) },
    {
      label: LABELS.whStatus,
      cell: (d) => (
        <>
          <span data-testid="delivery-status">{stateOf(d)}</span>
          {d.lastError && d.lastStatus === null && d.deliveredAt === null ? (
            <>
              <br />
              <small className="hint">{d.lastError}</small>
            </>
          ) : null}
        </>
      ),
      className: "cell-text",
    },
    { label: LABELS.whAttempts, cell: (d) => d.attempts },
    {
      label: LABELS.colActions,
      cell: (d) =>
        d.sending ? null : (
          <PostForm task={LABELS.whTaskResending} preventScrollReset>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="delivery" value={d.id} />
            <button type="submit" className="btn btn-small">
              {LABELS.whResend}
            </button>
          </PostForm>
        ),
      className: "cell-actions",
    },
  ];
  return (
    <Screen
      title={LABELS.whDeliveriesOf(endpoint.url)}
      actions={
        <Link to="/webhooks" className="btn">
          {LABELS.whAllEndpoints}
        </Link>
      }
    >
      {secret ? (
        <div className="card wide webhook-secret" role="note" data-testid="webhook-secret">
          <p>
            <strong>{MSG.whSecretOnce}</strong>
          </p>
          <CopyField id="webhook-secret" label={LABELS.whSecret} value={secret} />
        </div>
      ) : null}
      <dl className="card wide webhook-facts">
        <dt>{LABELS.whUrl}</dt>
        <dd>
          <code className="webhook-url">{endpoint.url}</code>
        </dd>
        <dt>{LABELS.whEvents}</dt>
        <dd>{endpoint.events.join(", ")}</dd>
        <dt>{LABELS.whState}</dt>
        <dd data-testid="webhook-state">{endpoint.enabled ? LABELS.whOn : LABELS.whOff}</dd>
        <dt>{LABELS.whFailures}</dt>
        <dd>{endpoint.failuresInRow}</dd>
      </dl>
      <div className="actions">
        <PostForm task={LABELS.whTaskSaving} preventScrollReset>
          <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
          <button type="submit" className="btn">
            {endpoint.enabled ? LABELS.whDisable : LABELS.whEnable}
          </button>
        </PostForm>
        <Link to={`/webhooks/${endpoint.id}/delete${search}`} className="btn btn-danger" preventScrollReset>
          {LABELS.whDelete}
        </Link>
      </div>
      <h2>{LABELS.whDeliveryLog}</h2>
      <DataTable
        basePath={`/webhooks/${endpoint.id}`}
        columns={columns}
        rows={log.rows}
        rowKey={(d) => d.id}
        caption={LABELS.whDeliveryLog}
        empty={MSG.whDeliveriesNone}
      />
      <Pager
        basePath={`/webhooks/${endpoint.id}`}
        page={log.page}
        size={log.size}
        total={log.total}
        sizes={WEBHOOK_LOG_SIZES}
      />
      <Outlet />
    </Screen>
  );
}
