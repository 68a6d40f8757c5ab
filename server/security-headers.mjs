// The response headers every answer of this server carries (pages, data requests, resource
// routes, static files, 404s, errors, 413s), set once per request in server.mjs.

/**
 * @typedef {{ appUrl?: string, senangpayUrl?: string }} HeaderConfig
 */

export const DEFAULT_SENANGPAY_URL = "https://app.senangpay.my";

/**
 * The Content-Security-Policy for one nonce. Forms may post to this origin and to SenangPay's
 * (the payment page).
 * @param {string} nonce  base64, from crypto.randomBytes
 * @param {string} [senangpayUrl]
 * @returns {string}
 */
export function buildCsp(nonce, senangpayUrl = DEFAULT_SENANGPAY_URL) {
  return cspBuilder(senangpayUrl)(nonce);
}

/**
 * A function that returns the policy for a nonce: the constant parts are joined once.
 * @param {string} [senangpayUrl]
 * @returns {(nonce: string) => string}
 */
export function cspBuilder(senangpayUrl = DEFAULT_SENANGPAY_URL) {
  const formAction = `'self' ${new URL(senangpayUrl).origin}`;
  // The nonce also admits one inline <style>: the logged-out pages carry the stylesheet inline, so
  // a phone on a slow connection paints them without a second round trip (app/root.tsx, ADR 0022).
  const head = "default-src 'self'; script-src 'self' 'nonce-";
  const middle = "'; style-src 'self' 'nonce-";
  const tail =
    "'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; " +
    `object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action ${formAction}`;
  return (nonce) => head + nonce + middle + nonce + tail;
}

/**
 * The same policy for a page with no inline script at all (the public scoreboard, served as the
 * same bytes to everyone): scripts from this origin only, no nonce.
 * @param {string} [senangpayUrl]
 * @returns {string}
 */
export function cspWithoutNonce(senangpayUrl = DEFAULT_SENANGPAY_URL) {
  return cspBuilder(senangpayUrl)("").replaceAll(" 'nonce-'", "");
}

/**
 * The headers that do not depend on the request, as [name, value] pairs.
 * @param {HeaderConfig} config
 * @returns {[string, string][]}
 */
export function fixedHeaders({ appUrl } = {}) {
  /** @type {[string, string][]} */
  const headers = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(self), geolocation=(), microphone=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (appUrl?.startsWith("https:")) {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return headers;
}

/**
 * Added to responses whose URL carries a token (see tokens.mjs): never cached, and the URL is
 * never sent to another site, not even its origin. Not `no-referrer`: under that policy a
 * browser sends `Origin: null` with the page's own form posts (verify, reset, join with an
 * invitation), and Remix refuses a document POST whose Origin does not match its Host (a 500).
 * @type {[string, string][]}
 */
export const TOKEN_PAGE_HEADERS = [
  ["Cache-Control", "no-store"],
  ["Referrer-Policy", "same-origin"],
];
