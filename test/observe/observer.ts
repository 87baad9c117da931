// Calling the observer route in tests: its handlers with real Request objects, a token, and offers
// inserted for a seeded service (each test its own ids, so tests never share a key or an offer).
import { randomBytes, randomUUID } from "node:crypto";
import * as route from "@/app/api/x402/observe/[offerId]/route";
import { createMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import type { PrismaClient } from "@/server/generated/prisma/client";

export const SITE = "http://marketplace.test";

export async function newToken(name = "observer test"): Promise<{ token: string; tokenId: string }> {
  const { token, summary } = await createMarketplaceToken(null, name);
  return { token, tokenId: summary.id };
}

export const newKey = () => `key-${randomUUID()}`;

export interface CallOptions {
  method?: string;
  token?: string | null;
  key?: string | null;
  query?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Calls the route handler for `offerId` as Next.js would. */
export async function callObserver(offerId: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  if (options.token) headers.set("x-marketplace-token", options.token);
  if (options.key) headers.set("idempotency-key", options.key);
  const request = new Request(`${SITE}/api/x402/observe/${encodeURIComponent(offerId)}${options.query ?? ""}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body)),
  });
  const handler = (
    route as unknown as Record<string, (r: Request, c: { params: Promise<{ offerId: string }> }) => Promise<Response>>
  )[method];
  if (!handler) throw new Error(`no handler for ${method}`);
  return handler(request, { params: Promise.resolve({ offerId }) });
}

export interface OfferSpec {
  method?: "GET" | "POST";
  providerUrl: string;
  path: string;
  protocol?: "x402" | "mpp";
  /** Registered in test mode (loopback allowed while the local facilitator is active). */
  testMode?: boolean;
}

/** Offers and rows in the test file's database (test files pass their client: only tests and
 * server/** may import it). Offers are unique per (service, method, path): each new offer goes to
 * the next seeded service. */
export function observerFixtures(db: PrismaClient) {
  let serviceIds: string[] | undefined;
  let next = 0;
  async function testServiceId(): Promise<string> {
    serviceIds ??= (await db.service.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map((s) => s.id);
    return serviceIds[next++ % serviceIds.length]!;
  }
  /** Inserts an offer and returns its id. */
  async function createOffer(spec: OfferSpec): Promise<string> {
    const id = `test-offer-${randomBytes(6).toString("hex")}`;
    await db.offer.create({
      data: {
        id,
        serviceId: await testServiceId(),
        protocol: spec.protocol ?? "x402",
        method: spec.method ?? "GET",
        path: spec.path,
        providerUrl: spec.providerUrl,
        description: "observer test offer",
        priceAtomic: 1000,
        docsUrl: "https://example.com/docs",
        position: 1000,
        testMode: spec.testMode ?? false,
      },
    });
    return id;
  }

  /** The observed_calls row of a key. */
  const observedRow = (tokenId: string, offerId: string, key: string) =>
    db.observedCall.findUniqueOrThrow({
      where: { tokenId_offerId_idempotencyKey: { tokenId, offerId, idempotencyKey: key } },
    });

  return { createOffer, observedRow, testServiceId };
}
