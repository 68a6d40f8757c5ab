// How many request-body bytes we accept, and reading a body without ever holding more than that.

const KiB = 1024;
const MiB = 1024 * KiB;

/** Every non-GET/HEAD request not named below. */
export const DEFAULT_BODY_LIMIT = 256 * KiB;
/** A photo of up to 15 MB (PHOTO_MAX_BYTES in app/lib/photos.server.ts) plus the other fields. */
export const UPLOAD_BODY_LIMIT = 16 * MiB;
/** A results file of up to 1 MB (IMPORT_MAX_BYTES in app/rules/lynx-import.ts) plus the form's
 * other fields and the multipart framing. */
export const RESULTS_IMPORT_BODY_LIMIT = MiB + 64 * KiB;

/**
 * The endpoints that take larger bodies (the photo uploads). Add a route here when it accepts
 * a file. Paths are matched case-insensitively, as Remix matches routes.
 * @type {{ method: string, path: RegExp, limit: number, why: string }[]}
 */
export const BODY_LIMITS = [
  {
    method: "POST",
    path: /^\/auth\/register\/[^/]+\/?$/i,
    limit: UPLOAD_BODY_LIMIT,
    why: "registration photo",
  },
  {
    method: "POST",
    path: /^\/photo\/?$/i,
    limit: UPLOAD_BODY_LIMIT,
    why: "profile photo (the profile's upload form posts to /photo)",
  },
  {
    method: "POST",
    path: /^\/rounds\/[^/]+\/results\/?$/i,
    limit: RESULTS_IMPORT_BODY_LIMIT,
    why: "FinishLynx results file (the results screen's Import)",
  },
];

/**
 * @param {string} method  e.g. "POST"
 * @param {string} url  path with or without the query string
 * @returns {number}  the most bytes of body this request may carry
 */
export function bodyLimitFor(method, url) {
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  for (const rule of BODY_LIMITS) {
    if (rule.method === method && rule.path.test(pathname)) return rule.limit;
  }
  return DEFAULT_BODY_LIMIT;
}

/**
 * Whether the declared Content-Length already exceeds the limit (so the body need not be read).
 * @param {string | undefined} contentLength
 * @param {number} limit
 */
export function declaredTooLarge(contentLength, limit) {
  return contentLength !== undefined && Number(contentLength) > limit;
}

/**
 * @typedef {{ ok: true, body: Buffer } | { ok: false, reason: "too-large" | "aborted" }} BodyResult
 */

/**
 * Reads a whole request body into memory, counting bytes as they arrive (chunked bodies have no
 * Content-Length). Gives up with "too-large" as soon as the count passes `limit`, and stops
 * reading there: the caller answers 413 and closes the connection.
 * @param {import("node:stream").Readable & { headers: Record<string, string | string[] | undefined> }} req
 * @param {number} limit
 * @returns {Promise<BodyResult>}
 */
export function readBody(req, limit) {
  const declared = req.headers["content-length"];
  if (declaredTooLarge(typeof declared === "string" ? declared : undefined, limit)) {
    return Promise.resolve({ ok: false, reason: "too-large" });
  }
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @param {BodyResult} result */
    const settle = (result) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(result);
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle({ ok: false, reason: "too-large" });
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () =>
      settle({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size) });
    const onGone = () => settle({ ok: false, reason: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("close", onGone);
  });
}
