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
/** The app's own words (app/messages.ts MSG.reconnectingBody); the edge serves the translated page. */
const RECONNECTING = "The server is reconnecting. Try again in a moment.";

const read = (dir, name) => {
  try {
    return fs.readFileSync(path.join(dir, name), "utf8").trim() || null;
  } catch {
    return null;
  }
};

/**
 * The primary's hostname as LiteFS leaves it in `<dir>/.primary` on a replica; null on the primary
 * or without LiteFS. Read on every call: with the Consul lease the primary can move at any time.
 * @param {string | undefined} litefsDir
 * @returns {string | null}
 */
export function primaryOf(litefsDir) {
  if (!litefsDir) return null;
  return read(litefsDir, ".primary");
}

/**
 * Whether this node is a replica whose primary is unreachable: no `.primary`, `.lag` not 0.
 * @param {string} litefsDir
 */
export function primaryLost(litefsDir) {
  const lag = read(litefsDir, ".lag");
  return lag !== null && Number(lag) !== 0 && primaryOf(litefsDir) === null;
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
    let primary = primaryOf(litefsDir);
    if (primary) lastSeen = primary;
    else if (primaryLost(litefsDir)) primary = lastSeen;
    else return next();
    res.setHeader("Cache-Control", "no-store");
    if (!primary) {
      const json =
        /application\/json/i.test(String(req.headers?.accept ?? "")) ||
        String(req.url ?? "").split("?")[0] === "/scanning/entrance/save";
      res.statusCode = 503;
      res.setHeader("Retry-After", "5");
      res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
      res.end(
        json
          ? JSON.stringify({ ok: false, reconnecting: true, message: RECONNECTING, error: RECONNECTING })
          : `${RECONNECTING}\n`,
      );
      return;
    }
    res.statusCode = 409;
    res.setHeader("fly-replay", `instance=${primary}`);
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Replaying on primary\n");
  };
}
