import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { requireGuest } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sendVerificationEmail } from "~/models/account.server";
import { recordHit, throttledMessage, throttleKeys } from "~/models/throttle.server";
import { findUserByEmail } from "~/models/user.server";
import { MSG } from "~/messages";

// The OK of the login page's confirm toast: resend the verification email (a POST, so it works
// without JavaScript), then show the server's message on the login page.
export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request, "login");
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").trim();
  const back = (type: "info" | "error", message: string) =>
    redirectWithToast(request, "/auth/login", { type, message });
  const keys = throttleKeys.email("resend", request, email);
  const throttled = throttledMessage(keys);
  if (throttled) return back("error", throttled);
  const user = email ? findUserByEmail(email) : undefined;
  if (!user) return back("error", MSG.userNotFound);
  if (user.verified) return back("info", MSG.resendAlreadyVerified);
  recordHit(keys);
  try {
    await sendVerificationEmail(user);
  } catch (error) {
    console.error("resend verification failed", error);
    return back("error", MSG.sendEmailError);
  }
  return back("info", MSG.resendSent);
}

export const loader = () => redirect("/auth/login");
