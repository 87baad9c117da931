// The client key for rate limits. What `next start` hands a route handler was checked on a built
// app (Next.js 16.4.6): no X-Forwarded-For from the client -> the socket address
// ("::ffff:127.0.0.1" on a dual-stack socket, "::1" over IPv6); the client's own header -> kept as
// sent, nothing appended. So only entries appended by trusted proxies identify a client.
import { describe, expect, it } from "vitest";
import { addressKey, clientAddress } from "./client-address";

const xff = (value?: string) => new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("clientAddress", () => {
  it("takes the last entry without a proxy (Next.js filled it from the socket) and with one", () => {
    expect(clientAddress(xff("::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
    expect(clientAddress(xff("203.0.113.9"), 0)).toBe("203.0.113.9");
    // A forged entry on the left is ignored; the proxy appended the real peer.
    expect(clientAddress(xff("1.2.3.4, 198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientAddress(xff("1.2.3.4, 198.51.100.7"), 0)).toBe("198.51.100.7");
  });

  it("counts trusted hops from the right", () => {
    expect(clientAddress(xff("6.6.6.6, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
    // Fewer entries than hops (the request skipped a proxy): the furthest one there is.
    expect(clientAddress(xff("198.51.100.7"), 3)).toBe("198.51.100.7");
  });

  it("has one key for requests without the header", () => {
    expect(clientAddress(xff(), 1)).toBe("unknown");
    expect(clientAddress(xff(" , "), 1)).toBe("unknown");
  });
});

describe("addressKey", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["192.0.2.1:5555", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:c000:0201", "192.0.2.1"],
    ["[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s -> %s", (entry, key) => expect(addressKey(entry)).toBe(key));

  it.each(["unknown", "not an address", "999.1.1.1", "1.2.3", "\u0000", "\ud800", "x".repeat(10_000), "1.2.3.4.5"])("%j shares the unparsable key", (entry) => {
    expect(addressKey(entry)).toBe("unparsable");
  });
});
