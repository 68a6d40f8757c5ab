// /editions/new (ADMIN; issue 21): the New Edition dialog over the Editions table. Name (e.g.
// "Regatta 2027"), Year, Start date, End date and "Copy from" (an edition; the open one first
// chosen). Creating copies that edition's events, rounds, progression plans and settings into a new
// DRAFT edition, in one transaction, audited (models/edition.server.ts createEdition); nothing is
// public until it is opened. A refusal (a field, a year another edition has, an edition to copy
// that is gone) keeps what was typed.
import "~/i18n/routes/_app.editions.new";
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Field, SelectField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createEdition, listEditions } from "~/models/edition.server";
import { EDITION_NAME_MAX, EDITION_YEAR } from "~/rules/edition-fields";
import { editionSchemaFor } from "~/rules/edition-schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "editions");
  const editions = listEditions();
  const from = editions.find((e) => e.state === "OPEN") ?? editions[0];
  return json({
    options: editions.map((e) => ({ value: e.id, label: e.name })),
    fromId: from ? String(from.id) : "",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "editions");
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, editionSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.fillAll);
  const made = createEdition(user, submission.value);
  if (!made.ok) {
    const [field, message] =
      made.code === "year"
        ? (["year", MSG.edScYearTaken(submission.value.year)] as const)
        : (["fromId", MSG.edScFromGone] as const);
    return replyWithError(submission, message, { status: 409, fieldErrors: { [field]: [message] } });
  }
  return redirectWithToast(request, "/editions", {
    type: "success",
    message: MSG.edScCreated(submission.value.name),
  });
}

export default function NewEdition() {
  const { options, fromId } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { MSG, LABELS } = useMessages();
  const [form, fields] = useForm({
    defaultValue: { name: "", year: "", startsOn: "", endsOn: "", fromId },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: data?.result as any,
  });
  return (
    <Dialog title={LABELS.edScNew} closeTo="/editions">
      <Toasts toasts={[data?.toast]} />
      <PostForm task={LABELS.edScTaskCreating} {...getFormProps(form)} noValidate preventScrollReset>
        <Field label={LABELS.name} field={fields.name} hint={LABELS.edScNameHint}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={EDITION_NAME_MAX}
            autoComplete="off"
          />
        </Field>
        <Field label={LABELS.edScYear} field={fields.year}>
          <input
            {...getInputProps(fields.year, { type: "number" })}
            min={EDITION_YEAR.min}
            max={EDITION_YEAR.max}
            inputMode="numeric"
          />
        </Field>
        <div className="form-grid">
          <Field label={LABELS.edScStartsOn} field={fields.startsOn}>
            <input {...getInputProps(fields.startsOn, { type: "date" })} min="2000-01-01" max="2100-12-31" />
          </Field>
          <Field label={LABELS.edScEndsOn} field={fields.endsOn}>
            <input {...getInputProps(fields.endsOn, { type: "date" })} min="2000-01-01" max="2100-12-31" />
          </Field>
        </div>
        <SelectField
          label={LABELS.edScCopyFrom}
          field={fields.fromId}
          hint={LABELS.edScCopyHint}
          options={options}
        />
        {options.length === 0 ? <p className="hint">{MSG.edScNone}</p> : null}
        <button type="submit" className="btn btn-primary btn-block">
          {LABELS.edScCreate}
        </button>
      </PostForm>
    </Dialog>
  );
}
