// /settings (ADMIN; beyond the spec): the regatta's own numbers — crew tag fee, dinner ticket price
// and description, regatta name and year, payment due hours. Money is typed in RM (up to two
// decimals) and stored in sen. A save writes one audit entry (`settings.updated`, old and new
// values) in the same transaction; every price the app charges is read from here.
// Under the form, Printed Crew Tags: the version crew tags print with now and 'Void Printed Crew
// Tags', whose confirmation step is the child route /settings/void-crew-tags (issue 18; ADR 0025).
// Settings are per edition (issue 21): the screen shows the edition being looked at; an archived
// one's are shown read-only (the form disabled, no Update or Void; a forged post is refused by the
// failures wrapper and the triggers).
import "~/i18n/routes/_app.settings";
import { getCollectionProps, getFormProps, getInputProps, useForm } from "~/components/form-state";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, ErrorList, Field, TextareaField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { updateSettingsAndServe } from "~/services/waitlist.server";
import { crewTagVersion, getSettings } from "~/models/settings.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { formatRM } from "~/rules/format";
import { formValuesOf, settingsOf, settingsSchema, yearRange } from "~/lib/schemas.server";
import {
  DEADLINE_RANGE,
  DUE_HOURS,
  PROTEST_MINUTES,
  RACE_DAY_MINUTES,
  SETTINGS_MAX,
} from "~/rules/settings-fields";
import { CUSTOM_MAX_LENGTH } from "~/rules/standings";
import { POINTS_SCHEMES } from "../../db/enums";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.settings);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "settings");
  const edition = editionOf(request, user);
  const settings = getSettings(edition.id);
  return json({
    settings,
    values: formValuesOf(settings),
    years: yearRange(),
    tagVersion: crewTagVersion(edition.id),
    archived: edition.state === "ARCHIVED" ? edition.name : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "settings");
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, settingsSchema(new Date(), t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.fillAll);
  // A cleared or later Entries Close lets the waitlist move again.
  await updateSettingsAndServe(user, settingsOf(submission.value), editionOf(request, user).id);
  return redirectWithToast(request, "/settings", { type: "success", message: MSG.settingsUpdated });
}

export default function Settings() {
  const { settings, values, years, tagVersion, archived } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { MSG, TITLES, LABELS } = useMessages();
  const form = (
    // A save re-reads the settings: the form starts again from what was stored ("30.5" shows as
    // "30.50").
    <SettingsForm
      key={JSON.stringify(values)}
      values={values}
      settings={settings}
      years={years}
      lastResult={data?.result}
      readOnly={archived !== null}
    />
  );
  return (
    <Screen title={TITLES.settings}>
      <Toasts toasts={[data?.toast]} />
      {archived !== null ? (
        <div className="toolbar">
          <div className="toast toast-warning" role="note">
            <p>{MSG.edOrSettingsArchived(archived)}</p>
          </div>
        </div>
      ) : null}
      <div className="card wide">
        {archived !== null ? (
          <fieldset disabled className="read-only">
            {form}
          </fieldset>
        ) : (
          form
        )}
      </div>
      <section className="card wide settings-tags" aria-labelledby="crew-tags-heading">
        <h2 id="crew-tags-heading">{LABELS.crewTagsHeading}</h2>
        <p>{LABELS.crewTagVersionNow(tagVersion)}</p>
        {archived !== null ? null : (
          <>
            <p className="hint">{LABELS.voidCrewTagsHint}</p>
            <Link to="/settings/void-crew-tags" preventScrollReset className="btn btn-danger">
              {LABELS.voidCrewTags}
            </Link>
          </>
        )}
      </section>
      <Outlet />
    </Screen>
  );
}

