// One step of a "pick this, then that" screen (All Rounds, All Races, Scan Logs, Manage Event
// Teams): a GET form with one labelled select, the values of the earlier steps as hidden fields,
// and its button. No submit on change: a keyboard user moving through the select would leave the
// page at every step. Works without JavaScript. EventPicker: the Event step of /rounds and /races
// (here, not beside the Rounds table, so that /races' pages load neither that table's code nor its
// strings: issue 30).
import { Form } from "@remix-run/react";
import { useMessages } from "~/i18n/useMessages";
import type { EventOption } from "~/models/round.server";

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

/** The Event step: a GET form with a select of the live events and its button (no submit on
 * change: a keyboard user moving through the select would leave the page at every step). */
export function EventPicker({
  events,
  eventId,
  action,
  submitLabel,
}: {
  events: EventOption[];
  eventId: number | null;
  action: string;
  submitLabel: string;
}) {
  const { LABELS } = useMessages();
  return (
    <SelectStep
      id="pick-event"
      name="event"
      label={LABELS.event}
      placeholder={LABELS.rdSelectEvent}
      options={events.map((e) => ({ value: e.id, label: e.name }))}
      value={eventId}
      submitLabel={submitLabel}
      action={action}
    />
  );
}
