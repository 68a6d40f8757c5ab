// The public scoreboard, rendered once per change and served as bytes, and its live stream
// (Server-Sent Events). See docs/decisions/0016-race-day.md (Scoreboard).
//
// - The board (the shown rounds' races) is read again only when the database may have changed
//   (lib/data-version.server.ts: this connection's writes, or another connection's commit, which on
//   a LiteFS replica is the primary's write arriving). Its content names it (`version`, a hash); a
//   new version renders the page once, gzips it once and tells every open stream.
// - The page answers with an ETag and 304 to a matching If-None-Match, `Cache-Control: no-cache`
//   (browsers keep it and ask again each time).
// - Streams: one per browser. A new version reaches them at once when this process made the change
//   (race-events' "changed", the manage screen), or within POLL_MS otherwise (a replica, a script):
//   ONE timer per process polls the data version while any stream is open. A comment every
//   HEARTBEAT_MS keeps proxies from closing an idle stream; `retry:` sets the browser's reconnect
//   delay; a reconnecting browser names the board it has (Last-Event-ID) and gets the newer one at
//   once. At most MAX_STREAMS per process (503 beyond); a client that stops reading is dropped
//   once BUFFER_LIMIT bytes wait for it (it reconnects and catches up).
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import { type BoardRound, boardRounds } from "~/models/scoreboard.server";
import { dataVersion } from "./data-version.server";
import { env } from "./env.server";
import { raceEvents } from "./race-events.server";
import { renderBoard, renderPage } from "./scoreboard-page.server";

export const MAX_STREAMS = 2000;
export const POLL_MS = 1000;
export const HEARTBEAT_MS = 20_000;
export const BUFFER_LIMIT = 256 * 1024;

export type Board = {
  /** Names the board's content: the stream's event id and the page's data-version. */
  version: string;
  /** Weak ETag of the whole page (board and template). */
  etag: string;
  html: Buffer;
  gzip: Buffer;
  /** The SSE message that announces this board (id, event, the board's markup). */
  message: string;
};

type Options = {
  read: () => BoardRound[];
  /** A key that moves when the data may have changed; null: cannot tell (re-read). */
  dataKey: () => string | null;
  /** A second, dearer key, looked at most once per pollMs (a LiteFS replica's replication position). */
  replicaKey?: () => string | null;
  maxStreams?: number;
  pollMs?: number;
  heartbeatMs?: number;
  bufferLimit?: number;
};

