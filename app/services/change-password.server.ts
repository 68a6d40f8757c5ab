// The Change Password submission, shared by the profile's dialog (managers, competitors) and the
// staff page /password: same schema, messages and effects (session rotated, reset links retired).
// Wrong old passwords are throttled per user (models/account.server.ts changePassword): the wait
// is the app's usual "Too many attempts" toast, as on the login page.
import { isBusyResponse } from "~/lib/limiter.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { changePassword } from "~/models/account.server";
import { throttledMessage } from "~/rules/throttle";
import type { User } from "~/models/user.server";
import { messagesFor } from "~/i18n/locale.server";
import { changePasswordSchemaFor } from "~/rules/auth-schemas";

const hideFields = ["oldPassword", "newPassword", "confirmPassword"];

export async function handleChangePassword(request: Request, user: User, doneTo: string) {
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, changePasswordSchemaFor(t));
  const fail = (message: string, status = 400) =>
    replyWithError(submission, message, { status, hide: hideFields });
  if (submission.status !== "success") return fail(firstError(submission) ?? MSG.changePasswordError);
  let outcome: Awaited<ReturnType<typeof changePassword>>;
  try {
    outcome = await changePassword(user, submission.value.oldPassword, submission.value.newPassword);
  } catch (error) {
    if (isBusyResponse(error)) return fail(MSG.serverBusy, 429);
    throw error;
  }
  if (!outcome.ok && outcome.code === "throttled") return fail(throttledMessage(outcome.waitMs, t), 429);
  if (!outcome.ok) return fail(MSG.wrongPassword);
  return redirectWithToast(
    request,
    doneTo,
    { type: "success", message: MSG.passwordUpdated },
    { "Set-Cookie": outcome.setCookie },
  );
}
