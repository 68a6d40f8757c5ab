// On a LiteFS replica, requests that write never reach Remix: they are answered at once with 409 and
// `fly-replay: instance=<primary>`, and Fly's proxy replays them on the primary, the one machine whose
// database accepts writes. The same answer as litefs-js's getEnsurePrimaryMiddleware (which we do
// not depend on: see docs/decisions/0019-replicas.md). LiteFS's own proxy (litefs.yml) already
// sends such requests to the primary; this catches what reaches a replica anyway (a request that
// raced a primary move, or the app port reached directly). GETs pass: loaders never write.
// A replica that cannot reach its primary has no `.primary` file, like the primary, but a non-zero
// `.lag` (app/lib/litefs.server.ts): its writes are replayed on the last primary it saw (as LiteFS's
// proxy does; the edge or Fly answers while that one is down), or answered 503 when it saw none.
import fs from "node:fs";
import path from "node:path";

export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The app's own words (app/messages.ts MSG.reconnectingBody); the edge (cluster/edge.mjs) uses them
 * too, and serves the translated page when a node can give it. */
export const RECONNECTING = "The server is reconnecting. Try again in a moment.";
/** Seconds a client is told to wait while the primary is unreachable (Retry-After). */
export const RETRY_AFTER_S = 5;

/** Whether the client wants JSON rather than a page: a fetch that accepts JSON, or the kiosk's save
 * queue (which posts a form and reads JSON). Here and in the edge. */
export const wantsJson = (req) =>
  /application\/json/i.test(String(req.headers?.accept ?? "")) ||
  String(req.url ?? "").split("?")[0] === "/scanning/entrance/save";

/** The 503's body while the primary is unreachable: JSON for the kiosk's queue, else one line. */
export const reconnectingBody = (json) =>
  json
    ? JSON.stringify({ ok: false, reconnecting: true, message: RECONNECTING, error: RECONNECTING })
    : `${RECONNECTING}\n`;

/** A file of the mount, trimmed; null when missing or empty (an empty file says nothing). */
const read = (dir, name) => {
  try {
    return fs.readFileSync(path.join(dir, name), "utf8").trim() || null;
  } catch {
    return null;
  }
};

/**
 * This node as the LiteFS mount `dir` shows it now, the one reading of `.primary` and `.lag`
 * (app/lib/litefs.server.ts uses it too): a `.primary` naming a host: a replica of that host. No
 * `.primary`: the primary when `.lag` is missing, empty (an older LiteFS, the simulated replica of
 * tests/replica) or 0; else (`.lag` not 0) a replica whose primary is unreachable (host null).
 * @param {string} dir
 * @returns {{ primary: true, host: null } | { primary: false, host: string | null }}
 */
export function readLitefsState(dir) {
  const host = read(dir, ".primary");
  if (host) return { primary: false, host };
  const lag = read(dir, ".lag");
  if (lag === null || Number(lag) === 0) return { primary: true, host: null };
  return { primary: false, host: null };
}

/**
 * The primary's hostname as LiteFS leaves it in `<dir>/.primary` on a replica; null on the primary
 * or without LiteFS. Read on every call: with the Consul lease the primary can move at any time.
 * @param {string | undefined} litefsDir
 * @returns {string | null}
 */
export function primaryOf(litefsDir) {
  if (!litefsDir) return null;
  return readLitefsState(litefsDir).host;
}

/**
 * Whether this node is a replica whose primary is unreachable: no `.primary`, `.lag` not 0.
 * @param {string} litefsDir
 */
export function primaryLost(litefsDir) {
  const state = readLitefsState(litefsDir);
  return !state.primary && state.host === null;
}

/**
 * Express middleware: a write on a replica is answered 409 with the `fly-replay` header.
 * @param {string | undefined} litefsDir LITEFS_DIR (unset: every request passes)
 * @returns {import("express").RequestHandler}
 */
export function replayWritesToPrimary(litefsDir) {
  // The last primary seen (LiteFS starts the app on a replica once it has reached its primary).
  let lastSeen = primaryOf(litefsDir);
  return (req, res, next) => {
    if (!litefsDir || !WRITE_METHODS.has(req.method)) return next();
    const state = readLitefsState(litefsDir);
    if (state.primary) return next();
    // A replica: its primary, else (unreachable) the last one seen.
    if (state.host) lastSeen = state.host;
    const primary = state.host ?? lastSeen;
    res.setHeader("Cache-Control", "no-store");
    if (!primary) {
      const json = wantsJson(req);
      res.statusCode = 503;
      res.setHeader("Retry-After", String(RETRY_AFTER_S));
      res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
      res.end(reconnectingBody(json));
      return;
    }
    res.statusCode = 409;
    res.setHeader("fly-replay", `instance=${primary}`);
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Replaying on primary\n");
  };
}
