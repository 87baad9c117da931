// The e2e run's secret scan finds every kind of credential the specs use, in a JSON log line or in
// plain console output, and says where without printing the secret again.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findSecrets } from "./scan-app-log";

const secrets = {
  signature: `0x${randomBytes(65).toString("hex")}`,
  "marketplace token": `apmt_${randomBytes(32).toString("base64url")}`,
  "order status credential": `osa_${randomBytes(32).toString("base64url")}`,
  "authorization credential": `Payment ${Buffer.from(JSON.stringify({ challenge: { id: "x" }, payload: {} })).toString("base64url")}`,
  // A PAYMENT-SIGNATURE's shape, its signature cut short (so only this shape matches).
  "encoded payment header": Buffer.from(
    JSON.stringify({
      x402Version: 2,
      payload: { signature: "0x12", authorization: { from: `0x${"1".repeat(40)}`, to: `0x${"2".repeat(40)}` } },
    }),
  ).toString("base64"),
  "session cookie": `better-auth.session_token=${randomBytes(24).toString("base64url")}.${randomBytes(32).toString("base64url")}`,
  "test password": `pw-${randomBytes(9).toString("base64url")}`,
};

describe("the app log's secret scan", () => {
  it("finds each credential the specs use, in a log line or in plain output", () => {
    for (const [shape, secret] of Object.entries(secrets)) {
      const json = `{"level":30,"msg":"ok"}\n${JSON.stringify({ level: 40, detail: `x ${secret} y` })}\n`;
      const found = findSecrets(json);
      expect(
        found.map((f) => f.shape),
        shape,
      ).toContain(shape);
      expect(found.find((f) => f.shape === shape)!.line).toBe(2);
      expect(JSON.stringify(found)).not.toContain(secret.slice(10));
      expect(findSecrets(`Error: failed with ${secret}\n    at foo`).map((f) => f.shape)).toContain(shape);
    }
  });

  it("passes a clean log: ids, addresses, transaction hashes, redacted values", () => {
    const clean = [
      JSON.stringify({ level: 30, requestId: randomBytes(16).toString("hex"), msg: "purchase settled" }),
      JSON.stringify({ payer: `0x${"ab".repeat(20)}`, transaction: `0x${"cd".repeat(32)}`, prefix: "apmt_abc123" }),
      JSON.stringify({ headers: { cookie: "[redacted]", authorization: "[redacted]" }, msg: "Bearer realm=x" }),
      "[marketplace] serving http://localhost:3000",
    ].join("\n");
    expect(findSecrets(clean)).toEqual([]);
  });
});
