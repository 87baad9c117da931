// The client key for rate limits. What `next start` hands a route handler was checked on a built
// app (Next.js 16.4.6): no X-Forwarded-For from the client -> the socket address; the client's own
// header -> kept as sent, nothing appended. So the peer comes from X-Marketplace-Peer, which
// peer-address-hook.mjs writes from the socket (peer-address.test.ts checks it over real HTTP), and
// only entries appended by trusted proxies identify a client behind them.
import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, isLoopbackCaller, vouchedClientHeaders } from "./client-address";

const xff = (value?: string, peer?: string) =>
  new Headers({
    ...(value === undefined ? {} : { "x-forwarded-for": value }),
    ...(peer === undefined ? {} : { "x-marketplace-peer": peer }),
  });

describe("clientAddress", () => {
  it("without proxy hops, is the TCP peer, whatever X-Forwarded-For says", () => {
    expect(clientAddress(xff(undefined, "::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
    expect(clientAddress(xff("203.0.113.9", "198.51.100.7"), 0)).toBe("198.51.100.7");
    expect(clientAddress(xff("1.2.3.4, 203.0.113.9", "198.51.100.7"), 0)).toBe("198.51.100.7");
    expect(clientAddress(xff("2001:db8::1", "2001:db8:5:6::9"), 0)).toBe("2001:db8:5:6::/64");
    // Served without the hook (plain `next start`): nothing trustworthy, one shared key.
    expect(clientAddress(xff("203.0.113.9"), 0)).toBe("unknown");
  });

  it("with a proxy, takes the entry it appended", () => {
    // A forged entry on the left is ignored; the proxy appended the real peer.
    expect(clientAddress(xff("1.2.3.4, 198.51.100.7", "10.0.0.2"), 1)).toBe("198.51.100.7");
    expect(clientAddress(xff("1.2.3.4, 198.51.100.7"), 1)).toBe("198.51.100.7");
    // No chain at all: the request did not pass the proxy; the peer is the client.
    expect(clientAddress(xff(undefined, "10.0.0.2"), 1)).toBe("10.0.0.2");
  });

  it("reads repeated, padded, bracketed and hostile X-Forwarded-For alike", () => {
    const twice = new Headers([
      ["x-forwarded-for", "6.6.6.6"],
      ["x-forwarded-for", "198.51.100.7"],
    ]);
    expect(clientAddress(twice, 1)).toBe("198.51.100.7");
    expect(clientAddress(xff(" , 6.6.6.6 ,, [2001:db8:1:2::5]:443 , "), 1)).toBe("2001:db8:1:2::/64");
    expect(clientAddress(xff("6.6.6.6, garbage"), 1)).toBe("unparsable");
    expect(clientAddress(xff(`${"9.9.9.9, ".repeat(500)}198.51.100.7`), 1)).toBe("unparsable");
  });

  it("honours a vouched client key only with this process's proof and from loopback", () => {
    const vouched = (peer: string, headers: Record<string, string>) =>
      new Headers({ "x-marketplace-peer": peer, ...headers });
    expect(clientAddress(vouched("127.0.0.1", vouchedClientHeaders("203.0.113.7")), 0)).toBe("203.0.113.7");
    expect(clientAddress(vouched("::1", vouchedClientHeaders("203.0.113.7")), 1)).toBe("203.0.113.7");
    // Forged: another key under a real proof, a made-up proof, or a real one from off the machine.
    const real = vouchedClientHeaders("203.0.113.7");
    expect(clientAddress(vouched("127.0.0.1", { ...real, "x-marketplace-client": "203.0.113.8" }), 0)).toBe(
      "127.0.0.1",
    );
    expect(
      clientAddress(
        vouched("127.0.0.1", { "x-marketplace-client": "203.0.113.8", "x-marketplace-client-proof": "x".repeat(43) }),
        0,
      ),
    ).toBe("127.0.0.1");
    expect(clientAddress(vouched("198.51.100.1", real), 0)).toBe("198.51.100.1");
  });

  it("counts trusted hops from the right", () => {
    expect(clientAddress(xff("6.6.6.6, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
    // Fewer entries than hops (the request skipped a proxy): the furthest one there is.
    expect(clientAddress(xff("198.51.100.7"), 3)).toBe("198.51.100.7");
  });

  it("has one key for requests without the header (and without the hook)", () => {
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

  it.each(["unknown", "not an address", "999.1.1.1", "1.2.3", "\u0000", "\ud800", "x".repeat(10_000), "1.2.3.4.5"])(
    "%j shares the unparsable key",
    (entry) => {
      expect(addressKey(entry)).toBe("unparsable");
    },
  );
});

describe("isLoopbackCaller", () => {
  it("is true only for a loopback TCP peer with no X-Forwarded-For naming anyone else", () => {
    expect(isLoopbackCaller(xff(undefined, "127.0.0.1"))).toBe(true);
    expect(isLoopbackCaller(xff(undefined, "::1"))).toBe(true);
    expect(isLoopbackCaller(xff(undefined, "::ffff:127.0.0.1"))).toBe(true);
    // Under `next start` the header is always there: Next.js fills an absent one with the peer.
    expect(isLoopbackCaller(xff("127.0.0.1", "127.0.0.1"))).toBe(true);
    expect(isLoopbackCaller(xff("::1", "::1"))).toBe(true);
    expect(isLoopbackCaller(xff("127.0.0.1, 127.0.0.1", "127.0.0.1"))).toBe(false);
    // Through a proxy on this machine, or claiming to be local.
    expect(isLoopbackCaller(xff("203.0.113.9", "127.0.0.1"))).toBe(false);
    expect(isLoopbackCaller(xff("127.0.0.1", "203.0.113.9"))).toBe(false);
    expect(isLoopbackCaller(xff(undefined, "203.0.113.9"))).toBe(false);
    expect(isLoopbackCaller(xff("127.0.0.1"))).toBe(false);
    expect(isLoopbackCaller(xff(undefined, "localhost"))).toBe(false);
  });
});
