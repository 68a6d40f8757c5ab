// The staff training screens' shared pieces (issue 11 items 4 and 6): the list parameters, the
// columns of Training Sessions and Training Reservations (the same columns feed the CSV downloads),
// the New Session / Edit Session form and the Approve / Reject form.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FastLink } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { ReservationRow, SessionListRow } from "~/models/training.server";
import { useMessages } from "~/i18n/useMessages";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import { formatDateTime } from "~/rules/format";
import { SIZES_DEFAULT } from "~/rules/list-params";
import {
  MAX_BOAT,
  REJECT_REASON_MAX,
  type ReservationAction,
  SESSION_TIME_RANGE,
} from "~/rules/training-fields";

/** Sessions: one order only (start time ascending, the spec's), so no sortable headers. */
export const SESSION_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["start"] as const,
  defaultSort: "start" as const,
  filters: {},
};

export type ReservationTab = "approved" | "pending";
/** The tabs in the spec's order; Pending is the default (the screen is where requests get
 * decided, and a decision comes back to it). */
export const RESERVATION_TABS: { key: ReservationTab; status: "APPROVED" | "PENDING" }[] = [
  { key: "approved", status: "APPROVED" },
  { key: "pending", status: "PENDING" },
];
export const RESERVATION_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["id"] as const,
  defaultSort: "id" as const,
  filters: { tab: 10 },
};
export function reservationTabOf(raw: string | null | undefined) {
  return RESERVATION_TABS.find((t) => t.key === raw) ?? RESERVATION_TABS[1];
}

/** A date and time that may fold between the date and the time on a phone ("07:00 AM" stays
 * whole); the CSV gets the one-line text. */
function whenColumn<R>(label: string, at: (row: R) => number, locale: Locale): Column<R> {
  return {
    label,
    cell: (r) => {
      const [date, ...time] = formatDateTime(at(r), locale).split(" ");
      return `${date} ${time.join("\u00a0")}`;
    },
    csv: (r) => formatDateTime(at(r)),
    className: "cell-text",
  };
}

// ---- Training Sessions ----------------------------------------------------------------------

/** The columns every staff member sees (in the page's language; the CSV's are the English ones). */
export const sessionColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<SessionListRow>[] => [
  { label: "#", cell: (r) => r.id },
  whenColumn(LABELS.trStartTime, (r) => r.startTime, locale),
  whenColumn(LABELS.trEndTime, (r) => r.endTime, locale),
  { label: LABELS.trMaxBoats, cell: (r) => r.maxBoat },
  { label: LABELS.trReservedBoats, cell: (r) => <ReservedLink row={r} />, csv: (r) => r.reserved },
];
export const sessionColumns = sessionColumnsOf(EN);

