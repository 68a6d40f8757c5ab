// /webhooks/new (ADMIN; issue 29 part 4): the Add endpoint dialog over the Webhooks list: the URL
// and the events as boxes. The URL is checked on the server (rules/webhooks.ts, after DNS too:
// services/webhooks.server.ts registerEndpoint); a refusal keeps what was typed and says why. Once
// added (audited), the endpoint's page shows its secret once (lib/webhook-secret.server.ts).
import "~/i18n/routes/_app.webhooks.new";
import { getCollectionProps, getFormProps, getInputProps, useForm } from "~/components/form-state";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { ErrorList, Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { flashToast } from "~/lib/toast.server";
import { carrySecret } from "~/lib/webhook-secret.server";
import type { Bundle } from "~/messages";
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "~/rules/webhook-fields";
import { webhookSchemaFor } from "~/rules/webhook-schema";
import { registerEndpoint } from "~/services/webhooks.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "webhooks");
  return null;
}

const refusal = (MSG: Bundle["MSG"], error: string) =>
  ({
    invalid: MSG.whUrlInvalid,
    scheme: MSG.whUrlInvalid,
    tooLong: MSG.whUrlTooLong(WEBHOOK_URL_MAX),
    credentials: MSG.whUrlCredentials,
    https: MSG.whUrlHttps,
    address: MSG.whUrlAddress,
    dns: MSG.whUrlDns,
    events: MSG.whEventsRequired,
  })[error] ?? MSG.whUrlInvalid;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "webhooks");
  const t = messagesFor(request);
  const { submission } = await parseForm(request, webhookSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? t.MSG.whUrlInvalid);
  const made = await registerEndpoint(user, submission.value.url, submission.value.events);
  if (!made.ok) {
    const message = refusal(t.MSG, made.code);
    const field = made.code === "events" ? "events" : "url";
    return replyWithError(submission, message, { status: 422, fieldErrors: { [field]: [message] } });
  }
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await carrySecret({ endpointId: made.id, userId: user.id, secret: made.secret }),
  );
  headers.append(
    "Set-Cookie",
    await flashToast(request, { type: "success", message: t.MSG.whCreated(made.url) }),
  );
  return redirect(`/webhooks/${made.id}`, { headers });
}

export default function NewWebhook() {
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  const [form, fields] = useForm({
    defaultValue: { url: "", events: [] as string[] },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: data?.result as any,
  });
  const boxes = getCollectionProps(fields.events, { type: "checkbox", options: [...WEBHOOK_EVENTS] });
  const invalid = Boolean(fields.events.errors?.length);
  return (
    <Dialog title={LABELS.whAdd} closeTo="/webhooks">
      <Toasts toasts={[data?.toast]} />
      <PostForm task={LABELS.whTaskAdding} {...getFormProps(form)} noValidate preventScrollReset>
        <Field label={LABELS.whUrl} field={fields.url} hint={LABELS.whUrlHint}>
          <input
            {...getInputProps(fields.url, { type: "url" })}
            maxLength={WEBHOOK_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
          />
        </Field>
        <fieldset className={`field${invalid ? " field-invalid" : ""}`}>
          <legend>{LABELS.whEvents}</legend>
          <div className="radios webhook-events">
            {boxes.map(({ key, ...box }) => (
              <label key={key}>
                <input
                  {...box}
                  aria-describedby={invalid ? fields.events.errorId : undefined}
                  aria-invalid={invalid || undefined}
                />{" "}
                <code>{box.value}</code>
              </label>
            ))}
          </div>
          <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
        </fieldset>
        <button type="submit" className="btn btn-primary btn-block">
          {LABELS.whAdd}
        </button>
      </PostForm>
    </Dialog>
  );
}
