// /users/new: the Create user dialog over the Users table (ADMIN only: COMMITTEE sees no button,
// and its GET or POST here is refused).
import "~/i18n/routes/_app.users.new";
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/Dialog";
import { Field, SelectField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { isBusyResponse } from "~/lib/limiter.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sendVerificationEmail } from "~/services/account-mail.server";
import { createStaffUser, UserExistsError } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { createUserSchemaFor } from "~/lib/schemas.server";
import { MAX } from "~/rules/auth-fields";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "users");
  requireRole(user, ["ADMIN"]);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "users");
  requireRole(user, ["ADMIN"]);
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, createUserSchemaFor(t));
  const fail = (message: string, hide: string[], status = 400) =>
    replyWithError(submission, message, { status, hide });
  if (submission.status !== "success")
    return fail(firstError(submission) ?? MSG.createUserError, ["password"]);
  try {
    const created = await createStaffUser({ ...submission.value, verified: false, actor: user });
    const back = new URL(request.url).search;
    try {
      await sendVerificationEmail(created);
    } catch (error) {
      console.error("staff verification email failed", error);
      return redirectWithToast(request, `/users${back}`, { type: "error", message: MSG.sendEmailError });
    }
    return redirectWithToast(request, `/users${back}`, { type: "success", message: MSG.createUserSuccess });
  } catch (error) {
    // 'User already exist': the spec clears email and password.
    if (error instanceof UserExistsError) return fail(MSG.createUserExists, ["email", "password"], 409);
    if (isBusyResponse(error)) return fail(MSG.serverBusy, ["password"], 429);
    throw error;
  }
}

export default function CreateUser() {
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const [form, fields] = useForm({ lastResult: data?.result });
  // Every answer re-creates the password box empty; 'User already exist' empties the email box too
  // (without JavaScript the server's reply already leaves them out). The new keys come in the render
  // that shows the answer, not in an effect's render after it (a frame later, it emptied what was
  // typed meanwhile).
  const [answer, setAnswer] = useState(data);
  const [attempt, setAttempt] = useState(0);
  if (answer !== data) {
    setAnswer(data);
    setAttempt(attempt + 1);
  }
  const emailKey = data?.toast?.message === MSG.createUserExists ? `email-${attempt}` : "email";
  return (
    <Dialog title={LABELS.createUser} closeTo={`/users${search}`}>
      <Toasts toasts={[data?.toast]} />
      <PostForm task={LABELS.taskCreatingUser} {...getFormProps(form)} noValidate preventScrollReset>
        <SelectField
          label={LABELS.role}
          field={fields.role}
          placeholder={LABELS.selectRole}
          options={[
            { value: "ADMIN", label: LABELS.roleNames.ADMIN },
            { value: "COMMITTEE", label: LABELS.roleNames.COMMITTEE },
          ]}
        />
        <Field label={LABELS.email} field={fields.email}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={emailKey}
            maxLength={MAX.email}
            autoComplete="off"
          />
        </Field>
        <Field label={LABELS.password} field={fields.password} hint={LABELS.passwordHint}>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={`password-${attempt}`}
            maxLength={MAX.password}
            autoComplete="new-password"
          />
        </Field>
        <button type="submit" className="btn btn-primary btn-block">
          {LABELS.createUser}
        </button>
      </PostForm>
    </Dialog>
  );
}
