import { describe, expect, it } from "vitest";
import { env } from "../env";
import { isForbiddenAddress, routableProviderUrl, testPortsFromEnv } from "./offer-policy";

const prod = { testMode: false, localPayments: false };
const local = { testMode: false, localPayments: true };
const test = { testMode: true, localPayments: false };

describe("offer policy", () => {
  it("keeps the provider's base path and the offer path", () => {
    const v = routableProviderUrl(
      { providerUrl: "https://api.example.com/v2/", path: "/forecast", testMode: false },
      prod,
    );
    expect(v.ok && v.url.toString()).toBe("https://api.example.com/v2/forecast");
  });

  it("refuses http, credentials and literal private addresses outside test mode", () => {
    for (const providerUrl of [
      "http://api.example.com",
      "https://u:p@api.example.com",
      "https://127.0.0.1",
      "https://0x7f000001",
      "https://[::1]",
      "https://169.254.169.254",
      "https://10.0.0.1",
      "https://[::ffff:127.0.0.1]",
      "https://0.0.0.0",
      "https://localhost",
    ]) {
      expect(routableProviderUrl({ providerUrl, path: "/x", testMode: false }, prod).ok, providerUrl).toBe(false);
    }
  });

  it("allows loopback over http for a test-mode offer only while payments are local, and for all in test mode", () => {
    const demo = { providerUrl: "http://127.0.0.1:4021", path: "/v1/quote", testMode: true };
    expect(routableProviderUrl(demo, local).ok).toBe(true);
    expect(routableProviderUrl(demo, prod).ok).toBe(false);
    expect(routableProviderUrl({ ...demo, testMode: false }, local).ok).toBe(false);
    expect(routableProviderUrl({ ...demo, testMode: false }, test).ok).toBe(true);
    // Loopback only: private and metadata addresses stay refused in test mode.
    expect(routableProviderUrl({ ...demo, providerUrl: "http://169.254.169.254" }, test).ok).toBe(false);
    expect(routableProviderUrl({ ...demo, providerUrl: "http://192.168.1.1" }, test).ok).toBe(false);
  });

  it("classifies addresses", () => {
    expect(isForbiddenAddress("93.184.216.34", false)).toBe(false);
    expect(isForbiddenAddress("127.0.0.1", false)).toBe(true);
    expect(isForbiddenAddress("127.0.0.1", true)).toBe(false);
    expect(isForbiddenAddress("::ffff:10.0.0.1", true)).toBe(true);
    expect(isForbiddenAddress("fd00::1", true)).toBe(true);
    expect(isForbiddenAddress("not an ip", true)).toBe(true);
  });

  it("refuses IPv6 outside global unicast 2000::/3: IPv4-compatible ::a.b.c.d (loopback, metadata) and unassigned space", () => {
    for (const address of ["::7f00:1", "::a9fe:a9fe", "::a00:1", "4000::1", "::1"])
      expect(isForbiddenAddress(address, false), address).toBe(true);
    expect(isForbiddenAddress("::7f00:1", true)).toBe(true); // not loopback, whatever it carries
    expect(isForbiddenAddress("2606:4700:4700::1111", false)).toBe(false);
    expect(isForbiddenAddress("::1", true)).toBe(false);
    for (const providerUrl of ["https://[::127.0.0.1]", "https://[::169.254.169.254]"]) {
      expect(routableProviderUrl({ providerUrl, path: "/x", testMode: false }, prod).ok, providerUrl).toBe(false);
    }
  });

  it("refuses local names written with a trailing dot (the same host)", () => {
    for (const providerUrl of [
      "https://localhost.",
      "https://LOCALHOST..",
      "https://api.localhost.",
      "https://metadata.google.internal.",
      "https://printer.local.",
    ]) {
      expect(routableProviderUrl({ providerUrl, path: "/x", testMode: false }, prod).ok, providerUrl).toBe(false);
    }
    expect(routableProviderUrl({ providerUrl: "https://api.example.com.", path: "/x", testMode: false }, prod).ok).toBe(
      true,
    );
  });
});

describe("test-mode offers on this machine (issue 24 item 4)", () => {
  const local = { testMode: false, localPayments: true, testPort: (port: number) => port === 4021 };
  const offer = (providerUrl: string) => ({ providerUrl, path: "/quote", testMode: true });
  it("reach loopback only on the named ports", () => {
    expect(routableProviderUrl(offer("http://127.0.0.1:4021"), local).ok).toBe(true);
    expect(routableProviderUrl(offer("http://localhost:4021"), local).ok).toBe(true);
    for (const url of [
      "http://127.0.0.1:54329",
      "http://[::1]:3000",
      "http://localhost.:5432",
      "http://127.0.0.2",
      "https://127.0.0.1",
    ]) {
      const verdict = routableProviderUrl(offer(url), local);
      expect(verdict.ok, url).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toMatch(/OBSERVER_TEST_PORTS/);
    }
  });

  it("never the app's own port nor the database's, even inside a named range", () => {
    const allowed = testPortsFromEnv();
    expect(allowed(env.PORT)).toBe(false);
    expect(allowed(env.EMBEDDED_PG_PORT)).toBe(false);
    if (env.DATABASE_URL) expect(allowed(Number(new URL(env.DATABASE_URL).port || 5432))).toBe(false);
    expect(allowed(40_000)).toBe(true); // vitest.config.ts names 1024-65535
  });
});
