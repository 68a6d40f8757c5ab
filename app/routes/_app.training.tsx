// /training (MANAGER; beyond the spec's route table, issue 11 item 5): Training Booking. Upcoming
// sessions with boats left (max boats less the approved ones), each with a small form 'Number of
// boats' + Request Boats (at least 1, at most what is left; the model checks the count in the
// insert's transaction); then My Requests: the club's reservations with their status and reject
// reason, a pending one with Cancel Request (a confirm dialog, the child route
// /training/:id/cancel). The club is always the manager's own (user.associationId), never the form's.
import "~/i18n/routes/_app.training";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import type { ReservationStatus } from "../../db/enums";
import { FastLink } from "~/components/FastLink";
import { type Column, DataTable } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { Empty, Screen } from "~/components/Screen";
import { StatusBadge } from "~/components/StatusBadge";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseForm } from "~/lib/forms.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  type BookableSession,
  bookableSessions,
  clubReservations,
  findSession,
  type ReservationRow,
  requestBoats,
} from "~/models/training.server";
import type { Locale } from "~/i18n/locale";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { inBundle } from "~/lib/i18n-text";
import type { Bundle } from "~/messages";
import { formatDateTime } from "~/rules/format";
import { bookingRefusal, bookingSchemaFor } from "~/rules/training";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.training);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "training");
  const club = user.associationId;
  if (club === null) return json({ noClub: true, sessions: [], requests: [] });
  const edition = editionOf(request, user);
  return json({
    noClub: false,
    sessions: bookableSessions(edition.id),
    requests: clubReservations(edition.id, club),
  });
}

type Refused = { toast: Toast; session: string; boat: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "training");
  const t = messagesFor(request);
  const { MSG } = t;
  const { form, submission } = await parseForm(request, bookingSchemaFor(t));
  const typed = (name: string) => String(form.get(name) ?? "").slice(0, 20);
  const refuse = (message: string, status: number) =>
    json<Refused>(
      { toast: { type: "error", message }, session: typed("session"), boat: typed("boat") },
      status,
    );
  if (user.associationId === null) return refuse(MSG.bookingNoClub, 403);
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    // The session's message first (a forged or stale id), then the boats'.
    return refuse(errors.session?.[0] ?? errors.boat?.[0] ?? MSG.bookingBoatMin, 400);
  }
  const { session, boat } = submission.value;
  const edition = editionOf(request, user);
  const made = requestBoats(edition.id, user.associationId, session, boat);
  if (!made.ok) {
    // The model's refusal, said again in the page's language from what is stored now (read only).
    const found = findSession(edition.id, session);
    const pending = clubReservations(edition.id, user.associationId).some(
      (r) => r.sessionId === session && r.status === "PENDING",
    );
    const again = bookingRefusal(
      found && { startTime: found.startTime, maxBoat: found.maxBoat, approved: found.reserved },
      boat,
      Date.now(),
      pending,
      MSG,
    );
    return refuse(again ?? inBundle(made.message, t), 409);
  }
  return redirectWithToast(request, "/training", { type: "success", message: MSG.bookingRequested(boat) });
}

function ReservationBadge({ status }: { status: ReservationStatus }) {
  const label = useMessages().MSG.reservationStatus[status];
  if (status === "CANCELLED") return <span className="badge">{label}</span>;
  return (
    <StatusBadge ok={status === "APPROVED" ? true : status === "PENDING" ? "warn" : false}>
      {label}
    </StatusBadge>
  );
}

/** Counts this session's finished requests: goes up in the very render where a submission of it
 * has settled (navigation idle again), so the box is rebuilt in the same commit that takes the
 * spinner away, never a moment after it when the user may already be typing again. */
function useOwnSubmissionCount(sessionId: string): number {
  const navigation = useNavigation();
  const pending = useRef(false);
  const settled = useRef(0);
  if (navigation.formData?.get("session") === sessionId) pending.current = true;
  else if (navigation.state === "idle" && pending.current) {
    pending.current = false;
    settled.current += 1;
  }
  return settled.current;
}

/** One session's request form: the typed number comes back after a refusal of this session. */
function RequestForm({ session, refused }: { session: BookableSession; refused?: Refused }) {
  const requestsMade = useOwnSubmissionCount(String(session.id));
  const mine = refused?.session === String(session.id);
  const id = `boats-${session.id}`;
  const { LABELS } = useMessages();
  return (
    <PostForm
      task={LABELS.trTaskRequesting}
      action="/training"
      noValidate
      preventScrollReset
      className="entries-wait entries-join"
      // After this form's own request (refused or made) the box starts afresh from what the server
      // says; another session's request or a revalidation leaves what is being typed here alone.
      key={requestsMade}
    >
      <input type="hidden" name="session" value={session.id} />
      <label htmlFor={id}>{LABELS.trNumberOfBoats}</label>
      <input
        id={id}
        name="boat"
        type="number"
        inputMode="numeric"
        min={1}
        max={session.left}
        step={1}
        required
        defaultValue={mine ? refused?.boat : ""}
        aria-invalid={mine || undefined}
      />
      <button type="submit" className="btn btn-primary btn-small">
        {LABELS.trRequestBoats}
      </button>
    </PostForm>
  );
}

