// POST /scanning/enrol (ADMIN, COMMITTEE; issue 18): "Enrol this device as a kiosk", the form staff
// see on the kiosk screens. A new kiosks row (audited) and the device's long-lived cookie, then back
// to the kiosk screen it came from (`back`: one of the two, else 400) with a toast; a name that is
// not one (rules/kiosk-fields.ts) goes back with the reason and writes nothing. Anyone else is refused by
// the route guard and nothing changes. See docs/decisions/0024-kiosk-enrolment.md.
import type { ActionFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { parseForm } from "~/lib/forms.server";
import { kioskEnrolSchema } from "~/lib/schemas.server";
import { enrolDevice } from "~/services/kiosk-device.server";
import { redirectWithToast } from "~/lib/toast.server";
import { KIOSK_NAME_MAX, parseKioskName } from "~/rules/kiosk-fields";

const BACK = ["/scanning/entrance", "/scanning/profile", "/scanning/pontoon"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "kioskEnrol");
  const { form, submission } = await parseForm(request, kioskEnrolSchema(BACK));
  const { MSG } = messagesFor(request);
  // The form always says which kiosk screen it is on; anything else is a forged request.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { back } = submission.value;
  const parsed = parseKioskName(form.getAll("name"));
  if (!parsed.ok)
    return redirectWithToast(request, back, {
      type: "error",
      message: parsed.error === "tooLong" ? MSG.kioskNameTooLong(KIOSK_NAME_MAX) : MSG.kioskNameRequired,
    });
  const name = parsed.name;
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
