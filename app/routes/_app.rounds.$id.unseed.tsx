// /rounds/:id/unseed?event=ID: Undo seeding, a confirmation step over the rounds table (ADMIN;
// issue 20, section 4). Race control's Undo seeding button posts here directly and gets its answer
// back on /race-control. A round its progression plan seeded when its sources went Official loses
// those lanes and its seeded time, if none of them has a result yet (else refused, saying so);
// audited (models/progression.server.ts). The plan stays. The same with and without JavaScript.
import "~/i18n/routes/_app.rounds.$id.unseed";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { Dialog } from "~/components/Dialog";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { backPath } from "~/services/failures.server";
import { NO_FIELDS, parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { unseedInfo, unseedRound } from "~/models/progression.server";
import { formatDateTime } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const info = unseedInfo(edition.id, idParam(params.id));
  if (!info) notFound();
  return json(info);
}

/** Race control's Undo seeding button posts here straight from /race-control: back there, with the
 * answer as a toast. */
function fromRaceControl(request: Request): string | null {
  const back = backPath(request);
  return back && new URL(back, "http://x").pathname === "/race-control" ? back : null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const id = idParam(params.id);
  await parseFixedForm(request, NO_FIELDS);
  const { LABELS } = messagesFor(request);
  const done = unseedRound(edition.id, user, id);
  const raceControl = fromRaceControl(request);
  if (done.ok)
    return redirectWithToast(request, raceControl ?? `/rounds?event=${done.eventId}`, {
      type: "success",
      message: LABELS.pgUnseeded,
    });
  if (done.code === "notFound") notFound();
  const message = done.code === "hasResults" ? LABELS.pgUnseedHasResults : LABELS.pgUnseedNotSeeded;
  if (raceControl) return redirectWithToast(request, raceControl, { type: "error", message });
  return json({ toast: { type: "error", message } as Toast }, 409);
}

export default function Unseed() {
  const info = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const locale = useLocale();
  const { LABELS } = useMessages();
  const back = `/rounds${search || `?event=${info.eventId}`}`;
  const refusal =
    info.seededAt === null ? LABELS.pgUnseedNotSeeded : info.results > 0 ? LABELS.pgUnseedHasResults : null;
  if (refusal || data?.toast)
    return (
      <Dialog title={LABELS.pgUnseedTitle} closeTo={back}>
        <Toasts toasts={[data?.toast]} />
        <p>
          <strong>{info.name}</strong> · {info.eventName}
        </p>
        {refusal ? <p role="alert">{refusal}</p> : null}
        <p className="actions">
          <Link to={back} className="btn" preventScrollReset>
            {LABELS.cancel}
          </Link>
        </p>
      </Dialog>
    );
  return (
    <ConfirmStep
      title={LABELS.pgUnseedTitle}
      back={back}
      subject={
        <>
          <strong>{info.name}</strong> · {info.eventName}
        </>
      }
      sentence={LABELS.pgUnseedConfirm}
      note={LABELS.pgUnseedNote(info.races, formatDateTime(info.seededAt as number, locale))}
      confirmLabel={LABELS.pgUnseed}
      backLabel={LABELS.cancel}
      task={LABELS.pgTaskUnseeding}
    />
  );
}
