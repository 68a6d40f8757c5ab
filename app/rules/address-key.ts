// The key a client address is counted under by every per-address limit (login, email and
// registration throttles, the kiosk's and the payment endpoints' rate limits, the live scoreboard's
// streams). One IPv4 address is one key. An IPv6 client usually holds a whole /64 (a home or a
// phone network hands one out, and the device picks new addresses in it at will), so IPv6 is keyed
// by its /64: one household or phone cannot multiply its allowance by changing addresses. An
// IPv4-mapped IPv6 address (::ffff:203.0.113.7, what a dual-stack socket reports for an IPv4 peer)
// is that IPv4 address. Anything else (an empty or unknown value) is kept as it is.
// docs/decisions/0026-no-hoarding.md.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The 8 groups of an IPv6 address (numbers 0..65535), or null when it is not one. A trailing
 * dotted IPv4 part counts as the last two groups. */
function ipv6Groups(text: string): number[] | null {
  let s = text;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const last = s.slice(lastColon + 1);
  if (last.includes(".")) {
    if (!IPV4.test(last)) return null;
    const [a, b, c, d] = last.split(".").map(Number);
    tail = [(a << 8) | b, (c << 8) | d];
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith("::")) s = s.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] === "" ? [] : halves[0].split(":");
  const rest = halves.length === 2 && halves[1] !== "" ? halves[1].split(":") : [];
  if (![...head, ...rest].every((g) => HEXTET.test(g))) return null;
  const missing = 8 - tail.length - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [
    ...head.map((g) => Number.parseInt(g, 16)),
    ...Array<number>(Math.max(0, missing)).fill(0),
    ...rest.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
}

/** The key for a client address: IPv4 as it is, IPv4-mapped IPv6 as IPv4, other IPv6 as its /64
 * (`2001:db8:1:2::/64`), anything else unchanged. */
export function addressKey(ip: string): string {
  let s = ip.trim().toLowerCase();
  if (s.startsWith("[") && s.includes("]")) s = s.slice(1, s.indexOf("]"));
  if (IPV4.test(s)) return s;
  if (!s.includes(":")) return ip;
  s = s.replace(/%.*$/, ""); // a zone id (fe80::1%eth0)
  const g = ipv6Groups(s);
  if (!g) return ip;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}
