// /eoi-events/new: the Create EOI Event dialog over the list (ADMIN). The name is required ('Make
// sure to fill in all the fields.'), trimmed, inner spaces as one; a name a live EOI event already
// has (any case) is 'EOI event already exist. Please try with different name.', the typed name
// kept (the spec empties the box only for Round). Audited (models/eoi.server.ts).
import "~/i18n/routes/_app.eoi-events.new";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createEoiEvent } from "~/models/eoi.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { eoiEventSchemaFor } from "~/rules/eoi";
import { EoiEventForm } from "~/components/EoiEventForm";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "eoiEvents");
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const t = messagesFor(request);
  const { MSG } = t;
  const { submission } = await parseForm(request, eoiEventSchemaFor(t));
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.fillAll);
  const made = createEoiEvent(editionOf(request, user).id, user, submission.value.name);
  if (!made.ok)
    return replyWithError(submission, MSG.eoiExists, {
      status: 409,
      fieldErrors: { name: [MSG.eoiExists] },
    });
  return redirectWithToast(request, "/eoi-events", { type: "success", message: MSG.eoiCreated });
}

export default function CreateEoiEvent() {
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.eoiCreateEvent} closeTo="/eoi-events">
      <Toasts toasts={[data?.toast]} />
      <EoiEventForm
        defaultName=""
        lastResult={data?.result}
        submitLabel={LABELS.eoiCreateEvent}
        task={LABELS.eoiTaskCreating}
      />
    </Dialog>
  );
}
