// The staff's waitlist dialog on /events (issue 9): its columns. Apart from entries.tsx, which the
// list itself loads, so that the list does not carry them (nor their strings).
import type { Column } from "~/components/DataTable";
import { useLocale } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import type { WaitlistRow } from "~/models/entries.server";
import { formatDateTime } from "~/rules/format";

/** The staff's waitlist of one event (models/entries.server.ts waitlistOf): live entries first. */
export const waitlistColumnsOf = ({ LABELS: L }: Bundle): Column<WaitlistRow & { n: number }>[] => [
  { label: "#", cell: (r) => r.n },
  { label: L.team, cell: (r) => r.association },
  { label: L.country, cell: (r) => r.country },
  { label: L.managerEmail, cell: (r) => r.manager },
  { label: L.teams, cell: (r) => r.teams },
  {
    label: L.status,
    cell: (r) => L.waitlistStatus[r.status as keyof Bundle["LABELS"]["waitlistStatus"]] ?? r.status,
  },
  { label: L.held, cell: (r) => (r.status === "OFFERED" ? r.held : "") },
  // Dates wrap (date, then time) so the nine columns fit the dialog.
  {
    label: L.holdUntil,
    cell: (r) => (r.status === "OFFERED" && r.holdUntil !== null ? <When at={r.holdUntil} /> : ""),
    className: "cell-text",
  },
  { label: L.joined, cell: (r) => <When at={r.createdAt} />, className: "cell-text" },
];

/** A date and time in the page's language. */
function When({ at }: { at: number | Date }) {
  return <>{formatDateTime(at, useLocale())}</>;
}
