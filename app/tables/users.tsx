// The Users table's columns: the screen (/users) and its CSV download (/users.csv) share them.
import { Link, useLocation } from "@remix-run/react";
import type { Column } from "~/components/DataTable";
import type { UserRow } from "~/models/user-list.server";
import { photoLabel } from "~/rules/user-status";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

export const userColumns: Column<UserRow>[] = [
  { label: "#", sort: "id", cell: (r) => r.id },
  { label: "Team", sort: "team", cell: (r) => r.team ?? "" },
  { label: "Role", sort: "role", cell: (r) => r.role },
  { label: "Name", sort: "name", cell: (r) => r.name },
  { label: "Email", sort: "email", cell: (r) => r.email },
  { label: "Identification", cell: (r) => r.identification },
  { label: "Gender", cell: (r) => r.gender ?? "" },
  { label: "YOB", sort: "yob", cell: (r) => r.yob ?? "" },
  {
    label: "Photo",
    cell: (r) => <PhotoCell row={r} />,
    csv: (r) => photoLabel(r),
  },
  { label: "Verified", cell: (r) => yesNo(r.verified) },
  { label: "Approved", cell: (r) => yesNo(r.approved) },
  { label: "Paid", cell: (r) => yesNo(r.paid) },
  { label: "Phone", cell: (r) => r.phone },
  { label: "Emergency Contact", cell: (r) => r.phoneEmergency },
  { label: "Address", cell: (r) => r.address, className: "cell-wrap" },
];

function PhotoCell({ row }: { row: UserRow }) {
  const { search } = useLocation();
  const label = photoLabel(row);
  if (!row.image) return <>{label}</>;
  return (
    <Link
      to={`/users/${row.id}/photo${search}`}
      preventScrollReset
      aria-label={`${label}: view photo of ${row.name}`}
    >
      {label}
    </Link>
  );
}
