// POST /photo: the profile's photo upload (managers and competitors, while their photo is not
// approved). The cheap header checks and the throttle come before the photo is decoded; a refusal
// re-renders the profile with the message. A GET here shows the profile too (no redirect: after a
// refused upload Remix runs this loader again, and a redirect would drop the message).
import "~/i18n/routes/_app._home.photo";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { isBusyResponse } from "~/lib/limiter.server";
import { notFound } from "~/lib/params.server";
import { encodePhoto, photoFieldOf } from "~/lib/photos.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { updatePhoto } from "~/models/account.server";
import { gate, throttleKeys } from "~/models/throttle.server";
import { throttledMessage } from "~/rules/throttle";
import { messagesFor } from "~/i18n/locale.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "home");
  return null;
}

const fail = (message: string, status = 400) => json({ toast: { type: "error", message } as Toast }, status);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "home");
  const t = messagesFor(request);
  const { MSG } = t;
  if (user.role !== "MANAGER" && user.role !== "COMPETITOR") notFound();
  const { form } = await parseForm(request, NO_FIELDS);
  // Once approved, a photo is final (the upload control is hidden, and refused here too).
  if (user.image && user.validImage === 1) return fail(MSG.photoError);
  const { upload, error } = await photoFieldOf(form, "photo", t);
  if (error || !upload) return fail(error ?? MSG.notAnImage);
  const wait = gate(throttleKeys.photoUpload(user.id));
  if (wait > 0) return fail(throttledMessage(wait, t), 429);
  try {
    const encoded = await encodePhoto(upload, t);
    if (!encoded.photo) return fail(encoded.error ?? MSG.notAnImage);
    updatePhoto(user.id, encoded.photo);
  } catch (error) {
    if (isBusyResponse(error)) return fail(MSG.serverBusy, 429);
    console.error("photo update failed", error);
    return fail(MSG.photoError, 500);
  }
  return redirectWithToast(request, "/", { type: "success", message: MSG.photoUpdated });
}

export default function PhotoResult() {
  const data = useActionData<typeof action>();
  return <Toasts toasts={[data?.toast]} />;
}
