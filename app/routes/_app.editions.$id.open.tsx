// /editions/:id/open (ADMIN; issue 21): the confirmation step over the Editions table. It names
// what happens: the open edition is archived (read-only) and every member's crew tag fee is due
// again; the managers of the clubs that took part in it are emailed. Open makes the draft the
// current edition (services/editions.server.ts: one audited transaction, then the emails; a failed
// email never fails the Open, the toast counts those emailed). An id that is no draft: 404 (a POST
// after it was opened meanwhile says so).
import "~/i18n/routes/_app.editions.$id.open";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionCookie } from "~/services/edition.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { currentEdition, getEdition } from "~/models/edition.server";
import { openEditionAndInvite } from "~/services/editions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "editions");
  const edition = getEdition(idParam(params.id));
  if (edition?.state !== "DRAFT") notFound();
  return json({ edition: { id: edition.id, name: edition.name }, current: currentEdition().name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "editions");
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const { MSG } = messagesFor(request);
  const opened = await openEditionAndInvite(user, id);
  if (!opened.ok) {
    const edition = getEdition(id);
    if (opened.code === "missing" || !edition) notFound();
    return redirectWithToast(request, "/editions", {
      type: "error",
      message: MSG.edScNotDraft(edition.name),
    });
  }
  const message = [
    MSG.edScOpened(opened.edition.name, opened.emailed),
    opened.failed > 0 ? MSG.edScMailFailed(opened.failed) : "",
  ]
    .filter(Boolean)
    .join(" ");
  // The staff member who opened it now looks at the current edition (the picker's choice is cleared).
  return redirectWithToast(
    request,
    "/editions",
    { type: opened.failed > 0 ? "warning" : "success", message },
    { "Set-Cookie": editionCookie(null) },
  );
}

export default function OpenEdition() {
  const { edition, current } = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.edScOpenTitle}
      back="/editions"
      subject={<strong>{edition.name}</strong>}
      sentence={MSG.edScOpenConfirm(edition.name, current)}
      note={MSG.edScOpenNote(current)}
      confirmLabel={LABELS.edScOpen}
      backLabel={LABELS.cancel}
      task={LABELS.edScTaskOpening}
    />
  );
}
