// POST /scanning/pontoon/scan (a kiosk device only: staff logged in or an enrolled device; anyone
// else 403 and nothing written): the JS pontoon kiosk's scan, sent from its queue
// (scanning.pontoon/pontoon-queue.client.ts). A form body with the page's CSRF token, the code, the
// direction and the time it was scanned (`at`, ms; believed when at most 2 hours old and not in the
// future, else the server's now). JSON answers: 200 { text, error } (every outcome of a scan,
// "Invalid input." too); 400 for a malformed request (dropped from the queue); 403 for a bad token
// or a browser that is not a kiosk device (kept and retried).
import { type ActionFunctionArgs, json } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { now } from "~/lib/clock.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { kioskAccess, mayScan, noteSaved } from "~/services/kiosk-device.server";
import { KIOSK_RATE, limitRate } from "~/lib/rate-limit.server";
import { currentEdition } from "~/models/edition.server";
import { isDirection } from "~/rules/pontoon";
import { SCAN_CODE_MAX } from "~/rules/scan-code";
import { pontoonScan, scanTime } from "~/services/pontoon.server";
import { pontoonMessage } from "./scanning.pontoon/shared";

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ text: "Method Not Allowed", error: true }, { status: 405, headers: NO_STORE });
  limitRate(request, "kiosk", KIOSK_RATE);
  const { MSG } = messagesFor(request);
  const access = await kioskAccess(request);
  if (!mayScan(access))
    return json({ text: MSG.kioskRefused, error: true }, { status: 403, headers: NO_STORE });
  const { form } = await parseForm(request, NO_FIELDS);
  const direction = form.get("direction");
  const code = form.get("code");
  if (!isDirection(direction) || typeof code !== "string" || code.length > 64)
    return json({ text: "Bad Request", error: true }, { status: 400, headers: NO_STORE });
  const outcome = pontoonScan(
    currentEdition().id,
    code.slice(0, SCAN_CODE_MAX + 1),
    direction,
    scanTime(form.get("at"), now()),
    access.device?.id ?? null,
  );
  if (outcome.kind === "marked") noteSaved(access);
  return json(pontoonMessage(outcome, MSG), { headers: NO_STORE });
}

export async function loader() {
  return new Response("Not Found", { status: 404 });
}
