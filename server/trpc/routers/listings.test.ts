// The listing procedures the /providers pages call: members only; the owner's listings and nobody
// else's (NOT_FOUND, as on the REST routes); edits refused per field with the zod issues; a payee
// proved with a real EIP-712 signature; submit's refusals as CONFLICT.
import { describe, expect, it } from "vitest";
import { createAgent } from "@/server/reviews/test-actors";
import { env } from "@/server/env";
import { sandboxOrigin } from "@/server/sandbox-address";
import { listingWithPayees, newPayee } from "@/test/listings/listing-with-payees";
import type { PayeeTypedData } from "../../listings/payee-proof-schema";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const PAYEE = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";

describe("listings procedures refuse signed-out callers", () => {
  it("UNAUTHORIZED for every procedure", async () => {
    const caller = await signedOutCaller();
    const code = "UNAUTHORIZED";
    await expect(caller.listings.limits()).rejects.toMatchObject({ code });
    await expect(caller.listings.mine()).rejects.toMatchObject({ code });
    await expect(caller.listings.byId({ id: SOME_ID })).rejects.toMatchObject({ code });
    await expect(caller.listings.create({ resourceUrls: ["https://api.example.com/x"] })).rejects.toMatchObject({
      code,
    });
    await expect(caller.listings.edit({ id: SOME_ID, changes: { name: "x" } })).rejects.toMatchObject({ code });
    await expect(caller.listings.submit({ id: SOME_ID })).rejects.toMatchObject({ code });
    await expect(caller.listings.move({ id: SOME_ID, move: "withdraw" })).rejects.toMatchObject({ code });
    await expect(caller.listings.payeeChallenge({ id: SOME_ID, payTo: PAYEE })).rejects.toMatchObject({ code });
    await expect(
      caller.listings.provePayee({ id: SOME_ID, payTo: PAYEE, nonce: `0x${"ab".repeat(32)}`, signature: "0x1234" }),
    ).rejects.toMatchObject({ code });
  });
});

