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
import { BUSY_PAGE, sendPage } from "./pages.mjs";

/**
 * @param {{ match: (path: string) => boolean, concurrency: number, queue: number, holdMs?: number }} options
 *   `match` is given the path without its query, in lower case and without a trailing slash
 * @returns {import("express").RequestHandler & { readonly active: number, readonly waiting: number }}
 */
export function pageGate({ match, concurrency, queue, holdMs = 30_000 }) {
  let active = 0;
  /** @type {(() => void)[]} */
  const waiting = [];
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
    const enter = () => {
      active++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        leave();
      };
      const timer = setTimeout(release, holdMs);
      timer.unref();
      res.once("close", release);
      next();
    };
    if (active < concurrency) return enter();
    if (waiting.length >= queue) {
      res.setHeader("Retry-After", "5");
      return sendPage(res, 429, BUSY_PAGE);
    }
    waiting.push(enter);
    res.once("close", () => {
      const i = waiting.indexOf(enter);
      if (i !== -1) waiting.splice(i, 1); // gone before its turn: it never runs
    });
  };
  return Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
  });
}
