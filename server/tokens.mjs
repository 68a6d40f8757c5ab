// URLs that carry a secret: e-mail verification links (/auth/verify/<token>) and any query
// parameter whose name ends in "token" (/auth/reset?token=..., /auth/register/competitor?token=...).
// One predicate decides both what the request log redacts and which responses get
// Cache-Control: no-store and Referrer-Policy: same-origin (see security-headers.mjs).

const VERIFY_PREFIX = "/auth/verify/";
const TOKEN_PARAM = /([?&][^=&#]*token=)[^&#]*/gi;

/**
 * The URL (path and query, as in `req.url`) with its secrets replaced by `[redacted]`.
 * @param {string} url
 * @returns {string}
 */
export function redactUrl(url) {
  let out = url;
  if (out.startsWith(VERIFY_PREFIX)) {
    const end = out.search(/[?#]/);
    out = `${VERIFY_PREFIX}[redacted]${end === -1 ? "" : out.slice(end)}`;
  }
  if (out.includes("oken=") || out.includes("OKEN=")) out = out.replace(TOKEN_PARAM, "$1[redacted]");
  return out;
}

/**
 * Whether the URL carries a secret (exactly when `redactUrl` would change it).
 * @param {string} url
 * @returns {boolean}
 */
export function carriesToken(url) {
  return redactUrl(url) !== url;
}
