// "Verified purchase" reviews: a review presenting the marketplace's receipt of a paid call to the
// service with the same token shows the price and date of that call in both forms; a receipt backs
// one review; a receipt of another service's call or another token's, a changed byte, a foreign key
// and hostile input are refused with 4xx JSON; GET /api/reviews?sort=verified puts verified purchases
// first; the shortlist counts them separately. Paid calls are inserted as the observer records them
// and their receipts issued with the observer's own issuer (test/receipts/ covers the live path).
import { randomUUID, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { atomicToUsd } from "@/server/money";
import { issueCallReceipt } from "@/server/receipts/call-receipt";
import { signReceipt } from "@/server/receipts/offer-receipt";
import { kidOf } from "@/server/receipts/receipt-keys";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { GET as getOne } from "./[id]/route";
import { GET as getList, POST } from "./route";

const BASE = "http://marketplace.test";
type Receipt = { format: string; signature: string };

async function post(agent: Agent, body: Record<string, unknown> | string) {
  const res = await POST(
    new Request(`${BASE}/api/reviews`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-marketplace-token": agent.token },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const review = (slug: string, receipt?: unknown) => ({
  slug,
  rating: 5,
  title: "Paid, used, worked",
  body: "Called it through the marketplace.",
  ...(receipt === undefined ? {} : { receipt }),
});

/** A paid call of `agent` to `serviceId` as the observer records it, with its receipt. */
async function paidCall(agent: Agent, serviceId: string): Promise<Receipt> {
  const offer = await db.offer.findFirstOrThrow({ where: { serviceId }, select: { id: true, providerUrl: true } });
  const payer = `0x${randomUUID().replace(/-/g, "").padEnd(40, "a").slice(0, 40)}`;
  const issued = await issueCallReceipt(offer.id, offer.providerUrl, {
    payer,
    network: "eip155:84532",
    transaction: `0x${"ab".repeat(32)}`,
  });
  await db.$executeRaw(Prisma.sql`
    INSERT INTO observed_calls (offer_id, service_id, token_id, idempotency_key, fingerprint, state, method, status, outcome,
      latency_ms, paid, payer, network, completed_at, receipt, receipt_hash, amount_atomic, asset)
    VALUES (${offer.id}, ${serviceId}, ${agent.tokenId}::uuid, ${`key-${randomUUID()}`}, 'fp', 'completed', 'GET', 200, 'provider', 80,
      true, ${payer}, 'eip155:84532', now(), ${issued!.receipt}, ${issued!.receiptHash}, ${issued!.amountAtomic}, ${issued!.asset})`);
  return JSON.parse(issued!.receipt) as Receipt;
}

let next = 90;
async function freshService() {
  return db.service.findFirstOrThrow({
    where: { offers: { some: {} } },
    orderBy: { id: "asc" },
    skip: next++,
    select: { id: true, slug: true },
  });
}

describe("verified-purchase reviews", () => {
  it("a receipt of the token's paid call backs the review: verifiedPurchase with amount and date in both forms", async () => {
    const agent = await createAgent();
    const service = await freshService();
    const receipt = await paidCall(agent, service.id);
    const price = await db.offer.findFirstOrThrow({ where: { serviceId: service.id }, select: { priceAtomic: true } });

    const created = await post(agent, review(service.slug, receipt));
    expect(created.status).toBe(201);
    const verified = created.body.review.verifiedPurchase;
    expect(verified).toMatchObject({ network: "eip155:84532" });
    expect(verified.amount).toBe(atomicToUsd(price.priceAtomic));
    expect(Math.abs(verified.paid_at - Date.now())).toBeLessThan(60_000);
    expect(created.body.review.verifiedCall).toBe(true);

    const id = created.body.review.id as string;
    const one = (await (
      await getOne(new Request(`${BASE}/api/reviews/${id}`), { params: Promise.resolve({ id }) })
    ).json()) as {
      review: { verifiedPurchase: unknown };
    };
    expect(one.review.verifiedPurchase).toEqual(verified);
    const list = (await (await getList(new Request(`${BASE}/api/reviews?service=${service.slug}`))).json()) as {
      reviews: { id: string; verifiedPurchase: unknown }[];
    };
    expect(list.reviews.find((r) => r.id === id)!.verifiedPurchase).toEqual(verified);

    // A review without a receipt is no verified purchase.
    const other = await createAgent();
    const plain = await post(other, review(service.slug));
    expect(plain.status).toBe(201);
    expect(plain.body.review.verifiedPurchase).toBeNull();
  });

  it("a receipt backs one review: presenting it again is refused and nothing is written", async () => {
    const agent = await createAgent();
    const service = await freshService();
    const receipt = await paidCall(agent, service.id);
    expect((await post(agent, review(service.slug, receipt))).status).toBe(201);
    const again = await post(agent, review(service.slug, receipt));
    expect(again.status).toBe(409);
    // Even with the token's first review gone (so the one-review-per-token rule does not apply), the receipt is used.
    await db.review.deleteMany({ where: { tokenId: agent.tokenId, serviceId: service.id } });
    const call = await db.observedCall.findFirstOrThrow({ where: { tokenId: agent.tokenId }, select: { id: true } });
    const second = await createAgent();
    await db.review.create({
      data: {
        serviceId: service.id,
        actorType: "llm",
        tokenId: second.tokenId,
        name: "x",
        org: "y",
        rating: 3,
        title: "t",
        body: "b",
        receiptCallId: call.id,
      },
    });
    const used = await post(agent, review(service.slug, receipt));
    expect([used.status, used.body.error]).toEqual([409, "receipt_used"]);
  });

  it("refuses a receipt of another service, another token, with a changed byte, or signed by another key (422), before writing", async () => {
    const agent = await createAgent();
    const service = await freshService();
    const elsewhere = await freshService();
    const receipt = await paidCall(agent, service.id);

    const wrongService = await post(agent, review(elsewhere.slug, receipt));
    expect([wrongService.status, wrongService.body.error]).toEqual([422, "receipt_invalid"]);
    expect(wrongService.body.message).toMatch(/another service/);

    const stranger = await createAgent();
    const wrongToken = await post(stranger, review(service.slug, receipt));
    expect([wrongToken.status, wrongToken.body.error]).toEqual([422, "receipt_invalid"]);
    expect(wrongToken.body.message).toMatch(/another token/);

    const [h, p, s] = receipt.signature.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...payload, payer: "0x0000000000000000000000000000000000000001" }),
    ).toString("base64url");
    const tampered = await post(
      agent,
      review(service.slug, { format: "jws", signature: `${h}.${forgedPayload}.${s}` }),
    );
    expect([tampered.status, tampered.body.error]).toEqual([422, "receipt_invalid"]);

    // Signed by a key that is not ours, under one of our kids' names.
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const foreign = await signReceipt(
      { kid: kidOf("receipts-forged"), privateJwk: privateKey.export({ format: "jwk" }) },
      { resourceUrl: "https://x.test/", payer: "0x1", network: "eip155:84532" },
    );
    const unknownKey = await post(agent, review(service.slug, foreign));
    expect([unknownKey.status, unknownKey.body.error]).toEqual([422, "receipt_invalid"]);
    expect(await db.review.count({ where: { tokenId: { in: [agent.tokenId, stranger.tokenId] } } })).toBe(0);
  });

  it("hostile receipts are 4xx JSON, never 5xx", async () => {
    const agent = await createAgent();
    const service = await freshService();
    const receipt = await paidCall(agent, service.id);
    const cases: unknown[] = [
      "not an object",
      { format: "eip712", payload: {}, signature: "0x00" },
      { format: "jws" },
      { format: "jws", signature: "a.b" },
      { format: "jws", signature: "a.b.c" },
      { format: "jws", signature: `${receipt.signature}\u0000` },
      { format: "jws", signature: "x".repeat(100_000) },
      { format: "jws", signature: "e30.e30.e30" },
      { format: "jws", signature: `${Buffer.from('{"alg":"ES256","kid":"\\ud800"}').toString("base64url")}.e30.AA` },
      { format: "jws", signature: 42 },
      null,
    ];
    for (const bad of cases) {
      const res = await post(agent, review(service.slug, bad));
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBeLessThan(500);
      expect(typeof res.body.error).toBe("string");
    }
    expect(await db.review.count({ where: { tokenId: agent.tokenId } })).toBe(0);
  });

  it("?sort=verified lists verified purchases first, pages through every review once; the shortlist counts them apart", async () => {
    const service = await freshService();
    const ids: string[] = [];
    const verified: string[] = [];
    for (let i = 0; i < 5; i++) {
      const agent = await createAgent();
      const withReceipt = i % 2 === 0;
      const receipt = withReceipt ? await paidCall(agent, service.id) : undefined;
      const res = await post(agent, review(service.slug, receipt));
      expect(res.status).toBe(201);
      ids.push(res.body.review.id);
      if (withReceipt) verified.push(res.body.review.id);
    }
    const seen: { id: string; verifiedPurchase: unknown }[] = [];
    let cursor: string | null = null;
    do {
      const url = `${BASE}/api/reviews?service=${service.slug}&sort=verified&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await (await getList(new Request(url))).json()) as {
        reviews: { id: string; verifiedPurchase: unknown }[];
        nextCursor: string | null;
      };
      seen.push(...page.reviews);
      cursor = page.nextCursor;
    } while (cursor);
    // Every published review of the service once (the seed's too), the three verified purchases first.
    const total = await db.review.count({ where: { serviceId: service.id, status: "published" } });
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    expect(seen.length).toBe(total);
    expect(ids.every((id) => seen.some((r) => r.id === id))).toBe(true);
    expect(
      seen
        .slice(0, 3)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...verified].sort());
    expect(seen.slice(3).every((r) => r.verifiedPurchase === null)).toBe(true);
    // A cursor of another order is refused.
    const bad = await getList(
      new Request(`${BASE}/api/reviews?sort=verified&cursor=${Buffer.from('[1,2,"x"]').toString("base64url")}`),
    );
    expect(bad.status).toBe(400);
  });

  it("the shortlist's reputation counts verified-purchase reviews apart, as a part of the verified-call reviews", async () => {
    const outcome = "translate a text into another language";
    const top = (await buildShortlist({ outcome, search: "terms", limit: 1 })).matches[0]!;
    expect(top.reputation.verifiedPurchaseReviewCount).toBe(0);
    const service = await db.service.findUniqueOrThrow({
      where: { id: top.service.id },
      select: { id: true, slug: true },
    });
    const [a, b, c] = [await createAgent(), await createAgent(), await createAgent()];
    expect((await post(a, review(service.slug, await paidCall(a, service.id)))).status).toBe(201);
    await paidCall(b, service.id); // paid, reviewed without presenting the receipt: a verified call only
    expect((await post(b, review(service.slug))).status).toBe(201);
    expect((await post(c, review(service.slug))).status).toBe(201);
    const after = (await buildShortlist({ outcome, search: "terms", limit: 1 })).matches[0]!;
    expect(after.service.id).toBe(top.service.id);
    expect(after.reputation).toMatchObject({
      reviewCount: top.reputation.reviewCount + 3,
      verifiedReviewCount: top.reputation.verifiedReviewCount + 2,
      verifiedPurchaseReviewCount: 1,
    });
  });
});
