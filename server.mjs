// Regatta's production (and development) HTTP server, in place of remix-serve: the same static
// file and compression setup, plus what must hold for every response in one place: security
// headers with a per-request CSP nonce, a body-size limit enforced while the body streams in, the
// client address from a trusted source only, and a request log without tokens; and, ahead of
// express, the public scoreboard's page and live stream.
// See docs/decisions/0007-http-server-and-headers.md and 0016-race-day.md (Scoreboard).
//
//   node server.mjs [build/index.js]        PORT (3000), HOST, NODE_ENV, APP_URL, SENANGPAY_URL,
//                                           TRUSTED_PROXY_HEADER (e.g. Fly-Client-IP); tests only:
//                                           TEST_FAIL_HEADER, TEST_CONTEXT_HEADERS=1
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { bodyLimitFor, declaredTooLarge } from "./server/body-limit.mjs";
import { pageGate } from "./server/page-gate.mjs";
import { clientAddress, trustedHeaderName } from "./server/client-address.mjs";
import { BAD_REQUEST_PAGE, SERVER_ERROR_PAGE, sendPage } from "./server/pages.mjs";
import { publicPaths } from "./server/public-files.mjs";
import { createRemixHandler, isDocumentRequest } from "./server/remix-adapter.mjs";
import { requestLogger, routeMatcher } from "./server/request-log.mjs";
import { replayWritesToPrimary } from "./server/replica.mjs";
import { scoreboardFastPath } from "./server/scoreboard-fast-path.mjs";
import {
  cspBuilder,
  cspWithoutNonce,
  DEFAULT_SENANGPAY_URL,
  fixedHeaders,
  TOKEN_PAGE_HEADERS,
} from "./server/security-headers.mjs";
import { testHooksRefusal, withTestContext } from "./server/test-context.mjs";
import { carriesToken } from "./server/tokens.mjs";

// The test hooks (TEST_CONTEXT_HEADERS, TEST_FAIL_HEADER) are refused where the server looks like
// production (APP_URL https, or on Fly): before anything else, with the reason on stderr.
const hooksRefused = testHooksRefusal(process.env);
if (hooksRefused) {
  console.error(`[server] ${hooksRefused}`);
  process.exit(1);
}

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const mode = process.env.NODE_ENV;
if (mode === "development") process.setSourceMapsEnabled(true);

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const loaded = await import(url.pathToFileURL(buildPath).href);
// Every loader and action answers an unexpected failure with the spec's sentence for it (the entry
// module's answerFailures, app/services/failures.server.ts). TEST_FAIL_HEADER (tests only, never set in
// production) names a header that makes a given route fail, so the tests can see those answers.
const failHeader = process.env.TEST_FAIL_HEADER || undefined;
if (failHeader)
  console.warn(`[server] TEST_FAIL_HEADER=${failHeader}: requests can make routes fail (tests only)`);
// TEST_CONTEXT_HEADERS=1 (tests only, never set in production): a request's X-Test-Now and
// X-Test-Settings headers set the clock and settings its loaders and actions see
// (app/lib/clock.server.ts, docs/decisions/0029-test-clock.md). Unset: no header is read.
const withContext = withTestContext(loaded, process.env.TEST_CONTEXT_HEADERS);
/** @type {import("@remix-run/node").ServerBuild} */
const build = loaded.entry.module.answerFailures?.(withContext, { failHeader }) ?? withContext;
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const csp = cspBuilder(process.env.SENANGPAY_URL || DEFAULT_SENANGPAY_URL);
const fixed = fixedHeaders({ appUrl: process.env.APP_URL });

const app = express();
app.disable("x-powered-by");
app.set("query parser", false); // nothing here reads req.query; Remix parses the URL itself

// 1. Headers for every response, before anything can answer.
app.use((req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", csp(nonce));
  for (const [name, value] of fixed) res.setHeader(name, value);
  const target = req.url;
  if (target.charCodeAt(0) !== 47 /* "/" */) return sendPage(res, 400, BAD_REQUEST_PAGE);
  if (carriesToken(target)) for (const [name, value] of TOKEN_PAGE_HEADERS) res.setHeader(name, value);
  next();
});

