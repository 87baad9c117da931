// Payee proofs on the real database with real EIP-712 signatures (viem accounts): a good proof and
// its history, every way a proof proves nothing (another signer, another origin, expired with an
// injected clock, replayed, another listing's or payee's nonce, a smart-wallet signature), owners
// only, and two concurrent proofs with one nonce.
import { getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { baseUrl, env } from "@/server/env";
import { AppError } from "@/server/errors";
import { createPerson } from "@/server/reviews/test-actors";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { getListing } from "./listings";
import { createPayeeChallenge, provePayee } from "./payee-proof";
import type { PayeeTypedData } from "./payee-proof-schema";

type Signer = ReturnType<typeof newPayee>;
const sign = (who: Signer, typedData: PayeeTypedData) =>
  who.signTypedData(typedData as unknown as Parameters<Signer["signTypedData"]>[0]);

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function setUp(payees = [newPayee()]) {
  const owner = await createPerson();
  const id = await listingWithPayees(
    owner,
    payees.map((p) => p.address),
  );
  return { owner, id, payees };
}

describe("a good proof", () => {
  it("binds origin, listing, payee, nonce and expiry; verifies the payee and keeps every proof", async () => {
    const other = newPayee();
    const { owner, id, payees } = await setUp([newPayee(), other]);
    const payee = payees[0]!;
    const before = await getListing(owner, id);
    expect(before.payees).toEqual([
      { payTo: payee.address, payeeVerified: false, verifiedAt: null, sandboxPayeeKey: null },
      { payTo: other.address, payeeVerified: false, verifiedAt: null, sandboxPayeeKey: null },
    ]);

    // The address as typed in lowercase: the challenge names it checksummed.
    const typedData = await createPayeeChallenge(owner, id, payee.address.toLowerCase());
    expect(typedData.domain).toEqual({ name: "Agent Payment Marketplace", version: "1" });
    expect(typedData.primaryType).toBe("PayeeProof");
    const { message } = typedData;
    expect(message).toMatchObject({ origin: new URL(baseUrl).origin, listingId: id, payee: getAddress(payee.address) });
    expect(message.nonce).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Date.parse(message.expiresAt) - Date.parse(message.issuedAt)).toBe(env.PAYEE_PROOF_TTL_SECONDS * 1000);

    const signature = await sign(payee, typedData);
    const after = await provePayee(owner, id, { payTo: payee.address, nonce: message.nonce, signature });
    expect(after.payees[0]).toMatchObject({ payTo: payee.address, payeeVerified: true });
    expect(Date.parse(after.payees[0]!.verifiedAt!)).toBeGreaterThanOrEqual(Date.parse(message.issuedAt));
    expect(after.payees[1]).toEqual({
      payTo: other.address,
      payeeVerified: false,
      verifiedAt: null,
      sandboxPayeeKey: null,
    });
    expect(await getListing(owner, id)).toEqual(after);

    const proof = await db.listingPayeeProof.findUniqueOrThrow({ where: { nonce: message.nonce } });
    expect(proof).toMatchObject({
      listingId: id,
      payTo: payee.address.toLowerCase(),
      signer: payee.address,
      signature: signature.toLowerCase(),
    });

    // A second proof later: both kept, the listing shows the latest.
    const again = await createPayeeChallenge(owner, id, payee.address);
    const second = await provePayee(
      owner,
      id,
      { payTo: payee.address, nonce: again.message.nonce, signature: await sign(payee, again) },
      { now: () => new Date(Date.now() + 1000) },
    );
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(2);
    expect(Date.parse(second.payees[0]!.verifiedAt!)).toBeGreaterThan(Date.parse(after.payees[0]!.verifiedAt!));

    // The owner's account goes, and with it the listing, its challenges and its proofs.
    await db.person.delete({ where: { id: owner.personId } });
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(0);
    expect(await db.listingPayeeChallenge.count({ where: { listingId: id } })).toBe(0);
  });
});

