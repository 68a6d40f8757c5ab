// /board (public, no guard; issue 20 section 6): the big screen at the venue, for a TV or projector
// and for phones: now racing, the next three races, the latest results by place with their state,
// and the current notice. Like /scoreboard a resource route: the page is a plain document rendered
// once per change (lib/scoreboard-live.server.ts, liveBigBoard), not a hydrated Remix page.
// server.mjs answers /board and its live stream /board/events itself with `boardHttp` below, ahead
// of express (server/scoreboard-fast-path.mjs); this loader answers the page the same way otherwise.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveBigBoard } from "~/routes/scoreboard/live.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return liveBigBoard().pageResponse(request);
}

/** Node handlers for server.mjs (a server-only export: never in the browser build). */
export const boardHttp = {
  page: (req: IncomingMessage, res: ServerResponse) => liveBigBoard().servePage(req, res),
  events: (req: IncomingMessage, res: ServerResponse) => liveBigBoard().serveEvents(req, res),
  /** Ends the open streams (shutting down). */
  close: () => liveBigBoard().closeStreams(),
};
