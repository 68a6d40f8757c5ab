// The staff training screens' shared pieces (issue 11 items 4 and 6): the list parameters, the
// columns of Training Sessions and Training Reservations (the same columns feed the CSV downloads),
// the New Session / Edit Session form and the Approve / Reject form (components/TrainingForms.tsx).
import { fastLinkHtml } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import type { ReservationRow, SessionListRow } from "~/models/training.server";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/i18n/en";
import { formatDateTime } from "~/rules/format";
import { SIZES_DEFAULT } from "~/rules/list-params";

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
export const sessionColumnsOf = (
  { LABELS, MSG }: Bundle,
  locale: Locale = "en",
): Column<SessionListRow>[] => [
  { label: "#", cell: (r) => r.id },
  whenColumn(LABELS.trStartTime, (r) => r.startTime, locale),
  whenColumn(LABELS.trEndTime, (r) => r.endTime, locale),
  { label: LABELS.trMaxBoats, cell: (r) => r.maxBoat },
  {
    label: LABELS.trReservedBoats,
    html: (r, { search }) =>
      r.reserved === 0
        ? "0"
        : fastLinkHtml(`/training-sessions/${r.id}/teams${search}`, r.reserved, {
            preventScrollReset: true,
            "aria-label": MSG.reservedBoatsLink(r.reserved, r.id),
          }),
    csv: (r) => r.reserved,
  },
];
export const sessionColumns = /* @__PURE__ */ sessionColumnsOf(EN);

/** ADMIN's table: Edit and Delete per row. */
export const adminSessionColumnsOf = (t: Bundle, locale: Locale): Column<SessionListRow>[] => [
  ...sessionColumnsOf(t, locale),
  {
    label: t.LABELS.colActions,
    html: (r, { search }) => {
      const L = t.LABELS;
      const toEdit = fastLinkHtml(`/training-sessions/${r.id}/edit${search}`, L.rdEdit, {
        preventScrollReset: true,
        "aria-label": L.trEditSessionOf(r.id),
      });
      const toDelete = fastLinkHtml(`/training-sessions/${r.id}/delete${search}`, L.rdDelete, {
        preventScrollReset: true,
        "aria-label": L.trDeleteSessionOf(r.id),
      });
      return `<span class="row-actions">${toEdit} ${toDelete}</span>`;
    },
    csv: () => null,
    className: "cell-actions",
  },
];

// ---- Training Reservations ------------------------------------------------------------------

/** The columns of both tabs (in the page's language; the CSV's are the English ones). */
export const reservationColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<ReservationRow>[] => [
  { label: "#", cell: (r) => r.id },
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  whenColumn(LABELS.trStartTime, (r) => r.startTime, locale),
  whenColumn(LABELS.trEndTime, (r) => r.endTime, locale),
  { label: LABELS.trBoatsCol, cell: (r) => r.boat },
];
export const reservationColumns = /* @__PURE__ */ reservationColumnsOf(EN);

/** The Pending tab: Approve / Reject per row. */
export const pendingColumnsOf = (t: Bundle, locale: Locale): Column<ReservationRow>[] => [
  ...reservationColumnsOf(t, locale),
  {
    label: t.LABELS.colActions,
    html: (r, { search }) =>
      fastLinkHtml(`/training-reservations/${r.id}${search}`, t.LABELS.trApproveReject, {
        class: "btn btn-small",
        preventScrollReset: true,
        "aria-label": t.LABELS.trApproveRejectOf(r.id),
      }),
    csv: () => null,
    className: "cell-actions",
  },
];