function SettingsForm({
  values,
  settings,
  years,
  lastResult,
  readOnly,
}: {
  values: Record<string, string>;
  settings: { crewTagFeeSen: number; ticketPriceSen: number };
  years: { min: number; max: number };
  lastResult: unknown;
  readOnly: boolean;
}) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm({
    defaultValue: values,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  return (
    <PostForm task={LABELS.taskUpdatingSettings} {...getFormProps(form)} noValidate className="form-grid">
      <Field label={LABELS.regattaName} field={fields.regattaName}>
        <input
          {...getInputProps(fields.regattaName, { type: "text" })}
          maxLength={SETTINGS_MAX.regattaName}
        />
      </Field>
      <Field label={LABELS.regattaYear} field={fields.regattaYear} hint={`${years.min}-${years.max}`}>
        <input {...getInputProps(fields.regattaYear, { type: "number" })} min={years.min} max={years.max} />
      </Field>
      <Field
        label={LABELS.crewTagFeeRM}
        field={fields.crewTagFee}
        hint={LABELS.perMemberNow(formatRM(settings.crewTagFeeSen))}
      >
        <input {...getInputProps(fields.crewTagFee, { type: "text" })} inputMode="decimal" maxLength={12} />
      </Field>
      <Field
        label={LABELS.ticketPriceRM}
        field={fields.ticketPrice}
        hint={LABELS.perPaxNow(formatRM(settings.ticketPriceSen))}
      >
        <input {...getInputProps(fields.ticketPrice, { type: "text" })} inputMode="decimal" maxLength={12} />
      </Field>
      <TextareaField
        label={LABELS.ticketDescription}
        field={fields.ticketDescription}
        maxLength={SETTINGS_MAX.ticketDescription}
        rows={3}
      />
      <Field
        label={LABELS.paymentDueHours}
        field={fields.paymentDueHours}
        hint={LABELS.paymentDueHint(DUE_HOURS.min, DUE_HOURS.max)}
      >
        <input
          {...getInputProps(fields.paymentDueHours, { type: "number" })}
          min={DUE_HOURS.min}
          max={DUE_HOURS.max}
        />
      </Field>
      <Field
        label={LABELS.protestMinutes}
        field={fields.protestMinutes}
        hint={LABELS.protestMinutesHint(PROTEST_MINUTES.min, PROTEST_MINUTES.max)}
      >
        <input
          {...getInputProps(fields.protestMinutes, { type: "number" })}
          min={PROTEST_MINUTES.min}
          max={PROTEST_MINUTES.max}
        />
      </Field>
      {(
        [
          ["onWaterAlertMinutes", LABELS.onWaterAlertMinutes, LABELS.onWaterAlertHint],
          ["crewChangeCutoffMinutes", LABELS.crewChangeCutoffMinutes, LABELS.crewChangeCutoffHint],
          ["callMinutes", LABELS.callMinutes, LABELS.callMinutesHint],
        ] as const
      ).map(([name, label, hint]) => (
        <Field
          key={name}
          label={label}
          field={fields[name]}
          hint={hint(RACE_DAY_MINUTES.min, RACE_DAY_MINUTES.max)}
        >
          <input
            {...getInputProps(fields[name], { type: "number" })}
            min={RACE_DAY_MINUTES.min}
            max={RACE_DAY_MINUTES.max}
          />
        </Field>
      ))}
      <Field label={LABELS.entriesCloseLabel} field={fields.entriesCloseAt} hint={LABELS.entriesCloseHint}>
        <input
          {...getInputProps(fields.entriesCloseAt, { type: "datetime-local" })}
          min={DEADLINE_RANGE.min}
          max={DEADLINE_RANGE.max}
        />
      </Field>
      <Field label={LABELS.crewCloseLabel} field={fields.crewCloseAt} hint={LABELS.crewCloseHint}>
        <input
          {...getInputProps(fields.crewCloseAt, { type: "datetime-local" })}
          min={DEADLINE_RANGE.min}
          max={DEADLINE_RANGE.max}
        />
      </Field>
      <Field
        label={LABELS.requireSignedTags}
        field={fields.requireSignedTags}
        hint={LABELS.requireSignedTagsHint}
      >
        <input {...getInputProps(fields.requireSignedTags, { type: "checkbox" })} />
      </Field>
      <PointsScheme fields={fields} />
      {readOnly ? null : (
        <button type="submit" className="btn btn-primary btn-block">
          {LABELS.updateSettings}
        </button>
      )}
    </PostForm>
  );
}

/** Issue 29: the club championship's points scheme, each stated in a sentence; the custom list
 * (checked on the server too) and Finals only. */
function PointsScheme({
  fields,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: conform's field metadata of this form
  fields: Record<string, any>;
}) {
  const { LABELS } = useMessages();
  const scheme = fields.pointsScheme;
  const names = {
    FINALS: LABELS.stSchemeFinals,
    LEAGUE: LABELS.stSchemeLeague,
    CUSTOM: LABELS.stSchemeCustom,
  };
  const sentences = {
    FINALS: LABELS.stSchemeFinalsSentence,
    LEAGUE: LABELS.stSchemeLeagueSentence,
    CUSTOM: LABELS.stSchemeCustomSentence,
  };
  const radios = getCollectionProps(scheme, { type: "radio", options: [...POINTS_SCHEMES] });
  return (
    <fieldset className={`field points-scheme${scheme.errors ? " field-invalid" : ""}`}>
      <legend>{LABELS.stPointsScheme}</legend>
      <div className="points-schemes">
        {radios.map(({ key, ...radio }) => {
          const kind = radio.value as (typeof POINTS_SCHEMES)[number];
          return (
            <label key={key}>
              <input {...radio} aria-describedby={`${scheme.id}-${kind}`} />{" "}
              <span>
                <strong>{names[kind]}</strong>{" "}
                <small className="hint" id={`${scheme.id}-${kind}`}>
                  {sentences[kind]}
                </small>
              </span>
            </label>
          );
        })}
      </div>
      <ErrorList id={scheme.errorId} errors={scheme.errors} />
      <Field label={LABELS.stPointsCustom} field={fields.pointsCustom} hint={LABELS.stPointsCustomHint}>
        <input
          {...getInputProps(fields.pointsCustom, { type: "text" })}
          maxLength={CUSTOM_MAX_LENGTH}
          inputMode="numeric"
          placeholder="10, 8, 6, 4"
        />
      </Field>
      <CheckboxField
        label={LABELS.stFinalsOnly}
        field={fields.pointsFinalsOnly}
        hint={LABELS.stFinalsOnlyHint}
      />
    </fieldset>
  );
}
