// The Teams table's columns and list parameters: the screen (/associations, in the page's language)
// and its CSV download (/associations.csv: the spec's English column names) share them.
import { fastLinkHtml } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { type Bundle, EN } from "~/i18n/en";
import { CREW_TAG_MSG, partCount, partSpan } from "~/rules/crew-tags";
import type { TeamRow } from "~/models/association.server";
import { elementHtml } from "~/rules/html";
import { SIZES_DEFAULT } from "~/rules/list-params";

export const TEAM_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["id", "name", "country", "manager", "paid", "approved", "events", "teams", "tickets"] as const,
  defaultSort: "name" as const,
  filters: { name: 100 },
};

export type Row = TeamRow & { countryName: string };

/** The columns, named in the language of `t`; `admin`: the viewer is ADMIN (Download Crew Tags). */
export const teamColumnsOf = ({ LABELS }: Bundle, admin = false): Column<Row>[] => [
  { label: LABELS.colId, sort: "id", cell: (r) => r.id },
  { label: LABELS.name, sort: "name", cell: (r) => r.name },
  { label: LABELS.country, sort: "country", cell: (r) => r.countryName, csv: (r) => r.country },
  { label: LABELS.teamManager, sort: "manager", cell: (r) => r.managerEmail ?? "" },
  { label: LABELS.membersPaid, sort: "paid", cell: (r) => r.membersPaid },
  { label: LABELS.membersApproved, sort: "approved", cell: (r) => r.membersApproved },
  { label: LABELS.events, sort: "events", cell: (r) => r.events },
  { label: LABELS.eventTeams, sort: "teams", cell: (r) => r.eventTeams },
  { label: LABELS.tickets, sort: "tickets", cell: (r) => r.tickets },
  {
    label: LABELS.colActions,
    html: (r, { search }) =>
      fastLinkHtml(`/associations/${r.id}/referral${search}`, LABELS.copyReferralLink, {
        preventScrollReset: true,
        "aria-label": LABELS.copyReferralLinkOf(r.name),
      }) + (admin ? crewTagsHtml(r.id, r.name, r.membersPaid) : ""),
    csv: () => null,
  },
];

export const teamColumns = /* @__PURE__ */ teamColumnsOf(EN);
/** The CSV's columns: English, as the spec names them, without Actions. */
export const csvColumns = teamColumns.filter((c) => c.label !== EN.LABELS.colActions);

/** Download Crew Tags (beyond the spec): ADMIN only (COMMITTEE sees this table too), for a club
 * with paid members; one link per part when a club has more than one PDF holds. */
function crewTagsHtml(id: number, name: string, paid: number): string {
  const parts = partCount(paid);
  const href = `/associations/${id}/crew-tags.pdf`;
  let out = "";
  for (let i = 0; i < parts; i++) {
    const { from, to } = partSpan(i + 1, paid);
    const link = elementHtml(
      "a",
      {
        href: parts > 1 ? `${href}?part=${i + 1}` : href,
        "aria-label": `${CREW_TAG_MSG.downloadLabel} of ${name}${parts > 1 ? ` (${from}-${to})` : ""}`,
      },
      parts > 1 ? CREW_TAG_MSG.partLabel(from, to) : CREW_TAG_MSG.downloadLabel,
    );
    out += `<span><br/>${link}</span>`;
  }
  return out;
}

export function withCountry(rows: TeamRow[], countryName: (code: string) => string): Row[] {
  return rows.map((r) => ({ ...r, countryName: countryName(r.country) }));
}
