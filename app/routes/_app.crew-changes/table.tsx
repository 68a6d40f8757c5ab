// The columns of /crew-changes, shared with /crew-changes.csv (English headers in the CSV, as every
// export): requested, team, club, who leaves, who joins, reason, status (with the decision).
import type { Column } from "~/components/DataTable";
import type { Bundle } from "~/messages";
import { formatRaceTime } from "~/rules/timetable";

export type ChangeRow = {
  id: number;
  createdAt: number;
  teamId: number;
  teamName: string;
  eventName: string;
  clubName: string;
  leaving: string;
  joining: string;
  reason: string;
  status: "PENDING" | "APPROVED" | "REJECTED";
  decidedAt: number | null;
  decisionReason: string | null;
  requestedBy: string | null;
};

export const CHANGE_LIST = {
  sizes: [50, 100, 200] as const,
  sorts: ["created"] as const,
  defaultSort: "created" as const,
  filters: {},
};

export function columnsOf({ LABELS }: Bundle): Column<ChangeRow>[] {
  return [
    { label: LABELS.ccRequestedAt, cell: (r) => formatRaceTime(r.createdAt) },
    { label: LABELS.ccTeam, cell: (r) => `${r.teamName} (${r.eventName})`, className: "cc-wrap" },
    { label: LABELS.ccClub, cell: (r) => r.clubName },
    {
      label: LABELS.ccLeaving,
      cell: (r) => r.leaving || LABELS.ccNobody,
      csv: (r) => r.leaving,
      className: "cc-wrap",
    },
    {
      label: LABELS.ccJoining,
      cell: (r) => r.joining || LABELS.ccNobody,
      csv: (r) => r.joining,
      className: "cc-wrap",
    },
    { label: LABELS.ccReason, cell: (r) => r.reason, className: "cc-wrap" },
    {
      label: LABELS.ccStatus,
      cell: (r) => LABELS.ccStatusName[r.status],
      csv: (r) => (r.status === "REJECTED" ? `${r.status}: ${r.decisionReason ?? ""}` : r.status),
    },
  ];
}
