// /standings (public, no guard; issue 29 part 1): the open edition's club championship table,
// "Provisional" until every final is Official, the points scheme in sentences, a CSV link. A
// resource route like /board: the page is a plain document rendered once per data change
// (routes/standings/page.server.tsx), answered ahead of express by server.mjs through `fastPaths`,
// and by this loader otherwise (tests, dev): the same bytes and ETag either way.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveStandings, standingsHttp } from "~/routes/standings/page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return liveStandings().pageResponse(request);
}

/** Node handlers server.mjs answers ahead of express (a server-only export). */
export const fastPaths = { "/standings": standingsHttp };
