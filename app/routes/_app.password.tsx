import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/ChangePasswordForm";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { handleChangePassword } from "~/lib/change-password.server";
import { readForm } from "~/lib/csrf.server";
import { TITLES } from "~/messages";

// Change Password for every role as a page of its own: staff have no profile to hold the dialog.
export const meta: MetaFunction = () => [{ title: `${TITLES.changePassword} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "password");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "password");
  const form = await readForm(request);
  return handleChangePassword(request, user, form, "/password");
}

export default function ChangePassword() {
  const data = useActionData<typeof action>();
  return (
    <Screen title={TITLES.changePassword}>
      <Toasts toasts={[data?.toast]} />
      <div className="card narrow">
        <ChangePasswordForm action="/password" lastResult={data?.result} />
      </div>
    </Screen>
  );
}