/** The text of an SSE message: each line of `data` on its own `data:` line. */
export function sseMessage(id: string, event: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data.split(/\r\n|\r|\n/).join("\ndata: ")}\n\n`;
}

function buildBoard(rounds: BoardRound[], version: string): Board {
  const board = renderBoard(rounds);
  const page = renderPage(board, version);
  const html = Buffer.from(page);
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  return {
    version,
    etag,
    html,
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
    message: sseMessage(version, "board", board),
  };
}

/** Does an If-None-Match header name this (weak) ETag? Weak comparison, as for GET. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

const gzipAnswers = new Map<string, boolean>();
/** Accept-Encoding allows gzip (not `gzip;q=0`). Browsers send a handful of distinct values. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let answer = gzipAnswers.get(header);
  if (answer === undefined) {
    answer = header.split(",").some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(";");
      if (name.trim() !== "gzip" && name.trim() !== "*") return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return !q || Number(q.slice(2)) > 0;
    });
    if (gzipAnswers.size > 64) gzipAnswers.clear();
    gzipAnswers.set(header, answer);
  }
  return answer;
}

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;
/** The board a (re)connecting browser already has: Last-Event-ID, else the page's `?v=`. */
function knownVersion(req: IncomingMessage): string | null {
  const header = req.headers["last-event-id"];
  if (typeof header === "string" && VERSION.test(header)) return header;
  const query = (req.url ?? "").split("?")[1];
  if (!query) return null;
  const v = new URLSearchParams(query).get("v");
  return v && VERSION.test(v) ? v : null;
}

export function createLiveBoard(options: Options) {
  const maxStreams = options.maxStreams ?? MAX_STREAMS;
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const bufferLimit = options.bufferLimit ?? BUFFER_LIMIT;

  let board: Board | undefined;
  let checkedAt: string | null = null;
  let replicaAt: string | null = null;
  let replicaCheckedAt = 0;
  const streams = new Set<ServerResponse>();
  let poller: NodeJS.Timeout | undefined;
  let beater: NodeJS.Timeout | undefined;
  let refreshQueued = false;

  function send(res: ServerResponse, chunk: string) {
    if (res.writableLength > bufferLimit) {
      res.destroy(); // not reading: let it go (its browser reconnects and catches up)
      return;
    }
    res.write(chunk);
  }

  function broadcast(chunk: string) {
    for (const res of streams) send(res, chunk);
  }

  /** The current board: read again only if the data may have changed, rendered only if it did. */
  function current(): Board {
    if (options.replicaKey && Date.now() - replicaCheckedAt >= pollMs) {
      replicaCheckedAt = Date.now();
      const replica = options.replicaKey();
      if (replica !== replicaAt) checkedAt = null;
      replicaAt = replica;
    }
    const at = options.dataKey();
    if (board && at !== null && at === checkedAt) return board;
    const rounds = options.read();
    const version = createHash("sha256").update(JSON.stringify(rounds)).digest("base64url").slice(0, 16);
    if (board?.version !== version) {
      const had = board !== undefined;
      board = buildBoard(rounds, version);
      if (had) broadcast(board.message);
    }
    checkedAt = at;
    return board;
  }

  /** Something changed in this process (a race, the shown rounds): look now, push if it shows. */
  function changed() {
    checkedAt = null;
    if (refreshQueued) return;
    refreshQueued = true;
    // After the current task: the change's transaction has committed, and a burst is one look.
    setImmediate(() => {
      refreshQueued = false;
      if (streams.size > 0) current();
    });
  }

  function startTimers() {
    if (poller) return;
    poller = setInterval(() => {
      try {
        current();
      } catch (error) {
        console.error("scoreboard: reading the board failed", error);
      }
    }, pollMs);
    beater = setInterval(() => broadcast(": \n\n"), heartbeatMs);
    poller.unref();
    beater.unref();
  }

  function stopTimersIfIdle() {
    if (streams.size > 0 || !poller) return;
    clearInterval(poller);
    clearInterval(beater);
    poller = undefined;
    beater = undefined;
  }

  /** GET/HEAD /scoreboard: the page, 304 when the browser has it. */
  function servePage(req: IncomingMessage, res: ServerResponse) {
    const b = current();
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", b.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (etagMatches(req.headers["if-none-match"], b.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const body = gzip ? b.gzip : b.html;
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The page as a Fetch Response (the route's loader, for a server without the fast path). */
  function pageResponse(request: Request): Response {
    const b = current();
    const headers = new Headers({ "Cache-Control": "no-cache", ETag: b.etag, Vary: "Accept-Encoding" });
    if (etagMatches(request.headers.get("if-none-match") ?? undefined, b.etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(new Uint8Array(b.html), { status: 200, headers });
  }

  /** GET /scoreboard/events: the live stream. */
  function serveEvents(req: IncomingMessage, res: ServerResponse) {
    if (streams.size >= maxStreams) {
      res.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      });
      res.end("Too many live scoreboards are open on this server. Try again shortly.\n");
      return;
    }
    const b = current();
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: neither our compression middleware nor a proxy may buffer it.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true, heartbeatMs);
    // Reconnect after 1-4 s, spread so that a restart's reconnects do not all arrive at once.
    const retry = 1000 + Math.floor(Math.random() * 3000);
    res.write(`retry: ${retry}\n\n${knownVersion(req) === b.version ? ": up to date\n\n" : b.message}`);
    streams.add(res);
    res.on("error", () => {}); // a write after the client left: nothing to do
    res.on("close", () => {
      streams.delete(res);
      stopTimersIfIdle();
    });
    startTimers();
  }

  /** Ends every stream (shutting down): browsers reconnect, to this server's successor. */
  function closeStreams() {
    for (const res of streams) res.end();
    streams.clear();
    stopTimersIfIdle();
  }

  return {
    current,
    changed,
    servePage,
    pageResponse,
    serveEvents,
    closeStreams,
    openStreams: () => streams.size,
  };
}

export type LiveBoard = ReturnType<typeof createLiveBoard>;

/**
 * On a LiteFS replica, the position LiteFS has applied (`<database>-pos`: TXID/checksum), read at
 * most once a second. SQLite's data_version should already move when LiteFS applies the primary's
 * pages; this makes sure a replica's board follows within a second even if it did not.
 */
function litefsPosition(): string | null {
  const e = env();
  if (!e.LITEFS_DIR) return null;
  try {
    return fs.readFileSync(`${e.DATABASE_PATH}-pos`, "utf8").trim();
  } catch {
    return null;
  }
}

let live: LiveBoard | undefined;

/** The process's scoreboard over the app's database (one per process: one poll timer). */
export function liveBoard(): LiveBoard {
  if (!live) {
    live = createLiveBoard({ read: boardRounds, dataKey: dataVersion, replicaKey: litefsPosition });
    raceEvents.on("changed", live.changed);
  }
  return live;
}

/** Call after changing what the board shows outside the race models (e.g. the shown rounds). */
export function scoreboardChanged() {
  liveBoard().changed();
}
