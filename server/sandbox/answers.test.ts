import { describe, expect, it } from "vitest";
import { sandboxAnswer, type SandboxEndpoint } from "./answers";

const endpoint = (path: string): SandboxEndpoint => ({
  slug: "netlocus-ip-geo",
  serviceName: "Netlocus IP Geo",
  capability: "maps-weather",
  method: "GET",
  path,
});

describe("the sandbox's answers follow the endpoint", () => {
  it("an IP-geolocation path locates the address it is given, deterministically", () => {
    const a = sandboxAnswer(endpoint("/v1/ip"), { ip: "198.51.100.7" });
    expect(a).toMatchObject({ kind: "ip-location", ip: "198.51.100.7", sandbox: true });
    expect(sandboxAnswer(endpoint("/v1/ip"), { ip: "198.51.100.7" })).toEqual(a);
    expect(sandboxAnswer(endpoint("/geoip"), {})).toMatchObject({ kind: "ip-location" });
  });

  it("a forecast path still forecasts (and 'ip' inside a word is not an IP lookup)", () => {
    expect(sandboxAnswer(endpoint("/v1/forecast"), { lat: 1, lon: 2 })).toMatchObject({ kind: "forecast" });
    expect(sandboxAnswer(endpoint("/v1/shipping-forecast"), {})).toMatchObject({ kind: "forecast" });
  });
});
