// The pieces the account forms share (login, registration, reset, change password): the card they
// sit on, the email box, the new-password pair and the links under the form.
import { type FieldMetadata, getInputProps } from "~/components/form-state";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field } from "./Field";
import { Toasts } from "./Toasts";
import { useMessages } from "~/i18n/useMessages";
import type { Toast } from "~/lib/toast";
import { MAX } from "~/rules/auth-fields";
import { PASSWORD_MAX } from "~/rules/password-limits";

// biome-ignore lint/suspicious/noExplicitAny: any field shape
type AnyField = FieldMetadata<any>;

/** A logged-out page's card: the action's toast, the title, the form, then its links. */
export function AuthCard({
  title,
  toast,
  wide = false,
  links,
  children,
}: {
  title: ReactNode;
  toast?: Toast | null;
  wide?: boolean;
  links?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`card ${wide ? "wide" : "narrow"}`}>
      <Toasts toasts={[toast]} />
      <h1>{title}</h1>
      {children}
      {links ? <p className="form-links">{links}</p> : null}
    </div>
  );
}

/** 'Back to login', under the registration and reset forms. */
export function BackToLogin() {
  const { MSG } = useMessages();
  return <Link to="/auth/login">{MSG.backToLogin}</Link>;
}

/** The Email box (at most MAX.email characters). */
export function EmailField({ field }: { field: AnyField }) {
  const { LABELS } = useMessages();
  return (
    <Field label={LABELS.email} field={field}>
      <input {...getInputProps(field, { type: "email" })} maxLength={MAX.email} autoComplete="email" />
    </Field>
  );
}

/** A new password and its confirmation (registration, reset, change password). */
export function NewPasswordFields({
  label,
  password,
  confirm,
  hint,
}: {
  label: string;
  password: AnyField;
  confirm: AnyField;
  hint?: ReactNode;
}) {
  const { LABELS } = useMessages();
  return (
    <>
      <PasswordField label={label} field={password} autoComplete="new-password" hint={hint} />
      <PasswordField label={LABELS.confirmPassword} field={confirm} autoComplete="new-password" />
    </>
  );
}

/** The form's one full-width primary button. */
export function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block">
      {children}
    </button>
  );
}

/** A password box in its labelled field: at most 16 characters (the spec's rule), never kept. */
export function PasswordField({
  label,
  field,
  autoComplete,
  hint,
}: {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: any field shape
  field: FieldMetadata<any>;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
}) {
  return (
    <Field label={label} field={field} hint={hint}>
      <input
        {...getInputProps(field, { type: "password" })}
        maxLength={PASSWORD_MAX}
        autoComplete={autoComplete}
      />
    </Field>
  );
}
