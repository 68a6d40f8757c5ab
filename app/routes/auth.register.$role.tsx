import "~/i18n/routes/auth.register.$role";
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, BackToLogin, EmailField, NewPasswordFields, SubmitButton } from "~/components/AuthForm";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/Field";
import { RadioGroupField } from "~/components/RadioGroupField";
import { PhotoGuidance, PhotoInput } from "~/components/PhotoInput";
import { requireGuest } from "~/services/access.server";
import { countryCodes, countryList } from "~/lib/countries.server";
import { parseForm, replyWithError } from "~/lib/forms.server";
import { env } from "~/lib/env.server";
import { isBusyResponse } from "~/lib/limiter.server";
import { encodePhoto, photoFieldOf } from "~/lib/photos.server";
import { flashToast } from "~/lib/toast.server";
import { register } from "~/models/account.server";
import { sendVerificationEmail } from "~/services/account-mail.server";
import { findAssociationByToken } from "~/models/association.server";
import { gate, throttleKeys } from "~/models/throttle.server";
import { throttledMessage } from "~/rules/throttle";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { inBundle } from "~/lib/i18n-text";
import { registrationSchema } from "~/lib/schemas.server";
import { firstError, MAX, type RegisterRole, yearBounds } from "~/rules/auth-fields";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.register);

