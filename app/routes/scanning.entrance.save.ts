// POST /scanning/entrance/save (a kiosk device only: staff logged in or an enrolled device, issue 18;
// anyone else 403 and nothing written): the JS kiosk's Save, sent from its queue
// (scanning.entrance/scan-queue.client.ts). A form body with the page's CSRF token (parseForm), the
// and the history as raw codes; everything is checked again (services/kiosk.server.ts). JSON answers:
// 200 { written, dropped } (dropped: the codes no longer valid, not saved); 400/404 { error } for a
// save that can never succeed (the browser drops it from its queue and says so); 403 for a bad
// token or a browser that is not a kiosk device (kept and retried). The browser asked the female-minimum question before queueing.
import { type ActionFunctionArgs, json } from "@remix-run/node";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { currentEdition } from "~/models/edition.server";
import { historyCodes, positiveId, kioskContext, save } from "~/services/kiosk.server";
import { kioskAccess, mayScan, noteSaved, savedBy } from "~/services/kiosk-device.server";
import { KIOSK_RATE, limitRate } from "~/lib/rate-limit.server";
import { messagesFor } from "~/i18n/locale.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ error: "Method Not Allowed" }, { status: 405, headers: NO_STORE });
  limitRate(request, "kiosk", KIOSK_RATE);
  const { MSG } = messagesFor(request);
  const access = await kioskAccess(request);
  if (!mayScan(access)) return json({ error: MSG.kioskRefused }, { status: 403, headers: NO_STORE });
  const { form } = await parseForm(request, NO_FIELDS);
  const roundId = positiveId(form.get("roundId"));
  const teamId = positiveId(form.get("teamId"));
  if (roundId === null || teamId === null)
    return json({ error: "Bad Request" }, { status: 400, headers: NO_STORE });
  const ctx = kioskContext(currentEdition().id, roundId, teamId);
  if (!ctx) return json({ error: MSG.kioskTeamGone }, { status: 404, headers: NO_STORE });
  const result = save(ctx, historyCodes(form), form.get("confirmed") === "yes", savedBy(access));
  const dropped = result.dropped.map((d) => d.code);
  if (result.kind === "empty")
    return json({ error: MSG.historyEmpty, dropped }, { status: 400, headers: NO_STORE });
  if (result.kind === "confirm")
    return json({ error: MSG.scanFemaleConfirm, dropped }, { status: 409, headers: NO_STORE });
  noteSaved(access);
  return json({ written: result.written, dropped }, { headers: NO_STORE });
}

export async function loader() {
  return new Response("Not Found", { status: 404 });
}
