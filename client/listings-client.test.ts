// The typed client's listing methods against a real marketplace over HTTP (the app's route handlers
// behind a loopback server, the test file's PostgreSQL): an agent with a token drafts a listing from
// a provider's 402, reads, edits and submits it, and proves a payee with a real EIP-712 signature;
// refusals come back as typed errors with the API's code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { startAppServer, type AppServer } from "@/test/http/app-server";
import { errorOf, valueOf } from "@/test/http/typed-client";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { startCanary, startTestProvider, type Canary, type TestProvider } from "@/test/listings/test-provider";
import { createMarketplaceClient, type PayeeChallenge } from "./marketplace-client";

let app: AppServer;
let provider: TestProvider;
let canary: Canary;
let agent: Agent;
beforeAll(async () => {
  app = await startAppServer();
  canary = await startCanary();
  provider = await startTestProvider(() => `${canary.url}/x`);
  agent = await createAgent();
});
afterAll(async () => {
  await Promise.all([app?.close(), provider?.close(), canary?.close()]);
});

const clientFor = (token: string | undefined) => createMarketplaceClient({ baseUrl: app.url, token });

describe("listings through the typed client", () => {
  it("creates a draft from a provider's 402, lists, reads, edits and submits it", async () => {
    const client = clientFor(agent.token);
    const url = `${provider.url}/forecast`;
    const listing = valueOf(await client.createListing([url]));
    expect(listing).toMatchObject({ status: "draft", resourceUrls: [url], revision: 0 });
    expect(listing.probes).toEqual([expect.objectContaining({ url, outcome: "offer", bazaar: true })]);
    expect(listing.draft.offers).toEqual([expect.objectContaining({ method: "GET", path: "/forecast" })]);
    expect(listing.payees).toEqual([expect.objectContaining({ payeeVerified: false })]);

    expect(valueOf(await client.listListings()).map((l) => l.id)).toContain(listing.id);
    expect(valueOf(await client.getListing(listing.id)).id).toBe(listing.id);

    const bad = errorOf(await client.editListing(listing.id, { website: "http://insecure.example.com" }));
    expect(bad).toMatchObject({ kind: "invalid_request", status: 400, code: "invalid_request" });
    expect(bad.issues).toEqual([expect.objectContaining({ path: ["website"] })]);

    const edited = valueOf(
      await client.editListing(listing.id, { primaryCapability: "maps-weather", tags: ["weather"] }),
    );
    expect(edited.draft).toMatchObject({ primaryCapability: "maps-weather", capabilityGuessed: false });
    const submitted = valueOf(await client.submitListing(listing.id));
    expect(submitted).toMatchObject({ status: "pending_review", revision: 1 });
  });

  it("reads a listing's activity: null before an approval, the service's figures after; another token not_found", async () => {
    const client = clientFor(agent.token);
    const id = await listingWithPayees(agent, [newPayee().address]);
    expect(valueOf(await client.getListingActivity(id))).toBeNull();
    const service = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true, slug: true } });
    await db.listing.update({ where: { id }, data: { status: "approved", serviceId: service.id } });
    const activity = valueOf(await client.getListingActivity(id));
    expect(activity).toMatchObject({ slug: service.slug, windowDays: 30 });
    const stranger = clientFor((await createAgent()).token);
    expect(errorOf(await stranger.getListingActivity(id))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("proves a payee: the challenge's typed data signed by the payee; another signer is payee_proof_invalid", async () => {
    const client = clientFor(agent.token);
    const payee = newPayee();
    const id = await listingWithPayees(agent, [payee.address]);
    const sign = (who: typeof payee, typedData: PayeeChallenge) =>
      who.signTypedData(typedData as unknown as Parameters<typeof payee.signTypedData>[0]);

    const first = valueOf(await client.payeeChallenge(id, payee.address));
    expect(first).toMatchObject({ primaryType: "PayeeProof", message: { listingId: id, payee: payee.address } });
    const wrong = errorOf(
      await client.provePayee(id, {
        payTo: payee.address,
        nonce: first.message.nonce,
        signature: await sign(newPayee(), first),
      }),
    );
    expect(wrong).toMatchObject({ status: 422, code: "payee_proof_invalid" });

    const typedData = valueOf(await client.payeeChallenge(id, payee.address));
    const proved = valueOf(
      await client.provePayee(id, {
        payTo: payee.address,
        nonce: typedData.message.nonce,
        signature: await sign(payee, typedData),
      }),
    );
    expect(proved.payees).toEqual([
      { payTo: payee.address, payeeVerified: true, verifiedAt: expect.any(String), sandboxPayeeKey: null },
    ]);
  });

  it("no token is unauthorized; another account's listing is not_found", async () => {
    expect(errorOf(await clientFor(undefined).listListings())).toMatchObject({
      kind: "unauthorized",
      status: 401,
      code: "unauthorized",
    });
    const id = await listingWithPayees(agent, [newPayee().address]);
    const stranger = clientFor((await createAgent()).token);
    for (const error of [
      errorOf(await stranger.getListing(id)),
      errorOf(await stranger.editListing(id, { name: "Mine now" })),
      errorOf(await stranger.submitListing(id)),
      errorOf(await stranger.payeeChallenge(id, newPayee().address)),
    ])
      expect(error).toMatchObject({ kind: "not_found", status: 404, code: "not_found" });
    // A hostile id stays one path segment.
    expect(errorOf(await stranger.getListing("../../catalog/services"))).toMatchObject({ status: 400 });
  });
});
