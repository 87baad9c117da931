// Small providers for the probe tests: one loopback HTTP server per behaviour (its own host:port, so
// the scheduler's per-host gate treats each as a provider of its own), and offers that point at them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { db } from "@/server/db";
import { X402_ASSET, X402_NETWORK } from "@/server/payments/payment-network";

export interface Hostile {
  url: string;
  close(): Promise<void>;
}

export async function startHostile(handler: http.RequestListener): Promise<Hostile> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const PAY_TO = "0x" + "ab".repeat(20);
export const PRICE_ATOMIC = 1500;

/** A 402 document as a conformant provider would state it for `resourceUrl`; `change` bends it. */
export function paymentRequired(resourceUrl: string, change: (doc: Record<string, unknown>) => void = () => {}) {
  const doc: Record<string, unknown> = {
    x402Version: 2,
    error: "payment_required",
    resource: { url: resourceUrl, description: "probe test", mimeType: "application/json" },
    accepts: [
      {
        scheme: "exact",
        network: X402_NETWORK,
        amount: String(PRICE_ATOMIC),
        asset: X402_ASSET,
        payTo: PAY_TO,
        maxTimeoutSeconds: 60,
        extra: { name: "USDC", version: "2" },
      },
    ],
  };
  change(doc);
  return doc;
}

export const encode = (doc: Record<string, unknown>) => encodePaymentRequiredHeader(doc as never);

/** An x402 offer in test mode at `providerUrl` + `path` (loopback allowed while payments are local). */
export async function createTestOffer(providerUrl: string, path: string, method = "GET"): Promise<string> {
  const service = await db.service.findFirstOrThrow({ orderBy: { slug: "asc" }, select: { id: true } });
  const offer = await db.offer.create({
    data: {
      id: `probe-test-${path.replace(/[^a-z0-9]+/gi, "-")}-${Math.random().toString(36).slice(2, 8)}`,
      serviceId: service.id,
      protocol: "x402",
      method,
      path,
      providerUrl,
      description: "An offer of a probe test provider.",
      priceAtomic: PRICE_ATOMIC,
      docsUrl: "https://example.com/docs",
      network: X402_NETWORK,
      asset: X402_ASSET,
      payTo: PAY_TO,
      maxTimeoutSeconds: 60,
      testMode: true,
      position: 99,
    },
  });
  return offer.id;
}
