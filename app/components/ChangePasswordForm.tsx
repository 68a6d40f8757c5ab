import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput, TaskInput } from "./CsrfInput";
import { ErrorList, PasswordField } from "./Field";
import { useMessages } from "~/i18n/useMessages";

/** Old, new and confirm password; posts `intent=change-password` to `action`. */
export function ChangePasswordForm({ action, lastResult }: { action: string; lastResult: unknown }) {
  const { MSG, LABELS } = useMessages();
  // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
  const [form, fields] = useForm({ lastResult: lastResult as any });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset>
      <CsrfInput />
      <TaskInput task={LABELS.taskChangePassword} />
      <input type="hidden" name="intent" value="change-password" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <PasswordField label={LABELS.oldPassword} field={fields.oldPassword} autoComplete="current-password" />
      <PasswordField
        label={LABELS.newPassword}
        field={fields.newPassword}
        autoComplete="new-password"
        hint={LABELS.passwordHint}
      />
      <PasswordField
        label={LABELS.confirmPassword}
        field={fields.confirmPassword}
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary btn-block">
        {MSG.changePassword}
      </button>
    </Form>
  );
}
