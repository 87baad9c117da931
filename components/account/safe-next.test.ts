// The `next` parameter of the sign-in and sign-up pages never leads off-site.
import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeNextPath("/reviews/7b1c?x=1#comments")).toBe("/reviews/7b1c?x=1#comments");
    expect(safeNextPath("/services")).toBe("/services");
    expect(safeNextPath(["/account", "/evil"])).toBe("/account");
  });

  it("falls back for anything that could leave the site or loop", () => {
    const hostile = [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
      "/\u0000x",
      "/\tevil",
      "evil.example",
      "",
      "/api/auth/sign-out",
      "/sign-in?next=/x",
      "/sign-up",
      "/" + "a".repeat(600),
      // Dot segments that resolve to a protocol-relative "//host" path.
      "/.//evil.example",
      "/..//evil.example/x",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      undefined,
      42,
    ];
    for (const raw of hostile) {
      const result = safeNextPath(raw);
      // "/%0d%0a..." stays an encoded path on this site, which is harmless; everything else falls back.
      if (raw === "/%0d%0aSet-Cookie:x") expect(result).toBe("/%0d%0aSet-Cookie:x");
      else expect(result, String(raw)).toBe("/account");
    }
    expect(safeNextPath("https://evil.example/", "/")).toBe("/");
  });
});
