// How many requests for a heavy page run at once (docs/decisions/0022-speed.md, issue 30).
//
// Race control shows every round of the edition: on the race-day dataset one answer is 244 rows,
// 574 kB of HTML and 91 kB of loader data, ~80 ms of CPU. Twenty of them at once keep the heap
// near its 128 MB cap: the CPU goes to garbage collection (270-580 ms a request) and RSS passes
// 200 MB. The loader and the render are synchronous work on the one thread, so running them one
// or two at a time costs no throughput; it bounds how many pages' data, HTML and compression
// buffers are alive at once. Requests beyond `concurrency` wait in a queue (in order); beyond
// `queue` they get a 429 with Retry-After at once. A place is held until the answer is sent or the
// connection closes, at most `holdMs` (a client that stops reading a long CSV does not keep its
// place: the answer goes on, no longer counted), and a request whose client went away while it
// waited never runs.
//
// This is the document level: the route's loader, its render and the answer's compression are all
// inside the place. A limiter in the loader would bound only the loader.
// One client address holds at most `perKey` places (running or waiting): the gate runs before the
// login check, so without it one address could fill the queue with requests that are refused
// later anyway, and staff would get the 429. Several staff behind one venue's address still fit.
//
// The refusal is the bilingual 429 page for a document, and for Remix's data request (`_data`, a
// page changed with JavaScript) the sentence alone with `X-Remix-Catch`, which the route's error
// boundary shows in the page's language.
import { BUSY_PAGE, BUSY_TEXT, sendPage } from "./pages.mjs";

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
function refuse(req, res) {
  res.setHeader("Retry-After", "5");
  if (!/[?&]_data=/.test(req.url ?? "")) return sendPage(res, 429, BUSY_PAGE);
  res.statusCode = 429;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(BUSY_TEXT));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Remix-Catch", "yes");
  res.end(BUSY_TEXT);
}

/**
 * @param {{
 *   match: (path: string) => boolean,
 *   concurrency: number,
 *   queue: number,
 *   holdMs?: number,
 *   keyOf?: (req: import("node:http").IncomingMessage) => string,
 *   perKey?: number,
 * }} options
 *   `match` is given the path without its query, in lower case and without a trailing slash;
 *   `keyOf` names the client (its address), which holds at most `perKey` places
 * @returns {import("express").RequestHandler & { readonly active: number, readonly waiting: number, readonly holders: number }}
 */
export function pageGate({
  match,
  concurrency,
  queue,
  holdMs = 30_000,
  keyOf,
  perKey = Number.POSITIVE_INFINITY,
}) {
  let active = 0;
  /** @type {(() => void)[]} */
  const waiting = [];
  /** Places held (running or waiting) per client key. @type {Map<string, number>} */
  const places = new Map();
  /** @param {string | undefined} key @param {number} delta */
  const count = (key, delta) => {
    if (key === undefined) return;
    const n = (places.get(key) ?? 0) + delta;
    if (n > 0) places.set(key, n);
    else places.delete(key);
  };
  const leave = () => {
    active--;
    const next = waiting.shift();
    if (next) next();
  };
  /** @type {import("express").RequestHandler} */
  const gate = (req, res, next) => {
    const url = req.url;
    const q = url.indexOf("?");
    let path = (q === -1 ? url : url.slice(0, q)).toLowerCase();
    if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
    if (!match(path)) return next();
    const key = keyOf?.(req);
    if (key !== undefined && (places.get(key) ?? 0) >= perKey) return refuse(req, res);
    const enter = () => {
      active++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        count(key, -1);
        leave();
      };
      const timer = setTimeout(release, holdMs);
      timer.unref();
      res.once("close", release);
      next();
    };
    if (active < concurrency) {
      count(key, 1);
      return enter();
    }
    if (waiting.length >= queue) return refuse(req, res);
    count(key, 1);
    waiting.push(enter);
    res.once("close", () => {
      const i = waiting.indexOf(enter);
      if (i === -1) return;
      waiting.splice(i, 1); // gone before its turn: it never runs
      count(key, -1);
    });
  };
  return Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
    holders: { get: () => places.size },
  });
}