// 2. Compression, then static files: fingerprinted build assets forever, the rest of public/ for
// an hour. Only paths that may name a file reach them (server/public-files.mjs): a page view costs
// no file-system lookup. Pages are compressed at zlib level 3 (compression's default is 6): half
// the CPU on our 50 kB table pages for ~9% more bytes; files, which browsers keep, at the default
// (docs/decisions/0010-performance.md).
const mayBeFile = publicPaths("public", [build.publicPath]);
const compressFile = compression();
const compressPage = compression({ level: 3 });
const statics = express.Router();
statics.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
statics.use(express.static("public", { maxAge: "1h" }));
app.use((req, res, next) => {
  if (!mayBeFile(req.url)) return compressPage(req, res, next);
  compressFile(req, res, (error) => (error ? next(error) : statics(req, res, next)));
});

// 3. Log (after static files, as remix-serve did): one JSON line per request with its id (also
// the X-Request-Id header), method, route, path without query or tokens, status, ms and user id
// (server/request-log.mjs, docs/operations.md).
app.use(requestLogger({ match: routeMatcher(build.routes) }));

// On a LiteFS replica, writes are replayed on the primary before Remix runs (server/replica.mjs).
app.use(replayWritesToPrimary(process.env.LITEFS_DIR));

// Race control's page (every round of the edition) is rendered one at a time, and at most two CSV
// downloads (a whole staff table each) are made at once: twenty at once fill the heap. The rest
// wait their turn. One client address holds at most 24 of the 33 places, so it cannot fill the
// queue alone, while a venue's staff behind one address (or the bench's 20 connections) still
// fit (server/page-gate.mjs, docs/decisions/0022-speed.md). The public standings' CSV is small
// and never waits behind them.
const trustedAddressHeader = trustedHeaderName(process.env.TRUSTED_PROXY_HEADER);
/** @param {import("node:http").IncomingMessage} req */
const addressOf = (req) =>
  clientAddress(
    trustedAddressHeader ? req.headers[trustedAddressHeader] : undefined,
    req.socket.remoteAddress,
  );
const gated = { queue: 32, keyOf: addressOf, perKey: 24 };
app.use(pageGate({ match: (path) => path === "/race-control", concurrency: 1, ...gated }));
app.use(
  pageGate({ match: (path) => path.endsWith(".csv") && path !== "/standings.csv", concurrency: 2, ...gated }),
);

// 4. Remix: the body is read (within its limit) before the app sees the request.
app.all(
  "*",
  createRemixHandler({
    build,
    mode,
    // markup: for a document request (no `_data`, which Remix's data requests carry), where its
    // loaders keep markup that the page renders but its data need not carry
    // (app/lib/handoff.server.ts forDocument).
    getLoadContext: (req, res) => ({
      nonce: res.locals.nonce,
      requestId: res.locals.requestId,
      markup: isDocumentRequest(req.url ?? "") ? new Map() : undefined,
    }),
    trustedProxyHeader: process.env.TRUSTED_PROXY_HEADER,
  }),
);

// Whatever reached here threw: a 4xx that a middleware detected (e.g. a malformed URL), or a bug.
app.use(
  /** @type {import("express").ErrorRequestHandler} */
  (error, _req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    if (!(status >= 400 && status < 500)) logError(error, res.locals.requestId);
    if (res.headersSent) return res.destroy();
    if (status >= 400 && status < 500) return sendPage(res, 400, BAD_REQUEST_PAGE);
    sendPage(res, 500, SERVER_ERROR_PAGE);
  },
);

// Ahead of all of the above: the public scoreboard and the big screen /board (docs/decisions/0016-race-day.md). The page is rendered once per change
// and answered from memory (already gzipped, ETag, 304), and its live stream (Server-Sent Events)
// must not pass through compression, which would hold its events back. Both are answered before
// express, by the route module's own handlers (a server-only export), with the same headers as
// every answer but a policy without a nonce (the page has no inline script); the request log does
// not see them. Anything else, including a scoreboard URL carrying a token, goes to express.
/** @type {{ page: import("./server/scoreboard-fast-path.mjs").Handler, events: import("./server/scoreboard-fast-path.mjs").Handler, close: () => void } | undefined} */
const scoreboard = build.routes["routes/scoreboard"]?.module?.scoreboardHttp;
/** The big screen (issue 20), answered the same way. */
/** @type {{ page: import("./server/scoreboard-fast-path.mjs").Handler, events: import("./server/scoreboard-fast-path.mjs").Handler, close: () => void } | undefined} */
const bigBoard = build.routes["routes/board"]?.module?.boardHttp;
/** Issue 29: every other route module's fast paths (`export const fastPaths = { "/path": handler }`,
 * a key ending in "/*" for a prefix; and `closeFastPaths()` to end its streams on shutdown). */
