// /reconnecting.json (issue 27): the reconnecting answer for a fetch that wants JSON (the kiosk's
// save queue, app/routes/scanning.entrance/scan-queue.client.ts), in the client's language. The
// cluster's edge returns it with status 503 while the primary is down; the kiosk keeps the scan
// queued on any 5xx and shows `error`.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";

export function loader({ request }: LoaderFunctionArgs) {
  const { MSG } = messagesFor(request);
  return json(
    { ok: false, reconnecting: true, message: MSG.reconnectingBody, error: MSG.reconnectingBody },
    { headers: { "Cache-Control": "no-store" } },
  );
}