/** Role from the URL (case-insensitive) and, for competitors, the association the token names. */
async function resolve(request: Request, roleParam: string | undefined) {
  const role = roleParam?.toLowerCase();
  if (role !== "manager" && role !== "competitor") throw redirect("/not-found");
  if (role === "manager") return { role: role as RegisterRole, association: null };
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/not-found");
  const association = findAssociationByToken(token);
  if (!association) {
    throw redirect("/not-found", {
      headers: {
        "Set-Cookie": await flashToast(request, {
          type: "error",
          message: messagesFor(request).MSG.invalidToken,
        }),
      },
    });
  }
  return { role: role as RegisterRole, association };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request, "register");
  const { role, association } = await resolve(request, params.role);
  return json({
    role,
    teamName: association?.name ?? null,
    countries: role === "manager" ? countryList(localeOf(request)) : [],
    years: yearBounds(),
    helpUrl: env().HELP_WHATSAPP_URL,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireGuest(request, "register");
  const { role, association } = await resolve(request, params.role);
  const locale = localeOf(request);
  const t = messagesFor(request);
  const { MSG } = t;
  const { form, submission } = await parseForm(
    request,
    registrationSchema(role, countryCodes(), new Date(), t),
  );
  const hide = ["password", "confirmPassword", "photo"];
  const fail = (message: string, status: number, fieldErrors?: Record<string, string[]>) =>
    replyWithError(submission, message, { status, hide, fieldErrors });

  // Cheap checks first: every field, and the photo's header (no pixel decoded yet).
  const { upload, error: photoErrorText } = await photoFieldOf(form);
  const photoError = photoErrorText ? inBundle(photoErrorText, t) : null;
  if (submission.status !== "success" || photoError) {
    const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
    const fieldErrors = { ...schemaErrors, ...(photoError ? { photo: [photoError] } : {}) } as Record<
      string,
      string[]
    >;
    return fail(firstError(fieldErrors) ?? MSG.registerError, 400, fieldErrors);
  }
  // Then the throttle (every valid attempt counts, so 'User already exist' cannot be farmed).
  const wait = gate(throttleKeys.register(request));
  if (wait > 0) return fail(throttledMessage(wait, t), 429);

  const v = submission.value;
  let result: Awaited<ReturnType<typeof register>>;
  try {
    // Only now the expensive part: decode the photo (one at a time) and hash the password.
    const encoded = upload ? await encodePhoto(upload) : { photo: null, error: null };
    if (encoded.error) {
      const error = inBundle(encoded.error, t);
      return fail(error, 400, { photo: [error] });
    }
    result = await register(
      {
        email: v.email,
        password: v.password,
        identification: v.identification,
        name: v.name,
        gender: v.gender,
        yob: v.yob,
        phone: v.phone,
        phoneEmergency: v.phoneEmergency,
        address: v.address,
        locale,
      },
      association
        ? { kind: "join", associationId: association.id }
        : { kind: "new", name: v.teamName ?? "", country: v.teamCountry ?? "" },
      encoded.photo,
    );
  } catch (error) {
    if (isBusyResponse(error)) return fail(MSG.serverBusy, 429);
    throw error;
  }
  if (!result.ok) {
    return fail(result.code === "userExists" ? MSG.registerUserExists : MSG.registerAssociationExists, 409);
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await flashToast(request, { type: "success", message: MSG.registerSuccess }));
  try {
    await sendVerificationEmail(result.user);
  } catch (error) {
    // The account exists; the user can ask for a new email from the login page.
    console.error("verification email failed", error);
    headers.set("Set-Cookie", await flashToast(request, { type: "error", message: MSG.sendEmailError }));
  }
  return redirect("/auth/login", { headers });
}

export default function Register() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldRevalidate: "onBlur" });
  const { MSG, LABELS } = useMessages();
  const manager = data.role === "manager";
  return (
    <AuthCard
      wide
      title={manager ? LABELS.managerRegistration : LABELS.competitorRegistration}
      toast={actionData?.toast}
      links={
        <>
          <BackToLogin />
          <a href={data.helpUrl} target="_blank" rel="noopener noreferrer">
            {MSG.registerHelp}
          </a>
        </>
      }
    >
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="form-grid"
      >
        <CsrfInput />
        <TaskInput task={LABELS.taskRegister} />
        {manager ? (
          <>
            <Field label={LABELS.teamName} field={fields.teamName}>
              <input
                {...getInputProps(fields.teamName, { type: "text" })}
                maxLength={MAX.teamName}
                autoComplete="organization"
              />
            </Field>
            <SelectField
              label={LABELS.teamCountry}
              field={fields.teamCountry}
              placeholder={LABELS.selectCountry}
              options={data.countries.map((c) => ({ value: c.code, label: c.name }))}
            />
          </>
        ) : (
          <div className="field">
            <label htmlFor="team-name">{LABELS.teamName}</label>
            <input id="team-name" type="text" value={data.teamName ?? ""} readOnly />
          </div>
        )}
        <EmailField field={fields.email} />
        <NewPasswordFields
          label={LABELS.password}
          password={fields.password}
          confirm={fields.confirmPassword}
          hint={LABELS.passwordHint}
        />
        <Field label={LABELS.identification} field={fields.identification}>
          <input {...getInputProps(fields.identification, { type: "text" })} maxLength={MAX.identification} />
        </Field>
        <Field label={LABELS.name} field={fields.name} hint={LABELS.nameHint}>
          <input {...getInputProps(fields.name, { type: "text" })} maxLength={MAX.name} autoComplete="name" />
        </Field>
        <RadioGroupField
          label={LABELS.gender}
          field={fields.gender}
          options={[
            { value: "MALE", label: LABELS.male },
            { value: "FEMALE", label: LABELS.female },
          ]}
        />
        <Field label={LABELS.yob} field={fields.yob}>
          <input
            {...getInputProps(fields.yob, { type: "number" })}
            min={data.years.min}
            max={data.years.max}
            inputMode="numeric"
          />
        </Field>
        <Field label={LABELS.phone} field={fields.phone} hint={LABELS.phoneHint}>
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            maxLength={MAX.phone}
            inputMode="numeric"
            autoComplete="tel"
          />
        </Field>
        <Field label={LABELS.emergency} field={fields.phoneEmergency} hint={LABELS.emergencyHint}>
          <input
            {...getInputProps(fields.phoneEmergency, { type: "tel" })}
            maxLength={MAX.phone}
            inputMode="numeric"
          />
        </Field>
        <TextareaField
          label={LABELS.address}
          field={fields.address}
          maxLength={MAX.address}
          rows={3}
          autoComplete="street-address"
        />
        <div className={`field field-photo${fields.photo.errors ? " field-invalid" : ""}`}>
          <label htmlFor={fields.photo.id}>{LABELS.photoOptional}</label>
          <div className="photo-help">
            <img src="/sample-photo.svg" alt={LABELS.samplePhotoAlt} width="96" height="96" />
            <PhotoGuidance />
          </div>
          <PhotoInput id={fields.photo.id} name={fields.photo.name} aria-describedby={fields.photo.errorId} />
          <ErrorList id={fields.photo.errorId} errors={fields.photo.errors} />
        </div>
        <SubmitButton>{LABELS.register}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
