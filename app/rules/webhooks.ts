// Signed webhooks (issue 29 part 4), the pure rules: the Regatta-Signature header and its check,
// the retry schedule, when an endpoint is disabled, and which URLs and addresses an endpoint may
// have. Pure apart from node:crypto (the HMAC and the secret's randomness). Server side only: the
// pages import rules/webhook-fields.ts.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Regatta-Signature";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** How old a signature a receiver should accept (the example on /api uses it): 5 minutes. */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * What a receiver does: the header's `t` is within `toleranceS` of `nowSeconds` and one of its
 * `v1` values is the HMAC of "<t>.<body>" (compared in constant time). The body must be the raw
 * bytes received, not re-serialised JSON.
 */
export function verifySignature(
  header: string | null | undefined,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header) return false;
  let t: number | null = null;
  const sigs: string[] = [];
  for (const part of header.split(",")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === "t" && v && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === "v1" && v && /^[0-9a-f]{64}$/.test(v)) sigs.push(v);
  }
  if (t === null || sigs.length === 0) return false;
  if (Math.abs(nowSeconds - t) > toleranceS) return false;
  const want = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return sigs.some((s) => timingSafeEqual(Buffer.from(s), want));
}

/** A new endpoint's secret: "whsec_" and 64 hex digits (256 bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/** Waits after the 1st, 2nd, ... failed attempt: 1, 5 and 30 minutes, then 2 and 6 hours. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;
/** The first attempt and the five retries; after the sixth failure the delivery is given up. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** Failed deliveries in a row (any of its events) that disable an endpoint (ADMIN is emailed). */
export const WEBHOOK_DISABLE_AFTER = 20;
/** No answer (headers) within this long is a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A delivery being sent is claimed this long: longer than the timeout and the DNS lookup, so two
 * senders never send it at once; a sender killed mid-send lets go after it. */
export const WEBHOOK_CLAIM_MS = 60_000;

/** When a delivery that has just failed its `attempts`-th attempt is tried again, or null: given up. */
export function nextWebhookAttempt(attempts: number, now: number): number | null {
  if (attempts < 1) return now;
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return now + WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
}

/** An answer that counts as delivered: any 2xx (a redirect is not followed, so it is a failure). */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status <= 299;
}

// ---------------------------------------------------------------------------------------------
// Addresses

export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "linkLocal"
  | "unspecified"
  | "multicast"
  | "reserved"
  | "invalid";

function ipv4Parts(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p, i) => p <= 255 && !(m[i + 1].length > 1 && m[i + 1].startsWith("0"))) ? parts : null;
}

function kindOfV4([a, b, c]: number[]): AddressKind {
  if (a === 0) return "unspecified"; // 0.0.0.0/8, "this network"
  if (a === 127) return "loopback";
  if (a === 10) return "private";
  if (a === 172 && b >= 16 && b <= 31) return "private";
  if (a === 192 && b === 168) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // CGNAT, 100.64/10
  if (a === 169 && b === 254) return "linkLocal";
  if (a >= 224 && a <= 239) return "multicast";
  if (a >= 240) return "reserved"; // 240/4 and the broadcast address
  if (a === 198 && (b === 18 || b === 19)) return "reserved"; // benchmarking, 198.18/15
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return "reserved"; // 192.0.0/24 protocol assignments, 192.0.2/24 documentation
  return "public";
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip;
  let tail: number[] = [];
  const dotted = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Parts(dotted[1]);
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    text = text.slice(0, -dotted[1].length);
    // "::ffff:" keeps its "::"; "1:2:3:4:5:6:" drops the colon before the IPv4 tail.
    if (!text.endsWith(":")) return null;
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const groups = [...head, ...rest];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const given = groups.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = Array(8 - given).fill(0);
  const nums = (xs: string[]) => xs.map((g) => Number.parseInt(g, 16));
  return halves.length === 2 ? [...nums(head), ...zeros, ...nums(rest), ...tail] : [...nums(head), ...tail];
}

/** What kind of address `ip` is (IPv4 dotted, or IPv6 with or without brackets and a zone). An IPv6
 * address carrying an IPv4 one (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96,
 * 6to4 2002::/16) is judged by the IPv4 address it carries. */
