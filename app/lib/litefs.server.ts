// LiteFS: the primary node has no `.primary` file in the mount; a replica's holds the primary's
// hostname. Without LiteFS (LITEFS_DIR unset) this process is the primary.
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

export function primaryHost(): string | null {
  const dir = env().LITEFS_DIR;
  if (!dir) return null;
  try {
    return fs.readFileSync(path.join(dir, ".primary"), "utf8").trim();
  } catch {
    return null;
  }
}

export function isPrimary(): boolean {
  return primaryHost() === null;
}

/** For the rare GET that must write: on a replica, replay the request on the primary. */
export function ensurePrimary(): void {
  const host = primaryHost();
  if (host) {
    throw new Response("Replaying on primary", {
      status: 409,
      headers: { "fly-replay": `instance=${host}` },
    });
  }
}
