import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput, TaskInput } from "./CsrfInput";
import { ErrorList, PasswordField } from "./Field";
import { MSG } from "~/messages";

/** Old, new and confirm password; posts `intent=change-password` to `action`. */
export function ChangePasswordForm({ action, lastResult }: { action: string; lastResult: unknown }) {
  // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
  const [form, fields] = useForm({ lastResult: lastResult as any });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset>
      <CsrfInput />
      <TaskInput task="Changing password" />
      <input type="hidden" name="intent" value="change-password" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <PasswordField label="Old Password" field={fields.oldPassword} autoComplete="current-password" />
      <PasswordField
        label="New Password"
        field={fields.newPassword}
        autoComplete="new-password"
        hint="8-16 characters"
      />
      <PasswordField label="Confirm Password" field={fields.confirmPassword} autoComplete="new-password" />
      <button type="submit" className="btn btn-primary btn-block">
        {MSG.changePassword}
      </button>
    </Form>
  );
}
