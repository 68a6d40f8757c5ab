import { describe, expect, it } from "vitest";
import {
  isConnectionFailure,
  MAIL_DOWN_PREFIX,
  mailErrorText,
  mailFailureKind,
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

  // nodemailer's errors as it builds them (smtp-connection _formatError): code, command, responseCode.
  const smtpError = (code: string, command: string, responseCode?: number) =>
    Object.assign(new Error("x"), { code, command, ...(responseCode ? { responseCode } : {}) });

  it("only a connection that fails, or a 421, means the server is down", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ESOCKET", "ECONNECTION", "EDNS"])
      expect(mailFailureKind(smtpError(code, "CONN"))).toBe("down");
    expect(mailFailureKind(smtpError("ETIMEDOUT", "CONN"))).toBe("down"); // greeting or connect timeout
    expect(mailFailureKind(smtpError("ECONNECTION", "EHLO", 421))).toBe("down"); // "closing channel"
    expect(mailFailureKind(smtpError("EENVELOPE", "RCPT TO", 421))).toBe("down");
    expect(mailFailureKind(smtpError("EPROTOCOL", "CONN", 554))).toBe("down"); // a greeting not 220
    expect(mailFailureKind(smtpError("EAUTH", "AUTH PLAIN", 535))).toBe("down"); // our login, not the message
  });

  it("a 4xx for one message backs off that message only; a 5xx gives it up", () => {
    expect(mailFailureKind(smtpError("EENVELOPE", "RCPT TO", 450))).toBe("retry");
    expect(mailFailureKind(smtpError("EENVELOPE", "RCPT TO", 452))).toBe("retry");
    expect(mailFailureKind(smtpError("EMESSAGE", "DATA", 451))).toBe("retry");
    expect(mailFailureKind(smtpError("EENVELOPE", "RCPT TO", 550))).toBe("refused");
    expect(mailFailureKind(smtpError("EMESSAGE", "DATA", 554))).toBe("refused");
    expect(mailFailureKind(new Error("disk full"))).toBe("retry");
    expect(mailFailureKind(null)).toBe("retry");
    expect(isConnectionFailure(smtpError("EENVELOPE", "RCPT TO", 450))).toBe(false);
  });

  it("stores the kind in front of the error", () => {
    expect(mailErrorText("down", "ECONNREFUSED: x").startsWith(MAIL_DOWN_PREFIX)).toBe(true);
    expect(mailErrorText("retry", "EENVELOPE: 450").startsWith(MAIL_DOWN_PREFIX)).toBe(false);
  });
});
