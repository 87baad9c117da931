import { describe, expect, it } from "vitest";
import { guessName } from "./guess-name";

describe("a draft's first name", () => {
  it.each([
    ["https://api.tidewise.io/v1/tides", "Tidewise"],
    ["https://www.geo-labs.example.com/ip", "Example"],
    ["https://tidewise.io/v1", "Tidewise"],
    ["http://127.0.0.1:4020/netlocus-ip-geo/v1/ip", "Netlocus Ip Geo"],
    ["http://localhost:8080/quillfeather_tides/x", "Quillfeather Tides"],
    ["http://127.0.0.1:4020/", "127.0.0.1"],
    ["http://[::1]:4020/%00/x", "[::1]"],
  ])("%s → %s", (url, name) => {
    expect(guessName(url)).toBe(name);
  });
});
