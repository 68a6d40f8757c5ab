import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "~/components/form-state";
import {
  cloneElement,
  type InputHTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// The form toolkit's browser half (ADR 0031). Every field is a visible <label> (a <legend> for a
// radio group), the control, an optional hint and the errors; the control names its errors and
// says it is invalid while it is (aria-describedby, aria-invalid), its hint otherwise (ADR 0020).
// Values come from conform's field metadata, so after a refused submission the control shows what
// the user sent (the action's `submission.reply()`, as `lastResult`), with JavaScript or without.
// The password box is in AuthForm.tsx and the radio group in RadioGroupField.tsx: the pages that use
// them are few, and this module is one chunk on every form page (ADR 0022).

// biome-ignore lint/suspicious/noExplicitAny: any field shape
type AnyField = FieldMetadata<any>;

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

/** The ids that describe a field's control: its errors while invalid, else its hint (if any). */
export function describedBy(field: AnyField, hint: ReactNode): string | undefined {
  if (field.errors?.length) return field.errorId;
  return hint ? field.descriptionId : undefined;
}

export function Hint({ field, hint }: { field: AnyField; hint?: ReactNode }) {
  return hint ? (
    <small className="hint" id={field.descriptionId}>
      {hint}
    </small>
  ) : null;
}

export type Labelled = { label: string; field: AnyField; hint?: ReactNode };

/** A multi-line box; extra props (maxLength, rows...) go to the <textarea>. */
export function TextareaField({
  label,
  field,
  hint,
  ...props
}: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} field={field} hint={hint}>
      <textarea {...getTextareaProps(field)} {...props} />
    </Field>
  );
}

export type Option = { value: string | number; label: string };

/** A select of `options`, with a first empty option saying `placeholder` when one is given. */
export function SelectField({
  label,
  field,
  hint,
  options,
  placeholder,
  ...props
}: Labelled & { options: Option[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} field={field} hint={hint}>
      <select {...getSelectProps(field)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A box with its label beside it (the label wraps the box). Sends `value` ("on") when ticked. */
export function CheckboxField({
  label,
  field,
  hint,
  value,
  ...props
}: Labelled & { value?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={`field${field.errors ? " field-invalid" : ""}`}>
      <div className="radios">
        <label>
          <input
            {...getInputProps(field, { type: "checkbox", value })}
            {...props}
            aria-describedby={describedBy(field, hint)}
            aria-invalid={invalid || undefined}
          />{" "}
          {label}
        </label>
      </div>
      <Hint field={field} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A file box. A browser never refills one, so after a refusal the user picks the file again (the
 * other fields keep their values). `children` replaces the bare <input> (e.g. PhotoInput), and is
 * wired the same way. The form needs encType="multipart/form-data". */
export function FileField({
  label,
  field,
  hint,
  children,
  ...props
}: Labelled & { children?: ReactElement } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <Field label={label} field={field} hint={hint}>
      {children ?? <input type="file" id={field.id} name={field.name} {...props} />}
    </Field>
  );
}
