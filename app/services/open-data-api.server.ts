// The public JSON API's answers (issue 29 part 3; ADR 0039): GET /api/v1/... read-only, no login.
// Served like the board (docs/decisions/0016-race-day.md, Scoreboard): each document is read and
// serialised once per data change (lib/data-version.server.ts; on a LiteFS replica also when its
// replication position moves, looked at once a second), kept as bytes (and gzipped once, when first
// asked for gzip), and answered from memory with a weak ETag, 304 to a matching If-None-Match,
// `Cache-Control: public, max-age=5` and CORS open to every origin (no credentials: nothing here
// reads a cookie). server.mjs answers GET and HEAD before express with `serveApi` (the route's
// `fastPaths`); the route's loader and action answer the same through Remix (tests, dev, OPTIONS,
// other methods) with `apiResponse`.
//
// Errors are JSON `{"error": "..."}`: 400 a malformed year or id, 404 an unknown path, year or round,
// 405 any method but GET, HEAD and OPTIONS. They are in English, like the documents' keys: the API
// speaks to programs, whose developers read the docs at /api.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import { currentEdition, type Edition, editionByYear } from "~/models/edition.server";
import {
  editionJson,
  editionsJson,
  roundResultsJson,
  standingsJson,
  timetableJson,
} from "~/models/open-data.server";
import { API_ERRORS, API_PREFIX, type ApiPath, parseApiPath, type YearRef } from "~/rules/open-data";
import { dataVersion } from "~/lib/data-version.server";
import { OPENAPI } from "~/lib/open-data-openapi";
import { acceptsGzip, etagMatches, litefsPosition } from "~/lib/scoreboard-live.server";

/** Seconds a client or cache may reuse an answer without asking again (then it asks with the
 * ETag and gets a 304 while nothing changed). Short: results go Official during the day. */
export const API_MAX_AGE = 5;
/** Documents kept per data version (paths: a few per edition, one per round asked for). */
export const API_CACHE_MAX = 1000;

const JSON_TYPE = "application/json; charset=utf-8";
const CORS: [string, string][] = [
  ["Access-Control-Allow-Origin", "*"],
  ["Access-Control-Expose-Headers", "ETag"],
];
const ALLOW = "GET, HEAD, OPTIONS";

type Doc = { status: number; body: Buffer; etag: string; gzip?: Buffer };

function doc(status: number, value: unknown): Doc {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  return { status, body, etag };
}
const errors = new Map<string, Doc>();
/** An error's answer: made once per message (the messages are a fixed few). */
function error(status: number, message: string): Doc {
  const key = `${status} ${message}`;
  let d = errors.get(key);
  if (!d) {
    d = doc(status, { error: message });
    errors.set(key, d);
  }
  return d;
}

/** The API's front door: where everything is. */
export const API_INDEX = {
  name: "Regatta open data",
  version: "1",
  openapi: `${API_PREFIX}/openapi.json`,
  docs: "/api",
  editions: `${API_PREFIX}/editions`,
  current: `${API_PREFIX}/editions/current`,
};

let statics: { index: Doc; openapi: Doc } | undefined;
function staticDocs() {
  statics ??= { index: doc(200, API_INDEX), openapi: doc(200, OPENAPI) };
  return statics;
}

function editionOf(year: YearRef): Edition | null {
  const e = year === "current" ? currentEdition() : editionByYear(year);
  return e && e.state !== "DRAFT" ? e : null;
}

/** A data document, or its error; `keep`: worth keeping until the data changes. */
function read(p: Exclude<ApiPath, { kind: "index" | "openapi" | "unknown" | "bad" }>): {
  doc: Doc;
  keep: boolean;
} {
  if (p.kind === "editions") return { doc: doc(200, editionsJson()), keep: true };
  const edition = editionOf(p.year);
  if (!edition) return { doc: error(404, API_ERRORS.noEdition), keep: false };
  switch (p.kind) {
    case "edition":
      return { doc: doc(200, editionJson(edition)), keep: true };
    case "timetable":
      return { doc: doc(200, timetableJson(edition.id)), keep: true };
    case "standings":
      return { doc: doc(200, standingsJson(edition.id)), keep: true };
    case "results": {
      const results = roundResultsJson(edition.id, p.roundId);
      return results
        ? { doc: doc(200, results), keep: true }
        : { doc: error(404, API_ERRORS.noRound), keep: false };
    }
  }
}

let cacheAt: string | null = null;
let replicaAt: string | null = null;
let replicaCheckedAt = 0;
const cache = new Map<string, Doc>();

/** Forgets every kept document (tests). */
export function resetApiCache() {
  cache.clear();
  cacheAt = null;
  statics = undefined;
}

