// Hostile `Authorization` values on a queued product: whatever arrives, the answer is a 402 (or the
// body's 400) in JSON with fresh challenges, never a 5xx, and nothing is stored or charged.
import { Challenge } from "mppx";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { placementProduct } from "@/server/products/placement-product";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, queuedBody } from "@/test/payments/queued-shop";
import { describeProduct } from "../purchase-flow";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { isMppAuthorization, parseMppCredential } from "./mpp-credential";
import { shopRoute } from "@/test/shop-route";

const runtime = paymentRuntime();
const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

describe("reading an MPP credential", () => {
  it("takes the Payment scheme in any letter case, and nothing else", () => {
    for (const header of ["Payment abc", "payment abc", "PAYMENT abc", "Payment", " Payment x"])
      expect(isMppAuthorization(header)).toBe(true);
    for (const header of [null, "Bearer abc", "Payments abc", "Basic UGF5bWVudDp4", ""])
      expect(isMppAuthorization(header)).toBe(false);
  });

  it("the same authorization re-encoded is the same credential (identity), another signature is not", async () => {
    const agent = await createMppAgent(0);
    const header = await agent.pay(await describeProduct(runtime, placementProduct));
    const a = await parseMppCredential(header);
    const wire = JSON.parse(Buffer.from(header.slice(8), "base64url").toString("utf8"));
    const b = await parseMppCredential(
      `payment   ${b64({ payload: wire.payload, source: wire.source, challenge: wire.challenge })}`,
    );
    expect(a.ok && b.ok).toBe(true);
    expect(b.identity).toBe(a.identity);
    const c = await parseMppCredential(
      `Payment ${b64({ ...wire, payload: { ...wire.payload, signature: `0x${"11".repeat(65)}` } })}`,
    );
    expect(c.identity).not.toBe(a.identity);
  });
});

describe("hostile Authorization values: 402 JSON with fresh challenges, never a 5xx, nothing charged", () => {
  it.each([
    ["no credential", "Payment"],
    ["not base64url", "Payment !!!***"],
    ["not JSON", `Payment ${b64("not json at all")}`],
    ["JSON without a challenge", `Payment ${b64({ payload: {} })}`],
    [
      "challenge of the wrong types",
      `Payment ${b64({ challenge: { id: 1, realm: [], method: {}, intent: null, request: 5 }, payload: {} })}`,
    ],
    ["deep nesting", `Payment ${b64(`${"[".repeat(5000)}${"]".repeat(5000)}`)}`],
    ["huge", `Payment ${"A".repeat(40_000)}`],
    [
      "NUL and lone surrogates",
      `Payment ${b64(`{"challenge":{"id":"\u0000","realm":"\ud800","method":"evm","intent":"charge","request":"e30"},"payload":{}}`)}`,
    ],
    [
      "another method",
      `Payment ${b64({ challenge: { id: "x", realm: "marketplace.test", method: "tempo", intent: "charge", request: b64({ amount: "1" }) }, payload: { type: "hash", hash: "0x00" } })}`,
    ],
    [
      "an evm payload with bad shapes",
      `Payment ${b64({ challenge: { id: "x", realm: "marketplace.test", method: "evm", intent: "charge", request: b64({ amount: "1" }) }, payload: { type: "authorization", from: "0xnothex", to: 5, value: "-1", validAfter: "0", validBefore: "9", nonce: "0x", signature: "" } })}`,
    ],
  ])("%s", async (_name, authorization) => {
    const body = queuedBody(placementProduct);
    const r = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(r.status, r.text).toBe(402);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(["mpp_credential_malformed", "mpp_method_unsupported"]).toContain(r.json.error);
    expect(Challenge.deserializeList(r.headers["www-authenticate"]!)).toHaveLength(1);
    expect(await db.purchase.count({ where: { idempotencyKey: body.request_id as string } })).toBe(0);
  });

  it("a credential whose challenge was never issued here, well formed: mpp_challenge_unknown", async () => {
    const agent = await createMppAgent(0);
    const forged = Challenge.from({
      secretKey: "an attacker's own secret key of at least thirty-two bytes",
      realm: "marketplace.test",
      method: "evm",
      intent: "charge",
      request: {
        amount: "10000000",
        currency: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        recipient: "0x6D61726B6574706C6163652d6C6f63616C000000",
        methodDetails: { chainId: 84532, credentialTypes: ["authorization"], decimals: 6 },
      },
      expires: new Date(Date.now() + 60_000).toISOString(),
      meta: { _mppx_scope: "placement" },
    });
    const authorization = await agent.pay(
      new Response("{}", { status: 402, headers: { "www-authenticate": Challenge.serialize(forged) } }),
    );
    const r = await buyQueued(runtime, placementProduct, { body: queuedBody(placementProduct), authorization });
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("mpp_challenge_unknown");
  });

  it("through the route: the same answers as JSON over HTTP, and a GET ignores the credential", async () => {
    const { GET, POST } = shopRoute("placements");
    const url = "http://marketplace.test/api/shop/placements";
    const post = await POST(
      new Request(url, {
        method: "POST",
        headers: { authorization: "Payment %%%", "content-type": "application/json" },
        body: JSON.stringify(queuedBody(placementProduct)),
      }),
    );
    expect(post.status).toBe(402);
    expect(((await post.json()) as { error: string }).error).toBe("mpp_credential_malformed");
    expect(post.headers.get("www-authenticate")).toMatch(/^Payment id="/);
    const get = await GET(new Request(url, { headers: { authorization: "Payment %%%" } }));
    expect(get.status).toBe(402);
    expect(Challenge.deserializeList(get.headers.get("www-authenticate")!)).toEqual([
      expect.objectContaining({ method: "evm", request: expect.objectContaining({ amount: "10000000" }) }),
    ]);
    expect(get.headers.get("payment-required")).toBe(
      (await describeProduct(runtime, placementProduct)).headers["payment-required"],
    );
  });
});
