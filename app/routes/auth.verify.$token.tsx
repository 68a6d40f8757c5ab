import "~/i18n/routes/auth.verify.$token";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AuthCard, SubmitButton } from "~/components/AuthForm";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { requireGuest } from "~/services/access.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { verifyEmail } from "~/models/account.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.verify);

// Verifying writes, and a GET never writes (mail scanners open links too): the page posts the
// token. With JavaScript it posts by itself; without, the user presses the button.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request, "verify");
  if (!params.token) throw redirect("/not-found");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireGuest(request, "verify");
  await parseForm(request, NO_FIELDS);
  const result = verifyEmail(params.token ?? "");
  const { MSG } = messagesFor(request);
  const message = { verified: MSG.verifySuccess, used: MSG.verifyUsed, invalid: MSG.verifyInvalid }[result];
  return redirectWithToast(request, "/auth/login", {
    type: result === "verified" ? "success" : "error",
    message,
  });
}

export default function Verify() {
  const { MSG, TITLES, LABELS } = useMessages();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.requestSubmit(), []);
  return (
    <AuthCard title={TITLES.verify}>
      <p>{MSG.verifyPrompt}</p>
      <Form method="post" ref={form}>
        <CsrfInput />
        <TaskInput task={LABELS.taskVerify} />
        <SubmitButton>{MSG.verifyButton}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
