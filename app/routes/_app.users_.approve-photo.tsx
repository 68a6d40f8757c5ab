// /users/approve-photo (ADMIN): the paged grid of photos awaiting approval, multi-select, Clear
// Selection, Approve and Reject. Approve/Reject first answers with the spec's confirmation
// sentence and a Yes button (a dialog, the same with and without JavaScript); the confirmed POST
// changes only members whose photo is still pending, in one transaction with its audit entry.
// Each checkbox carries the member with the photo its card showed (`id:image`): a member who
// uploaded a new photo meanwhile stays pending, and a warning names them (issue 18).
import "~/i18n/routes/_app.users_.approve-photo";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { Pager } from "~/components/DataTable";
import { Dialog } from "~/components/Dialog";
import { PhotoGrid } from "~/components/PhotoGrid";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { photoReviewSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast, redirectWithToasts } from "~/lib/toast.server";
import { sendPhotoRejectedEmail } from "~/services/account-mail.server";
import { listPhotos, reviewPhotos } from "~/models/photo-review.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList, SIZES_SMALL } from "~/rules/list-params";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.approvePhoto);

const LIST = { sizes: SIZES_SMALL, sorts: ["id"] as const, defaultSort: "id" as const, filters: {} };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "approvePhoto");
  const params = parseList(new URL(request.url).searchParams, LIST);
  return json(pageOf(params, (p) => listPhotos("pending", p)));
}

/** At most this many names in the warning (then "…"). */
const NAMES_SHOWN = 5;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "approvePhoto");
  const { MSG } = messagesFor(request);
  // The ticked cards, each the member and the photo file its card showed (`id:image`).
  const { value } = await parseFixedForm(request, photoReviewSchema);
  const { intent, ids: picks } = value;
  const back = new URL(request.url).search;
  if (picks.length === 0) {
    return json({ confirm: null, toast: { type: "warning", message: MSG.photosNoneSelected } as Toast }, 400);
  }
  if (value.confirmed !== "yes") {
    return json({ confirm: { intent, picks }, toast: null });
  }
  const { changed, skipped } = reviewPhotos(user, intent, picks);
  const photoChanged: Toast | null = skipped.length
    ? {
        type: "warning",
        message: MSG.photosChanged(
          intent,
          skipped.length,
          skipped
            .slice(0, NAMES_SHOWN)
            .map((s) => s.name)
            .join(", ") + (skipped.length > NAMES_SHOWN ? ", …" : ""),
        ),
      }
    : null;
  if (changed.length === 0) {
    if (photoChanged) return redirectWithToast(request, `/users/approve-photo${back}`, photoChanged);
    return redirectWithToast(request, `/users/approve-photo${back}`, {
      type: "warning",
      message: MSG.photosNonePending,
    });
  }
  if (intent === "reject") {
    // After the commit: an email that fails does not undo the rejection (it is logged).
    await Promise.allSettled(
      changed.map((m) =>
        sendPhotoRejectedEmail(m).catch((error) =>
          console.error(`photo rejected email to #${m.id} failed`, error),
        ),
      ),
    );
  }
  const done: Toast = {
    type: "success",
    message: intent === "approve" ? MSG.photosApproved : MSG.photosRejected,
  };
  return redirectWithToasts(
    request,
    `/users/approve-photo${back}`,
    photoChanged ? [done, photoChanged] : [done],
  );
}

export default function ApprovePhoto() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const { MSG, TITLES, LABELS } = useMessages();
  const confirm = actionData?.confirm;
  return (
    <Screen title={TITLES.approvePhoto}>
      <Toasts toasts={[actionData?.toast]} />
      <Form method="post" preventScrollReset className="photo-review">
        <CsrfInput />
        <TaskInput task={LABELS.taskApproving} />
        {data.rows.length > 0 ? (
          <div className="toolbar">
            <button type="reset" className="btn">
              {LABELS.clearSelection}
            </button>
            <button type="submit" name="intent" value="approve" className="btn btn-primary">
              {LABELS.approve}
            </button>
            <button type="submit" name="intent" value="reject" className="btn btn-danger">
              {LABELS.reject}
            </button>
          </div>
        ) : null}
        <PhotoGrid photos={data.rows} viewBase="/users/approve-photo" selectable />
      </Form>
      <Pager
        basePath="/users/approve-photo"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={SIZES_SMALL}
      />
      {confirm ? (
        <Dialog
          title={confirm.intent === "approve" ? LABELS.approve : LABELS.reject}
          closeTo={`/users/approve-photo${search}`}
        >
          <p>
            {MSG.photosConfirm(confirm.intent === "approve" ? "approve" : "reject", confirm.picks.length)}
          </p>
          <Form method="post" preventScrollReset className="actions">
            <CsrfInput />
            <TaskInput task={confirm.intent === "approve" ? LABELS.taskApproving : LABELS.taskRejecting} />
            <input type="hidden" name="confirmed" value="yes" />
            {confirm.picks.map((p) => (
              <input key={p.id} type="hidden" name="ids" value={`${p.id}:${p.image}`} />
            ))}
            <button type="submit" name="intent" value={confirm.intent} className="btn btn-primary">
              {confirm.intent === "approve" ? LABELS.yesApprove : LABELS.yesReject}
            </button>
            <FastLink to={`/users/approve-photo${search}`} className="btn" preventScrollReset>
              {LABELS.cancel}
            </FastLink>
          </Form>
        </Dialog>
      ) : null}
      <Outlet />
    </Screen>
  );
}
