// POST /scanning/enrol (ADMIN, COMMITTEE; issue 18): "Enrol this device as a kiosk", the form staff
// see on the kiosk screens. A new kiosks row (audited) and the device's long-lived cookie, then back
// to the kiosk screen it came from (`back`: one of the two) with a toast. Anyone else is refused by
// the route guard and nothing changes. See docs/decisions/0024-kiosk-enrolment.md.
import type { ActionFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { enrolDevice } from "~/lib/kiosk-device.server";
import { redirectWithToast } from "~/lib/toast.server";
import { KIOSK_NAME_MAX } from "~/rules/kiosk-fields";

const BACK = new Set(["/scanning/entrance", "/scanning/profile"]);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "kioskEnrol");
  const form = await readForm(request);
  const { MSG } = messagesFor(request);
  const rawBack = form.get("back");
  const back = typeof rawBack === "string" && BACK.has(rawBack) ? rawBack : "/scanning/entrance";
  const raw = form.get("name");
  const name = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (!name) return redirectWithToast(request, back, { type: "error", message: MSG.kioskNameRequired });
  if (name.length > KIOSK_NAME_MAX)
    return redirectWithToast(request, back, { type: "error", message: MSG.kioskNameTooLong(KIOSK_NAME_MAX) });
  const { setCookie } = enrolDevice(user, name);
  return redirectWithToast(
    request,
    back,
    { type: "success", message: MSG.kioskEnrolled(name) },
    {
      "Set-Cookie": setCookie,
    },
  );
}

export async function loader() {
  return new Response("Not Found", { status: 404 });
}
