// The pieces every list screen's toolbar repeated: its actions (the CSV download and a create
// button that opens the create dialog over the list, keeping its query) and the labelled fields of
// its GET filter form (inside FilterForm, components/DataTable.tsx). A field remounts when the
// URL's value changes, so Clear Filters and Back empty it (its default value is the URL's).
import { CsvLink } from "~/components/DataTable";
import { FastLink } from "~/components/FastLink";

/** The screen's actions: its CSV (when there is one to give) and its create button (for who may). */
export function ListActions({
  csv,
  create,
}: {
  csv?: string | null;
  create?: { to: string; label: string } | null;
}) {
  return (
    <>
      {csv ? <CsvLink href={csv} /> : null}
      {create ? (
        <FastLink to={create.to} className="btn btn-primary" preventScrollReset>
          {create.label}
        </FastLink>
      ) : null}
    </>
  );
}

type FieldProps = { name: string; label: string; value: string };

/** A text filter (name, actor, order id ...): `?<name>=`, at most 100 characters. */
export function FilterSearch({ name, label, value }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        name={name}
        type="search"
        maxLength={100}
        defaultValue={value}
        key={`${name}-${value}`}
      />
    </div>
  );
}

/** A date filter (from, to): `?<name>=YYYY-MM-DD`. */
export function FilterDate({ name, label, value }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input id={`filter-${name}`} name={name} type="date" defaultValue={value} key={`${name}-${value}`} />
    </div>
  );
}

/** A choice filter: `choices` in order, each [value, label] (an 'All' choice has the value ""). */
export function FilterSelect({
  name,
  label,
  value,
  choices,
}: {
  name: string;
  label: string;
  value: string | number;
  choices: readonly (readonly [value: string | number, label: string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value} key={`${name}-${value}`}>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
