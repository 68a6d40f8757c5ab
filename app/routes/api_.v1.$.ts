// /api/v1/... (public, no login; issue 29 part 3, ADR 0039): the read-only JSON API. A resource
// route: the answers are services/open-data-api.server.ts's, read once per data change and kept as bytes.
// server.mjs answers GET and HEAD before express with the `fastPaths` below (like /board); this
// loader answers the same through Remix (tests, dev) and the CORS preflight (OPTIONS reaches the
// loader), the action every other method (405, JSON). `api_`: not nested under the /api page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiResponse, serveApi } from "~/services/open-data-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiResponse(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return apiResponse(request);
}

/** Node handlers for server.mjs (server-only): /api/v1 itself and everything under it. */
export const fastPaths = { "/api/v1": serveApi, "/api/v1/*": serveApi };
