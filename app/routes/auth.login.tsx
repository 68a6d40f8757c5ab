import "~/i18n/routes/auth.login";
import { getFormProps, useForm } from "~/components/form-state";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useState } from "react";
import { AuthCard, EmailField, PasswordField, SubmitButton } from "~/components/AuthForm";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { requireGuest } from "~/services/access.server";
import { login } from "~/services/auth.server";
import { parseForm, replyWithError, replyWithToast } from "~/lib/forms.server";
import { createUserSession } from "~/models/session.server";
import { throttledMessage } from "~/rules/throttle";
import type { Toast } from "~/lib/toast";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { loginSchemaFor } from "~/lib/schemas.server";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.login);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request, "login");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "login");
  const t = messagesFor(request);
  const { MSG } = t;
  const { form, submission } = await parseForm(request, loginSchemaFor(t));
  const hide = ["password"];
  const fail = (message: string, status: number) => replyWithError(submission, message, { status, hide });
  // A field's own error says what is wrong (no toast).
  if (submission.status !== "success") return replyWithToast(submission, null, { hide });

  const outcome = await login(request, form);
  if ("user" in outcome) {
    const headers = new Headers();
    headers.append("Set-Cookie", await createUserSession(outcome.user.id));
    headers.append("Set-Cookie", outcome.setCookie);
    return redirect("/", { headers });
  }
  if ("throttledMs" in outcome) return fail(throttledMessage(outcome.throttledMs, t), 429);
  if ("busy" in outcome) return fail(MSG.serverBusy, 429);
  if (outcome.error === "User not verified.") {
    return replyWithToast(
      submission,
      {
        type: "confirm",
        message: MSG.loginUnverified,
        action: "/auth/resend-verification",
        fields: { email: submission.value.email },
      } as Toast,
      { hide },
    );
  }
  return fail(MSG.loginMismatch, 400);
}

export default function Login() {
  const { MSG, TITLES, LABELS } = useMessages();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: data?.result, shouldRevalidate: "onBlur" });
  // A failed attempt empties the password box (without JavaScript the server already did): a new
  // key in the render that shows the answer, not an effect's render after it (a frame later, it
  // emptied what was typed meanwhile; and it re-created the box once at hydration).
  const [answer, setAnswer] = useState(data);
  const [attempt, setAttempt] = useState(0);
  if (answer !== data) {
    setAnswer(data);
    setAttempt(attempt + 1);
  }
  return (
    <AuthCard
      title={TITLES.login}
      toast={data?.toast}
      links={<Link to="/auth/reset">{MSG.forgotPassword}</Link>}
    >
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <TaskInput task={LABELS.taskLogin} />
        <EmailField field={fields.email} />
        <PasswordField
          key={attempt}
          label={LABELS.password}
          field={fields.password}
          autoComplete="current-password"
        />
        <SubmitButton>{TITLES.login}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
