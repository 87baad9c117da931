// Receipts of settled purchases: an x402 purchase's PAYMENT-RESPONSE and an MPP purchase's
// Payment-Receipt carry the marketplace's signed receipt at extensions["offer-receipt"].info.receipt
// (read with the extension's own extractReceiptFromResponse for x402), verifiable with the key of
// /.well-known/did.json; a replay carries the same receipt.
import {
  extractReceiptFromResponse,
  verifyReceiptSignatureJWS,
  type JWSSignedReceipt,
} from "@x402/extensions/offer-receipt";
import { Receipt } from "mppx";
import { describe, expect, it } from "vitest";
import { GET as getDidDocument } from "@/app/well-known/did.json/route";
import { db } from "@/server/db";
import { describeProduct } from "@/server/payments/purchase-flow";
import { placementProduct } from "@/server/products/placement-product";
import { paymentRuntime } from "@/server/products/shop-runtime";
import type { DidDocument } from "@/server/receipts/did-document";
import { createTestAgent } from "@/test/payments/agent";
import { createMppAgent } from "@/test/payments/mpp-agent";
import { buyQueued, queuedBody } from "@/test/payments/queued-shop";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";

const runtime = paymentRuntime();

async function publishedKey(receipt: JWSSignedReceipt) {
  const kid = JSON.parse(Buffer.from(receipt.signature.split(".")[0]!, "base64url").toString()).kid as string;
  const doc = (await (
    await getDidDocument(new Request("http://marketplace.test/.well-known/did.json"))
  ).json()) as DidDocument;
  return doc.verificationMethod.find((m) => m.id === kid)!.publicKeyJwk;
}

describe("receipts of settled purchases", () => {
  it("x402: PAYMENT-RESPONSE carries the receipt (extractReceiptFromResponse), it verifies, a replay has the same", async () => {
    const agent = await createTestAgent();
    const body = shortlistBody();
    const signature = await agent.sign((await describe402(runtime)).headers["payment-required"]!);
    const first = await buy(runtime, { body, signature });
    expect(first.status).toBe(200);
    // Still the wire format of docs/decisions.md §1 with the receipt in it: base64 and base64url at once
    // (no `+`, `/` or `=`), so both the reference clients and a base64url reader decode it.
    expect(first.headers["payment-response"]).toMatch(/^[A-Za-z0-9]+$/);
    const receipt = extractReceiptFromResponse(new Response(null, { headers: first.headers }));
    expect(receipt?.format).toBe("jws");
    const payload = await verifyReceiptSignatureJWS(
      receipt as JWSSignedReceipt,
      await publishedKey(receipt as JWSSignedReceipt),
    );
    const row = await db.purchase.findFirstOrThrow({ where: { idempotencyKey: body.request_id as string } });
    expect(payload).toMatchObject({
      resourceUrl: `${runtime.baseUrl}/api/shop/shortlist`,
      payer: agent.address,
      network: "eip155:84532",
      transaction: row.transaction,
    });
    const replay = await buy(runtime, { body, signature });
    expect(replay.headers["payment-response"]).toBe(first.headers["payment-response"]);
  });

  it("MPP: the Payment-Receipt carries the receipt in the same extensions entry, and mppx still reads it", async () => {
    const agent = await createMppAgent();
    const body = queuedBody(placementProduct);
    const authorization = await agent.pay(await describeProduct(runtime, placementProduct));
    const r = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(r.status, r.text).toBe(202);
    const mpp = Receipt.deserialize(r.headers["payment-receipt"]!) as Receipt.Receipt & {
      extensions?: Record<string, { info: { receipt: JWSSignedReceipt } }>;
    };
    expect(mpp).toMatchObject({ method: "evm", status: "success" });
    const receipt = mpp.extensions!["offer-receipt"]!.info.receipt;
    const payload = await verifyReceiptSignatureJWS(receipt, await publishedKey(receipt));
    expect(payload).toMatchObject({
      resourceUrl: `${runtime.baseUrl}${placementProduct.path}`,
      payer: agent.address,
      transaction: mpp.reference,
    });
    const replay = await buyQueued(runtime, placementProduct, { body, authorization });
    expect(replay.headers["payment-receipt"]).toBe(r.headers["payment-receipt"]);
  });
});
