import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput, TaskInput } from "./CsrfInput";
import { ErrorList, Field } from "./Field";
import { MSG } from "~/messages";
import { MAX } from "~/rules/auth-schemas";

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
      <Field label="Old Password" field={fields.oldPassword}>
        <input
          {...getInputProps(fields.oldPassword, { type: "password" })}
          maxLength={MAX.password}
          autoComplete="current-password"
        />
      </Field>
      <Field label="New Password" field={fields.newPassword} hint="8-16 characters">
        <input
          {...getInputProps(fields.newPassword, { type: "password" })}
          maxLength={MAX.password}
          autoComplete="new-password"
        />
      </Field>
      <Field label="Confirm Password" field={fields.confirmPassword}>
        <input
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          maxLength={MAX.password}
          autoComplete="new-password"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {MSG.changePassword}
      </button>
    </Form>
  );
}
