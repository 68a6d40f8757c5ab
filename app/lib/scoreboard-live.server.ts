// The public scoreboard and the big screen (/board, issue 20), each rendered once per change and
// served as bytes, and their live streams (Server-Sent Events). See docs/decisions/0016-race-day.md
// (Scoreboard). `createLiveBoard` is the machinery for one page; `liveBoard()` (/scoreboard) and
// `liveBigBoard()` (/board) are the process's two, sharing ONE poll timer and one heartbeat timer
// (`createTicker`).
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
//   closes), so one client cannot take every slot. Both caps count the streams of EVERY live page
//   of the process together (`createStreamSlots`, shared by /scoreboard and /board as the ticker
//   is; issue 27): per page, one address held 20 and the process 4,000. A client that stops
//   reading is dropped once BUFFER_LIMIT bytes wait for it (it reconnects and catches up).
// - Languages (issue 12): a page and a board message per locale, each rendered once per version
//   the first time a visitor of that locale asks (the `lang` cookie, else Accept-Language: `Vary`
//   says so); a stream gets the boards of its own request's locale.
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import { LOCALE_COOKIE, type Locale, pickLocale } from "~/i18n/locale";
import { addressKey } from "~/rules/address-key";
import { now } from "./clock.server";
import { env } from "./env.server";

/** Open live streams of the whole process, every live page together (/scoreboard and /board).
 * Each open stream is a request in flight for Fly's proxy (fly.toml [http_service.concurrency],
 * type "requests": soft_limit 1500, hard_limit 2500). At the hard limit Fly refuses EVERY request
 * to the machine, the staff's and the kiosks' included, so the streams stop 500 below it: 2,000
 * streams leave 500 requests in flight for everything else (a busy gate is a few dozen). Past the
 * soft limit (1,500) Fly already sends new requests to another machine when there is one; the
 * cap is not at the soft limit because one machine is the normal race day and 1,500-2,000
 * spectators must still be served there. docs/decisions/0016-race-day.md (Scoreboard). */
export const MAX_STREAMS = 2000;
/** Open streams of one client address (IPv6: one /64), every live page together. A browser holds
 * one per open tab; a page refused (429) shows "Offline" and tries again after 10-40 s
 * (public/scoreboard.js). */
export const MAX_STREAMS_PER_ADDRESS = 10;
export const POLL_MS = 1000;
export const HEARTBEAT_MS = 20_000;
export const BUFFER_LIMIT = 256 * 1024;

/** One rendering of a page: its bytes, gzipped once, and its weak ETag. */
export type PageBytes = { etag: string; html: Buffer; gzip: Buffer };

export type Board = {
  /** Names the board's content: the stream's event id and the page's data-version. */
  version: string;
  /** Weak ETag of the whole page (board and template), default variant. */
  etag: string;
  html: Buffer;
  gzip: Buffer;
  /** Other renderings of the same version (e.g. /scoreboard?refresh=30), by variant name. */
  variants: Map<string, PageBytes>;
  /** The SSE message that announces this board (id, event, the board's markup). */
  message: string;
};

/** What a page's renderer makes of one version: the board's markup (what the stream sends) and
 * the whole page, plus any other variants of the page. */
export type Rendered = { board: string; page: string; variants?: Record<string, string> };
export type Render<T> = (data: T, version: string, locale: Locale, updatedAt: number) => Rendered;

/** One poll timer and one heartbeat timer for every live page of the process: each page joins
 * while it has open streams. */
export function createTicker(pollMs = POLL_MS, heartbeatMs = HEARTBEAT_MS) {
  type Member = { look: () => void; beat: () => void };
  const members = new Set<Member>();
  let poller: NodeJS.Timeout | undefined;
  let beater: NodeJS.Timeout | undefined;
  return {
    join(member: Member) {
      members.add(member);
      if (poller) return;
      poller = setInterval(() => {
        for (const m of members) {
          try {
            m.look();
          } catch (error) {
            console.error("live board: reading the board failed", error);
          }
        }
      }, pollMs);
      beater = setInterval(() => {
        for (const m of members) m.beat();
      }, heartbeatMs);
      poller.unref();
      beater.unref();
    },
    leave(member: Member) {
      members.delete(member);
      if (members.size > 0 || !poller) return;
      clearInterval(poller);
      clearInterval(beater);
      poller = undefined;
      beater = undefined;
    },
    /** Is the poll timer running (tests)? */
    running: () => poller !== undefined,
  };
}
export type Ticker = ReturnType<typeof createTicker>;

