// Receipts of paid calls through the observer, against the x402-paid demo provider paid by the
// official x402 client: the paid answer carries our signed receipt (Offer-Receipt), which verifies
// with the key the DID document publishes and fails when any byte of it changes; a replay carries
// the same receipt; a rotation keeps the old key published, so the old receipt still verifies.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { extractJWSPayload, verifyReceiptSignatureJWS, type JWSSignedReceipt } from "@x402/extensions/offer-receipt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDidDocument } from "@/app/well-known/did.json/route";
import { db } from "@/server/db";
import { startDemoProvider, type DemoProvider } from "@/server/demo-provider/start-demo-provider";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { rotateSigningKey } from "@/server/receipts/receipt-keys";
import type { DidDocument } from "@/server/receipts/did-document";
import { createTestAgent } from "@/test/payments/agent";
import { callObserver, newKey, newToken, observerFixtures } from "@/test/observe/observer";

const { createOffer, observedRow } = observerFixtures(db);

let provider: DemoProvider;
beforeAll(async () => {
  provider = await startDemoProvider({ facilitator: createLocalFacilitator(), payTo: `0x${"5f".repeat(20)}` });
});
afterAll(() => provider.close());

async function didDocument(): Promise<DidDocument> {
  const res = await getDidDocument(new Request("http://marketplace.test/.well-known/did.json"));
  expect(res.status).toBe(200);
  return (await res.json()) as DidDocument;
}

async function publishedKeyOf(receipt: JWSSignedReceipt) {
  const kid = JSON.parse(Buffer.from(receipt.signature.split(".")[0]!, "base64url").toString()).kid as string;
  const method = (await didDocument()).verificationMethod.find((m) => m.id === kid);
  expect(method, `kid ${kid} is published`).toBeDefined();
  return method!.publicKeyJwk;
}

const decodeReceipt = (header: string | null): JWSSignedReceipt => {
  expect(header).toBeTruthy();
  return JSON.parse(Buffer.from(header!, "base64").toString()) as JWSSignedReceipt;
};

/** Every variant of the JWS with one byte of one of its three parts changed. */
function oneByteChanged(jws: string): string[] {
  const parts = jws.split(".");
  const variants: string[] = [];
  parts.forEach((part, i) => {
    const bytes = Buffer.from(part, "base64url");
    for (let b = 0; b < bytes.length; b++) {
      const changed = Buffer.from(bytes);
      changed[b] = changed[b]! ^ 0x01;
      variants.push(parts.map((p, j) => (j === i ? changed.toString("base64url") : p)).join("."));
    }
  });
  return variants;
}

describe("receipts of paid observer calls", () => {
  it("a paid call answers with a receipt that verifies with the published key, fails with any byte changed, and replays unchanged", async () => {
    const agent = await createTestAgent(1);
    const { token, tokenId } = await newToken("receipt agent");
    const offer = await createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
    const key = newKey();
    const unpaid = await callObserver(offer, { token, key, query: "?symbol=ACME" });
    expect(unpaid.status).toBe(402);
    expect(unpaid.headers.get("offer-receipt")).toBeNull();
    const signature = await agent.sign(unpaid.headers.get("payment-required")!);
    const paid = await callObserver(offer, {
      token,
      key,
      query: "?symbol=ACME",
      headers: { "payment-signature": signature },
    });
    expect(paid.status).toBe(200);
    const settlement = decodePaymentResponseHeader(paid.headers.get("payment-response")!);
    const receipt = decodeReceipt(paid.headers.get("offer-receipt"));
    expect(receipt.format).toBe("jws");

    const publicKey = await publishedKeyOf(receipt);
    const payload = await verifyReceiptSignatureJWS(receipt, publicKey);
    expect(payload).toMatchObject({
      version: 1,
      resourceUrl: `${provider.url}/v1/quote`,
      payer: agent.address,
      network: "eip155:84532",
      transaction: settlement.transaction,
    });
    expect(Math.abs(payload.issuedAt - Date.now() / 1000)).toBeLessThan(60);

    const variants = oneByteChanged(receipt.signature);
    expect(variants.length).toBeGreaterThan(200);
    for (const changed of variants)
      await expect(verifyReceiptSignatureJWS({ format: "jws", signature: changed }, publicKey)).rejects.toThrow();

    // Stored with the call (the price it paid beside it), and replayed byte for byte.
    const row = await db.observedCall.findFirstOrThrow({
      where: { tokenId, offerId: offer },
      select: { receipt: true, amountAtomic: true },
    });
    expect(JSON.parse(row.receipt!)).toEqual(receipt);
    expect(row.amountAtomic).toBe(1000n);
    expect((await observedRow(tokenId, offer, key)).paid).toBe(true);
    const replay = await callObserver(offer, {
      token,
      key,
      query: "?symbol=ACME",
      headers: { "payment-signature": signature },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("offer-receipt")).toBe(paid.headers.get("offer-receipt"));

    // A rotation: the new key signs from now on, the old one stays published and still verifies.
    const newKid = await rotateSigningKey();
    const document = await didDocument();
    expect(document.verificationMethod.map((m) => m.id)).toContain(newKid);
    const old = document.verificationMethod.find((m) => m.id !== newKid && m.revoked);
    expect(old).toBeDefined();
    await expect(verifyReceiptSignatureJWS(receipt, await publishedKeyOf(receipt))).resolves.toMatchObject({
      payer: agent.address,
    });
    expect(extractJWSPayload<{ payer: string }>(receipt.signature).payer).toBe(agent.address);
  });
});
