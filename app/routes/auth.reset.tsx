import "~/i18n/routes/auth.reset";
import { getFormProps, useForm } from "~/components/form-state";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, BackToLogin, EmailField, NewPasswordFields, SubmitButton } from "~/components/AuthForm";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { requireGuest } from "~/services/access.server";
import { firstError, parseForm, replyWithError, replyWithToast } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { resetPassword } from "~/models/account.server";
import { sendPasswordResetEmail } from "~/services/account-mail.server";
import { gate, throttleKeys } from "~/models/throttle.server";
import { throttledMessage } from "~/rules/throttle";
import { checkToken } from "~/models/token.server";
import { findUserByEmail } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { resetPageSchemaFor } from "~/lib/schemas.server";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.reset);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request, "reset");
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return json({ mode: "request" as const, token: null, invalid: false });
  return json({ mode: "reset" as const, token, invalid: !checkToken(token, "RESET_PASSWORD").ok });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "reset");
  const t = messagesFor(request);
  const { MSG } = t;
  // One of two forms, by its intent: the new password (with the link's token) or the email.
  const { form, submission } = await parseForm(request, resetPageSchemaFor(t));
  const value = submission.status === "success" ? submission.value : null;

  if (value?.intent === "reset" || (!value && form.get("intent") === "reset")) {
    const hide = ["newPassword", "confirmPassword"];
    if (value?.intent !== "reset")
      return replyWithError(submission, firstError(submission) ?? MSG.resetError, { hide });
    const result = await resetPassword(value.token, value.newPassword);
    if (result === "invalidLink") return replyWithError(submission, MSG.resetLinkInvalid, { hide });
    return redirectWithToast(request, "/auth/login", { type: "success", message: MSG.resetSuccess });
  }

  const fail = (message: string, status = 400) => replyWithError(submission, message, { status });
  // A field's own error says what is wrong (no toast).
  if (value?.intent !== "request") return replyWithToast(submission, null);
  const { email } = value;
  // Every request counts, unknown emails too: 'Account does not exist' cannot be farmed.
  const wait = gate(throttleKeys.email("reset", request, email));
  if (wait > 0) return fail(throttledMessage(wait, t), 429);
  const user = findUserByEmail(email);
  if (!user) return fail(MSG.forgotNotFound, 404);
  try {
    await sendPasswordResetEmail(user);
  } catch (error) {
    console.error("password reset email failed", error);
    return fail(MSG.forgotError, 500);
  }
  return redirectWithToast(request, "/auth/login", { type: "info", message: MSG.resetEmailSent });
}

export default function Reset() {
  const { MSG, TITLES } = useMessages();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title={TITLES.reset} toast={actionData?.toast} links={<BackToLogin />}>
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
    </AuthCard>
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
      <EmailField field={fields.email} />
      <SubmitButton>{MSG.sendResetEmail}</SubmitButton>
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
      <NewPasswordFields
        label={LABELS.newPassword}
        password={fields.newPassword}
        confirm={fields.confirmPassword}
      />
      <SubmitButton>{TITLES.reset}</SubmitButton>
    </Form>
  );
}
