// /overlay (public, no guard; issue 29 part 2): the broadcast overlay for OBS's browser source, a
// 1920x1080 page with a lower third (the race on the water) and, for 30 s after a result goes
// Official, its top three. `?bg=green` for a chroma key. Like /board a resource route: a plain
// document rendered once per change (routes/overlay/live.server.ts), not a hydrated Remix page.
// server.mjs answers /overlay and its live stream /overlay/events itself with `fastPaths` below,
// ahead of express (server/scoreboard-fast-path.mjs); this loader answers the page the same way
// otherwise (tests, a server without the fast path).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveOverlay, overlayHttp } from "~/routes/overlay/live.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return liveOverlay().pageResponse(request);
}

/** Node handlers for server.mjs (a server-only export: never in the browser build). */
export const fastPaths = { "/overlay": overlayHttp.page, "/overlay/events": overlayHttp.events };

/** Ends the open streams (shutting down). */
export function closeFastPaths() {
  overlayHttp.close();
}
