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
//   once. At most MAX_STREAMS per process (503 beyond), and at most MAX_STREAMS_PER_ADDRESS from one
//   client address (IPv6: one /64, rules/address-key.ts; 429 beyond, until one of its streams
//   closes), so one client cannot take every slot; a client that stops reading is dropped once
//   BUFFER_LIMIT bytes wait for it (it reconnects and catches up).
// - Languages (issue 12): a page and a board message per locale, each rendered once per version
//   the first time a visitor of that locale asks (the `lang` cookie, else Accept-Language: `Vary`
//   says so); a stream gets the boards of its own request's locale.
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import { bundleFor } from "~/i18n/bundles";
import { LOCALE_COOKIE, type Locale, pickLocale } from "~/i18n/locale";
import { type BoardRound, boardRounds } from "~/models/scoreboard.server";
import { addressKey } from "~/rules/address-key";
import { dataVersion } from "./data-version.server";
import { env } from "./env.server";
import { raceEvents } from "./race-events.server";
import { renderBoard, renderPage } from "./scoreboard-page.server";

export const MAX_STREAMS = 2000;
/** Open streams of one client address (IPv6: one /64). A browser holds one per open tab; a page
 * refused (429) shows "Offline" and tries again after 10-40 s (public/scoreboard.js). */
export const MAX_STREAMS_PER_ADDRESS = 10;
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
  maxStreamsPerAddress?: number;
  pollMs?: number;
  heartbeatMs?: number;
  bufferLimit?: number;
};

/** The text of an SSE message: each line of `data` on its own `data:` line. */
export function sseMessage(id: string, event: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data.split(/\r\n|\r|\n/).join("\ndata: ")}\n\n`;
}

function buildBoard(rounds: BoardRound[], version: string, locale: Locale): Board {
  const board = renderBoard(rounds, bundleFor(locale));
  const page = renderPage(board, version, locale);
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

/** A visitor's locale from the raw headers: the `lang` cookie, else Accept-Language, else English. */
export function localeOfHeaders(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
) {
  const value = (cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return pickLocale(value, acceptLanguage);
}

/** The header server.mjs (server/scoreboard-fast-path.mjs) sets to the client's address, as for
 * every other request (server/client-address.mjs); the socket's peer without it (tests). */
const CLIENT_ADDRESS_HEADER = "x-regatta-client-address";
function clientAddressOf(req: IncomingMessage): string {
  const set = req.headers[CLIENT_ADDRESS_HEADER];
  return (typeof set === "string" && set) || req.socket?.remoteAddress || "";
}

const localeOfReq = (req: IncomingMessage) =>
  localeOfHeaders(req.headers.cookie, req.headers["accept-language"] as string | undefined);

const VARY = "Accept-Encoding, Cookie, Accept-Language";

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
  const maxPerAddress = options.maxStreamsPerAddress ?? MAX_STREAMS_PER_ADDRESS;
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const bufferLimit = options.bufferLimit ?? BUFFER_LIMIT;

  /** The current version's rounds, and its board per locale (made when first asked). */
  let shown: { version: string; rounds: BoardRound[] } | undefined;
  const boards = new Map<Locale, Board>();
  let checkedAt: string | null = null;
  let replicaAt: string | null = null;
  let replicaCheckedAt = 0;
  const streams = new Map<ServerResponse, Locale>();
  /** Open streams per address key. */
  const perAddress = new Map<string, number>();
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
    for (const res of streams.keys()) send(res, chunk);
  }

  function boardIn(locale: Locale): Board {
    const s = shown as { version: string; rounds: BoardRound[] };
    let b = boards.get(locale);
    if (!b) {
      b = buildBoard(s.rounds, s.version, locale);
      boards.set(locale, b);
    }
    return b;
  }

  /** The current board in `locale`: read again only if the data may have changed, rendered only if
   * it did. */
  function current(locale: Locale = "en"): Board {
    look();
    return boardIn(locale);
  }

  function look() {
    if (options.replicaKey && Date.now() - replicaCheckedAt >= pollMs) {
      replicaCheckedAt = Date.now();
      const replica = options.replicaKey();
      if (replica !== replicaAt) checkedAt = null;
      replicaAt = replica;
    }
    const at = options.dataKey();
    if (shown && at !== null && at === checkedAt) return;
    const rounds = options.read();
    const version = createHash("sha256").update(JSON.stringify(rounds)).digest("base64url").slice(0, 16);
    if (shown?.version !== version) {
      const had = shown !== undefined;
      shown = { version, rounds };
      boards.clear();
      if (had) for (const [res, locale] of streams) send(res, boardIn(locale).message);
    }
    checkedAt = at;
  }

  /** Something changed in this process (a race, the shown rounds): look now, push if it shows. */
  function changed() {
    checkedAt = null;
    if (refreshQueued) return;
    refreshQueued = true;
    // After the current task: the change's transaction has committed, and a burst is one look.
    setImmediate(() => {
      refreshQueued = false;
      if (streams.size > 0) look();
    });
  }

  function startTimers() {
    if (poller) return;
    poller = setInterval(() => {
      try {
        look();
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
    const b = current(localeOfReq(req));
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", b.etag);
    res.setHeader("Vary", VARY);
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
    const b = current(localeOfHeaders(request.headers.get("cookie"), request.headers.get("accept-language")));
    const headers = new Headers({ "Cache-Control": "no-cache", ETag: b.etag, Vary: VARY });
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
    const address = addressKey(clientAddressOf(req));
    const mine = perAddress.get(address) ?? 0;
    if (mine >= maxPerAddress) {
      res.writeHead(429, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      });
      res.end("Too many live scoreboards are open from this address. Close one and try again.\n");
      return;
    }
    const locale = localeOfReq(req);
    const b = current(locale);
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
    streams.set(res, locale);
    perAddress.set(address, mine + 1);
    res.on("error", () => {}); // a write after the client left: nothing to do
    res.on("close", () => {
      if (!streams.delete(res)) return; // closeStreams forgot it already
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      stopTimersIfIdle();
    });
    startTimers();
  }

  /** Ends every stream (shutting down): browsers reconnect, to this server's successor. */
  function closeStreams() {
    for (const res of streams.keys()) res.end();
    streams.clear();
    perAddress.clear();
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
    /** Open streams of this address's key (tests). */
    openStreamsOf: (address: string) => perAddress.get(addressKey(address)) ?? 0,
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