/** The document a path names: from memory while the data has not changed. */
export function apiDocument(path: string): Doc {
  const p = parseApiPath(path);
  if (p.kind === "index") return staticDocs().index;
  if (p.kind === "openapi") return staticDocs().openapi;
  if (p.kind === "unknown") return error(404, API_ERRORS.notFound);
  if (p.kind === "bad") return error(400, p.error);

  if (Date.now() - replicaCheckedAt >= 1000) {
    replicaCheckedAt = Date.now();
    const replica = litefsPosition();
    if (replica !== replicaAt) cache.clear();
    replicaAt = replica;
  }
  const at = dataVersion();
  if (at === null) return read(p).doc; // inside a transaction: nothing is kept
  if (at !== cacheAt) {
    cache.clear();
    cacheAt = at;
  }
  const kept = cache.get(path);
  if (kept) return kept;
  const { doc: fresh, keep } = read(p);
  // Reading only reads, but check again: a document is kept only for the version it was read at.
  if (keep && dataVersion() === at) {
    if (cache.size >= API_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(path, fresh);
  }
  return fresh;
}

export type ApiAnswer = { status: number; headers: [string, string][]; body: Buffer | null };

const pathOf = (url: string) => {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
};

/**
 * The answer to one request: the method, the path (no query), and the request's If-None-Match,
 * and Accept-Encoding (gzip: the body comes gzipped; null: never gzip).
 */
export function apiAnswer(
  method: string,
  path: string,
  request: { ifNoneMatch?: string; acceptEncoding?: string | null },
): ApiAnswer {
  if (method === "OPTIONS") {
    // A preflight (a cross-origin GET with, e.g., If-None-Match): any header may come (no
    // credentials are ever allowed, so "*" means any).
    const headers: [string, string][] = [
      ...CORS,
      ["Access-Control-Allow-Methods", ALLOW],
      ["Access-Control-Allow-Headers", "*"],
      ["Access-Control-Max-Age", "86400"],
      ["Allow", ALLOW],
      ["Cache-Control", "no-cache"],
    ];
    return { status: 204, headers, body: null };
  }
  if (method !== "GET" && method !== "HEAD") {
    const e = error(405, API_ERRORS.method);
    return {
      status: 405,
      // No CORS here: the API is open for GET (and HEAD) only.
      headers: [
        ["Allow", ALLOW],
        ["Content-Type", JSON_TYPE],
        ["Cache-Control", "no-store"],
      ],
      body: e.body,
    };
  }
  const d = apiDocument(path);
  if (d.status !== 200) {
    return {
      status: d.status,
      headers: [...CORS, ["Content-Type", JSON_TYPE], ["Cache-Control", "no-cache"]],
      body: method === "HEAD" ? null : d.body,
    };
  }
  const headers: [string, string][] = [
    ...CORS,
    ["Cache-Control", `public, max-age=${API_MAX_AGE}`],
    ["ETag", d.etag],
    ["Vary", "Accept-Encoding"],
  ];
  if (etagMatches(request.ifNoneMatch, d.etag)) return { status: 304, headers, body: null };
  headers.push(["Content-Type", JSON_TYPE]);
  let body = d.body;
  if (request.acceptEncoding !== null && acceptsGzip(request.acceptEncoding)) {
    d.gzip ??= gzipSync(d.body, { level: constants.Z_BEST_COMPRESSION });
    body = d.gzip;
    headers.push(["Content-Encoding", "gzip"]);
  }
  headers.push(["Content-Length", String(body.length)]);
  return { status: 200, headers, body: method === "HEAD" ? null : body };
}

/** GET and HEAD under /api/v1, answered before express (server.mjs). */
export function serveApi(req: IncomingMessage, res: ServerResponse) {
  const a = apiAnswer(req.method ?? "GET", pathOf(req.url ?? ""), {
    ifNoneMatch: req.headers["if-none-match"],
    acceptEncoding: req.headers["accept-encoding"],
  });
  res.statusCode = a.status;
  for (const [name, value] of a.headers) res.setHeader(name, value);
  if (a.body && a.status !== 200) res.setHeader("Content-Length", a.body.length);
  res.end(a.body ?? undefined);
}

/** The same answer as a Fetch Response (the route's loader and action). Never gzipped here: the
 * server's compression middleware does that for answers through express. */
export function apiResponse(request: Request): Response {
  const url = new URL(request.url);
  const a = apiAnswer(request.method, url.pathname, {
    ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
    acceptEncoding: null,
  });
  const headers = new Headers(a.headers.filter(([name]) => name !== "Content-Length"));
  return new Response(a.body ? new Uint8Array(a.body) : null, { status: a.status, headers });
}
