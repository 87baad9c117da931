import { decodePaymentRequiredHeader } from "@x402/core/http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeHeaderJson, encodeHeaderJson } from "./header-codec";

// Full UTF-16 range (lone surrogates, DEL, control characters), not only printable ASCII.
const anyJson = () => fc.jsonValue({ stringUnit: "binary" });
const json = anyJson().filter((v) => v !== null && typeof v === "object");

describe("x402 header codec", () => {
  it("emits values valid in base64 and base64url at once, for any JSON", () => {
    fc.assert(
      fc.property(anyJson(), (value) => {
        const header = encodeHeaderJson(value);
        expect(header).toMatch(/^[A-Za-z0-9]*$/);
        expect(header.length % 4).toBe(0);
        // Both alphabets decode to the same JSON value.
        const std = Buffer.from(header, "base64").toString("utf8");
        const url = Buffer.from(header, "base64url").toString("utf8");
        expect(url).toBe(std);
        expect(JSON.parse(std)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it("escapes the characters that would produce + or / and everything outside ASCII", () => {
    const value = { a: ">>>???~~~", b: "ünïcødé ✓ 🚀", c: "\u007f", d: "xx\u007f", e: "x\u007fy" };
    const header = encodeHeaderJson(value);
    expect(header).not.toMatch(/[+/=]/);
    expect(decodeHeaderJson(header)).toEqual(value);
  });

  it("is read by the x402 reference decoder", () => {
    fc.assert(
      fc.property(json, fc.string({ unit: "binary" }), (extra, text) => {
        const value = { x402Version: 2, resource: { url: `https://x.test/${text}` }, accepts: [], extra };
        expect(decodePaymentRequiredHeader(encodeHeaderJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });

  it("decodes standard base64 and base64url, padded or not", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = JSON.parse(JSON.stringify(value));
        const bytes = Buffer.from(JSON.stringify(value), "utf8");
        const std = bytes.toString("base64");
        const url = bytes.toString("base64url");
        for (const form of [std, std.replace(/=+$/, ""), url, url + "=".repeat((4 - (url.length % 4)) % 4)]) {
          expect(decodeHeaderJson(form)).toEqual(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("returns undefined for anything that is not base64 of JSON", () => {
    for (const bad of ["", "   ", "@@@", "a", "abc$", "e30+-", Buffer.from("not json").toString("base64"), "e30==="]) {
      expect(decodeHeaderJson(bad)).toBeUndefined();
    }
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => void decodeHeaderJson(s)));
  });
});