export function addressKind(raw: string): AddressKind {
  const ip = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = ipv4Parts(ip);
  if (v4) return kindOfV4(v4);
  if (!ip.includes(":")) return "invalid";
  const g = ipv6Groups(ip);
  if (!g) return "invalid";
  const v4of = (hi: number, lo: number) => kindOfV4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return "unspecified";
  if (zeroUpTo(7) && g[7] === 1) return "loopback";
  if (zeroUpTo(5) && g[5] === 0xffff) return v4of(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeroUpTo(6)) return v4of(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4of(g[6], g[7]);
  if (g[0] === 0x2002) return v4of(g[1], g[2]);
  if ((g[0] & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return "linkLocal"; // fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  return "public";
}

/** May a delivery go to this address? Public ones only; loopback too under WEBHOOKS_ALLOW_LOOPBACK
 * (tests), and nothing else. */
export function addressAllowed(ip: string, allowLoopback: boolean): boolean {
  const kind = addressKind(ip);
  return kind === "public" || (allowLoopback && kind === "loopback");
}

export type WebhookUrlPolicy = {
  /** NODE_ENV=production: https only (plain http to loopback under `allowLoopback` excepted). */
  production: boolean;
  /** WEBHOOKS_ALLOW_LOOPBACK=1 (only tests set it). */
  allowLoopback: boolean;
};

export type WebhookUrlError = "invalid" | "tooLong" | "scheme" | "credentials" | "https" | "address";

export type ParsedWebhookUrl = {
  /** The URL as stored and posted to (normalised; no fragment). */
  url: string;
  /** The host to resolve (an IP literal without brackets, or a name). */
  host: string;
  https: boolean;
  /** The host is an IP address (no DNS). */
  literal: boolean;
};

/** The URL an ADMIN typed, before DNS: http(s), at most `max` characters, no user or password, a
 * host; an IP literal is checked here, a name after it resolves (`checkResolved`). */
export function parseWebhookUrl(
  raw: string,
  policy: WebhookUrlPolicy,
  max: number,
): { ok: true; value: ParsedWebhookUrl } | { ok: false; error: WebhookUrlError } {
  const text = raw.trim();
  if (text.length > max) return { ok: false, error: "tooLong" };
  if (!text || /[\s\p{Cc}]/u.test(text)) return { ok: false, error: "invalid" };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, error: "invalid" };
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return { ok: false, error: "scheme" };
  if (u.username || u.password) return { ok: false, error: "credentials" };
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (!host) return { ok: false, error: "invalid" };
  u.hash = "";
  const literal = addressKind(host) !== "invalid";
  const https = u.protocol === "https:";
  if (literal && !addressAllowed(host, policy.allowLoopback)) return { ok: false, error: "address" };
  // Plain http in production: only to a loopback literal under the test flag; a name is checked
  // again once resolved.
  if (!https && policy.production && !policy.allowLoopback) return { ok: false, error: "https" };
  if (!https && policy.production && literal && addressKind(host) !== "loopback")
    return { ok: false, error: "https" };
  if (u.href.length > max) return { ok: false, error: "tooLong" };
  return { ok: true, value: { url: u.href, host, https, literal } };
}

/** The resolved addresses of an endpoint's host: every one must be allowed (a name with one private
 * address among public ones is refused: the connection could go to either), and plain http in
 * production only to loopback under the test flag. */
export function checkResolved(
  addresses: readonly string[],
  https: boolean,
  policy: WebhookUrlPolicy,
): { ok: true } | { ok: false; error: "address" | "https" } {
  if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a, policy.allowLoopback)))
    return { ok: false, error: "address" };
  if (
    !https &&
    policy.production &&
    !(policy.allowLoopback && addresses.every((a) => addressKind(a) === "loopback"))
  )
    return { ok: false, error: "https" };
  return { ok: true };
}

/** The events an endpoint wants, as stored (a JSON array): the known ones, once each, in the
 * order of WEBHOOK_EVENTS; anything else in the column is ignored. */
export function parseStoredEvents(json: string, known: readonly string[]): string[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return known.filter((e) => value.includes(e));
}