/** ADMIN's table: Edit and Delete per row. */
export const adminSessionColumnsOf = (t: Bundle, locale: Locale): Column<SessionListRow>[] => [
  ...sessionColumnsOf(t, locale),
  {
    label: t.LABELS.colActions,
    cell: (r) => <SessionActions row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

/** Approved boats; above 0 a link opening 'Reserved Teams'. */
function ReservedLink({ row }: { row: SessionListRow }) {
  const { search } = useLocation();
  const { MSG } = useMessages();
  if (row.reserved === 0) return <>0</>;
  return (
    <FastLink
      to={`/training-sessions/${row.id}/teams${search}`}
      preventScrollReset
      aria-label={MSG.reservedBoatsLink(row.reserved, row.id)}
    >
      {row.reserved}
    </FastLink>
  );
}

function SessionActions({ row }: { row: SessionListRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <span className="row-actions">
      <FastLink
        to={`/training-sessions/${row.id}/edit${search}`}
        preventScrollReset
        aria-label={LABELS.trEditSessionOf(row.id)}
      >
        {LABELS.rdEdit}
      </FastLink>{" "}
      <FastLink
        to={`/training-sessions/${row.id}/delete${search}`}
        preventScrollReset
        aria-label={LABELS.trDeleteSessionOf(row.id)}
      >
        {LABELS.rdDelete}
      </FastLink>
    </span>
  );
}

/** New Session and Edit Session: Start Time, End Time (datetime inputs, Malaysia time) and Max
 * Boats. The browser's own checks are off (noValidate), so the spec's sentences come from the
 * server, with everything typed kept. */
export function SessionForm({
  defaultValue,
  lastResult,
  submitLabel,
  task,
}: {
  defaultValue: { startTime: string; endTime: string; maxBoat: string };
  lastResult: unknown;
  submitLabel: string;
  task: string;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const { LABELS } = useMessages();
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset>
      <Field label={LABELS.trStartTime} field={fields.startTime} hint={LABELS.trMalaysiaTime}>
        <input
          {...getInputProps(fields.startTime, { type: "datetime-local" })}
          min={SESSION_TIME_RANGE.min}
          max={SESSION_TIME_RANGE.max}
        />
      </Field>
      <Field label={LABELS.trEndTime} field={fields.endTime} hint={LABELS.trMalaysiaTime}>
        <input
          {...getInputProps(fields.endTime, { type: "datetime-local" })}
          min={SESSION_TIME_RANGE.min}
          max={SESSION_TIME_RANGE.max}
        />
      </Field>
      <Field label={LABELS.trMaxBoats} field={fields.maxBoat} hint={LABELS.trAtLeast(MAX_BOAT.min)}>
        <input
          {...getInputProps(fields.maxBoat, { type: "number" })}
          min={MAX_BOAT.min}
          max={MAX_BOAT.max}
          step={1}
          inputMode="numeric"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}

// ---- Training Reservations ------------------------------------------------------------------

/** The columns of both tabs (in the page's language; the CSV's are the English ones). */
export const reservationColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<ReservationRow>[] => [
  { label: "#", cell: (r) => r.id },
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  whenColumn(LABELS.trStartTime, (r) => r.startTime, locale),
  whenColumn(LABELS.trEndTime, (r) => r.endTime, locale),
  { label: LABELS.trBoatsCol, cell: (r) => r.boat },
];
export const reservationColumns = reservationColumnsOf(EN);

/** The Pending tab: Approve / Reject per row. */
export const pendingColumnsOf = (t: Bundle, locale: Locale): Column<ReservationRow>[] => [
  ...reservationColumnsOf(t, locale),
  {
    label: t.LABELS.colActions,
    cell: (r) => <DecideLink row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function DecideLink({ row }: { row: ReservationRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <FastLink
      to={`/training-reservations/${row.id}${search}`}
      className="btn btn-small"
      preventScrollReset
      aria-label={LABELS.trApproveRejectOf(row.id)}
    >
      {LABELS.trApproveReject}
    </FastLink>
  );
}

const actionLabels = ({ LABELS }: Bundle): Record<ReservationAction, string> => ({
  APPROVE: LABELS.approve,
  REJECT: LABELS.trReject,
});

function actionOf(value: unknown): ReservationAction | null {
  return value === "APPROVE" || value === "REJECT" ? value : null;
}

/**
 * The Approve / Reject form: the action select ('Select an action' first, disabled), the reject
 * reason and one confirm button that says what it does. The button carries the action it is
 * labelled with (`confirmed`); the server acts only when that is the select's action. With
 * JavaScript the button follows the select (Approve or Reject), is disabled until an action is
 * chosen, and one press decides. Without it the page cannot relabel the button, so it first reads
 * Confirm: the server checks the choice (a Reject needs its reason; an Approve is refused for a
 * session that has started or has too few boats left) and answers with the same form, the choice
 * kept and the button now reading Approve or Reject; pressing that decides.
 */
export function DecisionForm({
  lastResult,
  confirm,
}: {
  lastResult: unknown;
  /** The action the server asks to confirm (the no-JavaScript second step), if any. */
  confirm: ReservationAction | null;
}) {
  const [form, fields] = useForm({
    defaultValue: { action: "", rejectReason: "" },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const [chosen, setChosen] = useState<ReservationAction | null>(
    confirm ?? actionOf(fields.action.initialValue),
  );
  const t = useMessages();
  const { MSG, LABELS } = t;
  const ACTION_LABEL = actionLabels(t);
  const buttonLabel = chosen ? ACTION_LABEL[chosen] : LABELS.trConfirm;
  // Without JavaScript "Confirm" must stay pressable (the server asks again); with it, there is
  // nothing to confirm until an action is chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <PostForm
      task={chosen === "REJECT" ? LABELS.trTaskRejecting : LABELS.trTaskDeciding}
      {...getFormProps(form)}
      noValidate
      preventScrollReset
    >
      <Field label={LABELS.trAction} field={fields.action}>
        <select
          {...getSelectProps(fields.action)}
          defaultValue={confirm ?? fields.action.initialValue ?? ""}
          onChange={(e) => setChosen(actionOf(e.target.value))}
        >
          <option value="" disabled>
            {MSG.reservationSelectAction}
          </option>
          <option value="APPROVE">{ACTION_LABEL.APPROVE}</option>
          <option value="REJECT">{ACTION_LABEL.REJECT}</option>
        </select>
      </Field>
      <Field label={LABELS.trRejectReason} field={fields.rejectReason} hint={MSG.rejectReasonHint}>
        <textarea
          {...getTextareaProps(fields.rejectReason)}
          placeholder={MSG.rejectReasonPlaceholder}
          maxLength={REJECT_REASON_MAX}
          rows={3}
        />
      </Field>
      {confirm ? (
        <p className="hint" role="status">
          {MSG.reservationPressToConfirm(ACTION_LABEL[confirm])}
        </p>
      ) : null}
      <button
        type="submit"
        name="confirmed"
        value={chosen ?? ""}
        disabled={hydrated && chosen === null}
        className={chosen === "REJECT" ? "btn btn-danger btn-block" : "btn btn-primary btn-block"}
      >
        {buttonLabel}
      </button>
    </PostForm>
  );
}
