// GET /scanning/entrance/check?roundId=&teamId=&code= (read-only; a kiosk device only, issue 18:
// anyone else 403 and learns nothing): what the server knows of
// one scanned code, for the JS kiosk. It checks roster members' plain codes itself; it asks here
// for a code not in its roster (unknown user, staff, another team's member) and for a signed code
// (only the server holds the key). The answer is about the code alone; the history's rules
// (repeat, caps) stay in the browser. With no network the browser decides what it can.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { currentEdition } from "~/models/edition.server";
import { positiveId, kioskContext, lookupOne } from "~/services/kiosk.server";
import { kioskAccess, mayScan } from "~/services/kiosk-device.server";
import { KIOSK_RATE, limitRate } from "~/lib/rate-limit.server";
import { SCAN_CODE_MAX } from "~/rules/scan-code";

export async function loader({ request }: LoaderFunctionArgs) {
  limitRate(request, "kiosk", KIOSK_RATE);
  const headers = { "Cache-Control": "no-store" };
  if (!mayScan(await kioskAccess(request)))
    return json({ kind: "refused" as const }, { status: 403, headers });
  const q = new URL(request.url).searchParams;
  const roundId = positiveId(q.get("roundId"));
  const teamId = positiveId(q.get("teamId"));
  const ctx =
    roundId !== null && teamId !== null ? kioskContext(currentEdition().id, roundId, teamId) : undefined;
  if (!ctx) return json({ kind: "gone" as const }, { status: 404, headers });
  const code = (q.get("code") ?? "").slice(0, SCAN_CODE_MAX + 1);
  return json(lookupOne(ctx, code), { headers });
}