describe("a proof that proves nothing: 422 payee_proof_invalid, nothing recorded", () => {
  it("signed by another key: refused, and the nonce is still the payee's to use", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const typedData = await createPayeeChallenge(owner, id, payee.address);
    const nonce = typedData.message.nonce;
    const err = await refusal(
      provePayee(owner, id, { payTo: payee.address, nonce, signature: await sign(newPayee(), typedData) }),
    );
    expect([err.code, err.status]).toEqual(["payee_proof_invalid", 422]);
    expect(err.message).toMatch(/not by the payee/);
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(0);
    expect((await getListing(owner, id)).payees[0]!.payeeVerified).toBe(false);
    const ok = await provePayee(owner, id, { payTo: payee.address, nonce, signature: await sign(payee, typedData) });
    expect(ok.payees[0]!.payeeVerified).toBe(true);
  });

  it("the payee's signature of the same challenge for another origin, or with another expiry, proves nothing", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const typedData = await createPayeeChallenge(owner, id, payee.address);
    const nonce = typedData.message.nonce;
    for (const change of [
      { origin: "https://evil.example" },
      { expiresAt: "2099-01-01T00:00:00.000Z" },
      { listingId: "00000000-0000-0000-0000-000000000000" },
    ]) {
      const forged = { ...typedData, message: { ...typedData.message, ...change } };
      const err = await refusal(
        provePayee(owner, id, { payTo: payee.address, nonce, signature: await sign(payee, forged) }),
      );
      expect(err.code, JSON.stringify(change)).toBe("payee_proof_invalid");
    }
    // Another domain (a chainId added) is another digest too.
    const withChain = { ...typedData, domain: { ...typedData.domain, chainId: 84532 } };
    const sig = await payee.signTypedData({
      domain: withChain.domain,
      types: { PayeeProof: typedData.types.PayeeProof! },
      primaryType: "PayeeProof",
      message: typedData.message,
    } as never);
    expect((await refusal(provePayee(owner, id, { payTo: payee.address, nonce, signature: sig }))).code).toBe(
      "payee_proof_invalid",
    );
  });

  it("expired (the clock injected): refused at and after expiresAt", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const issued = new Date(Date.now() - 11 * 60_000);
    const typedData = await createPayeeChallenge(owner, id, payee.address, { now: () => issued, ttlSeconds: 600 });
    const input = { payTo: payee.address, nonce: typedData.message.nonce, signature: await sign(payee, typedData) };
    const err = await refusal(provePayee(owner, id, input));
    expect([err.code, err.message]).toEqual(["payee_proof_invalid", expect.stringMatching(/expired/)]);
    const atExpiry = new Date(issued.getTime() + 600_000);
    expect((await refusal(provePayee(owner, id, input, { now: () => atExpiry }))).message).toMatch(/expired/);
    // A moment before expiry the same proof is good.
    const ok = await provePayee(owner, id, input, { now: () => new Date(atExpiry.getTime() - 1) });
    expect(ok.payees[0]!.payeeVerified).toBe(true);
  });

  it("replayed: the second use of a nonce is refused", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const typedData = await createPayeeChallenge(owner, id, payee.address);
    const input = { payTo: payee.address, nonce: typedData.message.nonce, signature: await sign(payee, typedData) };
    await provePayee(owner, id, input);
    const err = await refusal(provePayee(owner, id, input));
    expect([err.code, err.message]).toEqual(["payee_proof_invalid", expect.stringMatching(/already used/)]);
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(1);
  });

  it("a nonce of another listing (same owner, same payee), or of another payee of this listing", async () => {
    const payee = newPayee();
    const second = newPayee();
    const { owner, id } = await setUp([payee, second]);
    const otherListing = await listingWithPayees(owner, [payee.address]);
    const forOther = await createPayeeChallenge(owner, otherListing, payee.address);
    const err = await refusal(
      provePayee(owner, id, {
        payTo: payee.address,
        nonce: forOther.message.nonce,
        signature: await sign(payee, forOther),
      }),
    );
    expect(err.message).toMatch(/another listing/);

    const forSecond = await createPayeeChallenge(owner, id, second.address);
    const wrongPayee = await refusal(
      provePayee(owner, id, {
        payTo: payee.address,
        nonce: forSecond.message.nonce,
        signature: await sign(payee, forSecond),
      }),
    );
    expect([wrongPayee.code, wrongPayee.message]).toEqual([
      "payee_proof_invalid",
      expect.stringMatching(/another payee/),
    ]);
    expect(await db.listingPayeeProof.count({ where: { listingId: { in: [id, otherListing] } } })).toBe(0);
  });

  it("an unknown nonce, a smart-wallet signature, a 65-byte signature that recovers nothing", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const typedData = await createPayeeChallenge(owner, id, payee.address);
    const nonce = typedData.message.nonce;
    const unknown = await refusal(
      provePayee(owner, id, { payTo: payee.address, nonce: `0x${"0".repeat(64)}`, signature: `0x${"11".repeat(65)}` }),
    );
    expect(unknown.message).toMatch(/No challenge/);
    // An ERC-6492 wrapper (or any contract signature) is longer than 65 bytes.
    const good = await sign(payee, typedData);
    const wrapped = `${good}${"00".repeat(32)}6492649264926492649264926492649264926492649264926492649264926492` as Hex;
    expect((await refusal(provePayee(owner, id, { payTo: payee.address, nonce, signature: wrapped }))).message).toMatch(
      /ERC-1271/,
    );
    const badV = `${good.slice(0, 130)}05`;
    expect((await refusal(provePayee(owner, id, { payTo: payee.address, nonce, signature: badV }))).code).toBe(
      "payee_proof_invalid",
    );
    expect(
      (await provePayee(owner, id, { payTo: payee.address, nonce, signature: good })).payees[0]!.payeeVerified,
    ).toBe(true);
  });
});

