// The Events screen's shared pieces: the staff table's columns and list parameters (the screen
// /events and its CSV /events.csv share them), the Waitlist link and the admin's row actions,
// Assigned Events' columns (a manager's with Pick Crew), and the Create Event / Edit form used by
// both dialogs.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import type { Column } from "~/components/DataTable";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { AssignedRow, EventRow } from "~/models/event.server";
import { EVENT_COUNTS, EVENT_MAX, type EventCount } from "~/rules/event-fields";
import { formatRM, senToRM } from "~/rules/format";
import { SIZES_DEFAULT } from "~/rules/list-params";
import { type Bundle, LABELS as EN_LABELS } from "~/messages";

export const EVENT_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["id", "name", "price", "maxTeam", "teams"] as const,
  defaultSort: "name" as const,
  filters: { name: 100 },
};

export const eventColumns: Column<EventRow>[] = [
  { label: "#", sort: "id", cell: (r) => r.id },
  { label: "Name", sort: "name", cell: (r) => r.name },
  { label: "Description", cell: (r) => r.description, className: "cell-wrap" },
  { label: "Price (RM)", sort: "price", cell: (r) => formatRM(r.price), csv: (r) => senToRM(r.price) },
  { label: "Max Teams", sort: "maxTeam", cell: (r) => r.maxTeam },
  { label: "Reserve", cell: (r) => r.reserveCount },
  { label: "Min Race", cell: (r) => r.minRace },
  { label: "Max Race", cell: (r) => r.maxRace },
  { label: "Max Male", cell: (r) => r.maxMale },
  { label: "Min Female", cell: (r) => r.minFemale },
  { label: "Min Age", cell: (r) => r.minAge },
  { label: "Max Age", cell: (r) => r.maxAge },
  { label: "Malaysia only", cell: (r) => (r.limitMalaysia ? "Yes" : "No") },
  { label: "Teams", sort: "teams", cell: (r) => r.teams },
];

/** The staff screen's table (ADMIN and COMMITTEE): the CSV's columns plus the Waitlist, which
 * opens the event's waitlist dialog (/events/:id/waitlist). Not in the CSV. */
export const staffEventColumns: Column<EventRow>[] = [
  ...eventColumns,
  { label: "Waitlist", cell: (r) => <WaitlistLink row={r} />, csv: () => null },
];

/** ADMIN's table: the same columns plus Edit and Delete (never in the CSV). */
export const adminEventColumns: Column<EventRow>[] = [
  ...staffEventColumns,
  { label: "Actions", cell: (r) => <RowActions row={r} />, csv: () => null },
];

function WaitlistLink({ row }: { row: EventRow }) {
  const { search } = useLocation();
  return (
    <span className="row-actions">
      {row.waiting > 0 ? `${row.waiting} waiting · ` : null}
      <Link
        to={`/events/${row.id}/waitlist${search}`}
        preventScrollReset
        aria-label={`View waitlist of ${row.name}`}
      >
        View
      </Link>
    </span>
  );
}

function RowActions({ row }: { row: EventRow }) {
  const { search } = useLocation();
  return (
    <span className="row-actions">
      <Link to={`/events/${row.id}/edit${search}`} preventScrollReset aria-label={`Edit ${row.name}`}>
        Edit
      </Link>{" "}
      <Link to={`/events/${row.id}/delete${search}`} preventScrollReset aria-label={`Delete ${row.name}`}>
        Delete
      </Link>
    </span>
  );
}

/** Assigned Events (managers and competitors): # / Event / Event Team, in the language of `L`. */
export const assignedColumnsOf = (L: Bundle["LABELS"]): Column<AssignedRow & { n: number }>[] => [
  { label: "#", cell: (r) => r.n },
  // Wrapped, so a phone shows the whole row (Pick Crew included) without scrolling sideways.
  { label: L.colEvent, cell: (r) => r.eventName, className: "cell-text" },
  { label: L.eventTeam, cell: (r) => r.teamName, className: "cell-text" },
];

/** A manager's Assigned Events: the same, and Pick Crew for each event team (/events/teams/:id). */
export const managerAssignedColumnsOf = (L: Bundle["LABELS"]): Column<AssignedRow & { n: number }>[] => [
  ...assignedColumnsOf(L),
  {
    label: L.colActions,
    cell: (r) => (
      <Link to={`/events/teams/${r.teamId}`} aria-label={L.pickCrewFor(r.teamName)}>
        {L.pickCrew}
      </Link>
    ),
  },
];

export const assignedColumns = assignedColumnsOf(EN_LABELS);
export const managerAssignedColumns = managerAssignedColumnsOf(EN_LABELS);

const COUNT_FIELDS: EventCount[] = [
  "maxTeam",
  "reserveCount",
  "minRace",
  "maxRace",
  "maxMale",
  "minFemale",
  "minAge",
  "maxAge",
];

/** The Create Event / Edit form; `defaultValue` is the event's values as text. */
export function EventForm({
  defaultValue,
  lastResult,
  submitLabel,
  task,
}: {
  defaultValue: Record<string, string>;
  lastResult: unknown;
  submitLabel: string;
  task: string;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset className="form-grid">
      <Field label="Name" field={fields.name}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={EVENT_MAX.name}
          autoComplete="off"
        />
      </Field>
      <Field label="Price (RM)" field={fields.price} hint="e.g. 100 or 100.50">
        <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" maxLength={12} />
      </Field>
      <Field label="Description" field={fields.description}>
        <textarea {...getTextareaProps(fields.description)} maxLength={EVENT_MAX.description} rows={3} />
      </Field>
      {COUNT_FIELDS.map((key) => (
        <Field key={key} label={EVENT_COUNTS[key].label} field={fields[key]}>
          <input
            {...getInputProps(fields[key], { type: "number" })}
            min={EVENT_COUNTS[key].min}
            max={EVENT_COUNTS[key].max}
            step={1}
          />
        </Field>
      ))}
      <div className="field">
        <div className="radios">
          <label>
            <input {...getInputProps(fields.limitMalaysia, { type: "checkbox" })} /> Malaysia only
          </label>
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}
