// /my-races/regenerate (MANAGER, COMPETITOR; issue 28 part 4): the confirmation step of Regenerate
// over My Races. The POST gives the user a new calendar key: the old link (and every calendar
// subscribed to it) stops working at once. Audited.
import "~/i18n/routes/_app.my-races.regenerate";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { regenerateCalendarKey } from "~/models/my-races.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "myRaces");
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "myRaces");
  await parseFixedForm(request, NO_FIELDS);
  regenerateCalendarKey(user);
  return redirectWithToast(request, "/my-races", {
    type: "success",
    message: messagesFor(request).MSG.mrKeyRegenerated,
  });
}

export default function RegenerateCalendarLink() {
  const { LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.mrRegenerate}
      back="/my-races"
      subject={LABELS.mrCalendarLink}
      sentence={LABELS.mrRegenerateConfirm}
      confirmLabel={LABELS.mrYesRegenerate}
      backLabel={LABELS.confirmNo}
      task={LABELS.mrTaskKey}
    />
  );
}
