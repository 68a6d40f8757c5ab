// /scoreboard (public, no guard): per shown round a table of team, lane and score, for the crowd's
// phones. A resource route: the page is a plain document rendered once per change
// (lib/scoreboard-live.server.ts), not a hydrated Remix page. server.mjs answers /scoreboard and
// its live stream /scoreboard/events itself with `scoreboardHttp` below, ahead of express
// (server/scoreboard-fast-path.mjs); this loader answers the page the same way otherwise (a
// scoreboard URL carrying a token, another server).
// See docs/decisions/0016-race-day.md (Scoreboard).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveBoard } from "./live.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return liveBoard().pageResponse(request);
}

/** Node handlers for server.mjs (a server-only export: never in the browser build). */
export const scoreboardHttp = {
  page: (req: IncomingMessage, res: ServerResponse) => liveBoard().servePage(req, res),
  events: (req: IncomingMessage, res: ServerResponse) => liveBoard().serveEvents(req, res),
  /** Ends the open streams (shutting down). */
  close: () => liveBoard().closeStreams(),
};
