// The public scoreboard's two addresses, answered before express (docs/decisions/0016-race-day.md,
// Scoreboard): the page is the same cached bytes for everyone and its live stream must not pass
// through compression. express's own per-request work (its request/response set-up, the router,
// the nonce middleware) cost more than the answer itself: 0.16 ms of CPU per page through an
// express route against 0.06 ms here.
//
// The big screen (/board and /board/events, issue 20) is answered the same way when its handlers
// are given, and so is any other path a route module names in its `fastPaths` export (issue 29:
// /standings, /overlay, the public API): `more`, exact paths, or a prefix when the key ends in
// "/*" (the path continues after its slash).
//
// Only GET and HEAD of exactly /scoreboard and /scoreboard/events (any query) are taken; the
// answer carries the same security headers as every other, with a policy without a nonce (the page
// has no inline script). A URL whose query carries a token (tokens.mjs) is left to express, which
// adds the token-page headers; so is everything else. The handler finds the client's address in
// the x-regatta-client-address header, set here from the trusted source (client-address.mjs) as
// for every other request (a copy the client sent is overwritten): the live stream is capped per
// address.
import { CLIENT_ADDRESS_HEADER } from "./client-address.mjs";

/**
 * @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void} Handler
 * @param {{
 *   page: Handler,
 *   events: Handler,
 *   board?: { page: Handler, events: Handler },
 *   more?: Record<string, Handler>,
 *   headers: [string, string][],
 *   carriesToken: (url: string) => boolean,
 *   onError: (error: unknown, res: import("node:http").ServerResponse) => void,
 *   clientAddressOf?: (req: import("node:http").IncomingMessage) => string,
 * }} options
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean}
 *   true when it answered
 */
export function scoreboardFastPath({
  page,
  events,
  board,
  more = {},
  headers,
  carriesToken,
  onError,
  clientAddressOf,
}) {
  /** @type {Map<string, Handler>} */
  const handlers = new Map([
    ["/scoreboard", page],
    ["/scoreboard/events", events],
  ]);
  if (board) {
    handlers.set("/board", board.page);
    handlers.set("/board/events", board.events);
  }
  /** @type {[string, Handler][]} prefixes (with their trailing slash) */
  const prefixes = [];
  for (const [key, handler] of Object.entries(more)) {
    if (key.endsWith("/*")) prefixes.push([key.slice(0, -1), handler]);
    else handlers.set(key, handler);
  }
  /** The first characters of every path taken: anything else is left at once. */
  const starts = [...new Set([...handlers.keys(), ...prefixes.map(([p]) => p)].map((p) => p.slice(0, 3)))];
  return (req, res) => {
    const url = req.url ?? "";
    if (!starts.some((s) => url.startsWith(s))) return false;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const handler =
      handlers.get(path) ??
      prefixes.find(([prefix]) => path.startsWith(prefix) && path.length > prefix.length)?.[1] ??
      null;
    if (!handler || carriesToken(url)) return false;
    for (const [name, value] of headers) res.setHeader(name, value);
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf
      ? clientAddressOf(req)
      : (req.socket?.remoteAddress ?? "");
    try {
      handler(req, res);
    } catch (error) {
      onError(error, res);
    }
    return true;
  };
}
