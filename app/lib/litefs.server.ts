// LiteFS: the primary node has no `.primary` file in the mount; a replica's holds the primary's
// hostname (Fly's machine id), which is what `fly-replay: instance=<id>` names. But a replica that
// cannot reach its primary (killed, restarting, a network split) has no `.primary` either (LiteFS's
// docs: "currently the primary, or unable to determine or connect to the primary"); `.lag` tells
// them apart: 0 on the primary, the milliseconds since the replica last heard from its primary
// otherwise (issue 27: seen on the real cluster, where such a replica took itself for the primary).
// Without LiteFS (LITEFS_DIR unset) this process is the primary. With the Consul lease the primary
// can move at any time, so the answer is read again (at most once a second: db() asks on every
// query) rather than kept for the life of the process. See docs/operations-replicas.md.
import { RETRY_AFTER_S, readLitefsState as readState } from "../../server/replica.mjs";
import { MSG } from "~/messages";
import { env } from "./env.server";

/** How long one reading of the mount is trusted. */
export const PRIMARY_CHECK_MS = 1_000;
/** Seconds a client is told to wait while the primary is unreachable (Retry-After). */
export const RECONNECT_RETRY_S: number = RETRY_AFTER_S;

/** `primary`: this node takes writes. Else a replica of `host` (null: its primary is unreachable). */
export type LitefsState = { primary: true; host: null } | { primary: false; host: string | null };

let known: { state: LitefsState; at: number; dir: string } | undefined;

/** This node as the LiteFS mount `dir` shows it now: the one reading of `.primary` and `.lag`, shared
 * with server.mjs's replica middleware (server/replica.mjs), so both take a node for the same thing
 * (an empty `.lag`, like a missing one, says primary). */
export function readLitefsState(dir: string): LitefsState {
  return readState(dir);
}

export function litefsState(now = Date.now()): LitefsState {
  const dir = env().LITEFS_DIR;
  if (!dir) return { primary: true, host: null };
  if (known && known.dir === dir && now - known.at < PRIMARY_CHECK_MS) return known.state;
  const state = readLitefsState(dir);
  known = { state, at: now, dir };
  return state;
}

/** The primary's hostname when this node is a replica; null on the primary, or when unreachable. */
export function primaryHost(now = Date.now()): string | null {
  return litefsState(now).host;
}

export function isPrimary(): boolean {
  return litefsState().primary;
}

/** The answer that makes Fly's proxy replay a request on the primary (as litefs-js does). */
export function replayOnPrimary(host: string): Response {
  return new Response("Replaying on primary", {
    status: 409,
    headers: { "fly-replay": `instance=${host}`, "Cache-Control": "no-store" },
  });
}

/** For the rare GET that must write: on a replica, replay the request on the primary; while the
 * primary is unreachable, 503 (try again in a moment) rather than a write that would fail. */
export function ensurePrimary(): void {
  const state = litefsState();
  if (state.primary) return;
  if (state.host) throw replayOnPrimary(state.host);
  throw new Response(MSG.reconnectingBody, {
    status: 503,
    headers: { "Retry-After": String(RECONNECT_RETRY_S), "Cache-Control": "no-store" },
  });
}
