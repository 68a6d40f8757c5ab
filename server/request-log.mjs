// One JSON line per request (docs/operations.md, Request logs): request id, method, the app route
// that matched (a pattern such as /orders/:token/invoice.pdf), the path with its secrets redacted,
// status, milliseconds and the logged-in user's id. Never a query string: tokens (?token=...) and
// search terms stay out of the log.
//
// The request id is random and short; it goes out as X-Request-Id, reaches the app as the
// x-regatta-request-id request header (any copy the client sent is dropped, remix-adapter.mjs) and
// the load context's requestId, and the error page shows it. The app records the user's id on the
// request's entry in a process-wide table (openRequests(), shared with the app's build through a
// global symbol: app/lib/request-log.server.ts), which lives from the request's start to its log line.
import { randomBytes } from "node:crypto";
import { redactUrl } from "./tokens.mjs";

export const REQUEST_ID_HEADER = "x-regatta-request-id";

/** @typedef {{ userId?: number }} RequestEntry */

const OPEN = Symbol.for("regatta.openRequests");

/** @returns {Map<string, RequestEntry>} */
export function openRequests() {
  const g = /** @type {Record<symbol, Map<string, RequestEntry> | undefined>} */ (globalThis);
  let map = g[OPEN];
  if (!map) {
    map = new Map();
    g[OPEN] = map;
  }
  return map;
}

/** Ten lower-case letters and digits (50 bits): short enough to read out over the phone. */
export function newRequestId() {
  const bytes = randomBytes(10);
  let id = "";
  for (const b of bytes) id += "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36];
  return id;
}

/**
 * A matcher of paths to the app's route patterns, built once from the Remix build's routes
 * (ranked as React Router ranks them: static segments before dynamic ones, splats last).
 * @param {Record<string, { id: string, parentId?: string, path?: string, index?: boolean } | undefined>} routes
 * @returns {(pathname: string) => { route: string, path: string }}
 */
export function routeMatcher(routes) {
  /** @type {Map<string, string>} */
  const full = new Map(); // route id -> its full path
  const fullPath = (/** @type {string} */ id) => {
    const known = full.get(id);
    if (known !== undefined) return known;
    const r = routes[id];
    if (!r) return "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    const own = r.path ? r.path.replace(/^\/+|\/+$/g, "") : "";
    const joined = own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
    full.set(id, joined);
    return joined;
  };
  /** @type {Set<string>} */
  const patterns = new Set();
  for (const r of Object.values(routes)) {
    if (!r || (r.path == null && !r.index)) continue;
    patterns.add(fullPath(r.id) || "/");
  }
  const compiled = [...patterns].map((pattern, order) => {
    const segments = pattern.split("/").filter(Boolean);
    let score = segments.length;
    /** @type {string[]} */
    const names = [];
    let source = "";
    for (const s of segments) {
      if (s === "*") {
        score -= 2;
        names.push("*");
        source += "(?:/(.*))?";
      } else if (s.startsWith(":")) {
        score += 3;
        names.push(s.slice(1));
        source += "/([^/]+)";
      } else {
        score += 10;
        source += `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      }
    }
    return { pattern, names, score, order, re: new RegExp(`^${source}/?$`, "i") };
  });
  compiled.sort((a, b) => b.score - a.score || a.order - b.order);

  return (pathname) => {
    for (const c of compiled) {
      const m = c.re.exec(pathname);
      if (!m) continue;
      let path = pathname;
      const secret = c.names.findIndex((n) => /token/i.test(n));
      if (secret !== -1) {
        // Rebuild the path from the pattern with the secret parameter hidden.
        let i = 0;
        path = c.pattern.replace(/:[^/]+|\*/g, () => {
          const value = m[++i] ?? "";
          return /token/i.test(c.names[i - 1]) ? "[redacted]" : value;
        });
      }
      return { route: c.pattern, path: redactUrl(path) };
    }
    return { route: "", path: redactUrl(pathname) };
  };
}

/**
 * The log line's fields for a finished request.
 * @param {{ id: string, method: string, url: string, status: number, ms: number, userId?: number, aborted?: boolean, match: (pathname: string) => { route: string, path: string } }} r
 */
export function requestLine({ id, method, url, status, ms, userId, aborted, match }) {
  const q = url.search(/[?#]/);
  const pathname = q === -1 ? url : url.slice(0, q);
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // keep it encoded
  }
  const { route, path } = match(decoded);
  /** @type {Record<string, unknown>} */
  const line = {
    level: "info",
    msg: "request",
    id,
    method,
    route,
    path,
    status,
    ms: Math.round(ms * 10) / 10,
  };
  if (userId !== undefined) line.user = userId;
  if (aborted) line.aborted = true;
  return JSON.stringify(line);
}

/**
 * Express middleware: gives the request its id (X-Request-Id; res.locals.requestId) and writes its
 * line when the answer is finished or the client has gone.
 * @param {{ match: (pathname: string) => { route: string, path: string }, write?: (line: string) => void }} options
 * @returns {import("express").RequestHandler}
 */
export function requestLogger({ match, write = (line) => process.stdout.write(`${line}\n`) }) {
  const open = openRequests();
  return (req, res, next) => {
    const started = performance.now();
    const id = newRequestId();
    /** @type {RequestEntry} */
    const entry = {};
    open.set(id, entry);
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      open.delete(id);
      write(
        requestLine({
          id,
          method: req.method,
          url: req.originalUrl ?? req.url ?? "",
          status: res.statusCode,
          ms: performance.now() - started,
          userId: entry.userId,
          aborted: !res.writableFinished,
          match,
        }),
      );
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}
