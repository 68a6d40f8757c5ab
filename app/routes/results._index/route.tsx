// /results (public, no guard; issue 21): the editions whose results are public, newest first, each
// a link to /results/<year>. A resource route: the page is a plain document rendered once per data
// change (routes/results._index/page.server.tsx), the same bytes for every visitor of a language.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { resultsResponse } from "~/routes/results._index/page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return resultsResponse(request, null);
}