describe("owners and payees", () => {
  it("payTo not among the offers: 400 at the challenge and at the proof", async () => {
    const { owner, id } = await setUp();
    const stranger = newPayee();
    for (const err of [
      await refusal(createPayeeChallenge(owner, id, stranger.address)),
      await refusal(
        provePayee(owner, id, {
          payTo: stranger.address,
          nonce: `0x${"1".repeat(64)}`,
          signature: `0x${"11".repeat(65)}`,
        }),
      ),
    ]) {
      expect([err.code, err.status, err.issues?.[0]?.path]).toEqual(["invalid_request", 400, "payTo"]);
    }
  });

  it("another owner: 404 for the challenge and the proof, nothing disclosed", async () => {
    const { owner, id, payees } = await setUp();
    const payee = payees[0]!;
    const typedData = await createPayeeChallenge(owner, id, payee.address);
    const intruder = await createPerson();
    expect((await refusal(createPayeeChallenge(intruder, id, payee.address))).code).toBe("not_found");
    const input = { payTo: payee.address, nonce: typedData.message.nonce, signature: await sign(payee, typedData) };
    expect((await refusal(provePayee(intruder, id, input))).code).toBe("not_found");
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(0);
  });
});

describe("one nonce, two concurrent proofs", () => {
  it("exactly one is recorded; the other is refused", async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, id, payees } = await setUp();
      const payee = payees[0]!;
      const typedData = await createPayeeChallenge(owner, id, payee.address);
      const input = { payTo: payee.address, nonce: typedData.message.nonce, signature: await sign(payee, typedData) };
      const results = await Promise.allSettled([provePayee(owner, id, input), provePayee(owner, id, input)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected")!.reason as AppError;
      expect(refused.code).toBe("payee_proof_invalid");
      expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(1);
    }
  });
});
