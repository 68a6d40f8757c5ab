// POST /editions/view (ADMIN, COMMITTEE; issue 21): the sidebar's edition picker and the banner's
// "Back to the current edition". Sets the `edition` cookie to the chosen edition (clears it when
// that is the open one: staff then follow whatever edition is current), then goes back to the page
// the form was on (a same-site path only). An unknown id changes nothing and says so. Choosing what
// to look at grants nothing: every write into an archived edition is refused
// (services/failures.server.ts, migration 0018's triggers).
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { backPath } from "~/i18n/locale";
import { requireUser } from "~/services/access.server";
import { editionCookie } from "~/services/edition.server";
import { editionViewSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getEdition } from "~/models/edition.server";

/** A GET (a link followed, a crawler) changes nothing: to the Editions screen (or refused). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "editionView");
  return redirect("/editions");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, "editionView");
  const { value } = await parseFixedForm(request, editionViewSchema);
  const back = backPath(value.back);
  const chosen = getEdition(value.edition);
  const { MSG } = messagesFor(request);
  if (!chosen) return redirectWithToast(request, back, { type: "error", message: MSG.edScUnknown });
  return redirect(back, {
    headers: { "Set-Cookie": editionCookie(chosen.state === "OPEN" ? null : chosen.id) },
  });
}
