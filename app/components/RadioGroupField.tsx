// A radio group field of the form toolkit (ADR 0031), apart from Field.tsx: only the registration
// form uses one, and Field.tsx is one chunk on every form page (ADR 0022).
import { getCollectionProps } from "~/components/form-state";
import { describedBy, ErrorList, Hint, type Labelled, type Option } from "./Field";

/** One choice of `options` in a fieldset whose <legend> is `label`; each radio is labelled by its
 * option and described by the group's hint or errors. */
export function RadioGroupField({ label, field, hint, options }: Labelled & { options: Option[] }) {
  const invalid = Boolean(field.errors?.length);
  const labels = new Map(options.map((o) => [String(o.value), o.label]));
  const radios = getCollectionProps(field, { type: "radio", options: [...labels.keys()] });
  return (
    <fieldset className={`field${field.errors ? " field-invalid" : ""}`}>
      <legend>{label}</legend>
      <div className="radios">
        {radios.map(({ key, ...radio }) => (
          <label key={key}>
            <input
              {...radio}
              aria-describedby={describedBy(field, hint)}
              aria-invalid={invalid || undefined}
            />{" "}
            {labels.get(radio.value)}
          </label>
        ))}
      </div>
      <Hint field={field} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
