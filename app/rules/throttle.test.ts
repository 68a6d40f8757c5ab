import { describe, expect, it } from "vitest";
import { check, hit, minutesText } from "./throttle";

const limit = { max: 3, windowMs: 1000 };

describe("throttle", () => {
  it("allows up to max hits in a window, then blocks until the window ends", () => {
    let c = hit(undefined, limit, 0);
    expect(check(c, limit, 10).blocked).toBe(false);
    c = hit(c, limit, 20);
    c = hit(c, limit, 30);
    expect(c).toEqual({ count: 3, windowStart: 0 });
    expect(check(c, limit, 40)).toEqual({ blocked: true, retryInMs: 960 });
    expect(check(c, limit, 999).blocked).toBe(true);
    expect(check(c, limit, 1000).blocked).toBe(false);
  });
  it("starts a new window after the old one ends", () => {
    const c = hit({ count: 3, windowStart: 0 }, limit, 1500);
    expect(c).toEqual({ count: 1, windowStart: 1500 });
  });
  it("says the wait in whole minutes", () => {
    expect(minutesText(1)).toBe("1 minute");
    expect(minutesText(60_001)).toBe("2 minutes");
  });
});
