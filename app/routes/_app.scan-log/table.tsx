// The Scan Logs table's list parameters and columns: the screen (/scan-log, in the page's language)
// and its CSV download (/scan-log.csv: English column names and times) share them. Event and round
// are the screen's two GET steps.
import type { Column } from "~/components/DataTable";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/i18n/en";
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

export const scanLogColumnsOf = ({ LABELS }: Bundle, locale: Locale = "en"): Column<ScanLogRow>[] => [
  { label: LABELS.colId, cell: (r) => r.id },
  { label: LABELS.timestamp, sort: "created", cell: (r) => formatDateTime(r.createdAt, locale) },
  { label: LABELS.eventTeam, cell: (r) => r.teamName },
  { label: LABELS.competitor, cell: (r) => r.userName },
  // Which kiosk saved it (issue 18): the enrolled device's name, else the staff member logged in on
  // it; a dash for logs from before devices were recorded.
  {
    label: LABELS.colKiosk,
    cell: (r) => r.kioskName ?? (r.staffName ? LABELS.kioskStaffSave(r.staffName) : "–"),
  },
];
export const scanLogColumns = /* @__PURE__ */ scanLogColumnsOf(EN);
