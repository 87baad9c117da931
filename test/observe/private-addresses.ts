// Test support: loopback, private and metadata addresses in the spellings an attacker would try
// (decimal, hex, short, IPv6, mapped, names that mean loopback or the cloud metadata service), on a
// canary's port, so that a test can also assert nothing reached it. The observer refuses every one;
// so does everything that calls out through it (the marketplace tests, the listings' probes).
export function privateAddressUrls(port: number, ipv6Port = port): string[] {
  return [
    `https://127.0.0.1:${port}`,
    `https://0x7f000001:${port}`,
    `https://2130706433:${port}`,
    `https://127.1:${port}`,
    `https://[::1]:${ipv6Port}`,
    `https://[::ffff:127.0.0.1]:${port}`,
    `https://169.254.169.254`,
    `https://10.0.0.1:${port}`,
    `https://localhost:${port}`,
    `https://canary.localhost:${port}`,
    `https://metadata.google.internal.`,
    `http://127.0.0.1:${port}`,
  ];
}
