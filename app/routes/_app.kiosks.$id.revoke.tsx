// /kiosks/:id/revoke (ADMIN; issue 18): the confirmation step over the Kiosks list. Revoke marks the
// device revoked (audited); its cookie is refused from the next request on, so it stops showing
// participants at once. A device already revoked, or none: 404.
import "~/i18n/routes/_app.kiosks.$id.revoke";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findKiosk, revokeKiosk } from "~/models/kiosk.server";

function liveKioskOr404(raw: string | undefined) {
  const kiosk = findKiosk(idParam(raw));
  return kiosk && !kiosk.revokedAt ? kiosk : notFound();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "kiosks");
  const kiosk = liveKioskOr404(params.id);
  return json({ kiosk: { id: kiosk.id, name: kiosk.name } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "kiosks");
  await parseFixedForm(request, NO_FIELDS);
  const kiosk = liveKioskOr404(params.id);
  if (!revokeKiosk(user, kiosk.id).ok) notFound();
  return redirectWithToast(request, `/kiosks${new URL(request.url).search}`, {
    type: "success",
    message: messagesFor(request).MSG.kioskRevoked(kiosk.name),
  });
}

export default function RevokeKiosk() {
  const { kiosk } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.kioskRevokeTitle}
      back={`/kiosks${search}`}
      subject={<strong>{kiosk.name}</strong>}
      sentence={MSG.kioskRevokeConfirm}
      confirmLabel={LABELS.kioskRevoke}
      backLabel={LABELS.cancel}
      task={LABELS.kioskTaskRevoking}
    />
  );
}
