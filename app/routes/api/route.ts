// /api (public, no login; issue 29 part 3): the open data API's page for people, with the signed
// webhooks. A resource route: a plain document rendered once per language
// (routes/api/page.server.tsx). The API itself is api_.v1.$.ts (not nested under this route).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiDocsResponse } from "~/routes/api/page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiDocsResponse(request);
}
