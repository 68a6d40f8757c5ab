// One step of a "pick this, then that" screen (All Rounds, All Races, Scan Logs, Manage Event
// Teams): a GET form with one labelled select, the values of the earlier steps as hidden fields,
// and its button. No submit on change: a keyboard user moving through the select would leave the
// page at every step. Works without JavaScript.
import { Form } from "@remix-run/react";

export type SelectOption = { value: number | string; label: string };

export function SelectStep({
  id,
  name,
  label,
  placeholder,
  options,
  value,
  hidden = {},
  submitLabel,
  action,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  options: SelectOption[];
  value: number | string | null;
  /** The earlier steps' choices, carried along. */
  hidden?: Record<string, number | string>;
  submitLabel: string;
  action?: string;
}) {
  const carried = Object.entries(hidden);
  return (
    <Form method="get" action={action} className="filters">
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          name={name}
          required
          defaultValue={value ?? ""}
          // A new choice from the server (a link, a back navigation) resets the select.
          key={`${carried.map(([, v]) => v).join("-")}:${value ?? ""}`}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
