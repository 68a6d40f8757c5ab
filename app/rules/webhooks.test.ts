import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "~/rules/webhook-fields";
import {
  addressAllowed,
  addressKind,
  checkResolved,
  isDelivered,
  newWebhookSecret,
  nextWebhookAttempt,
  parseStoredEvents,
  parseWebhookUrl,
  signatureHeader,
  verifySignature,
  WEBHOOK_MAX_ATTEMPTS,
} from "~/rules/webhooks";

describe("the signature", () => {
  const secret = "whsec_test";
  const body = '{"event":"result.official","id":"evt_1"}';

  it("is t=<seconds>,v1=<hex HMAC-SHA256 of '<t>.<body>'>", () => {
    const header = signatureHeader(secret, body, 1_700_000_000.9);
    const want = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${want}`);
    expect(want).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies with the secret, the raw body and a recent t; nothing else", () => {
    const header = signatureHeader(secret, body, 1_700_000_000);
    expect(verifySignature(header, body, secret, 1_700_000_010)).toBe(true);
    expect(verifySignature(header, `${body} `, secret, 1_700_000_010)).toBe(false);
    expect(verifySignature(header, body, "whsec_other", 1_700_000_010)).toBe(false);
    // Too old, or from the future beyond the tolerance (a replay).
    expect(verifySignature(header, body, secret, 1_700_000_301)).toBe(false);
    expect(verifySignature(header, body, secret, 1_699_999_699)).toBe(false);
    expect(verifySignature(header, body, secret, 1_700_000_300)).toBe(true);
    // Malformed headers.
    for (const bad of [null, "", "t=1700000000", "v1=abc", "t=x,v1=00", `t=1700000000,v1=${"0".repeat(64)}`])
      expect(verifySignature(bad, body, secret, 1_700_000_000)).toBe(false);
    // A second v1 (a rotated secret) is accepted when one matches; a changed t is not.
    expect(
      verifySignature(
        `t=1700000000,v1=${"a".repeat(64)},${header.split(",")[1]}`,
        body,
        secret,
        1_700_000_000,
      ),
    ).toBe(true);
    expect(verifySignature(header.replace("t=1700000000", "t=1700000001"), body, secret, 1_700_000_000)).toBe(
      false,
    );
  });

  it("a new secret is whsec_ and 64 hex digits, different each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe("the retry schedule", () => {
  it("retries after 1, 5 and 30 minutes, then 2 and 6 hours, then gives up (6 attempts)", () => {
    const now = 1_000_000;
    const waits = [1, 2, 3, 4, 5].map((n) => (nextWebhookAttempt(n, now) ?? 0) - now);
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
    expect(nextWebhookAttempt(6, now)).toBeNull();
    expect(nextWebhookAttempt(7, now)).toBeNull();
    expect(nextWebhookAttempt(0, now)).toBe(now);
  });

  it("only a 2xx is delivered (a redirect is not followed)", () => {
    expect([200, 201, 204, 299].every(isDelivered)).toBe(true);
    expect([null, 100, 301, 302, 304, 400, 404, 410, 500, 503].some(isDelivered)).toBe(false);
  });
});

describe("the address check", () => {
  it("tells loopback, private, link-local, unspecified, multicast and reserved from public", () => {
    const cases: [string, string][] = [
      ["8.8.8.8", "public"],
      ["93.184.216.34", "public"],
      ["127.0.0.1", "loopback"],
      ["127.255.1.2", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["172.32.0.1", "public"],
      ["172.15.0.1", "public"],
      ["192.168.1.1", "private"],
      ["100.64.0.1", "private"],
      ["100.127.255.255", "private"],
      ["100.128.0.1", "public"],
      ["169.254.169.254", "linkLocal"],
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.255", "multicast"],
      ["255.255.255.255", "reserved"],
      ["192.0.0.8", "reserved"],
      ["192.0.2.1", "reserved"],
      ["192.0.1.1", "public"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["0:0:0:0:0:0:0:1", "loopback"],
      ["::", "unspecified"],
      ["fc00::1", "private"],
      ["fd12:3456::1", "private"],
      ["fe80::1", "linkLocal"],
      ["fe80::1%eth0", "linkLocal"],
      ["febf::1", "linkLocal"],
      ["ff02::1", "multicast"],
      ["2606:4700::1111", "public"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:10.1.2.3", "private"],
      ["::ffff:169.254.169.254", "linkLocal"],
      ["::ffff:8.8.8.8", "public"],
      ["::127.0.0.1", "loopback"],
      ["64:ff9b::10.0.0.1", "private"],
      ["2002:c0a8:0101::1", "private"],
      ["example.com", "invalid"],
      ["1.2.3", "invalid"],
      ["01.2.3.4", "invalid"],
      ["1:2:3:4:5:6:7:8:9", "invalid"],
      ["1::2::3", "invalid"],
    ];
    expect(cases.map(([ip]) => [ip, addressKind(ip)])).toEqual(cases);
  });

  it("allows public addresses; loopback only under the test flag, and nothing else with it", () => {
    expect(addressAllowed("8.8.8.8", false)).toBe(true);
    expect(addressAllowed("127.0.0.1", false)).toBe(false);
    expect(addressAllowed("::1", false)).toBe(false);
    expect(addressAllowed("127.0.0.1", true)).toBe(true);
    expect(addressAllowed("::1", true)).toBe(true);
    expect(addressAllowed("::ffff:127.0.0.1", true)).toBe(true);
    for (const ip of [
      "10.0.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "fe80::1",
      "fc00::1",
      "0.0.0.0",
      "224.0.0.1",
    ])
      expect(addressAllowed(ip, true), ip).toBe(false);
  });
});

describe("the endpoint URL", () => {
  const prod = { production: true, allowLoopback: false };
  const prodTest = { production: true, allowLoopback: true };
  const dev = { production: false, allowLoopback: false };
  const parse = (raw: string, policy = prod) => {
    const r = parseWebhookUrl(raw, policy, 500);
    return r.ok ? r.value : r.error;
  };

  it("takes an https URL, normalised, without its fragment", () => {
    expect(parse(" https://Hooks.Example.com/in?x=1#frag ")).toEqual({
      url: "https://hooks.example.com/in?x=1",
      host: "hooks.example.com",
      https: true,
      literal: false,
    });
    expect(parse("https://[2606:4700::1111]:8443/x")).toMatchObject({
      host: "2606:4700::1111",
      literal: true,
    });
  });

  it("refuses what is not an http(s) URL, credentials, and a URL too long", () => {
    expect(parse("hooks.example.com")).toBe("invalid");
    expect(parse("")).toBe("invalid");
    expect(parse("https://exa mple.com")).toBe("invalid");
    expect(parse("ftp://example.com/")).toBe("scheme");
    expect(parse("javascript:alert(1)")).toBe("scheme");
    expect(parse("https://user:pw@example.com/")).toBe("credentials");
    expect(parse("https://user@example.com/")).toBe("credentials");
    expect(parse(`https://example.com/${"a".repeat(481)}`)).toBe("tooLong");
    expect(parse(`https://example.com/${"a".repeat(470)}`)).toMatchObject({ https: true });
  });

  it("refuses private, loopback and link-local literals, also written otherwise", () => {
    for (const u of [
      "https://127.0.0.1/",
      "https://10.1.2.3/",
      "https://169.254.169.254/latest",
      "https://[::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:192.168.0.1]/",
      "https://0x7f.1/", // the URL parser reads it as 127.0.0.1
      "https://2130706433/", // 127.0.0.1 as one number
      "https://0/",
    ])
      expect(parse(u), u).toBe("address");
  });

  it("https only in production; the test flag allows loopback over http, and nothing else", () => {
    expect(parse("http://hooks.example.com/")).toBe("https");
    expect(parse("http://hooks.example.com/", dev)).toMatchObject({ https: false });
    expect(parse("http://127.0.0.1:4000/hook", prodTest)).toMatchObject({ https: false, literal: true });
    expect(parse("http://[::1]:4000/hook", prodTest)).toMatchObject({ https: false });
    expect(parse("http://8.8.8.8/hook", prodTest)).toBe("https");
    expect(parse("http://10.0.0.1/hook", prodTest)).toBe("address");
    // A name under the flag passes the first check; its addresses decide.
    expect(parse("http://localhost:4000/", prodTest)).toMatchObject({ literal: false });
  });

  it("after DNS: every address allowed, and plain http in production only to loopback under the flag", () => {
    expect(checkResolved(["93.184.216.34"], true, prod)).toEqual({ ok: true });
    expect(checkResolved([], true, prod)).toEqual({ ok: false, error: "address" });
    expect(checkResolved(["93.184.216.34", "10.0.0.1"], true, prod)).toEqual({ ok: false, error: "address" });
    expect(checkResolved(["127.0.0.1"], true, prod)).toEqual({ ok: false, error: "address" });
    expect(checkResolved(["127.0.0.1", "::1"], false, prodTest)).toEqual({ ok: true });
    expect(checkResolved(["93.184.216.34"], false, prodTest)).toEqual({ ok: false, error: "https" });
    expect(checkResolved(["93.184.216.34"], false, dev)).toEqual({ ok: true });
    expect(checkResolved(["192.168.1.1"], false, dev)).toEqual({ ok: false, error: "address" });
  });
});

