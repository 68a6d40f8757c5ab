import { redirect } from "@remix-run/node";

// Any unknown path redirects to the not-found page.
export const loader = () => redirect("/not-found");
export const action = () => redirect("/not-found");
