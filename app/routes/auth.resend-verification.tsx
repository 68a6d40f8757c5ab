import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { requireGuest } from "~/services/access.server";
import { parseForm } from "~/lib/forms.server";
import { resendSchema } from "~/lib/schemas.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sendVerificationEmail } from "~/services/account-mail.server";
import { gate, throttleKeys } from "~/models/throttle.server";
import { throttledMessage } from "~/rules/throttle";
import { findUserByEmail } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";

// The OK of the login page's confirm toast: resend the verification email (a POST, so it works
// without JavaScript), then show the server's message on the login page.
export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "login");
  const { submission } = await parseForm(request, resendSchema());
  const t = messagesFor(request);
  const { MSG } = t;
  const back = (type: "info" | "error", message: string) =>
    redirectWithToast(request, "/auth/login", { type, message });
  if (submission.status !== "success") return back("error", MSG.userNotFound);
  const { email } = submission.value;
  // Every request counts, unknown emails too.
  const wait = gate(throttleKeys.email("resend", request, email));
  if (wait > 0) return back("error", throttledMessage(wait, t));
  const user = findUserByEmail(email);
  if (!user) return back("error", MSG.userNotFound);
  if (user.verified) return back("info", MSG.resendAlreadyVerified);
  try {
    await sendVerificationEmail(user);
  } catch (error) {
    console.error("resend verification failed", error);
    return back("error", MSG.sendEmailError);
  }
  return back("info", MSG.resendSent);
}

export const loader = () => redirect("/auth/login");
