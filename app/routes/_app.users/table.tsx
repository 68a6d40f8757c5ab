// The Users table's columns: the screen (/users, in the page's language) and its CSV download
// (/users.csv: the spec's English column names and values, machine-read) share them.
import { fastLinkHtml } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { type Bundle, EN } from "~/i18n/en";
import type { UserRow } from "~/models/user-list.server";
import { escapeHtml } from "~/rules/html";
import { photoLabel } from "~/rules/user-status";

/** The columns with their names and values in the language of `t`. */
export function userColumnsOf({ LABELS }: Bundle): Column<UserRow>[] {
  const yesNo = (v: boolean) => (v ? LABELS.yes : LABELS.no);
  const roles: Record<string, string> = LABELS.roles;
  const genders: Record<string, string> = LABELS.genders;
  return [
    { label: "#", sort: "id", cell: (r) => r.id },
    { label: LABELS.team, sort: "team", cell: (r) => r.team ?? "" },
    { label: LABELS.role, sort: "role", cell: (r) => roles[r.role] ?? r.role },
    { label: LABELS.name, sort: "name", cell: (r) => r.name },
    { label: LABELS.email, sort: "email", cell: (r) => r.email },
    { label: LABELS.colIdentification, cell: (r) => r.identification },
    { label: LABELS.gender, cell: (r) => (r.gender ? (genders[r.gender] ?? r.gender) : "") },
    { label: LABELS.colYob, sort: "yob", cell: (r) => r.yob ?? "" },
    {
      label: LABELS.colPhoto,
      html: (r, { search }) => {
        const label = LABELS.photoLabels[photoLabel(r)];
        if (!r.image) return escapeHtml(label);
        return fastLinkHtml(`/users/${r.id}/photo${search}`, label, {
          preventScrollReset: true,
          "aria-label": LABELS.viewPhotoOf(label, r.name),
        });
      },
      csv: (r) => LABELS.photoLabels[photoLabel(r)],
    },
    { label: LABELS.verified, cell: (r) => yesNo(r.verified) },
    { label: LABELS.approved, cell: (r) => yesNo(r.approved) },
    { label: LABELS.paid, cell: (r) => yesNo(r.paid) },
    { label: LABELS.phone, cell: (r) => r.phone },
    { label: LABELS.emergency, cell: (r) => r.phoneEmergency },
    { label: LABELS.address, cell: (r) => r.address, className: "cell-wrap" },
  ];
}

/** The CSV's columns: English, as the spec names them. */
export const userColumns = /* @__PURE__ */ userColumnsOf(EN);
