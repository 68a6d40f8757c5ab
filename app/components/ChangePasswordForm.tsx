import { getFormProps, useForm } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { NewPasswordFields, PasswordField, SubmitButton } from "./AuthForm";
import { CsrfInput, TaskInput } from "./PostForm";
import { ErrorList } from "./Field";
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
      <NewPasswordFields
        label={LABELS.newPassword}
        password={fields.newPassword}
        confirm={fields.confirmPassword}
        hint={LABELS.passwordHint}
      />
      <SubmitButton>{MSG.changePassword}</SubmitButton>
    </Form>
  );
}
