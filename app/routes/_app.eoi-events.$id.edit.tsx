// /eoi-events/:id/edit: the Edit dialog over the list (ADMIN): the name, required; another live
// EOI event's name (any case) is 'EOI event already exist' with the name box emptied. A deleted or
// unknown event is 404. Audited (models/eoi.server.ts).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { firstError, parseForm, replyWithError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findEoiEvent, updateEoiEvent } from "~/models/eoi.server";
import { MSG } from "~/messages";
import { eoiEventSchema } from "~/rules/eoi";
import { parseId } from "~/rules/race-fields";
import { EoiEventForm, useEoiNameCleared } from "~/tables/eoi";

function eventId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "eoiEvents");
  const event = findEoiEvent(eventId(params.id));
  if (!event) throw new Response("Not Found", { status: 404 });
  return json({ id: event.id, name: event.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoiEvents");
  const id = eventId(params.id);
  const { submission } = await parseForm(request, eoiEventSchema);
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? MSG.fillAll);
  const updated = updateEoiEvent(user, id, submission.value.name);
  if (!updated.ok) {
    if (updated.error === "notFound") throw new Response("Not Found", { status: 404 });
    return replyWithError(submission, MSG.eoiExists, {
      status: 409,
      hide: ["name"],
      fieldErrors: { name: [MSG.eoiExists] },
    });
  }
  return redirectWithToast(request, "/eoi-events", { type: "success", message: MSG.eoiUpdated });
}

export default function EditEoiEvent() {
  const event = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const nameCleared = useEoiNameCleared(data);
  return (
    <Dialog title="Edit EOI Event" closeTo="/eoi-events">
      <Toasts toasts={[data?.toast]} />
      <EoiEventForm
        key={event.id}
        defaultName={event.name}
        lastResult={data?.result}
        submitLabel="Update"
        task="Updating EOI event"
        nameCleared={nameCleared}
      />
    </Dialog>
  );
}
