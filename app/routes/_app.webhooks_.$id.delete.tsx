// /webhooks/:id/delete (ADMIN; issue 29 part 4): the confirmation step over the endpoint's page.
// Delete removes the endpoint and its delivery log (audited); the events stay. None: 404.
import "~/i18n/routes/_app.webhooks_.$id.delete";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { found, idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteEndpoint, findEndpoint } from "~/models/webhooks.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "webhook");
  const endpoint = found(findEndpoint(idParam(params.id)));
  return json({ endpoint: { id: endpoint.id, url: endpoint.url } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "webhook");
  await parseFixedForm(request, NO_FIELDS);
  const endpoint = found(findEndpoint(idParam(params.id)));
  if (!deleteEndpoint(user, endpoint.id)) notFound();
  return redirectWithToast(request, "/webhooks", {
    type: "success",
    message: messagesFor(request).MSG.whDeleted(endpoint.url),
  });
}

export default function DeleteWebhook() {
  const { endpoint } = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.whDeleteTitle}
      back={`/webhooks/${endpoint.id}`}
      subject={<code>{endpoint.url}</code>}
      sentence={MSG.whDeleteConfirm}
      confirmLabel={LABELS.whDelete}
      backLabel={LABELS.cancel}
      task={LABELS.whTaskDeleting}
    />
  );
}
