// On a LiteFS replica, requests that write never reach Remix: they are answered at once with 409 and
// `fly-replay: instance=<primary>`, and Fly's proxy replays them on the primary, the one machine whose
// database accepts writes. The same answer as litefs-js's getEnsurePrimaryMiddleware (which we do
// not depend on: see docs/decisions/0019-replicas.md). LiteFS's own proxy (litefs.yml) already
// sends such requests to the primary; this catches what reaches a replica anyway (a request that
// raced a primary move, or the app port reached directly). GETs pass: loaders never write.
import fs from "node:fs";
import path from "node:path";

export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The primary's hostname as LiteFS leaves it in `<dir>/.primary` on a replica; null on the primary
 * or without LiteFS. Read on every call: with the Consul lease the primary can move at any time.
 * @param {string | undefined} litefsDir
 * @returns {string | null}
 */
export function primaryOf(litefsDir) {
  if (!litefsDir) return null;
  try {
    return fs.readFileSync(path.join(litefsDir, ".primary"), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * Express middleware: a write on a replica is answered 409 with the `fly-replay` header.
 * @param {string | undefined} litefsDir LITEFS_DIR (unset: every request passes)
 * @returns {import("express").RequestHandler}
 */
export function replayWritesToPrimary(litefsDir) {
  return (req, res, next) => {
    if (!litefsDir || !WRITE_METHODS.has(req.method)) return next();
    const primary = primaryOf(litefsDir);
    if (!primary) return next();
    res.statusCode = 409;
    res.setHeader("fly-replay", `instance=${primary}`);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Replaying on primary\n");
  };
}
