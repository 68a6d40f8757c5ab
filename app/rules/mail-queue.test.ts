import { describe, expect, it } from "vitest";
import {
  isConnectionFailure,
  MAIL_GIVE_UP_AFTER_MS,
  mailRetryDelay,
  nextMailAttempt,
} from "~/rules/mail-queue";

describe("mail retry rules", () => {
  it("backs off 5 s, 15 s, 60 s, 2 min, then 5 min for ever", () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(mailRetryDelay)).toEqual([
      5_000, 15_000, 60_000, 120_000, 300_000, 300_000, 300_000,
    ]);
    expect(mailRetryDelay(0)).toBe(5_000);
  });

  it("gives up once the next attempt would fall a day after the message was queued", () => {
    const queued = 1_000_000;
    expect(nextMailAttempt(queued, 1, queued)).toBe(queued + 5_000);
    const late = queued + MAIL_GIVE_UP_AFTER_MS - 300_000;
    expect(nextMailAttempt(queued, 9, late)).toBe(queued + MAIL_GIVE_UP_AFTER_MS);
    expect(nextMailAttempt(queued, 9, late + 1)).toBeNull();
  });

  it("tells a server that is down from a message that was refused", () => {
    expect(isConnectionFailure(Object.assign(new Error("x"), { code: "ESOCKET" }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("x"), { code: "ECONNECTION" }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("x"), { code: "EENVELOPE", responseCode: 421 }))).toBe(
      true,
    );
    expect(isConnectionFailure(Object.assign(new Error("x"), { code: "EENVELOPE", responseCode: 550 }))).toBe(
      false,
    );
    expect(isConnectionFailure(new Error("disk full"))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });
});