describe("a person's listings", () => {
  it("creates a draft from the URLs (a refused address is the probe's verdict, not an error) and lists it", async () => {
    const person = await createPerson();
    const caller = await callerFor(person);
    expect(await caller.listings.limits()).toEqual({
      maxUrlsPerListing: env.LISTING_MAX_URLS,
      maxListingsPerAccount: env.LISTINGS_PER_ACCOUNT,
      sandboxOrigin: sandboxOrigin(),
    });
    // Loopback is never a listed provider's address: refused before any connection.
    const url = "https://127.0.0.1/forecast";
    const listing = await caller.listings.create({ resourceUrls: [url] });
    expect(listing).toMatchObject({ status: "draft", resourceUrls: [url], revision: 0, payees: [] });
    expect(listing.probes).toEqual([expect.objectContaining({ url, outcome: "refused" })]);
    expect((await caller.listings.mine()).map((l) => l.id)).toEqual([listing.id]);
    expect((await caller.listings.byId({ id: listing.id })).id).toBe(listing.id);
    // Nothing to review: no URL gave an offer.
    await expect(caller.listings.submit({ id: listing.id })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: { code: "conflict" },
    });
  });

  it("the owner's moves: pause needs a listed service (CONFLICT on a draft), withdraw is final, a stranger's is NOT_FOUND, an unknown move BAD_REQUEST", async () => {
    const owner = await createPerson();
    const caller = await callerFor(owner);
    const id = await listingWithPayees(owner, [PAYEE]);
    await expect(caller.listings.move({ id, move: "pause" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(caller.listings.move({ id, move: "resume" })).rejects.toMatchObject({ code: "CONFLICT" });
    const stranger = await callerFor(await createPerson());
    await expect(stranger.listings.move({ id, move: "withdraw" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.listings.move({ id, move: "delete" as unknown as "withdraw" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await caller.listings.move({ id, move: "withdraw" })).status).toBe("withdrawn");
    await expect(caller.listings.move({ id, move: "withdraw" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses bad URL lists with BAD_REQUEST and the issue's path", async () => {
    const caller = await callerFor(await createPerson());
    for (const resourceUrls of [
      [],
      ["ftp://example.com/x"],
      ["https://a.example/x", "https://a.example/x"],
      Array.from({ length: env.LISTING_MAX_URLS + 1 }, (_, i) => `https://a.example/${i}`),
    ]) {
      const err = await caller.listings.create({ resourceUrls }).then(
        () => null,
        (e: unknown) => e as { code: string; cause: { issues: { path: PropertyKey[] }[] } },
      );
      expect(err, JSON.stringify(resourceUrls).slice(0, 80)).toMatchObject({ code: "BAD_REQUEST" });
      expect(err!.cause.issues[0]!.path[0]).toBe("resourceUrls");
    }
  });

  it("another person's listing, and a token-less account's, are NOT_FOUND for every procedure", async () => {
    const owner = await createPerson();
    const id = await listingWithPayees(owner, [PAYEE]);
    const orphan = await listingWithPayees(await createAgent(null), [PAYEE]);
    const stranger = await callerFor(await createPerson());
    for (const listingId of [id, orphan]) {
      await expect(stranger.listings.byId({ id: listingId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.listings.edit({ id: listingId, changes: { name: "Mine now" } })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(stranger.listings.submit({ id: listingId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(stranger.listings.payeeChallenge({ id: listingId, payTo: PAYEE })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(await stranger.listings.mine()).toEqual([]);
    // Its owner still sees it.
    expect((await (await callerFor(owner)).listings.mine()).map((l) => l.id)).toEqual([id]);
  });

  it("edits: per-field zod issues under `changes`, an empty edit refused, a good edit clears the guess", async () => {
    const owner = await createPerson();
    const caller = await callerFor(owner);
    const id = await listingWithPayees(owner, [PAYEE]);
    const issues = async (changes: Record<string, unknown>) => {
      const err = await caller.listings.edit({ id, changes: changes as never }).then(
        () => null,
        (e: unknown) => e as { code: string; cause: { issues: { path: PropertyKey[] }[] } },
      );
      expect(err).toMatchObject({ code: "BAD_REQUEST" });
      return err!.cause.issues.map((i) => i.path.join("."));
    };
    expect(await issues({ website: "http://insecure.example.com" })).toEqual(["changes.website"]);
    expect(await issues({ name: "", primaryCapability: "telepathy" })).toEqual(
      expect.arrayContaining(["changes.name", "changes.primaryCapability"]),
    );
    expect(await issues({ facts: [{ text: "Covers 200 countries.", source: "javascript:alert(1)" }] })).toEqual([
      "changes.facts.0.source",
    ]);
    expect(await issues({})).toEqual(["changes"]);

    const edited = await caller.listings.edit({
      id,
      changes: {
        name: "Weather <b>API</b>",
        primaryCapability: "maps-weather",
        tags: ["Weather", "weather"],
        facts: [{ text: "Covers 200 countries.", source: "https://weather.example.com/coverage" }],
      },
    });
    expect(edited.draft).toMatchObject({
      name: "Weather <b>API</b>",
      primaryCapability: "maps-weather",
      capabilityGuessed: false,
      tags: ["weather"],
    });
    const submitted = await caller.listings.submit({ id });
    expect(submitted).toMatchObject({ status: "pending_review", revision: 1 });
    expect(submitted.submittedAt).not.toBeNull();
  });

  it("proves a payee with the EIP-712 signature of the challenge; a wrong signer is UNPROCESSABLE_CONTENT payee_proof_invalid", async () => {
    const owner = await createPerson();
    const caller = await callerFor(owner);
    const payee = newPayee();
    const id = await listingWithPayees(owner, [payee.address]);
    const sign = (who: typeof payee, typedData: PayeeTypedData) =>
      who.signTypedData(typedData as unknown as Parameters<typeof payee.signTypedData>[0]);

    const first = await caller.listings.payeeChallenge({ id, payTo: payee.address });
    const wrong = await sign(newPayee(), first);
    await expect(
      caller.listings.provePayee({ id, payTo: payee.address, nonce: first.message.nonce, signature: wrong }),
    ).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT", cause: { code: "payee_proof_invalid" } });

    const typedData = await caller.listings.payeeChallenge({ id, payTo: payee.address });
    const proved = await caller.listings.provePayee({
      id,
      payTo: payee.address,
      nonce: typedData.message.nonce,
      signature: await sign(payee, typedData),
    });
    expect(proved.payees).toEqual([
      { payTo: payee.address, payeeVerified: true, verifiedAt: expect.any(String), sandboxPayeeKey: null },
    ]);
    // Not one of the offers' payees: BAD_REQUEST naming payTo.
    await expect(caller.listings.payeeChallenge({ id, payTo: PAYEE })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
