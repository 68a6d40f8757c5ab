// LiteFS: the primary node has no `.primary` file in the mount; a replica's holds the primary's
// hostname (Fly's machine id), which is what `fly-replay: instance=<id>` names. Without LiteFS
// (LITEFS_DIR unset) this process is the primary. With the Consul lease the primary can move at any
// time, so the answer is read again (at most once a second: db() asks on every query) rather than
// kept for the life of the process. See docs/operations-replicas.md.
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

/** How long one reading of `.primary` is trusted. */
export const PRIMARY_CHECK_MS = 1_000;

let known: { host: string | null; at: number; dir: string } | undefined;

/** The primary's hostname when this node is a replica; null on the primary (or without LiteFS). */
export function primaryHost(now = Date.now()): string | null {
  const dir = env().LITEFS_DIR;
  if (!dir) return null;
  if (known && known.dir === dir && now - known.at < PRIMARY_CHECK_MS) return known.host;
  let host: string | null;
  try {
    host = fs.readFileSync(path.join(dir, ".primary"), "utf8").trim() || null;
  } catch {
    host = null; // no file: LiteFS made this node the primary
  }
  known = { host, at: now, dir };
  return host;
}

export function isPrimary(): boolean {
  return primaryHost() === null;
}

/** The answer that makes Fly's proxy replay a request on the primary (as litefs-js does). */
export function replayOnPrimary(host: string): Response {
  return new Response("Replaying on primary", {
    status: 409,
    headers: { "fly-replay": `instance=${host}`, "Cache-Control": "no-store" },
  });
}

/** For the rare GET that must write: on a replica, replay the request on the primary. */
export function ensurePrimary(): void {
  const host = primaryHost();
  if (host) throw replayOnPrimary(host);
}
