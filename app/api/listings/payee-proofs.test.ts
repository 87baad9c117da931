// The payee-proof routes end to end (Request in, Response out) on the real database with real
// EIP-712 signatures: a proof through both routes shown by GET, a probed listing's payee signed by
// another key, hostile bodies, another owner, and two concurrent proofs with one nonce.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { listingResponseSchema } from "@/server/listings/listing-schema";
import { payeeChallengeResponseSchema } from "@/server/listings/payee-proof-schema";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import { startCanary, startTestProvider, type Canary, type TestProvider } from "@/test/listings/test-provider";
import { PAY_TO } from "@/test/probes/hostile-provider";
import * as proofs from "./[id]/payee-proofs/route";
import * as challengeRoute from "./[id]/payee-proofs/challenge/route";
import * as one from "./[id]/route";
import * as list from "./route";

const BASE = "http://marketplace.test";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(handler: unknown, method: string, path: string, id: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { "x-marketplace-token": token };
  let text: string | undefined;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    text = typeof body === "string" ? body : JSON.stringify(body);
  }
  const res = await (handler as Handler)(new Request(`${BASE}${path}`, { method, headers, body: text }), {
    params: Promise.resolve({ id }),
  });
  expect(res.headers.get("content-type"), `${method} ${path} ${res.status}`).toMatch(/^application\/json/);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const challenge = (id: string, token: string, body: unknown) =>
  send(challengeRoute.POST, "POST", `/api/listings/${id}/payee-proofs/challenge`, id, token, body);
const prove = (id: string, token: string, body: unknown) =>
  send(proofs.POST, "POST", `/api/listings/${id}/payee-proofs`, id, token, body);
const getOne = (id: string, token: string) => send(one.GET, "GET", `/api/listings/${id}`, id, token);

type Signer = ReturnType<typeof newPayee>;
async function signedChallenge(id: string, token: string, payee: Signer, payTo: string = payee.address) {
  const res = await challenge(id, token, { payTo });
  expect(res.status).toBe(201);
  const { typedData } = payeeChallengeResponseSchema.parse(res.body);
  const signature = await payee.signTypedData(typedData as never);
  return { payTo: payee.address, nonce: typedData.message.nonce, signature };
}

let agent: Agent;
let provider: TestProvider;
let canary: Canary;
beforeAll(async () => {
  agent = await createAgent();
  canary = await startCanary();
  provider = await startTestProvider(() => `${canary.url}/x`);
});
afterAll(async () => {
  await Promise.all([provider.close(), canary.close()]);
});

describe("proving a payee through the routes", () => {
  it("challenge 201, proof 201, GET shows payeeVerified and verifiedAt", async () => {
    const payee = newPayee();
    const id = await listingWithPayees(agent, [payee.address]);
    expect(listingResponseSchema.parse((await getOne(id, agent.token)).body).listing.payees).toEqual([
      { payTo: payee.address, payeeVerified: false, verifiedAt: null, sandboxPayeeKey: null },
    ]);
    const input = await signedChallenge(id, agent.token, payee, payee.address.toLowerCase());
    const proved = await prove(id, agent.token, input);
    expect(proved.status).toBe(201);
    const listing = listingResponseSchema.parse(proved.body).listing;
    expect(listing.payees[0]).toMatchObject({ payTo: payee.address, payeeVerified: true });
    expect(listingResponseSchema.parse((await getOne(id, agent.token)).body).listing).toEqual(listing);
    const replay = await prove(id, agent.token, input);
    expect([replay.status, replay.body.error]).toEqual([422, "payee_proof_invalid"]);
  });

  it("a probed listing: its payee (from the provider's 402) signed by another key is 422", async () => {
    const created = await send(list.POST, "POST", "/api/listings", "", agent.token, {
      resourceUrls: [`${provider.url}/plain`],
    });
    expect(created.status).toBe(201);
    const listing = listingResponseSchema.parse(created.body).listing;
    expect(listing.payees).toEqual([{ payTo: PAY_TO, payeeVerified: false, verifiedAt: null, sandboxPayeeKey: null }]);
    const impostor = newPayee();
    const input = await signedChallenge(listing.id, agent.token, impostor, PAY_TO);
    const res = await prove(listing.id, agent.token, { ...input, payTo: PAY_TO });
    expect([res.status, res.body.error]).toEqual([422, "payee_proof_invalid"]);
    expect(res.body.message).toMatch(/not by the payee/);
  });
});

