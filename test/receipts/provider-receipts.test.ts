// A provider's own receipt backs a review: an agent pays a sandbox provider directly with the
// official x402 client (@x402/fetch), the provider's PAYMENT-RESPONSE carries its EIP-712 receipt
// signed with its payee's key (read with the library's extractReceiptFromResponse), and a review by
// the paying wallet's sign-in token presenting it is a "verified purchase (provider receipt)". Refused
// with 4xx JSON: another wallet, an account token without the wallet attached (accepted once
// attached), a changed field, a key that is not the payee's, another service, too old, in the future,
// the same purchase again (also re-signed, also raced by two tokens of the wallet, also as our receipt
// of the same payment through the observer), hostile input.
import { randomUUID } from "node:crypto";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import {
  extractReceiptFromResponse,
  signReceiptEIP712,
  type EIP712SignedReceipt,
  type ReceiptPayload,
} from "@x402/extensions/offer-receipt";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getList, POST } from "@/app/api/reviews/route";
import { createWalletToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { atomicToUsd } from "@/server/money";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { PROVIDER_RECEIPT_MAX_AGE_DAYS } from "@/server/receipts/provider-receipt";
import { createAgent, createPerson } from "@/server/reviews/test-actors";
import { callObserver, newKey } from "@/test/observe/observer";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { sandboxPayeeKey } from "@/server/sandbox/sandbox-payee";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";

const BASE = "http://marketplace.test";
let sandbox: Sandbox;
let offers: SandboxOffer[];

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 300 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = (await loadSandboxOffers()).filter(
    (o) => o.delivers && o.method === "GET" && profileOf(o.slug).kind === "healthy",
  );
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await sandbox.close();
});

interface Wallet {
  account: PrivateKeyAccount;
  /** A new sign-in token of this wallet, as the actor and its bearer token. */
  token(): Promise<string>;
}

async function wallet(): Promise<Wallet> {
  const account = privateKeyToAccount(generatePrivateKey());
  await creditTestFunds({ address: account.address, amountUsd: 1 });
  return {
    account,
    token: async () =>
      (await createWalletToken(db, getAddress(account.address), null, `wallet-${randomUUID().slice(0, 6)}`, 5)).token,
  };
}

/** Pays the offer directly at the sandbox provider; its PAYMENT-RESPONSE's receipt. */
async function payDirectly(w: Wallet, offer: SandboxOffer): Promise<EIP712SignedReceipt> {
  const query = new URLSearchParams(
    Object.entries(offer.exampleInput ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
  const pay = wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(w.account)));
  const res = await pay(`${sandbox.url}/${offer.slug}${offer.path}?${query}`, { method: "GET" });
  expect(res.status).toBe(200);
  const receipt = extractReceiptFromResponse(res);
  expect(receipt?.format).toBe("eip712");
  return receipt as EIP712SignedReceipt;
}