/** A time that never breaks across lines (the wrapping columns beside it take the squeeze). */
const when = (t: number, locale: Locale) => formatDateTime(t, locale).replace(/ /g, "\u00a0");
/** The end as the phone's line under the start shows it: the time alone on the same day. */
function until(start: number, end: number, locale: Locale): string {
  const [startDay] = formatDateTime(start, locale).split(" ");
  const [endDay, ...time] = formatDateTime(end, locale).split(" ");
  return endDay === startDay ? time.join("\u00a0") : when(end, locale);
}

// On a phone the End Time, boats and reason columns fold under the start time (the event
// entries' classes: entries-wide columns hide, entries-meta lines show, at 600px and below).
function sessionColumns(
  { MSG, LABELS }: Bundle,
  locale: Locale,
  refused?: Refused,
): Column<BookableSession>[] {
  return [
    {
      label: LABELS.trStartTime,
      cell: (s) => (
        <>
          {when(s.startTime, locale)}
          <span className="entries-meta">
            {LABELS.trUntil(until(s.startTime, s.endTime, locale))} · {MSG.bookingLeft(s.left)}
          </span>
        </>
      ),
      className: "cell-text",
    },
    { label: LABELS.trEndTime, cell: (s) => formatDateTime(s.endTime, locale), className: "entries-wide" },
    { label: LABELS.trBoatsLeft, cell: (s) => s.left, className: "entries-wide" },
    {
      label: LABELS.trRequest,
      cell: (s) => <RequestForm session={s} refused={refused} />,
      className: "cell-text",
    },
  ];
}

function requestColumns({ LABELS }: Bundle, locale: Locale, search: string): Column<ReservationRow>[] {
  return [
    {
      label: LABELS.trStartTime,
      cell: (r) => (
        <>
          {when(r.startTime, locale)}
          <span className="entries-meta">
            {LABELS.trUntil(until(r.startTime, r.endTime, locale))} · {LABELS.trBoats(r.boat)}
          </span>
          <span className="entries-meta">
            <ReservationBadge status={r.status} />
          </span>
          {r.rejectReason ? <span className="entries-meta">{r.rejectReason}</span> : null}
        </>
      ),
      className: "cell-text",
    },
    { label: LABELS.trEndTime, cell: (r) => formatDateTime(r.endTime, locale), className: "entries-wide" },
    { label: LABELS.trBoatsCol, cell: (r) => r.boat, className: "entries-wide" },
    {
      label: LABELS.status,
      cell: (r) => <ReservationBadge status={r.status} />,
      className: "entries-wide",
    },
    {
      label: LABELS.trRejectReasonCol,
      cell: (r) => r.rejectReason ?? "",
      className: "cell-text entries-wide",
    },
    {
      label: LABELS.colActions,
      cell: (r) =>
        r.status === "PENDING" ? (
          <FastLink
            to={`/training/${r.id}/cancel${search}`}
            preventScrollReset
            className="btn btn-small btn-danger"
          >
            {LABELS.trCancelRequest}
          </FastLink>
        ) : null,
    },
  ];
}

export default function TrainingBooking() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { search } = useLocation();
  const t = useMessages();
  const locale = useLocale();
  const { MSG, TITLES } = t;
  if (data.noClub)
    return (
      <Screen title={TITLES.training}>
        <Empty text={MSG.bookingNoClub} />
      </Screen>
    );
  return (
    <Screen title={TITLES.training}>
      <Toasts toasts={[refused?.toast]} />
      <p>{MSG.bookingIntro}</p>
      <h2 className="table-title">{TITLES.trainingUpcoming}</h2>
      <DataTable
        columns={sessionColumns(t, locale, refused)}
        rows={data.sessions}
        rowKey={(s) => s.id}
        caption={TITLES.trainingUpcoming}
        empty={MSG.bookingNoSessions}
      />
      <h2 className="table-title">{TITLES.trainingMyRequests}</h2>
      <DataTable
        columns={requestColumns(t, locale, search)}
        rows={data.requests}
        rowKey={(r) => r.id}
        caption={TITLES.trainingMyRequests}
        empty={MSG.bookingNoRequests}
      />
      <Outlet />
    </Screen>
  );
}
