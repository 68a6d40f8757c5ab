// The client's address, as the app sees it: one request header that our server alone sets.
// Any incoming copy of it is dropped. Its value comes from the one source we trust: the header
// named by TRUSTED_PROXY_HEADER (e.g. Fly-Client-IP, which Fly's edge overwrites) when configured
// and present, otherwise the TCP peer. X-Forwarded-For and friends are never read.

/** The request header the Remix app reads (lower case, as Node gives header names). */
export const CLIENT_ADDRESS_HEADER = "x-regatta-client-address";

/**
 * @param {string | undefined} trustedHeader  TRUSTED_PROXY_HEADER (any case), or unset/empty
 * @returns {string | null}  the lower-case header name to read, or null
 */
export function trustedHeaderName(trustedHeader) {
  const name = trustedHeader?.trim().toLowerCase();
  return name ? name : null;
}

/**
 * @param {string | string[] | undefined} trustedValue  the trusted header's value(s) in this request
 * @param {string | undefined} remoteAddress  req.socket.remoteAddress
 * @returns {string}
 */
export function clientAddress(trustedValue, remoteAddress) {
  const raw = Array.isArray(trustedValue) ? trustedValue[0] : trustedValue;
  const first = raw?.split(",")[0]?.trim();
  if (first) return first;
  return remoteAddress ?? "";
}