async function post(token: string, slug: string, receipt: unknown) {
  const res = await POST(
    new Request(`${BASE}/api/reviews`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-marketplace-token": token },
      body: JSON.stringify({
        slug,
        rating: 4,
        title: "Paid it directly",
        body: "Called the provider myself.",
        receipt,
      }),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The receipt payload re-signed by `signer` (the payee's key unless said otherwise). */
async function resigned(
  offer: SandboxOffer,
  payload: ReceiptPayload,
  signer = privateKeyToAccount(sandboxPayeeKey(offer.slug)),
): Promise<EIP712SignedReceipt> {
  const signature = await signReceiptEIP712(payload, (t) =>
    signer.signTypedData(t as Parameters<typeof signer.signTypedData>[0]),
  );
  return { format: "eip712", payload, signature };
}

describe("a provider's own receipt backs a review", () => {
  it("a direct paid call's receipt, signed by the payee, backs the paying wallet's review: verified purchase (provider)", async () => {
    const [offer] = offers;
    const w = await wallet();
    const receipt = await payDirectly(w, offer!);
    expect(receipt.payload).toMatchObject({
      resourceUrl: `${sandbox.url}/${offer!.slug}${offer!.path}`,
      payer: getAddress(w.account.address),
    });

    const created = await post(await w.token(), offer!.slug, receipt);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.review.verifiedPurchase).toEqual({
      issuer: "provider",
      amount: atomicToUsd(offer!.priceAtomic),
      asset: expect.any(String),
      network: receipt.payload.network,
      paid_at: receipt.payload.issuedAt * 1000,
    });
    // Paid directly, not through the observer: not a verified call.
    expect(created.body.review.verifiedCall).toBe(false);

    // The same receipt again, by another token of the same wallet: one review per receipt.
    const again = await post(await w.token(), offer!.slug, receipt);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("receipt_used");
    // The same purchase signed again (another issuedAt, same transaction): the same receipt.
    const other = await resigned(offer!, { ...receipt.payload, issuedAt: receipt.payload.issuedAt - 5 });
    expect((await post(await w.token(), offer!.slug, other)).body.error).toBe("receipt_used");

    // sort=verified lists it with the verified purchases first.
    const list = await getList(
      new Request(`${BASE}/api/reviews?service=${offer!.slug}&sort=verified&limit=50`, { method: "GET" }),
    );
    const reviews = ((await list.json()) as { reviews: { id: string; verifiedPurchase: unknown }[] }).reviews;
    expect(reviews[0]!.verifiedPurchase).not.toBeNull();
    expect(reviews.some((r) => r.id === created.body.review.id)).toBe(true);
  });

  it("refuses another wallet, a token without the wallet, changed fields, another key, another service, and stale or future receipts", async () => {
    const offer = offers[1]!;
    const w = await wallet();
    const receipt = await payDirectly(w, offer);
    const refused = async (token: string, slug: string, r: unknown, why: RegExp) => {
      const res = await post(token, slug, r);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error).toBe("receipt_invalid");
      expect(res.body.message).toMatch(why);
    };
    const mine = await w.token();

    await refused(await (await wallet()).token(), offer.slug, receipt, /payer is not the reviewer's wallet/);
    const person = await createPerson();
    const accountAgent = await createAgent(person);
    await refused(accountAgent.token, offer.slug, receipt, /sign in with that wallet/);
    await refused(
      mine,
      offer.slug,
      { ...receipt, payload: { ...receipt.payload, issuedAt: receipt.payload.issuedAt + 1 } },
      /payTo/,
    );
    await refused(
      mine,
      offer.slug,
      { ...receipt, payload: { ...receipt.payload, resourceUrl: `${sandbox.url}/${offer.slug}/elsewhere` } },
      /not an offer of this service/,
    );
    await refused(
      mine,
      offer.slug,
      await resigned(offer, receipt.payload, privateKeyToAccount(generatePrivateKey())),
      /payTo/,
    );
    const elsewhere = offers.find((o) => o.slug !== offer.slug)!;
    await refused(mine, elsewhere.slug, receipt, /not an offer of this service/);
    const now = Math.floor(Date.now() / 1000);
    await refused(
      mine,
      offer.slug,
      await resigned(offer, { ...receipt.payload, issuedAt: now - (PROVIDER_RECEIPT_MAX_AGE_DAYS + 1) * 86_400 }),
      /older than/,
    );
    await refused(mine, offer.slug, await resigned(offer, { ...receipt.payload, issuedAt: now + 3600 }), /future/);
    await refused(mine, offer.slug, await resigned(offer, { ...receipt.payload, network: "eip155:1" }), /network/);

    // The account's token is accepted once the paying wallet is attached to the account.
    await db.wallet.upsert({
      where: { address: getAddress(w.account.address) },
      create: { address: getAddress(w.account.address), personId: person.personId, attachedAt: new Date() },
      update: { personId: person.personId, attachedAt: new Date() },
    });
    const accepted = await post(accountAgent.token, offer.slug, receipt);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.review.verifiedPurchase.issuer).toBe("provider");
  });

  it("two tokens of the wallet presenting one receipt at once: one review, the other 409", async () => {
    const offer = offers[2]!;
    const w = await wallet();
    const receipt = await payDirectly(w, offer);
    const tokens = await Promise.all([w.token(), w.token(), w.token()]);
    const answers = await Promise.all(tokens.map((t) => post(t, offer.slug, receipt)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const { serviceId } = await db.offer.findUniqueOrThrow({ where: { id: offer.id }, select: { serviceId: true } });
    expect(await db.review.count({ where: { serviceId, providerReceiptKey: { not: null } } })).toBe(1);
  });

  it("one payment through the observer carries both receipts, ours and the provider's: between them they back one review", async () => {
    for (const order of [
      ["jws", "eip712"],
      ["eip712", "jws"],
      ["race", "race"],
    ] as const) {
      const offer = offers[3 + ["jws", "eip712", "race"].indexOf(order[0])]!;
      const w = await wallet();
      const [caller, other] = [await w.token(), await w.token()];
      const key = newKey();
      const query = `?${new URLSearchParams(
        Object.entries(offer.exampleInput ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      )}`;
      const unpaid = await callObserver(offer.id, { token: caller, key, query });
      expect(unpaid.status).toBe(402);
      const client = new x402Client().register("eip155:*", new ExactEvmScheme(w.account));
      const signature = encodePaymentSignatureHeader(
        await client.createPaymentPayload(decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!)),
      );
      const paid = await callObserver(offer.id, {
        token: caller,
        key,
        query,
        headers: { "payment-signature": signature },
      });
      expect(paid.status).toBe(200);
      const ours = JSON.parse(Buffer.from(paid.headers.get("offer-receipt")!, "base64").toString());
      const theirs = extractReceiptFromResponse(paid);
      expect([ours.format, theirs?.format]).toEqual(["jws", "eip712"]);
      // Our receipt backs only the calling token's review; the provider's any token of the paying wallet.
      if (order[0] === "race") {
        // Both at once (each write waits for the other's lock on the payment): one review.
        const both = await Promise.all([post(caller, offer.slug, ours), post(other, offer.slug, theirs)]);
        expect(both.map((a) => a.status).sort()).toEqual([201, 409]);
        continue;
      }
      const first = order[0] === "jws" ? await post(caller, offer.slug, ours) : await post(other, offer.slug, theirs);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const second = order[1] === "jws" ? await post(caller, offer.slug, ours) : await post(other, offer.slug, theirs);
      expect(second.status).toBe(409);
      expect(second.body.error).toBe("receipt_used");
    }
  });

  it("hostile receipts are 400 JSON, never 5xx", async () => {
    const offer = offers[0]!;
    const token = await (await wallet()).token();
    const base = {
      format: "eip712",
      payload: {
        version: 1,
        network: "eip155:84532",
        resourceUrl: "https://x.test/a",
        payer: `0x${"1".repeat(40)}`,
        issuedAt: 1,
        transaction: "",
      },
      signature: `0x${"2".repeat(130)}`,
    };
    const hostile: unknown[] = [
      { ...base, format: "pgp" },
      { ...base, signature: "0x12" },
      { ...base, payload: { ...base.payload, payer: "not-an-address" } },
      { ...base, payload: { ...base.payload, resourceUrl: "https://x.test/\u0000" } },
      { ...base, payload: { ...base.payload, resourceUrl: "https://x.test/\ud800" } },
      { ...base, payload: { ...base.payload, resourceUrl: `https://x.test/${"a".repeat(5000)}` } },
      { ...base, payload: { ...base.payload, issuedAt: -1 } },
      { ...base, payload: { ...base.payload, transaction: "0xzz" } },
      { ...base, payload: { ...base.payload, network: "base-sepolia" } },
      { ...base, payload: "nested" },
      { ...base, payload: JSON.parse(`${'{"a":'.repeat(200)}1${"}".repeat(200)}`) },
    ];
    for (const r of hostile) {
      const res = await post(token, offer.slug, r);
      expect(res.status, JSON.stringify(r).slice(0, 120)).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    // Well-formed but signed by nobody the catalog knows: 422.
    expect((await post(token, offer.slug, base)).status).toBe(422);
  });
});
