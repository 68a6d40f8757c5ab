import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustedHeaderName } from "./client-address.mjs";

describe("client address", () => {
  it("is one lower-case header name", () => {
    expect(CLIENT_ADDRESS_HEADER).toBe("x-regatta-client-address");
  });

  it("reads the configured header only, by its lower-case name", () => {
    expect(trustedHeaderName("Fly-Client-IP")).toBe("fly-client-ip");
    expect(trustedHeaderName(" X-Test-Client-IP ")).toBe("x-test-client-ip");
    expect(trustedHeaderName(undefined)).toBeNull();
    expect(trustedHeaderName("")).toBeNull();
  });

  it("takes the trusted header's first entry, trimmed", () => {
    expect(clientAddress("203.0.113.7", "10.0.0.1")).toBe("203.0.113.7");
    expect(clientAddress(" 203.0.113.7 , 198.51.100.2", "10.0.0.1")).toBe("203.0.113.7");
    expect(clientAddress(["2001:db8::1", "198.51.100.2"], "10.0.0.1")).toBe("2001:db8::1");
  });

  it("falls back to the TCP peer when the header is not configured or missing", () => {
    expect(clientAddress(undefined, "::ffff:127.0.0.1")).toBe("::ffff:127.0.0.1");
    expect(clientAddress("", "10.0.0.1")).toBe("10.0.0.1");
    expect(clientAddress(" , ", "10.0.0.1")).toBe("10.0.0.1");
    expect(clientAddress(undefined, undefined)).toBe("");
  });
});
