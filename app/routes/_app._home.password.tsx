// /password: the Change Password dialog over home, for every role (staff have no profile, so it is
// also in their sidebar). Success ends every old session, starts a new one, and goes home.
import "~/i18n/routes/_app._home.password";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/ChangePasswordForm";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { handleChangePassword } from "~/services/change-password.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.changePassword);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "password");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "password");
  return handleChangePassword(request, user, "/");
}

export default function ChangePassword() {
  const data = useActionData<typeof action>();
  const { MSG } = useMessages();
  return (
    <Dialog title={MSG.changePassword} closeTo="/">
      <Toasts toasts={[data?.toast]} />
      <ChangePasswordForm action="/password" lastResult={data?.result} />
    </Dialog>
  );
}