describe("bad input: 4xx, never a 5xx", () => {
  it("malformed address, nonce or signature, unknown fields, payTo not an offer's, huge and invalid bodies", async () => {
    const payee = newPayee();
    const id = await listingWithPayees(agent, [payee.address]);
    const good = await signedChallenge(id, agent.token, payee);
    const challengeCases: [unknown, number, string][] = [
      [{ payTo: "0x123" }, 400, "invalid_request"],
      [{ payTo: `${payee.address}00` }, 400, "invalid_request"],
      [{ payTo: "not an address" }, 400, "invalid_request"],
      [{}, 400, "invalid_request"],
      [{ payTo: payee.address, extra: 1 }, 400, "invalid_request"],
      [{ payTo: newPayee().address }, 400, "invalid_request"],
      ["{not json", 400, "invalid_json"],
      [JSON.stringify({ payTo: payee.address, pad: "x".repeat(70 * 1024) }), 413, "payload_too_large"],
    ];
    for (const [body, status, error] of challengeCases) {
      const res = await challenge(id, agent.token, body);
      expect([res.status, res.body.error], JSON.stringify(body).slice(0, 60)).toEqual([status, error]);
    }
    const proofCases: [unknown, number, string][] = [
      [{ ...good, signature: "0xzz" }, 400, "invalid_request"],
      [{ ...good, signature: "abc" }, 400, "invalid_request"],
      [{ ...good, signature: `0x${"1".repeat(5000)}` }, 400, "invalid_request"],
      [{ ...good, signature: `0x${"11".repeat(64)}` }, 422, "payee_proof_invalid"],
      [{ ...good, nonce: "0x1234" }, 400, "invalid_request"],
      [{ ...good, payTo: "0xabc" }, 400, "invalid_request"],
      [{ ...good, payTo: newPayee().address }, 400, "invalid_request"],
      [{ payTo: good.payTo, nonce: good.nonce }, 400, "invalid_request"],
      [JSON.stringify({ ...good, pad: "x".repeat(70 * 1024) }), 413, "payload_too_large"],
    ];
    for (const [body, status, error] of proofCases) {
      const res = await prove(id, agent.token, body);
      expect([res.status, res.body.error], JSON.stringify(body).slice(0, 80)).toEqual([status, error]);
    }
    // None of it spent the nonce: the good proof still goes through.
    expect((await prove(id, agent.token, good)).status).toBe(201);
  });

  it("another owner: 404 on both routes; GET on the challenge route: 405", async () => {
    const payee = newPayee();
    const id = await listingWithPayees(agent, [payee.address]);
    const input = await signedChallenge(id, agent.token, payee);
    const stranger = await createAgent();
    const asked = await challenge(id, stranger.token, { payTo: payee.address });
    expect([asked.status, asked.body.error]).toEqual([404, "not_found"]);
    const proved = await prove(id, stranger.token, input);
    expect([proved.status, proved.body.error]).toEqual([404, "not_found"]);
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(0);
    const get = await send(challengeRoute.GET, "GET", `/api/listings/${id}/payee-proofs/challenge`, id, agent.token);
    expect(get.status).toBe(405);
  });
});

describe("one nonce, two concurrent proofs", () => {
  it("one 201, one 422, one proof recorded", async () => {
    const payee = newPayee();
    const id = await listingWithPayees(agent, [payee.address]);
    const input = await signedChallenge(id, agent.token, payee);
    const answers = await Promise.all([prove(id, agent.token, input), prove(id, agent.token, input)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error).toBe("payee_proof_invalid");
    expect(await db.listingPayeeProof.count({ where: { listingId: id } })).toBe(1);
  });
});
