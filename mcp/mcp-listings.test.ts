// The listing tools of the hosted MCP server (/api/mcp) end to end: the SDK's MCP client over
// streamable HTTP with the caller's token, against the real route handlers and database. An agent
// lists a provider's resource URL, reads and edits the draft, proves a payee with a real EIP-712
// signature and submits; refusals are tool errors with the API's code and the session goes on.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { callTool, connectHosted, errorOf, textOf } from "@/test/mcp/tool-calls";

// The hosted client calls the app on its listen port (server/env.ts PORT): serve the app there.
const port = await freePort();
process.env.PORT = String(port);
const f = await import("@/test/mcp/fixtures");
const { listingWithPayees, newPayee } = await import("@/test/listings/listing-with-payees");
const { startCanary, startTestProvider } = await import("@/test/listings/test-provider");
const { authenticateToken } = await import("@/server/accounts/marketplace-tokens");

let app: Awaited<ReturnType<typeof f.startAppServer>>;
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let canary: Awaited<ReturnType<typeof startCanary>>;
let token: string;
const clients: Client[] = [];

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = await connectHosted(app.url, headers);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  app = await f.startAppServer(port);
  canary = await startCanary();
  provider = await startTestProvider(() => `${canary.url}/x`);
  token = (await f.newToken("mcp listing agent")).token;
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await Promise.all([provider.close(), canary.close()]);
  await app.close();
});

interface ListingOut {
  id: string;
  status: string;
  revision: number;
  draft: { offers: { payTo: string }[]; primaryCapability: string | null; capabilityGuessed: boolean };
  probes: { outcome: string }[];
  payees: { payTo: string; payeeVerified: boolean }[];
}
const listingOf = (r: Awaited<ReturnType<typeof callTool>>) => {
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent as unknown as ListingOut;
};

describe("the listing tools over MCP", () => {
  it("create_listing, list_listings, get_listing, edit_listing (with a refused edit), submit_listing", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const url = `${provider.url}/forecast`;
    const created = listingOf(await callTool(client, "create_listing", { resourceUrls: [url] }));
    expect(created).toMatchObject({ status: "draft", revision: 0 });
    expect(created.probes).toEqual([expect.objectContaining({ outcome: "offer" })]);
    expect(created.draft.offers).toHaveLength(1);

    const listed = await callTool(client, "list_listings", {});
    expect((listed.structuredContent as { listings: { id: string }[] }).listings.map((l) => l.id)).toContain(
      created.id,
    );
    expect(listingOf(await callTool(client, "get_listing", { id: created.id })).id).toBe(created.id);

    const refused = await callTool(client, "edit_listing", {
      id: created.id,
      changes: { website: "http://insecure.example.com" },
    });
    // The tool's input schema is the API's own: refused before any request, naming the field.
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("website");
    expect(textOf(refused)).toContain("Must be an https URL");
    // A refusal only the API can make (no listing of this account has the id) carries the API's code.
    const unknown = await callTool(client, "get_listing", { id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.isError).toBe(true);
    expect(errorOf(unknown)).toMatchObject({ kind: "not_found", status: 404, code: "not_found" });

    const edited = listingOf(
      await callTool(client, "edit_listing", { id: created.id, changes: { primaryCapability: "maps-weather" } }),
    );
    expect(edited.draft).toMatchObject({ primaryCapability: "maps-weather", capabilityGuessed: false });
    const submitted = listingOf(await callTool(client, "submit_listing", { id: created.id }));
    expect(submitted).toMatchObject({ status: "pending_review", revision: 1 });
  });

  it("payee_challenge and prove_payee with the payee's EIP-712 signature; a replayed nonce is payee_proof_invalid", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const payee = newPayee();
    const id = await listingWithPayees(await authenticateToken(token), [payee.address]);
    const challenge = await callTool(client, "payee_challenge", { id, payTo: payee.address });
    expect(challenge.isError, textOf(challenge)).toBeFalsy();
    const { typedData } = challenge.structuredContent as {
      typedData: Parameters<typeof payee.signTypedData>[0] & { message: { nonce: string } };
    };
    const proof = {
      id,
      payTo: payee.address,
      nonce: typedData.message.nonce,
      signature: await payee.signTypedData(typedData),
    };
    const proved = listingOf(await callTool(client, "prove_payee", proof));
    expect(proved.payees).toEqual([expect.objectContaining({ payTo: payee.address, payeeVerified: true })]);

    const replayed = await callTool(client, "prove_payee", proof);
    expect(replayed.isError).toBe(true);
    expect(errorOf(replayed)).toMatchObject({ status: 422, code: "payee_proof_invalid" });
  });

  it("without a token: unauthorized, and the session stays usable", async () => {
    const anonymous = await connect();
    const refused = await callTool(anonymous, "list_listings", {});
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ kind: "unauthorized", status: 401 });
    expect((await callTool(anonymous, "search_services", { q: "weather", limit: 1 })).isError).toBeFalsy();
  });
});
