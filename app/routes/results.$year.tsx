// /results/:year (public, no guard; issue 21): that edition's official results by event and round,
// or a 404 page for a year without public results. A resource route like /results
// (routes/results._index/page.server.tsx).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { resultsResponse } from "~/routes/results._index/page.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return resultsResponse(request, params.year ?? "");
}