describe("stored events", () => {
  it("keeps the known ones, once, in the list's order", () => {
    expect(
      parseStoredEvents('["standings.changed","result.official","x","result.official"]', WEBHOOK_EVENTS),
    ).toEqual(["result.official", "standings.changed"]);
    expect(parseStoredEvents("nope", WEBHOOK_EVENTS)).toEqual([]);
    expect(parseStoredEvents('{"a":1}', WEBHOOK_EVENTS)).toEqual([]);
  });
});

describe("the /api page's verification example", () => {
  it("accepts what the sender signs and refuses a changed body", async () => {
    const { SIGNATURE_EXAMPLE } = await import("~/rules/webhook-fields");
    const { createHmac: hmac, timingSafeEqual } = await import("node:crypto");
    const source = SIGNATURE_EXAMPLE.replace(/^import .*$/m, "").replace(
      "export function",
      "return function",
    );
    const verify = new Function("createHmac", "timingSafeEqual", "Buffer", source)(
      hmac,
      timingSafeEqual,
      Buffer,
    ) as (h: string, b: string, s: string) => boolean;
    const body = '{"event":"standings.changed"}';
    const header = signatureHeader("whsec_x", body, Date.now() / 1000);
    expect(verify(header, body, "whsec_x")).toBe(true);
    expect(verify(header, `${body}\n`, "whsec_x")).toBe(false);
    expect(verify(header, body, "whsec_y")).toBe(false);
    expect(verify(signatureHeader("whsec_x", body, Date.now() / 1000 - 301), body, "whsec_x")).toBe(false);
  });
});
