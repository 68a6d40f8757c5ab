import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { Field } from "~/components/Field";
import { Toasts } from "~/components/Toasts";
import { requireGuest } from "~/lib/access.server";
import { login } from "~/lib/auth.server";
import { readForm } from "~/lib/csrf.server";
import { createUserSession } from "~/lib/session.server";
import { throttledMessage } from "~/rules/throttle";
import type { Toast } from "~/lib/toast";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import { loginSchemaFor, parseWithZod } from "~/lib/schemas.server";
import { MAX } from "~/rules/auth-fields";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.login);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request, "login");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "login");
  const form = await readForm(request);
  const t = messagesFor(request);
  const { MSG } = t;
  const submission = parseWithZod(form, { schema: loginSchemaFor(t) });
  const reply = () => submission.reply({ hideFields: ["password"] });
  const fail = (message: string, status: number, toast?: Toast) =>
    json({ result: reply(), toast: toast ?? ({ type: "error", message } as Toast) }, status);
  if (submission.status !== "success") return json({ result: reply(), toast: null }, 400);

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
    return fail(MSG.loginUnverified, 400, {
      type: "confirm",
      message: MSG.loginUnverified,
      action: "/auth/resend-verification",
      fields: { email: submission.value.email },
    });
  }
  return fail(MSG.loginMismatch, 400);
}

export default function Login() {
  const { MSG, TITLES, LABELS } = useMessages();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: data?.result, shouldRevalidate: "onBlur" });
  // A failed attempt empties the password box (without JavaScript the server already did).
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: count each new action result
  useEffect(() => setAttempt((a) => a + 1), [data]);
  return (
    <div className="card narrow">
      <Toasts toasts={[data?.toast]} />
      <h1>{TITLES.login}</h1>
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <TaskInput task={LABELS.taskLogin} />
        <Field label={LABELS.email} field={fields.email}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            maxLength={MAX.email}
            autoComplete="email"
          />
        </Field>
        <Field label={LABELS.password} field={fields.password}>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={attempt}
            maxLength={MAX.password}
            autoComplete="current-password"
          />
        </Field>
        <button type="submit" className="btn btn-primary btn-block">
          {TITLES.login}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/auth/reset">{MSG.forgotPassword}</Link>
      </p>
    </div>
  );
}
