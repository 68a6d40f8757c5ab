// The form toolkit's browser state (issue 30, ADR 0031): what a form shows after the server
// answered — the values it sent and the errors per field — from the action's
// `submission.reply()` (conform's SubmissionResult, made by `@conform-to/zod` on the server).
//
// The subset of `@conform-to/react` the app's forms use, with its ids, props and behaviour
// (`useForm`, `getFormProps`, `getInputProps`, `getTextareaProps`, `getSelectProps`,
// `getCollectionProps`), in a fraction of its 10 kB: validation is the server's, so the browser
// only shows the last answer, puts focus on the first field it refused, and resets the form after
// a reply that says to (`resetForm`). Inputs are uncontrolled: what the user typed stays in them
// after a refusal, with JavaScript or without (then the page is rendered from the reply's values).
import { useEffect, useId, useRef } from "react";

/** What an action's `submission.reply()` returns (the fields the browser reads); generic as conform's. */
export type SubmissionResult<_FormError = string[]> = {
  status?: "success" | "error";
  intent?: unknown;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
  state?: unknown;
};

/** A field: its ids, the errors the server gave it and the value it starts with (a string, or
 * strings for a group of checkboxes). Generic as conform's, for the same call sites. */
export type FieldMetadata<_Value = unknown> = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: string | string[];
};

export type FormMetadata = {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  noValidate: true;
};

/** A value as a form field holds it (conform's default serialisation); undefined when it has none. */
export function formValueOf(value: unknown): string | string[] | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  if (Array.isArray(value)) {
    const all = value.map((v) => (v === null ? "" : formValueOf(v)));
    return all.every((v) => typeof v === "string") ? (all as string[]) : undefined;
  }
  return undefined;
}

/** Field names to values: nested objects and lists as conform names them (`a.b`, `a[0]`). */
function flatten(value: unknown, prefix: string, out: Record<string, string | string[]>) {
  const own = formValueOf(value);
  if (own !== undefined) {
    if (prefix) out[prefix] = own;
    if (!Array.isArray(value)) return out;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      flatten(v, `${prefix}[${i}]`, out);
    });
  } else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

/**
 * A form's ids and the server's last answer, in conform's shape: `[form, fields]`, with
 * `fields.<name>` for any name. `lastResult` wins over `defaultValue`, as in conform.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's fields by default, as conform's
export function useForm<Schema extends Record<string, any> = Record<string, any>>(options: {
  id?: string;
  lastResult?: SubmissionResult | null;
  defaultValue?: Record<string, unknown> | null;
  /** Accepted for conform's signature; validation is the server's. */
  shouldValidate?: string;
  shouldRevalidate?: string;
}): [FormMetadata, { [K in keyof Schema]-?: FieldMetadata<Schema[K]> }] {
  const reactId = useId();
  const formId = options.id ?? reactId;
  const last = options.lastResult ?? undefined;
  const values = flatten(last?.initialValue ?? options.defaultValue ?? {}, "", {});
  const errors = last?.error ?? {};

  // A new answer with JavaScript: focus its first refused field, or reset after a `resetForm`.
  const seen = useRef(last);
  useEffect(() => {
    if (last === seen.current) return;
    seen.current = last;
    const element = document.forms.namedItem(formId);
    if (!element || !last) return;
    if (last.initialValue === null) element.reset();
    else if (last.status === "error") {
      for (const control of Array.from(element.elements)) {
        const name = (control as HTMLInputElement).name;
        if (name && errors[name]?.length && "focus" in control) {
          (control as HTMLElement).focus();
          break;
        }
      }
    }
  });

  const meta = (name: string) => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name] ?? undefined,
      initialValue: values[name],
    };
  };
  const form: FormMetadata = { ...meta(""), noValidate: true };
  const fields = new Proxy({} as { [K in keyof Schema]-?: FieldMetadata<Schema[K]> }, {
    get: (_, key) => (typeof key === "string" ? meta(key) : undefined),
  });
  return [form, fields];
}

type AriaOptions = { ariaAttributes?: boolean; ariaDescribedBy?: string };

/** Drops the undefined props (conform's `simplify`), so spreading them sets nothing. */
function simplify<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

type Aria = { "aria-invalid"?: boolean; "aria-describedby"?: string };

function aria(meta: { errors?: string[]; errorId: string }, options: AriaOptions, field: boolean): Aria {
  if (options.ariaAttributes === false) return {};
  const invalid = meta.errors !== undefined;
  const by = options.ariaDescribedBy;
  return {
    "aria-invalid": (field && invalid) || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${by ?? ""}`.trim() : by,
  };
}

export function getFormProps(form: FormMetadata, options: AriaOptions = {}) {
  return simplify({ id: form.id, noValidate: form.noValidate, ...aria(form, options, false) });
}

function control(meta: FieldMetadata, options: AriaOptions) {
  return { id: meta.id, name: meta.name, form: meta.formId, ...aria(meta, options, true) };
}

export function getInputProps(
  meta: FieldMetadata,
  options: AriaOptions & { type: string; value?: string | boolean },
) {
  const props: Record<string, unknown> = { ...control(meta, options), type: options.type };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(props.value as string)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") props.defaultValue = meta.initialValue;
  }
  return simplify(props) as ReturnType<typeof control> & {
    type: string;
    value?: string;
    defaultValue?: string;
    defaultChecked?: boolean;
  };
}

export function getTextareaProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  const props = { ...control(meta, options), defaultValue: undefined as string | undefined };
  if (options.value === undefined || options.value) props.defaultValue = meta.initialValue?.toString();
  return simplify(props);
}

export function getSelectProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  const props = { ...control(meta, options), defaultValue: undefined as string | string[] | undefined };
  if (options.value === undefined || options.value)
    props.defaultValue = Array.isArray(meta.initialValue) ? meta.initialValue : meta.initialValue?.toString();
  return simplify(props);
}

export function getCollectionProps(
  meta: FieldMetadata,
  options: AriaOptions & { type: "checkbox" | "radio"; options: string[]; value?: boolean },
) {
  return options.options.map((value) =>
    simplify({
      ...control(meta, options),
      key: value,
      id: `${meta.id}-${value}`,
      type: options.type,
      value,
      defaultChecked:
        options.value === undefined || options.value
          ? options.type === "checkbox" && Array.isArray(meta.initialValue)
            ? meta.initialValue.includes(value)
            : meta.initialValue === value
          : undefined,
    }),
  );
}
