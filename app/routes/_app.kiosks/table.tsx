// The Kiosks screen's list parameters and columns (issue 18): the screen (/kiosks, in the page's
// language, with Revoke per live device) and its CSV download (/kiosks.csv: English) share them.
import { useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { useMessages } from "~/i18n/useMessages";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/i18n/en";
import type { KioskRow } from "~/models/kiosk.server";
import { formatDateTime } from "~/rules/format";
import { type ListSpec, SIZES_DEFAULT } from "~/rules/list-params";

export const KIOSK_LIST: ListSpec<"created", never> = {
  sizes: SIZES_DEFAULT,
  sorts: ["created"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: {},
};

export const kioskColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<KioskRow>[] => [
  { label: LABELS.colId, cell: (r) => r.id },
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  { label: LABELS.kioskEnrolledAt, cell: (r) => formatDateTime(r.createdAt, locale) },
  { label: LABELS.kioskEnrolledBy, cell: (r) => r.enrolledByName, className: "cell-text" },
  { label: LABELS.kioskLastSeen, cell: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt, locale) : "–") },
  {
    label: LABELS.status,
    cell: (r) =>
      r.revokedAt ? LABELS.kioskRevokedAt(formatDateTime(r.revokedAt, locale)) : LABELS.kioskActive,
  },
];
export const kioskColumns = /* @__PURE__ */ kioskColumnsOf(EN);

/** ADMIN's screen: Revoke on each live device. */
export const kioskScreenColumnsOf = (t: Bundle, locale: Locale): Column<KioskRow>[] => [
  ...kioskColumnsOf(t, locale),
  {
    label: t.LABELS.colActions,
    cell: (r) => <RevokeLink row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function RevokeLink({ row }: { row: KioskRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  if (row.revokedAt) return null;
  return (
    <FastLink
      to={`/kiosks/${row.id}/revoke${search}`}
      preventScrollReset
      aria-label={LABELS.kioskRevokeOf(row.name)}
    >
      {LABELS.kioskRevoke}
    </FastLink>
  );
}
