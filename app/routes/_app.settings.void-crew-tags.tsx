// /settings/void-crew-tags (ADMIN; issue 18, docs/decisions/0025-crew-tag-versions.md): the
// confirmation step of Void Printed Crew Tags over the Settings screen, the same with and without
// JavaScript. The POST moves the crew tag version on (rotateCrewTags, audited `crew_tags.rotated`):
// every tag printed so far is refused at the kiosks from then on ('This crew tag has been
// voided ...') and the crew tag PDFs print the new version. Any other role: refused by the guard,
// nothing changes.
import "~/i18n/routes/_app.settings.void-crew-tags";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { crewTagVersion, getSettings, rotateCrewTags } from "~/models/settings.server";

const BACK = "/settings";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "settings");
  const edition = editionOf(request, user).id;
  return json({ version: crewTagVersion(edition), plainAllowed: !getSettings(edition).requireSignedTags });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "settings");
  const { MSG } = messagesFor(request);
  await parseFixedForm(request, NO_FIELDS);
  const result = rotateCrewTags(user, editionOf(request, user).id);
  if (result.kind === "exhausted")
    return redirectWithToast(request, BACK, { type: "error", message: MSG.crewTagsRotateExhausted });
  return redirectWithToast(request, BACK, { type: "success", message: MSG.crewTagsRotated(result.to) });
}

export default function VoidCrewTags() {
  const { version, plainAllowed } = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.voidCrewTags}
      back={BACK}
      subject={LABELS.crewTagVersionNow(version)}
      sentence={MSG.crewTagsRotateConfirm}
      note={plainAllowed ? LABELS.voidCrewTagsPlainNote : undefined}
      confirmLabel={LABELS.voidCrewTagsYes}
      backLabel={LABELS.confirmNo}
      task={LABELS.taskVoidingCrewTags}
    />
  );
}
