// Our ~Express adapter for Remix, in place of @remix-run/express: the request body is read (up to
// its limit, see body-limit.mjs) before Remix sees the request, the client address comes only from
// a trusted source (client-address.mjs), and headers already set by server.mjs win over Remix's.
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import { bodyLimitFor, readBody } from "./body-limit.mjs";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustedHeaderName } from "./client-address.mjs";
import { BAD_REQUEST_PAGE, refuseUnread, sendPage, tooLargePage } from "./pages.mjs";
import { REQUEST_ID_HEADER } from "./request-log.mjs";

/** A Host header we can put in a URL as it is: name or IP (v4 or [v6]), optional port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The Remix (Fetch API) request for a Node request whose body, if any, has been read.
 * Returns null when the request cannot be expressed as one (a 400).
 * @param {import("node:http").IncomingMessage} req
 * @param {Buffer | undefined} body
 * @param {AbortSignal} signal
 * @param {string | null} trustedHeader  lower-case header name, or null
 * @param {string} [requestId]  this request's id (request-log.mjs), as the x-regatta-request-id header
 * @returns {Request | null}
 */
export function toRemixRequest(req, body, signal, trustedHeader, requestId) {
  const path = req.url ?? "";
  const host = req.headers.host ?? "localhost";
  if (path.charCodeAt(0) !== 47 /* "/" */ || !HOST.test(host)) return null;
  try {
    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i];
      if (name.length === CLIENT_ADDRESS_HEADER.length && name.toLowerCase() === CLIENT_ADDRESS_HEADER)
        continue;
      if (name.length === REQUEST_ID_HEADER.length && name.toLowerCase() === REQUEST_ID_HEADER) continue;
      headers.append(name, raw[i + 1]);
    }
    const trustedValue = trustedHeader ? req.headers[trustedHeader] : undefined;
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(trustedValue, req.socket.remoteAddress));
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    return new Request(`http://${host}${path}`, { method: req.method, headers, body, signal });
  } catch {
    return null; // an invalid header value or URL
  }
}

/**
 * Copies a Remix response to Node: status, headers (each Set-Cookie separately; a header that
 * server.mjs already set is kept), then the body as it streams.
 * @param {import("node:http").ServerResponse} res
 * @param {Response} response
 */
export async function sendRemixResponse(res, response) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const headers = /** @type {Headers & { raw?: () => Record<string, string[]> }} */ (response.headers);
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie" || res.hasHeader(name)) continue;
    res.setHeader(name, value);
  }
  const cookies =
    typeof headers.getSetCookie === "function"
      ? headers.getSetCookie()
      : (headers.raw?.()["set-cookie"] ?? []);
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (response.body) {
    await writeReadableStreamToWritable(response.body, res);
  } else {
    res.end();
  }
}

/**
 * Express middleware that answers every request with the Remix build.
 * @param {{
 *   build: import("@remix-run/node").ServerBuild,
 *   mode?: string,
 *   getLoadContext: (req: import("node:http").IncomingMessage, res: import("express").Response) => import("@remix-run/node").AppLoadContext,
 *   trustedProxyHeader?: string,
 * }} options
 * @returns {import("express").RequestHandler}
 */
export function createRemixHandler({ build, mode, getLoadContext, trustedProxyHeader }) {
  const handle = createRequestHandler(build, mode);
  const trusted = trustedHeaderName(trustedProxyHeader);
  return async (req, res, next) => {
    try {
      /** @type {Buffer | undefined} */
      let body;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readBody(req, bodyLimitFor(req.method, req.url));
        if (!read.ok) {
          if (read.reason === "too-large") refuseUnread(req, res, 413, tooLargePage(req.url));
          return; // "aborted": the client is gone, nobody to answer
        }
        body = read.body;
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = toRemixRequest(req, body, controller.signal, trusted, res.locals?.requestId);
      if (!request) return sendPage(res, 400, BAD_REQUEST_PAGE);
      const response = await handle(request, getLoadContext(req, res));
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Whether Remix answers `url` with a document (a page), not its data for a client navigation or a
 * fetcher (the `_data` parameter).
 * @param {string} url  the request's path and query
 */
export function isDocumentRequest(url) {
  const q = url.indexOf("?");
  return q === -1 || !new URLSearchParams(url.slice(q + 1)).has("_data");
}
