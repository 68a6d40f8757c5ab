import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { destroySession } from "~/models/session.server";

// Logout is a POST (no write on a GET); it deletes the session row.
export async function action({ request }: ActionFunctionArgs) {
  await parseForm(request, NO_FIELDS);
  return redirect("/auth/login", { headers: { "Set-Cookie": await destroySession(request) } });
}

export const loader = () => redirect("/");
