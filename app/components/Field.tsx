import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
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
  const invalid = Boolean(field.errors?.length);
  // While invalid the errors describe the control (they restate the hint's rule); else the hint.
  const control = described(children, invalid, [invalid ? field.errorId : hint ? field.descriptionId : ""]);
  return (
    <div className={`field${field.errors ? " field-invalid" : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      {control}
      {hint ? (
        <small className="hint" id={field.descriptionId}>
          {hint}
        </small>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The control names its errors and hint (aria-describedby) and says when it is invalid, whether
 * or not it was made with conform's getInputProps (which links the errors only). */
function described(children: ReactNode, invalid: boolean, ids: string[]): ReactNode {
  if (!isValidElement(children)) return children;
  const control = children as ReactElement<Record<string, unknown>>;
  const own = String(control.props["aria-describedby"] ?? "").split(" ");
  const all = [...new Set([...own, ...ids].filter(Boolean))];
  return cloneElement(control, {
    "aria-describedby": all.length ? all.join(" ") : undefined,
    "aria-invalid": invalid || undefined,
  });
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
