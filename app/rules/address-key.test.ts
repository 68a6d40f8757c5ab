import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 10.0.0.1 ")).toBe("10.0.0.1");
    expect(addressKey("0.0.0.0")).toBe("0.0.0.0");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys an IPv6 address by its /64: every address of one network is one key", () => {
    const key = addressKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe(key);
    expect(addressKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("[2001:db8:1:2::99]")).toBe(key);
    expect(addressKey("2001:db8:1:2::5%eth0")).toBe(key);
    // The next /64 is another key.
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(addressKey("1:2:3:4:5:6:1.2.3.4")).toBe("1:2:3:4::/64");
    expect(addressKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    for (const odd of [
      "",
      "local",
      "unknown",
      "1.2.3",
      "256.1.1.1",
      "1::2::3",
      "2001:db8:1:2:3:4:5:6:7",
      "12345::1",
      "::ffff:1.2.3.256",
    ]) {
      expect(addressKey(odd)).toBe(odd);
    }
  });
});
