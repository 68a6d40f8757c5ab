import { beforeEach, describe, expect, it } from "vitest";
import { throttleKeys } from "~/models/throttle.server";
import { KIOSK_RATE, limitRate, resetRates, take } from "./rate-limit.server";

const RATE = { burst: 3, perSecond: 1 };

describe("take", () => {
  beforeEach(() => resetRates());

  it("lets a burst through, then refuses until the bucket refills", () => {
    expect([take("a", RATE, 0), take("a", RATE, 0), take("a", RATE, 0)]).toEqual([0, 0, 0]);
    expect(take("a", RATE, 0)).toBe(1000);
    expect(take("a", RATE, 500)).toBe(500);
    expect(take("a", RATE, 1000)).toBe(0);
    expect(take("b", RATE, 0)).toBe(0); // another address has its own bucket
  });
});

describe("limitRate", () => {
  beforeEach(() => resetRates());

  it("answers 429 with Retry-After once an address has used its kiosk burst", () => {
    const request = new Request("http://x/scanning/entrance", {
      headers: { "x-regatta-client-address": "192.0.2.7" },
    });
    for (let i = 0; i < KIOSK_RATE.burst; i++) limitRate(request, "kiosk", KIOSK_RATE);
    let thrown: unknown;
    try {
      limitRate(request, "kiosk", KIOSK_RATE);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(429);
    expect(Number((thrown as Response).headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("limitRate keys IPv6 by /64", () => {
  beforeEach(() => resetRates());
  const from = (address: string) =>
    new Request("http://x/scanning/entrance", { headers: { "x-regatta-client-address": address } });
  const refused = (request: Request) => {
    try {
      limitRate(request, "kiosk", KIOSK_RATE);
      return false;
    } catch (error) {
      return error instanceof Response && error.status === 429;
    }
  };

  it("counts every address of one /64 together; another /64 and an IPv4 client are still served", () => {
    // A client rotating through its /64 uses one bucket between all its addresses.
    for (let i = 0; i < KIOSK_RATE.burst; i++) {
      expect(refused(from(`2001:db8:7:1::${(i + 1).toString(16)}`))).toBe(false);
    }
    expect(refused(from("2001:db8:7:1:ffff:1:2:3"))).toBe(true);
    expect(refused(from("2001:db8:7:2::1"))).toBe(false);
    expect(refused(from("198.51.100.9"))).toBe(false);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    for (let i = 0; i < KIOSK_RATE.burst; i++) limitRate(from("198.51.100.20"), "kiosk", KIOSK_RATE);
    expect(refused(from("::ffff:198.51.100.20"))).toBe(true);
  });
});

describe("the database throttles' per-address keys", () => {
  const from = (address: string) =>
    new Request("http://x/auth/login", { headers: { "x-regatta-client-address": address } });
  it("are one key for one /64 (login, reset and resend emails, registration)", () => {
    const a = from("2001:db8:9:9::1");
    const b = from("2001:db8:9:9:abcd::42");
    expect(throttleKeys.login(a, "x@example.com", false).address.key).toBe(
      throttleKeys.login(b, "x@example.com", false).address.key,
    );
    expect(throttleKeys.login(a, "x@example.com", false).pair.key).toBe(
      throttleKeys.login(b, "x@example.com", false).pair.key,
    );
    expect(throttleKeys.email("reset", a, "x@example.com")[1].key).toBe(
      throttleKeys.email("reset", b, "x@example.com")[1].key,
    );
    expect(throttleKeys.register(a)[0].key).toBe(throttleKeys.register(b)[0].key);
    expect(throttleKeys.register(a)[0].key).not.toBe(throttleKeys.register(from("2001:db8:9:a::1"))[0].key);
  });
});
