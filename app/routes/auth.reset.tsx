import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { Field, PasswordField } from "~/components/Field";
import { Toasts } from "~/components/Toasts";
import { requireGuest } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { resetPassword, sendPasswordResetEmail } from "~/models/account.server";
import { gate, throttleKeys } from "~/models/throttle.server";
import { throttledMessage } from "~/rules/throttle";
import { checkToken } from "~/models/token.server";
import { findUserByEmail } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import { forgotSchemaFor, parseWithZod, resetSchemaFor } from "~/lib/schemas.server";
import { MAX } from "~/rules/auth-fields";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.reset);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request, "reset");
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return json({ mode: "request" as const, token: null, invalid: false });
  return json({ mode: "reset" as const, token, invalid: !checkToken(token, "RESET_PASSWORD").ok });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "reset");
  const form = await readForm(request);
  const t = messagesFor(request);
  const { MSG } = t;
  const fail = (result: unknown, message: string | null, status = 400) =>
    json({ result, toast: message ? ({ type: "error", message } as Toast) : null }, status);

  if (form.get("intent") === "reset") {
    const submission = parseWithZod(form, { schema: resetSchemaFor(t) });
    if (submission.status !== "success") {
      const errors = Object.values(submission.error ?? {}).flat();
      return fail(
        submission.reply({ hideFields: ["newPassword", "confirmPassword"] }),
        errors[0] ?? MSG.resetError,
      );
    }
    const result = await resetPassword(submission.value.token, submission.value.newPassword);
    if (result === "invalidLink")
      return fail(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), MSG.resetLinkInvalid);
    return redirectWithToast(request, "/auth/login", { type: "success", message: MSG.resetSuccess });
  }

  const submission = parseWithZod(form, { schema: forgotSchemaFor(t) });
  if (submission.status !== "success") return fail(submission.reply(), null);
  // Every request counts, unknown emails too: 'Account does not exist' cannot be farmed.
  const wait = gate(throttleKeys.email("reset", request, submission.value.email));
  if (wait > 0) return fail(submission.reply(), throttledMessage(wait, t), 429);
  const user = findUserByEmail(submission.value.email);
  if (!user) return fail(submission.reply(), MSG.forgotNotFound, 404);
  try {
    await sendPasswordResetEmail(user);
  } catch (error) {
    console.error("password reset email failed", error);
    return fail(submission.reply(), MSG.forgotError, 500);
  }
  return redirectWithToast(request, "/auth/login", { type: "info", message: MSG.resetEmailSent });
}

export default function Reset() {
  const { MSG, TITLES } = useMessages();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="card narrow">
      <Toasts toasts={[actionData?.toast]} />
      <h1>{TITLES.reset}</h1>
      {data.mode === "request" ? (
        <RequestForm lastResult={actionData?.result} />
      ) : data.invalid ? (
        <>
          <p className="errors" role="alert">
            {MSG.resetLinkInvalid}
          </p>
          <Link to="/auth/reset" className="btn btn-block">
            {MSG.sendResetEmail}
          </Link>
        </>
      ) : (
        <ResetForm token={data.token} lastResult={actionData?.result} />
      )}
      <p className="form-links">
        <Link to="/auth/login">{MSG.backToLogin}</Link>
      </p>
    </div>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
type LastResult = any;

function RequestForm({ lastResult }: { lastResult: LastResult }) {
  const { MSG, LABELS } = useMessages();
  const [form, fields] = useForm({ lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <TaskInput task={LABELS.taskResetEmail} />
      <input type="hidden" name="intent" value="request" />
      <Field label={LABELS.email} field={fields.email}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          maxLength={MAX.email}
          autoComplete="email"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {MSG.sendResetEmail}
      </button>
    </Form>
  );
}

function ResetForm({ token, lastResult }: { token: string; lastResult: LastResult }) {
  const { TITLES, LABELS } = useMessages();
  const [form, fields] = useForm({ lastResult });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <TaskInput task={LABELS.taskReset} />
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <PasswordField label={LABELS.newPassword} field={fields.newPassword} autoComplete="new-password" />
      <PasswordField
        label={LABELS.confirmPassword}
        field={fields.confirmPassword}
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary btn-block">
        {TITLES.reset}
      </button>
    </Form>
  );
}
