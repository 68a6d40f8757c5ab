import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { PASSWORD_MAX } from "~/rules/password-limits";

/** A labelled form control with its conform errors (the input is passed as children). */
export function Field({
  label,
  field,
  children,
  hint,
}: {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: any field shape
  field: FieldMetadata<any>;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className={`field${field.errors ? " field-invalid" : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      {children}
      {hint ? <small className="hint">{hint}</small> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="errors" role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
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
