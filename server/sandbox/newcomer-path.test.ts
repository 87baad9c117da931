// The newcomer's path, as the app runs it: the sandbox started by runSandbox (what instrumentation.ts
// calls) on the configured SANDBOX_PORT, a marketplace token, an offer's quickstart URL from its
// service record, a paying x402 client (@x402/fetch) -> 402 -> paid -> 200, and the call counted in
// the record the service page shows.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";

vi.resetModules();
const { freePort } = await import("@/test/free-port");
process.env.SANDBOX_PORT = String(await freePort());
const { wrapFetchWithPayment, x402Client } = await import("@x402/fetch");
const { ExactEvmScheme } = await import("@x402/evm/exact/client");
const { runSandbox } = await import("./run-sandbox");
const { startAppServer } = await import("@/test/http/app-server");
const { createMarketplaceToken } = await import("@/server/accounts/marketplace-tokens");
const { createTestAgent } = await import("@/test/payments/agent");
const { profileOf } = await import("./profiles");
const { db } = await import("@/server/db");

const sandbox = await runSandbox();
const app = await startAppServer();
afterAll(async () => {
  await Promise.all([sandbox?.close(), app.close()]);
  delete process.env.SANDBOX_PORT;
});

describe("a newcomer calls a seeded offer from its service page", () => {
  it("quickstart URL + token + a paying client: 402, then 200 with the paid answer, and the record counts the call", async () => {
    expect(sandbox?.url).toBe(`http://127.0.0.1:${process.env.SANDBOX_PORT}`);
    // The start-up sync moved the seeded offers (seeded at the default port) to this port.
    // A healthy provider that delivers (some take the payment and answer 502: sandbox-catalog.ts).
    const slugs = (
      await db.service.findMany({
        where: { offers: { every: { sandboxDelivers: true } } },
        select: { slug: true },
        orderBy: { slug: "asc" },
      })
    ).map((s) => s.slug);
    const slug = slugs.find((s) => profileOf(s).kind === "healthy")!;
    const read = async () =>
      (await (await fetch(`${app.url}/api/catalog/services/${slug}`)).json()) as {
        service: {
          sandbox: boolean;
          observed: { calls30d: number; paidCalls30d: number };
          offers: {
            id: string;
            method: string;
            providerUrl: string;
            routedByMarketplace: boolean;
            quickstart: string;
          }[];
        };
      };
    const record = await read();
    const offer = record.service.offers[0]!;
    expect(record.service.sandbox).toBe(true);
    expect(offer.providerUrl).toBe(`${sandbox!.url}/${slug}`);
    expect(offer.routedByMarketplace).toBe(true);

    const { token } = await createMarketplaceToken(null, "newcomer");
    const listed = new URL(/'([^']+)'/.exec(offer.quickstart)![1]!);
    const url = `${app.url}${listed.pathname}${listed.search}`;
    const body = offer.method === "POST" ? /-d '([^']*)'/.exec(offer.quickstart)![1]! : undefined;
    const headers: Record<string, string> = {
      "X-Marketplace-Token": token,
      "Idempotency-Key": randomUUID(),
      ...(body ? { "Content-Type": "application/json" } : {}),
    };

    expect((await fetch(url, { method: offer.method, headers, body })).status).toBe(402);
    const agent = await createTestAgent(1);
    const paid = await wrapFetchWithPayment(
      fetch,
      new x402Client().register("eip155:*", new ExactEvmScheme(agent.account)),
    )(url, { method: offer.method, headers, body });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("payment-response")).toBeTruthy();
    expect(
      ((await paid.json()) as { ok: boolean; result: { sandbox: boolean; service: string } }).result,
    ).toMatchObject({ sandbox: true, service: slug });

    const after = await read();
    // One call: the paid retry under the same Idempotency-Key took over the unpaid 402's record.
    expect(after.service.observed.calls30d).toBe(record.service.observed.calls30d + 1);
    expect(after.service.observed.paidCalls30d).toBe(record.service.observed.paidCalls30d + 1);
  });
});
