// The staff training screens' shared pieces (issue 11 items 4 and 6): the list parameters, the
// columns of Training Sessions and Training Reservations (the same columns feed the CSV downloads),
// the New Session / Edit Session form and the Approve / Reject form.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { type FocusEvent, useRef, useState } from "react";
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
  previousName,
  SESSION_TIME_FIELDS,
  SESSION_TIME_RANGE,
  type SessionTimeField,
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
    <Link
      to={`/training-sessions/${row.id}/teams${search}`}
      preventScrollReset
      aria-label={MSG.reservedBoatsLink(row.reserved, row.id)}
    >
      {row.reserved}
    </Link>
  );
}

function SessionActions({ row }: { row: SessionListRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <span className="row-actions">
      <Link
        to={`/training-sessions/${row.id}/edit${search}`}
        preventScrollReset
        aria-label={LABELS.trEditSessionOf(row.id)}
      >
        {LABELS.rdEdit}
      </Link>{" "}
      <Link
        to={`/training-sessions/${row.id}/delete${search}`}
        preventScrollReset
        aria-label={LABELS.trDeleteSessionOf(row.id)}
      >
        {LABELS.rdDelete}
      </Link>
    </span>
  );
}

/** New Session and Edit Session: Start Time, End Time (datetime inputs, Malaysia time) and Max
 * Boats. The browser's own checks are off (noValidate), so the spec's sentences come from the
 * server, with everything typed kept, except an invalid date: that box keeps its previous value
 * (the spec). With JavaScript the box goes back as the user leaves it; without (or when the form
 * is sent from the box with Enter), the server refuses it and answers with the previous value,
 * which each box's hidden twin carries. */
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
  // What the server answered last (with JavaScript conform keeps its first initial value): each
  // answer remounts the time boxes with it, so a box put back by the server shows its old value.
  const answered = (lastResult as { initialValue?: Record<string, unknown> } | undefined)?.initialValue;
  const seen = useRef({ result: lastResult, answers: 0 });
  if (seen.current.result !== lastResult)
    seen.current = { result: lastResult, answers: seen.current.answers + 1 };
  const { answers } = seen.current;
  const shownIn = (name: SessionTimeField) =>
    answered ? String(answered[name] ?? "") : (fields[name].initialValue ?? "");
  const timeBox = (name: SessionTimeField) => {
    const field = fields[name];
    const shown = shownIn(name);
    return (
      <Field
        label={LABELS[name === "startTime" ? "trStartTime" : "trEndTime"]}
        field={field}
        hint={LABELS.trMalaysiaTime}
      >
        <input
          {...getInputProps(field, { type: "datetime-local" })}
          key={`${name}-${answers}`}
          defaultValue={shown}
          min={SESSION_TIME_RANGE.min}
          max={SESSION_TIME_RANGE.max}
          onFocus={rememberTime}
          onBlur={keepPreviousTime}
        />
      </Field>
    );
  };
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset>
      {SESSION_TIME_FIELDS.map((name) => (
        <input key={`${name}-was-${answers}`} type="hidden" name={previousName(name)} value={shownIn(name)} />
      ))}
      {timeBox("startTime")}
      {timeBox("endTime")}
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

/** A date the browser itself finds invalid: half typed, or outside the box's min and max. */
function invalidTime(box: HTMLInputElement): boolean {
  const v = box.validity;
  return v.badInput || v.rangeUnderflow || v.rangeOverflow;
}

/** On entering a time box: remember its value while it is a valid one (or empty). */
function rememberTime(event: FocusEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  if (!invalidTime(box)) box.dataset.was = box.value;
}

/** On leaving it: an invalid date goes back to the remembered value. */
function keepPreviousTime(event: FocusEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  if (invalidTime(box)) box.value = box.dataset.was ?? "";
  else box.dataset.was = box.value;
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
    <Link
      to={`/training-reservations/${row.id}${search}`}
      className="btn btn-small"
      preventScrollReset
      aria-label={LABELS.trApproveRejectOf(row.id)}
    >
      {LABELS.trApproveReject}
    </Link>
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
 * The Approve / Reject form: the action select ('Select an action' first, disabled), then what the
 * chosen action needs: for Reject the reject reason and a Reject button, for Approve an Approve
 * button. Each button carries its own action (`action`), so the button pressed is what happens, on
 * the first press and without JavaScript too; the select (no name: it only chooses) shows the
 * chosen action's part through CSS (`.decision-form:has(...)` in app.css), so the page is the same
 * with and without JavaScript. A browser without `:has` shows both parts; the buttons still say
 * what they do.
 */
export function DecisionForm({ lastResult }: { lastResult: unknown }) {
  const [form, fields] = useForm({
    defaultValue: { action: "", rejectReason: "" },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const kept = actionOf(fields.action.initialValue);
  const [chosen, setChosen] = useState<ReservationAction | null>(kept);
  const t = useMessages();
  const { MSG, LABELS } = t;
  const ACTION_LABEL = actionLabels(t);
  return (
    <PostForm
      task={chosen === "REJECT" ? LABELS.trTaskRejecting : LABELS.trTaskDeciding}
      {...getFormProps(form)}
      className="decision-form"
      noValidate
      preventScrollReset
    >
      <Field label={LABELS.trAction} field={fields.action}>
        <select
          id={fields.action.id}
          defaultValue={kept ?? ""}
          onChange={(e) => setChosen(actionOf(e.target.value))}
        >
          <option value="" disabled>
            {MSG.reservationSelectAction}
          </option>
          <option value="APPROVE">{ACTION_LABEL.APPROVE}</option>
          <option value="REJECT">{ACTION_LABEL.REJECT}</option>
        </select>
      </Field>
      <div className="for-reject">
        <Field label={LABELS.trRejectReason} field={fields.rejectReason} hint={MSG.rejectReasonHint}>
          <textarea
            {...getTextareaProps(fields.rejectReason)}
            placeholder={MSG.rejectReasonPlaceholder}
            maxLength={REJECT_REASON_MAX}
            rows={3}
          />
        </Field>
        <button type="submit" name="action" value="REJECT" className="btn btn-danger btn-block">
          {ACTION_LABEL.REJECT}
        </button>
      </div>
      <div className="for-approve">
        <button type="submit" name="action" value="APPROVE" className="btn btn-primary btn-block">
          {ACTION_LABEL.APPROVE}
        </button>
      </div>
    </PostForm>
  );
}