/** The live-stream slots: one count of open streams, in all and per client address key, for
 * every live page that shares it (the process's pages share one: `processSlots`). */
export function createStreamSlots(maxStreams = MAX_STREAMS, maxPerAddress = MAX_STREAMS_PER_ADDRESS) {
  let open = 0;
  const perAddress = new Map<string, number>();
  return {
    /** Takes a slot for a stream from this address key, or says why not. */
    take(key: string): "taken" | "full" | "address" {
      if (open >= maxStreams) return "full";
      const mine = perAddress.get(key) ?? 0;
      if (mine >= maxPerAddress) return "address";
      open++;
      perAddress.set(key, mine + 1);
      return "taken";
    },
    /** Gives back a slot taken for this address key (its stream closed). */
    release(key: string) {
      open = Math.max(0, open - 1);
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    },
    open: () => open,
    openOf: (key: string) => perAddress.get(key) ?? 0,
  };
}
export type StreamSlots = ReturnType<typeof createStreamSlots>;

type Options<T> = {
  read: () => T;
  render: Render<T>;
  /** The page variant a query string asks for (undefined: the default page). */
  variantOf?: (query: URLSearchParams) => string | undefined;
  /** Shared timers (default: the page's own). */
  ticker?: Ticker;
  /** A key that moves when the data may have changed; null: cannot tell (re-read). */
  dataKey: () => string | null;
  /** A second, dearer key, looked at most once per pollMs (a LiteFS replica's replication position). */
  replicaKey?: () => string | null;
  /** Shared stream caps (default: the page's own, of maxStreams and maxStreamsPerAddress). */
  slots?: StreamSlots;
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

function pageBytes(page: string): PageBytes {
  const html = Buffer.from(page);
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  return { etag, html, gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }) };
}

