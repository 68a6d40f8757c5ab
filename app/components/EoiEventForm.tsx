// All EOI Events' Create and Edit form (issue 11 item 1), apart from components/EoiTables.tsx so that
// the tables' pages do not load the form toolkit (conform) they do not use (issue 30).
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { EOI_NAME_MAX } from "~/rules/eoi-fields";

/** Create EOI Event and Edit: the name (required, at most EOI_NAME_MAX). A refusal ('EOI event
 * already exist') keeps what was typed: the spec empties the box only for Round. */
export function EoiEventForm({
  defaultName,
  lastResult,
  submitLabel,
  task,
}: {
  defaultName: string;
  lastResult: unknown;
  submitLabel: string;
  task: string;
}) {
  const [form, fields] = useForm({
    defaultValue: { name: defaultName },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const { MSG, LABELS } = useMessages();
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset>
      <Field label={LABELS.name} field={fields.name} hint={MSG.eoiNameHint}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={EOI_NAME_MAX}
          autoComplete="off"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}