/** @type {Record<string, import("./server/scoreboard-fast-path.mjs").Handler>} */
const moreFastPaths = {};
/** @type {(() => void)[]} */
const closeMoreFastPaths = [];
for (const route of Object.values(build.routes)) {
  const mod =
    /** @type {{ fastPaths?: Record<string, import("./server/scoreboard-fast-path.mjs").Handler>, closeFastPaths?: () => void } | undefined} */ (
      route.module
    );
  if (mod?.fastPaths) Object.assign(moreFastPaths, mod.fastPaths);
  if (mod?.closeFastPaths) closeMoreFastPaths.push(mod.closeFastPaths);
}
const scoreboardAnswer = scoreboard
  ? scoreboardFastPath({
      page: scoreboard.page,
      events: scoreboard.events,
      board: bigBoard,
      more: moreFastPaths,
      headers: [
        ["Content-Security-Policy", cspWithoutNonce(process.env.SENANGPAY_URL || DEFAULT_SENANGPAY_URL)],
        ...fixed,
      ],
      carriesToken,
      clientAddressOf: addressOf,
      onError: (error, res) => {
        console.error(error);
        if (res.headersSent) res.destroy();
        else sendPage(res, 500, SERVER_ERROR_PAGE);
      },
    })
  : () => false;

/**
 * An error's log line, with the id of the request it broke (the error page shows that id).
 * @param {unknown} error
 * @param {string | undefined} id
 */
function logError(error, id) {
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(JSON.stringify({ level: "error", msg: "request failed", id, error: stack }));
}

const port = Number(process.env.PORT) || 3000;
const server = http.createServer((req, res) => {
  if (!scoreboardAnswer(req, res)) app(req, res);
});
server.listen(port, process.env.HOST, () => {
  console.log(`[server] http://${process.env.HOST ?? "localhost"}:${port} (${mode})`);
  if (mode === "development") void broadcastDevReady(loaded);
});

// A body declared too large is refused before the client sends it (curl and browsers may wait
// for "100 Continue"); Node would otherwise answer 100 at once.
server.on("checkContinue", (req, res) => {
  if (!declaredTooLarge(req.headers["content-length"], bodyLimitFor(req.method ?? "", req.url ?? ""))) {
    res.writeContinue();
  }
  server.emit("request", req, res);
});

// Requests Node's parser refuses (bad header bytes, headers too large, too slow) never reach
// express; answer them with the same headers instead of Node's bare 400.
server.on("clientError", (error, socket) => {
  if (!socket.writable || /** @type {NodeJS.ErrnoException} */ (error).code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  const status = code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[
    status
  ];
  const body = BAD_REQUEST_PAGE.replaceAll("400 Bad Request", `${status} ${reason}`);
  const headers = [
    ["Content-Security-Policy", csp(randomBytes(16).toString("base64"))],
    ...fixed,
    ["Content-Type", "text/html; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Cache-Control", "no-store"],
    ["Connection", "close"],
  ];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n${body}`,
  );
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    scoreboard?.close(); // open live streams would hold the server open; browsers reconnect
    bigBoard?.close();
    for (const close of closeMoreFastPaths) close();
    // The mail sender claims nothing more and finishes the message it is sending, so a restart
    // does not find it claimed for 2 min and send it twice (ADR 0037); the same 10 s bound.
    /** @type {Promise<void>} */
    const mailDone = loaded.entry.module.stopMailSender?.() ?? Promise.resolve();
    // The webhook sender likewise (ADR 0039): the deliveries in flight are recorded, none claimed.
    /** @type {Promise<void>} */
    const hooksDone = loaded.entry.module.stopWebhookSender?.() ?? Promise.resolve();
    const closed = new Promise((resolve) => server.close(resolve));
    void Promise.all([closed, mailDone.catch(() => {}), hooksDone.catch(() => {})]).then(() =>
      process.exit(0),
    );
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