function buildBoard<T>(
  render: Render<T>,
  data: T,
  version: string,
  locale: Locale,
  updatedAt: number,
): Board {
  const rendered = render(data, version, locale, updatedAt);
  const variants = new Map<string, PageBytes>();
  for (const [name, page] of Object.entries(rendered.variants ?? {})) variants.set(name, pageBytes(page));
  return {
    version,
    ...pageBytes(rendered.page),
    variants,
    message: sseMessage(version, "board", rendered.board),
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

export function createLiveBoard<T>(options: Options<T>) {
  const slots =
    options.slots ??
    createStreamSlots(
      options.maxStreams ?? MAX_STREAMS,
      options.maxStreamsPerAddress ?? MAX_STREAMS_PER_ADDRESS,
    );
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const bufferLimit = options.bufferLimit ?? BUFFER_LIMIT;
  const ticker = options.ticker ?? createTicker(pollMs, heartbeatMs);

  /** The current version's data (and when this process first saw it), and its board per locale
   * (made when first asked). */
  let shown: { version: string; data: T; updatedAt: number } | undefined;
  const boards = new Map<Locale, Board>();
  let checkedAt: string | null = null;
  let replicaAt: string | null = null;
  let replicaCheckedAt = 0;
  /** This page's open streams: each one's locale and the address key its slot was taken for. */
  const streams = new Map<ServerResponse, { locale: Locale; address: string }>();
  let ticking = false;
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
    const s = shown as { version: string; data: T; updatedAt: number };
    let b = boards.get(locale);
    if (!b) {
      b = buildBoard(options.render, s.data, s.version, locale, s.updatedAt);
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
    const data = options.read();
    const version = createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 16);
    if (shown?.version !== version) {
      const had = shown !== undefined;
      shown = { version, data, updatedAt: now() };
      boards.clear();
      if (had) for (const [res, { locale }] of streams) send(res, boardIn(locale).message);
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

  const member = { look, beat: () => broadcast(": \n\n") };
  function startTimers() {
    if (ticking) return;
    ticking = true;
    ticker.join(member);
  }

  function stopTimersIfIdle() {
    if (streams.size > 0 || !ticking) return;
    ticking = false;
    ticker.leave(member);
  }

  /** The bytes for a request's URL: the variant its query asks for, else the default page. */
  function bytesFor(b: Board, url: string | undefined): PageBytes {
    if (!options.variantOf || b.variants.size === 0) return b;
    const q = (url ?? "").indexOf("?");
    if (q === -1) return b;
    const name = options.variantOf(new URLSearchParams((url ?? "").slice(q + 1)));
    return (name && b.variants.get(name)) || b;
  }

  /** GET/HEAD of the page: 304 when the browser has it. */
  function servePage(req: IncomingMessage, res: ServerResponse) {
    const b = bytesFor(current(localeOfReq(req)), req.url);
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
    const b = bytesFor(
      current(localeOfHeaders(request.headers.get("cookie"), request.headers.get("accept-language"))),
      request.url.slice(request.url.indexOf("/", request.url.indexOf("//") + 2)),
    );
    const headers = new Headers({ "Cache-Control": "no-cache", ETag: b.etag, Vary: VARY });
    if (etagMatches(request.headers.get("if-none-match") ?? undefined, b.etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(new Uint8Array(b.html), { status: 200, headers });
  }

  /** GET of the page's live stream (/scoreboard/events, /board/events). */
  function serveEvents(req: IncomingMessage, res: ServerResponse) {
    const address = addressKey(clientAddressOf(req));
    const slot = slots.take(address);
    if (slot === "full") {
      res.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      });
      res.end("Too many live scoreboards are open on this server. Try again shortly.\n");
      return;
    }
    if (slot === "address") {
      res.writeHead(429, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      });
      res.end("Too many live scoreboards are open from this address. Close one and try again.\n");
      return;
    }
    const locale = localeOfReq(req);
    let b: Board;
    try {
      b = current(locale);
    } catch (error) {
      slots.release(address);
      throw error;
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: neither our compression middleware nor a proxy may buffer it.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    });
    if (req.method === "HEAD") {
      slots.release(address);
      res.end();
      return;
    }
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true, heartbeatMs);
    // Reconnect after 1-4 s, spread so that a restart's reconnects do not all arrive at once.
    const retry = 1000 + Math.floor(Math.random() * 3000);
    res.write(`retry: ${retry}\n\n${knownVersion(req) === b.version ? ": up to date\n\n" : b.message}`);
    streams.set(res, { locale, address });
    res.on("error", () => {}); // a write after the client left: nothing to do
    res.on("close", () => {
      if (!streams.delete(res)) return; // closeStreams gave its slot back already
      slots.release(address);
      stopTimersIfIdle();
    });
    startTimers();
  }

  /** Ends every stream (shutting down): browsers reconnect, to this server's successor. */
  function closeStreams() {
    for (const [res, { address }] of streams) {
      res.end();
      slots.release(address);
    }
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
    /** This page's open streams. */
    openStreams: () => streams.size,
    /** Open streams of this address's key on every page sharing this page's slots (tests). */
    openStreamsOf: (address: string) => slots.openOf(addressKey(address)),
  };
}

export type LiveBoard = ReturnType<typeof createLiveBoard<unknown>>;

/**
 * On a LiteFS replica, the position LiteFS has applied (`<database>-pos`: TXID/checksum), read at
 * most once a second. SQLite's data_version should already move when LiteFS applies the primary's
 * pages; this makes sure a replica's board follows within a second even if it did not.
 */
export function litefsPosition(): string | null {
  const e = env();
  if (!e.LITEFS_DIR) return null;
  try {
    return fs.readFileSync(`${e.DATABASE_PATH}-pos`, "utf8").trim();
  } catch {
    return null;
  }
}

let ticker: Ticker | undefined;
/** The process's one poll timer and heartbeat, shared by /scoreboard and /board. */
export function processTicker(): Ticker {
  ticker ??= createTicker();
  return ticker;
}

let slots: StreamSlots | undefined;
/** The process's one count of live streams, shared by /scoreboard and /board: MAX_STREAMS in all,
 * MAX_STREAMS_PER_ADDRESS from one address, whichever pages they watch. */
export function processSlots(): StreamSlots {
  slots ??= createStreamSlots();
  return slots;
}
