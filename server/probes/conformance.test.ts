// Each x402 conformance check against a provider that breaks it: the sandbox's non-conformant
// profiles (v1 header, legacy network, price mismatch, missing header) and small hostile providers
// for the others, probed for real (HTTP, the observer's SSRF-safe client and address policy).
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf, type SandboxProfile } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { createTestOffer, encode, paymentRequired, startHostile, type Hostile } from "@/test/probes/hostile-provider";
import { CONFORMANCE_CHECKS } from "./conformance-checks";
import { probeOffer, type ProbedOffer, type ProbeRecord } from "./probe-offer";

const outbound = createSafeOutbound({ connectTimeoutMs: 2000 });
const LIMITS = { timeoutMs: 3000, maxBytes: 256 * 1024 };
let sandbox: Sandbox;
let offers: SandboxOffer[];
let hostile: Hostile;
// What the hostile provider answers at each path, set per test.
const answers = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  offers = await loadSandboxOffers();
  hostile = await startHostile((req, res) => {
    const answer = answers.get(new URL(req.url ?? "/", "http://x").pathname);
    if (answer) answer(req, res);
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  noteSandboxListening(undefined);
  await Promise.all([sandbox.close(), hostile.close(), outbound.close()]);
});

async function probedOffer(id: string): Promise<ProbedOffer> {
  const o = await db.offer.findUniqueOrThrow({ where: { id } });
  return { ...o, exampleInput: o.exampleInput };
}
async function probe(id: string): Promise<ProbeRecord> {
  const outcome = await probeOffer(await probedOffer(id), outbound, LIMITS);
  if (outcome.kind !== "probed") throw new Error(`refused: ${outcome.reason}`);
  return outcome.record;
}

const label = (p: SandboxProfile) => (p.kind === "non-conformant" ? p.breaks : p.kind);
let dynamic: Set<string>;
beforeAll(async () => {
  dynamic = new Set(
    (await db.offer.findMany({ where: { dynamicPrice: true }, select: { id: true } })).map((o) => o.id),
  );
});
/** The first offer of a service with this profile (with a fixed price: a dynamic one is listed "from" it). */
const sandboxOffer = (kind: string) => {
  const found = offers.find((o) => label(profileOf(o.slug)) === kind && !dynamic.has(o.id));
  if (!found) throw new Error(`no sandbox offer with profile ${kind}`);
  return found;
};

describe("the sandbox's profiles", () => {
  it("a healthy offer is conformant, with the catalogued terms read from its 402", async () => {
    const o = sandboxOffer("healthy");
    const r = await probe(o.id);
    expect(r).toMatchObject({ verdict: "conformant", status: 402, failedChecks: [], detail: null });
    expect(r.terms).toEqual({
      payTo: o.payTo,
      network: "eip155:84532",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      amountAtomic: String(o.priceAtomic),
      scheme: "exact",
    });
  });

  it.each([
    ["v1-header", ["x402_version_2"]],
    ["legacy-network", ["network_caip2"]],
    ["price-mismatch", ["amount_matches_price"]],
    ["missing-header", ["payment_required_header"]],
  ])("%s fails exactly %j", async (kind, failed) => {
    const r = await probe(sandboxOffer(kind).id);
    expect(r.verdict).toBe("non_conformant");
    expect(r.failedChecks).toEqual(failed);
    expect(r.detail).toBeTruthy();
  });

  it("legacy-network says which CAIP-2 network the old name stands for; missing-header reads no terms", async () => {
    expect((await probe(sandboxOffer("legacy-network").id)).detail).toContain(
      "base-sepolia is the x402 v1 name of eip155:84532",
    );
    expect((await probe(sandboxOffer("missing-header").id)).terms).toBeNull();
  });
});

