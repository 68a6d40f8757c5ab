// The Events screen's shared pieces: the staff table's columns and list parameters (the screen
// /events and its CSV /events.csv share them), the Waitlist link and the admin's row actions,
// Assigned Events' columns (a manager's with Pick Crew), and the Create Event / Edit form used by
// both dialogs (form.tsx).
import { FastLink, fastLinkHtml } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import type { AssignedRow, EventRow } from "~/models/event.server";
import { formatRM, senToRM } from "~/rules/format";
import { escapeHtml } from "~/rules/html";
import { SIZES_DEFAULT } from "~/rules/list-params";
import { type Bundle, EN, LABELS as EN_LABELS } from "~/i18n/en";

export const EVENT_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["id", "name", "price", "maxTeam", "teams"] as const,
  defaultSort: "name" as const,
  filters: { name: 100 },
};

/** The table's columns in the language of `bundle` (the screen); the CSV keeps the English ones. */
export const eventColumnsOf = ({ LABELS: L }: Bundle): Column<EventRow>[] => [
  { label: "#", sort: "id", cell: (r) => r.id },
  { label: L.name, sort: "name", cell: (r) => r.name },
  { label: L.description, cell: (r) => r.description, className: "cell-wrap" },
  { label: L.priceRM, sort: "price", cell: (r) => formatRM(r.price), csv: (r) => senToRM(r.price) },
  { label: L.eventCounts.maxTeam, sort: "maxTeam", cell: (r) => r.maxTeam },
  { label: L.eventCounts.reserveCount, cell: (r) => r.reserveCount },
  { label: L.eventCounts.minRace, cell: (r) => r.minRace },
  { label: L.eventCounts.maxRace, cell: (r) => r.maxRace },
  { label: L.eventCounts.maxMale, cell: (r) => r.maxMale },
  { label: L.eventCounts.minFemale, cell: (r) => r.minFemale },
  { label: L.eventCounts.minAge, cell: (r) => r.minAge },
  { label: L.eventCounts.maxAge, cell: (r) => r.maxAge },
  { label: L.malaysiaOnly, cell: (r) => (r.limitMalaysia ? L.yes : L.no) },
  { label: L.teams, sort: "teams", cell: (r) => r.teams },
];

/** The CSV's columns: the spec's English names (machine-read), whatever the page's language. */
export const eventColumns: Column<EventRow>[] = /* @__PURE__ */ eventColumnsOf(EN);

/** The staff screen's table (ADMIN and COMMITTEE): the CSV's columns plus the Waitlist, which
 * opens the event's waitlist dialog (/events/:id/waitlist). Not in the CSV. */
export const staffEventColumnsOf = (bundle: Bundle): Column<EventRow>[] => [
  ...eventColumnsOf(bundle),
  {
    label: bundle.LABELS.waitlist,
    html: (r, { search }) => {
      const L = bundle.LABELS;
      const link = fastLinkHtml(`/events/${r.id}/waitlist${search}`, L.view, {
        preventScrollReset: true,
        "aria-label": L.viewWaitlistOf(r.name),
      });
      return `<span class="row-actions">${r.waiting > 0 ? escapeHtml(`${L.nWaiting(r.waiting)} · `) : ""}${link}</span>`;
    },
    csv: () => null,
  },
];

/** ADMIN's table: the same columns plus Edit and Delete (never in the CSV). */
export const adminEventColumnsOf = (bundle: Bundle): Column<EventRow>[] => [
  ...staffEventColumnsOf(bundle),
  {
    label: bundle.LABELS.colActions,
    html: (r, { search }) => {
      const L = bundle.LABELS;
      const toEdit = fastLinkHtml(`/events/${r.id}/edit${search}`, L.edit, {
        preventScrollReset: true,
        "aria-label": L.editItem(r.name),
      });
      const toDelete = fastLinkHtml(`/events/${r.id}/delete${search}`, L.delete, {
        preventScrollReset: true,
        "aria-label": L.deleteItem(r.name),
      });
      return `<span class="row-actions">${toEdit} ${toDelete}</span>`;
    },
    csv: () => null,
  },
];

/** Assigned Events (managers and competitors): # / Event / Event Team, in the language of `L`. */
export const assignedColumnsOf = (L: Bundle["LABELS"]): Column<AssignedRow & { n: number }>[] => [
  { label: "#", cell: (r) => r.n },
  // Wrapped, so a phone shows the whole row (Pick Crew included) without scrolling sideways.
  { label: L.colEvent, cell: (r) => r.eventName, className: "cell-text" },
  { label: L.eventTeam, cell: (r) => r.teamName, className: "cell-text" },
];

/** A manager's Assigned Events: the same, and Pick Crew for each event team (/events/teams/:id). */
export const managerAssignedColumnsOf = (L: Bundle["LABELS"]): Column<AssignedRow & { n: number }>[] => [
  ...assignedColumnsOf(L),
  {
    label: L.colActions,
    cell: (r) => (
      <FastLink to={`/events/teams/${r.teamId}`} aria-label={L.pickCrewFor(r.teamName)}>
        {L.pickCrew}
      </FastLink>
    ),
  },
];

export const assignedColumns = /* @__PURE__ */ assignedColumnsOf(EN_LABELS);
export const managerAssignedColumns = /* @__PURE__ */ managerAssignedColumnsOf(EN_LABELS);
