// GET /kiosks.csv (ADMIN; issue 18): every enrolled kiosk device as CSV, the screen's columns
// (English), newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { csvResponse } from "~/lib/csv.server";
import { withLastSeen } from "~/services/kiosk-device.server";
import { listKiosks } from "~/models/kiosk.server";
import { kioskColumns } from "./_app.kiosks/table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "kiosks");
  return csvResponse("kiosks", kioskColumns, listKiosks(null).rows.map(withLastSeen));
}
