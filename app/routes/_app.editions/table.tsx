// The Editions screen's columns (issue 21): the screen (/editions, in the page's language, with
// Open on each draft) and its CSV (/editions.csv: English) share them.
import { useLocation } from "@remix-run/react";
import type { Column } from "~/components/DataTable";
import { FastLink } from "~/components/FastLink";
import { useMessages } from "~/i18n/useMessages";
import { type Bundle, EN } from "~/i18n/en";
import type { Edition } from "~/models/edition.server";

export type EditionRow = Pick<Edition, "id" | "name" | "year" | "startsOn" | "endsOn" | "state">;

export const editionColumnsOf = ({ LABELS }: Bundle): Column<EditionRow>[] => [
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  {
    label: LABELS.edScDates,
    cell: (r) => LABELS.edScDatesRange(r.startsOn, r.endsOn),
    className: "cell-text",
  },
  { label: LABELS.edScState, cell: (r) => LABELS.edScStates[r.state] },
];
export const editionColumns = /* @__PURE__ */ editionColumnsOf(EN);

/** ADMIN's screen: Open on each draft. */
export const editionScreenColumnsOf = (t: Bundle): Column<EditionRow>[] => [
  ...editionColumnsOf(t),
  {
    label: t.LABELS.colActions,
    cell: (r) => <OpenLink row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function OpenLink({ row }: { row: EditionRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  if (row.state !== "DRAFT") return null;
  return (
    <FastLink
      to={`/editions/${row.id}/open${search}`}
      preventScrollReset
      aria-label={LABELS.edScOpenOf(row.name)}
    >
      {LABELS.edScOpen}
    </FastLink>
  );
}
