// The dev facilitator routes served over a loopback HTTP server, driven by the reference
// HTTPFacilitatorClient of @x402/core exactly as a remote resource server would use them.
import { randomBytes } from "node:crypto";
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader } from "@x402/core/http";
import { HTTPFacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { devSupported } from "@/server/payments/facilitators/dev-facilitator";
import { paymentConfigFromEnv } from "@/server/payments/payment-config";
import { X402_NETWORK } from "@/server/payments/payment-network";
import { createTestAgent } from "@/test/payments/agent";
import { startDevFacilitatorServer, type FacilitatorServer } from "@/test/payments/dev-facilitator-server";

let facilitatorServer: FacilitatorServer;
let base: string;
beforeAll(async () => {
  facilitatorServer = await startDevFacilitatorServer();
  base = facilitatorServer.url;
});
afterAll(() => facilitatorServer.close());

const post = (op: string, body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(`${base}/${op}`, { method: "POST", headers, body });

/** A real signed payment of `amount` atomic units to a fresh pay-to address, and its requirements. */
async function signedPayment(client: HTTPFacilitatorClient, amountUsd = "0.003") {
  const resourceServer = new x402ResourceServer(client).register(X402_NETWORK, new ExactEvmScheme());
  await resourceServer.initialize(); // GET /supported over HTTP
  const payTo = `0x${randomBytes(20).toString("hex")}`;
  const [requirements] = await resourceServer.buildPaymentRequirements({
    scheme: "exact",
    network: X402_NETWORK,
    payTo,
    price: `$${amountUsd}`,
    maxTimeoutSeconds: 300,
  });
  const required = await resourceServer.createPaymentRequiredResponse([requirements!], {
    url: "http://provider.test/thing",
    description: "a thing",
    mimeType: "application/json",
  });
  const agent = await createTestAgent(1);
  const payload = decodePaymentSignatureHeader(await agent.sign(encodePaymentRequiredHeader(required)));
  return { agent, payTo, payload, requirements: requirements! };
}

describe("dev facilitator over HTTP", () => {
  it("verifies and settles a real signed payment through HTTPFacilitatorClient; a replayed settle is refused", async () => {
    const client = new HTTPFacilitatorClient({ url: base });
    const supported = await client.getSupported();
    expect(supported.kinds).toContainEqual(
      expect.objectContaining({ x402Version: 2, scheme: "exact", network: X402_NETWORK }),
    );

    const { agent, payTo, payload, requirements } = await signedPayment(client);
    const verdict = await client.verify(payload, requirements);
    expect(verdict).toMatchObject({ isValid: true });
    expect(verdict.payer?.toLowerCase()).toBe(agent.address);

    const settled = await client.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: X402_NETWORK });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await localBalance(payTo)).toBe(3000n);
    expect(await agent.balance()).toBe(1_000_000n - 3000n);

    // The same authorization again: refused as a verdict, nothing moves.
    const replay = await client.settle(payload, requirements);
    expect(replay.success).toBe(false);
    expect(replay.errorReason).toBeTruthy();
    expect((await client.verify(payload, requirements)).isValid).toBe(false);
    expect(await localBalance(payTo)).toBe(3000n);
    expect(await agent.balance()).toBe(1_000_000n - 3000n);
  });

  it("settles concurrent duplicates of one authorization once", async () => {
    const client = new HTTPFacilitatorClient({ url: base });
    const { agent, payTo, payload, requirements } = await signedPayment(client);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.settle(payload, requirements).catch((err: unknown) => ({ success: false, thrown: err })),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(await localBalance(payTo)).toBe(3000n);
    expect(await agent.balance()).toBe(1_000_000n - 3000n);
  });

  it("refuses a payment for other requirements (amount raised) as an invalid verdict, uncharged", async () => {
    const client = new HTTPFacilitatorClient({ url: base });
    const { agent, payload, requirements } = await signedPayment(client);
    const raised: PaymentRequirements = { ...requirements, amount: "4000" };
    expect((await client.verify(payload, raised)).isValid).toBe(false);
    expect((await client.settle(payload, raised)).success).toBe(false);
    expect(await agent.balance()).toBe(1_000_000n);
  });

  it("answers bad input with 400/413/415-style JSON errors, never 500, and wrong methods with 405", async () => {
    const client = new HTTPFacilitatorClient({ url: base });
    const { payload, requirements } = await signedPayment(client);
    const good = { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements };
    const bodies: [string, string][] = [
      ["{", "invalid_json"],
      ["[".repeat(10_000), "invalid_request"],
      ["null", "invalid_request"],
      [JSON.stringify({}), "invalid_request"],
      [JSON.stringify({ ...good, x402Version: 1 }), "invalid_request"],
      [
        JSON.stringify({ ...good, paymentRequirements: { ...requirements, network: "eip155:8453" } }),
        "invalid_request",
      ],
      [JSON.stringify({ ...good, paymentRequirements: { ...requirements, scheme: "upto" } }), "invalid_request"],
      [JSON.stringify({ ...good, paymentPayload: { ...payload, payload: { signature: "0x12" } } }), "invalid_request"],
      [
        JSON.stringify({ ...good, paymentRequirements: { ...requirements, extra: { name: "USD\u0000C" } } }),
        "invalid_request",
      ],
      [
        JSON.stringify({ ...good, paymentRequirements: { ...requirements, extra: { name: "\ud800" } } }),
        "invalid_request",
      ],
      [
        JSON.stringify({
          ...good,
          paymentPayload: {
            ...payload,
            payload: {
              ...(payload as PaymentPayload).payload,
              authorization: { ...((payload as PaymentPayload).payload.authorization as object), value: "1e9" },
            },
          },
        }),
        "invalid_request",
      ],
    ];
    for (const op of ["verify", "settle"]) {
      for (const [body, error] of bodies) {
        const res = await post(op, body);
        expect(res.status, `${op} ${body.slice(0, 60)}`).toBe(400);
        expect((await res.json()).error).toBe(error);
      }
      const huge = await post(op, JSON.stringify({ ...good, padding: "x".repeat(64 * 1024) }));
      expect(huge.status).toBe(413);
      expect((await huge.json()).error).toBe("payload_too_large");
      const get = await fetch(`${base}/${op}`);
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toContain("POST");
    }
    const postSupported = await post("supported", "{}");
    expect(postSupported.status).toBe(405);
    expect(postSupported.headers.get("allow")).toContain("GET");
  });

  it("does not exist when payments go to an HTTP facilitator", async () => {
    const remote = { ...paymentConfigFromEnv(), mode: "http" as const, facilitatorUrl: "http://127.0.0.1:9" };
    await expect(devSupported(remote)).rejects.toMatchObject({ code: "not_found" });
  });
});
