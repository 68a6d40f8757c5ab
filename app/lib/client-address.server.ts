// The client's address as server.mjs established it, and the key per-address limits count it under
// (issue 30: from models/throttle.server.ts, which exports them as before; the rate limiter needs
// them and lib imports no model).
import { addressKey } from "~/rules/address-key";

/**
 * The client's address as the server (server.mjs) established it: the header the deployment's
 * proxy sets when TRUSTED_PROXY_HEADER is configured (Fly-Client-IP on Fly), else the socket's
 * address. server.mjs removes any copy of this header that a client sends.
 */
export const CLIENT_ADDRESS_HEADER = "x-regatta-client-address";
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "local";
}

/** What every per-address limit counts the request under: its address, IPv6 by its /64
 * (rules/address-key.ts). */
export function clientKey(request: Request): string {
  return addressKey(clientAddress(request));
}
