// Issue 9 item 3: an idempotency key binds to a payer only once that payer's payment verified.
// A forged payload (someone else's `authorization.from`, a random signature) must leave no row
// behind: neither one that answers the real payer 422 for its key, nor one per forged request.
import { randomBytes } from "node:crypto";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { requestFingerprint } from "./fingerprint";
import { parsePaymentSignature } from "./payment-signature";
import { claimPurchase } from "./purchase-ledger";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { buy, describe402, shortlistBody } from "@/test/payments/shop";
import { decodeHeaderJson } from "./header-codec";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { reconcileOpenPurchases } from "./reconciler";

const runtime = paymentRuntime();
const challengeHeader = async () => (await describe402(runtime)).headers["payment-required"]!;

type Payload = { payload: { signature: string; authorization: Record<string, string> } };

/** A well-formed payment that claims to come from `victim`, signed by someone else (or by no one). */
async function forgedFrom(victim: string, attacker: TestAgent, signature?: string): Promise<string> {
  const signed = decodeHeaderJson(await attacker.sign(await challengeHeader())) as Payload;
  signed.payload.authorization.from = victim;
  signed.payload.signature = signature ?? `0x${randomBytes(65).toString("hex")}`;
  return encodePaymentSignatureHeader(signed as never);
}

const rowsOf = (payer: string) => db.purchase.count({ where: { payer } });

describe("a key binds to a payer only once the payer's payment verified", () => {
  it("a forged payload with the victim's address and key K: 402, and the victim's own purchase with K then succeeds", async () => {
    const [victim, attacker] = [await createTestAgent(), await createTestAgent(0)];
    const body = shortlistBody();
    const squat = await buy(runtime, {
      body: { ...body, limit: 1 },
      signature: await forgedFrom(victim.address, attacker),
    });
    expect(squat.status).toBe(402);
    expect(squat.json.error).toBe("invalid_exact_evm_signature");
    expect(await rowsOf(victim.address)).toBe(0);

    const own = await buy(runtime, { body, signature: await victim.sign(await challengeHeader()) });
    expect(own.status, own.text).toBe(200);
    expect(own.json.idempotentReplay).toBe(false);
    expect(await victim.balance()).toBe(1_000_000n - 1000n);
  });

  it("an authorization signed by another key (a valid signature, the wrong signer) squats nothing either", async () => {
    const [victim, attacker] = [await createTestAgent(), await createTestAgent()];
    const body = shortlistBody();
    const real = decodeHeaderJson(await attacker.sign(await challengeHeader())) as Payload;
    const squat = await buy(runtime, {
      body: { ...body, limit: 2 },
      signature: await forgedFrom(victim.address, attacker, real.payload.signature),
    });
    expect(squat.status).toBe(402);
    expect((await buy(runtime, { body, signature: await victim.sign(await challengeHeader()) })).status).toBe(200);
  });

  it("an unfunded payer's refused payment leaves no row: the key stays free for any body once funded", async () => {
    const agent = await createTestAgent(0);
    const body = shortlistBody();
    expect(
      (await buy(runtime, { body: { ...body, limit: 1 }, signature: await agent.sign(await challengeHeader()) }))
        .status,
    ).toBe(402);
    expect(await rowsOf(agent.address)).toBe(0);
    await db.localBalance.create({ data: { address: agent.address, balanceAtomic: 5000n } });
    expect((await buy(runtime, { body, signature: await agent.sign(await challengeHeader()) })).status).toBe(200);
  });

  it("a flood of 400 forged requests (40 at a time, a new key each) writes no row", async () => {
    const [victim, attacker] = [await createTestAgent(), await createTestAgent(0)];
    const before = await db.purchase.count();
    const forged = await Promise.all(Array.from({ length: 400 }, () => forgedFrom(victim.address, attacker)));
    const statuses: number[] = [];
    for (let i = 0; i < forged.length; i += 40) {
      const batch = await Promise.all(
        forged.slice(i, i + 40).map((signature) => buy(runtime, { body: shortlistBody(), signature })),
      );
      statuses.push(...batch.map((a) => a.status));
    }
    expect(new Set(statuses)).toEqual(new Set([402]));
    // Rows written per rejected forged request: 0 (each claim is deleted with its refusal).
    expect(await db.purchase.count()).toBe(before);
    expect(await rowsOf(victim.address)).toBe(0);
  }, 60_000);

  it("a claim left behind by a process that died before verification is dropped by the reconciler, not kept as a failed binding", async () => {
    const [victim, attacker] = [await createTestAgent(), await createTestAgent(0)];
    const body = shortlistBody();
    // A claim row as a crash between the claim and its (failed) verification leaves it.
    const forged = decodeHeaderJson(await forgedFrom(victim.address, attacker)) as Payload;
    await db.$executeRaw`
      INSERT INTO purchases (id, product, idempotency_key, fingerprint, state, signature_hash, payer, nonce, amount_atomic, network, asset,
        request_body, payment_payload, payment_requirements, updated_at)
      VALUES (gen_random_uuid(), 'shortlist', ${body.request_id as string}, 'forged-fingerprint', 'claimed', 'forged', ${victim.address},
        ${forged.payload.authorization.nonce!.toLowerCase()}, 1000, 'eip155:84532', '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
        '{}'::jsonb, ${JSON.stringify(forged)}::jsonb, '{}'::jsonb, now() - interval '10 seconds')`;
    await reconcileOpenPurchases(runtime);
    expect(await rowsOf(victim.address)).toBe(0);
    expect((await buy(runtime, { body, signature: await victim.sign(await challengeHeader()) })).status).toBe(200);
  });

  it("a claim left behind for body B1 is not completed for another body B2 sent with the same signature and key: B2 gets its own result", async () => {
    const agent = await createTestAgent();
    const b1 = shortlistBody({ outcome: "hourly weather forecasts for delivery routes" });
    const b2 = { ...b1, outcome: "object storage for backups with EU residency" };
    const signature = await agent.sign(await challengeHeader());
    const credential = parsePaymentSignature(signature);
    const server = await runtime.resourceServer();
    const requirements = server.findMatchingRequirements(
      (await runtime.challenge(shortlistProduct)).requirements,
      credential.payload!,
    )!;
    // The claim a process left when it died between claiming B1 and verifying it.
    const claimed = await claimPurchase(
      {
        product: shortlistProduct.id,
        idempotencyKey: b1.request_id as string,
        fingerprint: requestFingerprint("POST", shortlistProduct.path, b1),
        signatureHash: credential.identity,
        payer: credential.payer!,
        nonce: credential.nonce!,
        amountAtomic: BigInt(requirements.amount),
        network: requirements.network,
        asset: requirements.asset,
        requestBody: b1,
        paymentPayload: credential.payload!,
        paymentRequirements: requirements,
      },
      null,
    );
    expect(typeof claimed).toBe("object");

    const r = await buy(runtime, { body: b2, signature });
    expect(r.status, r.text).toBe(200);
    expect((r.json.shortlist as { query: { outcome: string } }).query.outcome).toBe(b2.outcome);
    expect(await rowsOf(agent.address)).toBe(1);
  });
});
