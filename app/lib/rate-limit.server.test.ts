import { beforeEach, describe, expect, it } from "vitest";
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