describe("small hostile providers, one per remaining check", () => {
  async function offerAnswering(
    path: string,
    status: number,
    header: ((resourceUrl: string) => string) | undefined,
  ): Promise<string> {
    const resourceUrl = `${hostile.url}${path}`;
    answers.set(path, (_req, res) => {
      res.writeHead(status, header ? { "payment-required": header(resourceUrl) } : {}).end("{}");
    });
    return createTestOffer(hostile.url, path);
  }

  it("a 200 without payment fails answers_402 only: nothing else is run on an answer that is no challenge", async () => {
    const r = await probe(await offerAnswering("/free", 200, (u) => encode(paymentRequired(u))));
    expect(r).toMatchObject({ verdict: "non_conformant", status: 200, failedChecks: ["answers_402"], terms: null });
  });

  it("a redirect (to 127.0.0.1) is not followed: an answer, but no 402", async () => {
    answers.set("/moved", (_req, res) => res.writeHead(302, { location: `${sandbox.url}/anything` }).end());
    const r = await probe(await createTestOffer(hostile.url, "/moved"));
    expect(r).toMatchObject({ verdict: "non_conformant", status: 302, failedChecks: ["answers_402"] });
    expect(r.detail).toContain("redirects are not followed");
  });

  it("a header that is not base64 JSON fails payment_required_header", async () => {
    const r = await probe(await offerAnswering("/garbled", 402, () => "not%base64!"));
    expect(r.failedChecks).toEqual(["payment_required_header"]);
  });

  it("a base64url header (the specification's encoding) decodes as well as base64", async () => {
    const path = "/base64url";
    // "???" in the description puts '/' in the base64 text, which base64url writes '_'.
    const b64 = (u: string) =>
      encode(paymentRequired(u, (d) => ((d.resource as { description: string }).description = "???>>>")));
    expect(b64(`${hostile.url}${path}`)).toMatch(/[+/]/);
    const r = await probe(
      await offerAnswering(path, 402, (u) => b64(u).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")),
    );
    expect(r).toMatchObject({ verdict: "conformant", failedChecks: [] });
  });

  it("an unknown scheme only fails accepts_known_scheme (the entry's terms are still checked)", async () => {
    const r = await probe(
      await offerAnswering("/upto", 402, (u) =>
        encode(paymentRequired(u, (d) => ((d.accepts as { scheme: string }[])[0]!.scheme = "upto"))),
      ),
    );
    expect(r.failedChecks).toEqual(["accepts_known_scheme"]);
    expect(r.terms?.scheme).toBe("upto");
  });

  it("an empty accepts fails accepts_known_scheme, and no entry's checks run", async () => {
    const r = await probe(
      await offerAnswering("/none", 402, (u) => encode(paymentRequired(u, (d) => (d.accepts = [])))),
    );
    expect(r.failedChecks).toEqual(["accepts_known_scheme"]);
    expect(r.terms).toBeNull();
  });

  it("an unknown network name fails network_caip2 and asset_known", async () => {
    const r = await probe(
      await offerAnswering("/foo-chain", 402, (u) =>
        encode(paymentRequired(u, (d) => ((d.accepts as { network: string }[])[0]!.network = "foo-chain"))),
      ),
    );
    expect(r.failedChecks).toEqual(["network_caip2", "asset_known"]);
    expect(r.detail).toContain("unknown network foo-chain");
  });

  it("another asset on the right network fails asset_known", async () => {
    const r = await probe(
      await offerAnswering("/asset", 402, (u) =>
        encode(paymentRequired(u, (d) => ((d.accepts as { asset: string }[])[0]!.asset = "0x" + "12".repeat(20)))),
      ),
    );
    expect(r.failedChecks).toEqual(["asset_known"]);
  });

  it("another payee fails pay_to_matches", async () => {
    const r = await probe(
      await offerAnswering("/payee", 402, (u) =>
        encode(paymentRequired(u, (d) => ((d.accepts as { payTo: string }[])[0]!.payTo = "0x" + "34".repeat(20)))),
      ),
    );
    expect(r.failedChecks).toEqual(["pay_to_matches"]);
  });

  it("a dynamic price is listed 'from' the price: more is the listing's, less fails amount_matches_price", async () => {
    const asking = (amount: number) => (u: string) =>
      encode(paymentRequired(u, (d) => ((d.accepts as { amount: string }[])[0]!.amount = String(amount))));
    const more = await offerAnswering("/dynamic-more", 402, asking(3000));
    const less = await offerAnswering("/dynamic-less", 402, asking(1000));
    await db.offer.updateMany({ where: { id: { in: [more, less] } }, data: { dynamicPrice: true } });
    expect((await probe(more)).failedChecks).toEqual([]);
    expect((await probe(less)).failedChecks).toEqual(["amount_matches_price"]);
  });

  it("a resource naming another URL fails resource_matches", async () => {
    const r = await probe(
      await offerAnswering("/resource", 402, () => encode(paymentRequired("https://elsewhere.example/resource"))),
    );
    expect(r.failedChecks).toEqual(["resource_matches"]);
  });

  it("every check has been broken once above", () => {
    // The list of checks this file covers; a new check in health-schema.ts fails here until it has a test.
    expect([...CONFORMANCE_CHECKS].sort()).toEqual(
      [
        "answers_402",
        "payment_required_header",
        "x402_version_2",
        "accepts_known_scheme",
        "network_caip2",
        "asset_known",
        "amount_matches_price",
        "pay_to_matches",
        "resource_matches",
      ].sort(),
    );
  });

  it("a probe sends no credential: only an anonymous client's headers, and the example input as the query", async () => {
    let seen: http.IncomingHttpHeaders | undefined;
    let seenUrl = "";
    answers.set("/headers", (req, res) => {
      seen = req.headers;
      seenUrl = req.url ?? "";
      res.writeHead(402, { "payment-required": encode(paymentRequired(`${hostile.url}/headers`)) }).end();
    });
    const id = await createTestOffer(hostile.url, "/headers");
    await db.offer.update({ where: { id }, data: { exampleInput: { q: "solar", n: 3 } } });
    await probe(id);
    expect(Object.keys(seen ?? {}).sort()).toEqual(["accept", "connection", "host", "user-agent"]);
    const url = new URL(seenUrl, hostile.url);
    expect([url.pathname, Object.fromEntries(url.searchParams)]).toEqual(["/headers", { q: "solar", n: "3" }]);
  });

  it("an offer the address policy refuses is not probed at all", async () => {
    const id = await createTestOffer("http://10.0.0.1:8080", "/private");
    const outcome = await probeOffer(await probedOffer(id), outbound, LIMITS);
    expect(outcome.kind).toBe("refused");
  });
});
