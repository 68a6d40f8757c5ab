// The Teams table's columns and list parameters: the screen (/associations) and its CSV download
// (/associations.csv) share them.
import { Link, useLocation } from "@remix-run/react";
import type { Column } from "~/components/DataTable";
import type { TeamRow } from "~/models/association.server";
import { SIZES_DEFAULT } from "~/rules/list-params";

export const TEAM_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["id", "name", "country", "manager", "paid", "approved", "events", "teams", "tickets"] as const,
  defaultSort: "name" as const,
  filters: { name: 100 },
};

export type Row = TeamRow & { countryName: string };

export const teamColumns: Column<Row>[] = [
  { label: "Id", sort: "id", cell: (r) => r.id },
  { label: "Name", sort: "name", cell: (r) => r.name },
  { label: "Country", sort: "country", cell: (r) => r.countryName, csv: (r) => r.country },
  { label: "Team Manager", sort: "manager", cell: (r) => r.managerEmail ?? "" },
  { label: "Members Paid", sort: "paid", cell: (r) => r.membersPaid },
  { label: "Members Approved", sort: "approved", cell: (r) => r.membersApproved },
  { label: "Events", sort: "events", cell: (r) => r.events },
  { label: "Event Teams", sort: "teams", cell: (r) => r.eventTeams },
  { label: "Tickets", sort: "tickets", cell: (r) => r.tickets },
  { label: "Actions", cell: (r) => <ReferralLink id={r.id} name={r.name} />, csv: () => null },
];
export const csvColumns = teamColumns.filter((c) => c.label !== "Actions");

function ReferralLink({ id, name }: { id: number; name: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={`/associations/${id}/referral${search}`}
      preventScrollReset
      aria-label={`Copy Referral Link of ${name}`}
    >
      Copy Referral Link
    </Link>
  );
}

export function withCountry(rows: TeamRow[], countryName: (code: string) => string): Row[] {
  return rows.map((r) => ({ ...r, countryName: countryName(r.country) }));
}
