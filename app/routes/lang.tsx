// POST /lang: the language switch (issue 12, beyond the spec). Any visitor, logged in or not: the
// `lang` cookie says which language pages speak; a logged-in user's choice is also kept on their
// account, so emails and PDFs reach them in it. Answers with a redirect back to the page the switch
// was on (a same-site path only). A plain form: works without JavaScript.
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { localeCookie } from "~/i18n/locale.server";
import { backPath } from "~/i18n/locale";
import { secureCookies } from "~/lib/cookies.server";
import { parseForm } from "~/lib/forms.server";
import { languageSchema } from "~/lib/schemas.server";
import { getUser } from "~/models/session.server";
import { setUserLocale } from "~/models/user.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, submission } = await parseForm(request, languageSchema());
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { locale } = submission.value;
  const user = await getUser(request);
  if (user && user.locale !== locale) setUserLocale(user.id, locale);
  return redirect(backPath(form.get("back")), {
    headers: { "Set-Cookie": localeCookie(locale, secureCookies()) },
  });
}
