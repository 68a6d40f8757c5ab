// The Scan Logs table's list parameters and columns: the screen (/scan-log) and its CSV download
// (/scan-log.csv) share them. Event and round are the screen's two GET steps.
import type { Column } from "~/components/DataTable";
import type { ScanLogRow } from "~/models/scan.server";
import { formatDateTime } from "~/rules/format";
import { type ListSpec, SIZES_DEFAULT } from "~/rules/list-params";

export const SCAN_LOG_LIST: ListSpec<"created", "event" | "round"> = {
  sizes: SIZES_DEFAULT,
  sorts: ["created"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { event: 9, round: 9 },
};

export const scanLogColumns: Column<ScanLogRow>[] = [
  { label: "Id", cell: (r) => r.id },
  { label: "Timestamp", sort: "created", cell: (r) => formatDateTime(r.createdAt) },
  { label: "Event Team", cell: (r) => r.teamName },
  { label: "Competitor", cell: (r) => r.userName },
];
