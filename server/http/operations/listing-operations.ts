// The self-serve listings (issue 27, docs/decisions.md "Listings"): a provider submits resource URLs,
// the marketplace drafts a service record from one unpaid probe of each, the provider edits what the
// probe cannot know and submits it for review. A marketplace token or a session; each route is the
// shared listing edge (listing-route.ts) around one service call.
import { z } from "zod";
import { env } from "../../env";
import type { ErrorCode } from "../../errors";
import { MAX_BODY_BYTES } from "../../input/json-body";
import {
  createListingInput,
  editListingInput,
  listingIdSchema,
  listingListSchema,
  listingResponseSchema,
} from "../../listings/listing-schema";
import { moveListing, type ListingMove } from "../../listings/listing-lifecycle";
import {
  createListingIdempotently,
  editListing,
  getListing,
  listListings,
  submitListing,
} from "../../listings/listings";
import { createPayeeChallenge, provePayee } from "../../listings/payee-proof";
import { getListingActivity } from "../../listings/provider-overview";
import { listingActivityResponseSchema } from "../../listings/provider-overview-schema";
import { payeeChallengeInput, payeeChallengeResponseSchema, payeeProofInput } from "../../listings/payee-proof-schema";
import { IDEMPOTENCY_HEADER } from "../../idempotent-write";
import { errorResponses } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { MARKETPLACE_TOKEN_SCHEME, WRITE_KEY_PARAMETER, writeAnswerHeaders } from "../../openapi/marketplace-token";
import type { ResponseObject } from "../../openapi/openapi-types";
import { pathParameter } from "../../openapi/parameters";
import { headerRef, parameterRef } from "../../openapi/payment-headers";
import { jsonContent } from "../../openapi/responses";
import { listingRoute } from "../listing-route";

const NAMES = {
  createRequest: "CreateListingRequest",
  editRequest: "EditListingRequest",
  listing: "ListingResponse",
  list: "ListingList",
  activity: "ListingActivityResponse",
  challengeRequest: "PayeeChallengeRequest",
  challenge: "PayeeChallengeResponse",
  proofRequest: "PayeeProofRequest",
} as const;

const createInput = createListingInput(env.LISTING_MAX_URLS);

const DETAIL: Partial<Record<ErrorCode, string>> = {
  invalid_request:
    "Here: a field or the path; an unknown field names the closest known one; JSON nested over 64 levels, U+0000 or an unpaired surrogate are refused.",
  unauthorized: "Here: neither a marketplace token (X-Marketplace-Token or Authorization: Bearer) nor a session.",
  forbidden: "Here: the token was revoked, or a session's change came from another origin.",
  not_found: "Here: no listing of this account has this id (another account's listings are not visible).",
  payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes (refused before it is parsed).`,
  rate_limited:
    "Here: the account or token (RATE_LIMIT_WRITES_PER_MINUTE) or the client address (RATE_LIMIT_WRITES_IP_PER_MINUTE) used its writes for the window; reads count as catalog reads.",
};

function errors(codes: readonly ErrorCode[], detail: Partial<Record<ErrorCode, string>> = {}) {
  return errorResponses(
    [
      ...codes,
      "unauthorized",
      "forbidden",
      "method_not_allowed",
      "rate_limited",
      "database_unavailable",
      "server_busy",
    ],
    { detail: { ...DETAIL, ...detail } },
  );
}
const bodyErrors = ["invalid_request", "invalid_json", "payload_too_large", "unsupported_media_type"] as const;

const security = [{ [MARKETPLACE_TOKEN_SCHEME]: [] }];
const listingId = pathParameter("id", listingIdSchema.shape.id, "The listing's id (a UUID).");
/** The RateLimit-* headers every counted answer carries. */
const rateLimitHeaders = Object.fromEntries(
  Object.keys(writeAnswerHeaders())
    .filter((name) => name.startsWith("RateLimit-"))
    .map((name) => [name, headerRef(name)]),
);
const ok = (status: string, description: string, schemaName: string): Record<string, ResponseObject> => ({
  [status]: { description, headers: rateLimitHeaders, content: jsonContent(schemaName) },
});
const schemas = {
  requests: {
    [NAMES.createRequest]: {
      schema: createInput,
      description: `The resource URLs to list (1 to ${env.LISTING_MAX_URLS}, LISTING_MAX_URLS), each an absolute http or https URL of at most 2000 characters, each once.`,
    },
    [NAMES.challengeRequest]: {
      schema: payeeChallengeInput,
      description: "The payee to prove: one of the listing's offers' payTo (a 0x address, checksummed or not).",
    },
    [NAMES.proofRequest]: {
      schema: payeeProofInput,
      description:
        "The payee, the challenge's nonce, and the payee's EIP-712 signature of the challenge's typed data (65 bytes, 0x hex).",
    },
    [NAMES.editRequest]: {
      schema: editListingInput,
      description:
        "The fields to change, at least one: plain text only (shown as text, never as HTML). `website`, `docsUrl` and each fact's `source` are https URLs; `null` clears a URL.",
    },
  },
  responses: {
    [NAMES.listing]: {
      schema: listingResponseSchema,
      description: "One listing: its draft record, probe verdicts and status.",
    },
    [NAMES.list]: { schema: listingListSchema, description: "The caller's listings, newest first." },
    [NAMES.activity]: {
      schema: listingActivityResponseSchema,
      description:
        "What happened to the listing's catalog service: probes, the marketplace's tests, calls through the observer over 30 days, reviews and the share of them backed by a paid call.",
    },
    [NAMES.challenge]: {
      schema: payeeChallengeResponseSchema,
      description:
        "The EIP-712 typed data to sign as the payee: domain {name, version} (no chainId), primary type PayeeProof binding the marketplace's origin, the listing, the payee, a single-use nonce, issuedAt and expiresAt.",
    },
  },
};

export const createListingOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/listings",
  operationId: "createListing",
  summary: "List an x402 API: draft a listing from its resource URLs",
  description:
    "Probes each URL once, unpaid (no credential is sent), through the marketplace's SSRF-safe client: https only, public addresses only, redirects not followed, bounded by PROBE_TIMEOUT_MS and PROBE_MAX_BYTES. " +
    "One exception, for trying the flow offline: while payments settle on the local test ledger, the sandbox world's offers (http on loopback, `sandbox: true` in their service records; their `resourceUrl` is in each catalog offer) are probed too, " +
    "and each sandbox payee's private key, public by design, comes back as the listing's `payees[].sandboxPayeeKey`, so its payee proof can be signed. " +
    "A 402 gives an offer (method, path, price, network, asset, payTo, and the bazaar extension's input and output when declared) and its conformance verdict; " +
    "a refused address, no answer, or an answer other than 402 is recorded per URL in `probes` and is not an error of the request. " +
    `The draft (status \`draft\`) guesses the capability; PATCH edits it, POST …/submit sends it for review. At most LISTINGS_PER_ACCOUNT (${env.LISTINGS_PER_ACCOUNT}) listings per account (409). ` +
    "With an `Idempotency-Key` (per token, or per person with a session) a retry is safe: the key is claimed before anything is probed; the same key and body answer the first request's status and bytes (`Idempotent-Replayed: true`, the same listing), another body is 422 idempotency_key_reused, " +
    "and a duplicate sent while the first is still probing is 409 write_in_progress with Retry-After (it probes nothing; ask again for the answer). A creation that failed (e.g. 409 at the cap) keeps nothing under the key.",
  tags: ["Listings"],
  security,
  parameters: [parameterRef(WRITE_KEY_PARAMETER)],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.createRequest, { resourceUrls: ["https://api.example.com/v1/forecast"] }),
  },
  responses: {
    "201": {
      description: "The draft listing (`{ok: true, listing}`), or its stored answer under the same Idempotency-Key.",
      headers: { ...rateLimitHeaders, "Idempotent-Replayed": headerRef("Idempotent-Replayed") },
      content: jsonContent(NAMES.listing),
    },
    ...errors([...bodyErrors, "conflict", "write_in_progress", "idempotency_key_reused"], {
      invalid_request: `${DETAIL.invalid_request} Also: a malformed Idempotency-Key (8–200 of A–Z a–z 0–9 . _ : -).`,
      conflict: "Here: the account has LISTINGS_PER_ACCOUNT listings already.",
      write_in_progress: "Here: a creation under this Idempotency-Key is still probing its URLs.",
      idempotency_key_reused: "Here: the key was used by this caller for another body or operation.",
    }),
  },
  schemas,
  handler: listingRoute({
    params: z.object({}),
    body: createInput,
    write: true,
    run: (actor, _params, input, headers) => createListingIdempotently(actor, input, headers.get(IDEMPOTENCY_HEADER)),
  }),
};

export const listListingsOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/listings",
  operationId: "listListings",
  summary: "Your listings",
  description: "Every listing of the caller's account (any of its tokens, or its session), newest first.",
  tags: ["Listings"],
  security,
  responses: { ...ok("200", "`{ok: true, listings}`.", NAMES.list), ...errors([]) },
  handler: listingRoute({
    params: z.object({}),
    write: false,
    run: async (actor) => ({ status: 200, body: { ok: true, listings: await listListings(actor) } }),
  }),
};

export const getListingOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/listings/{id}",
  operationId: "getListing",
  summary: "One of your listings",
  description: "The listing with its draft record and the probe verdict of each URL. Another account's listing is 404.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  responses: { ...ok("200", "`{ok: true, listing}`.", NAMES.listing), ...errors(["invalid_request", "not_found"]) },
  handler: listingRoute({
    params: listingIdSchema,
    write: false,
    run: async (actor, { id }) => ({ status: 200, body: { ok: true, listing: await getListing(actor, id) } }),
  }),
};

export const getListingActivityOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/listings/{id}/activity",
  operationId: "getListingActivity",
  summary: "What happened to your listing's service",
  description:
    "For the owner of a listing with an approved revision: the service's health as the probes see it and its latest probes (verdict, latency, failed conformance checks), " +
    "each marketplace test (when, trigger, offer, outcome, status, latency, excerpt, amount spent), the calls agents made through the observer over 30 days " +
    "(count, paid, unique payers, per status, error rate, latency p50 and p95, the latest calls, without payers or tokens), and its published reviews " +
    "(count, mean rating, the newest, and the verified-purchase share: reviews whose agent paid for a call first / all). `activity` is null until a revision is approved. Another account's listing is 404.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  responses: {
    ...ok("200", "`{ok: true, listingId, activity}`.", NAMES.activity),
    ...errors(["invalid_request", "not_found"]),
  },
  handler: listingRoute({
    params: listingIdSchema,
    write: false,
    run: async (actor, { id }) => ({ status: 200, body: await getListingActivity(actor, id) }),
  }),
};

export const editListingOperation: FreeOperation<"PATCH"> = {
  method: "PATCH",
  path: "/api/listings/{id}",
  operationId: "editListing",
  summary: "Edit what the probe could not know",
  description:
    "Changes the draft's name, description, website, docsUrl, primaryCapability, tags or facts (with sources); the offers are what the provider's 402 states and change only with it. " +
    "A listing waiting for review, approved or rejected goes back to `draft` (submit it again); an approved listing's service keeps its approved version in the catalog until an operator approves the new revision. Paused and withdrawn listings are 409.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.editRequest, {
      website: "https://example.com",
      primaryCapability: "maps-weather",
      facts: [{ text: "Forecasts cover 200 countries.", source: "https://example.com/coverage" }],
    }),
  },
  responses: {
    ...ok("200", "The listing after the edit (`{ok: true, listing}`).", NAMES.listing),
    ...errors([...bodyErrors, "not_found", "conflict"], {
      conflict: "Here: the listing's status does not allow edits.",
    }),
  },
  handler: listingRoute({
    params: listingIdSchema,
    body: editListingInput,
    write: true,
    run: async (actor, { id }, input) => ({
      status: 200,
      body: { ok: true, listing: await editListing(actor, id, input) },
    }),
  }),
};

export const submitListingOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/listings/{id}/submit",
  operationId: "submitListing",
  summary: "Submit a listing for review",
  description:
    "Moves a `draft` (or a listing already waiting) to `pending_review` and keeps the submitted version as a new revision (`revision` counts them). " +
    "409 when no URL gave an offer, when no primaryCapability is set, or when the status does not allow it.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  responses: {
    ...ok("200", "The listing waiting for review (`{ok: true, listing}`).", NAMES.listing),
    ...errors(["invalid_request", "not_found", "conflict"], {
      conflict: "Here: no offer to review, no primaryCapability, or a status that does not allow it.",
    }),
  },
  handler: listingRoute({
    params: listingIdSchema,
    write: true,
    run: async (actor, { id }) => ({ status: 200, body: { ok: true, listing: await submitListing(actor, id) } }),
  }),
};

const PROOF_INVALID =
  "Here: signed by another address; the nonce unknown, used, expired (PAYEE_PROOF_TTL_SECONDS), or issued for another listing or payee; or a smart-wallet signature (ERC-1271 / ERC-6492, not supported yet).";

export const createPayeeChallengeOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/listings/{id}/payee-proofs/challenge",
  operationId: "createPayeeChallenge",
  summary: "Ask for a challenge to prove a payee",
  description:
    "Returns EIP-712 typed data binding the marketplace's origin, this listing, the payee (one of the offers' payTo), a random nonce the marketplace stores (single use) and an expiry (PAYEE_PROOF_TTL_SECONDS). " +
    "Sign it with the payee's key (eth_signTypedData_v4) and send the signature to POST …/payee-proofs. " +
    "A payee of the sandbox world (offline, on the local test ledger) has a public key: the listing's `payees[].sandboxPayeeKey`.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.challengeRequest, { payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C" }),
  },
  responses: {
    ...ok("201", "The challenge (`{ok: true, typedData}`).", NAMES.challenge),
    ...errors([...bodyErrors, "not_found"], {
      invalid_request: `${DETAIL.invalid_request} Also: payTo is not the payee of any of the listing's offers.`,
    }),
  },
  handler: listingRoute({
    params: listingIdSchema,
    body: payeeChallengeInput,
    write: true,
    run: async (actor, { id }, input) => ({
      status: 201,
      body: { ok: true, typedData: await createPayeeChallenge(actor, id, input.payTo) },
    }),
  }),
};

export const provePayeeOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/listings/{id}/payee-proofs",
  operationId: "provePayee",
  summary: "Prove control of a payee",
  description:
    "Checks the signature over exactly the stored challenge of this nonce (EOA signatures, recovered with viem) and, when the payee signed it, spends the nonce and records the proof (signer, signature, time; every proof is kept). " +
    "The listing's `payees[]` then shows `payeeVerified: true` and `verifiedAt`. Of two proofs with one nonce exactly one is recorded.",
  tags: ["Listings"],
  security,
  parameters: [listingId],
  requestBody: {
    required: true,
    content: jsonContent(NAMES.proofRequest, {
      payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
      nonce: `0x${"ab".repeat(32)}`,
      signature: `0x${"12".repeat(65)}`,
    }),
  },
  responses: {
    ...ok("201", "The listing with the payee verified (`{ok: true, listing}`).", NAMES.listing),
    ...errors([...bodyErrors, "not_found", "payee_proof_invalid"], {
      invalid_request: `${DETAIL.invalid_request} Also: payTo is not the payee of any of the listing's offers.`,
      payee_proof_invalid: PROOF_INVALID,
    }),
  },
  handler: listingRoute({
    params: listingIdSchema,
    body: payeeProofInput,
    write: true,
    run: async (actor, { id }, input) => ({
      status: 201,
      body: { ok: true, listing: await provePayee(actor, id, input) },
    }),
  }),
};

const MOVE_DOCS: Record<ListingMove, { summary: string; description: string; conflict: string }> = {
  pause: {
    summary: "Pause a listing's service",
    description:
      "A listing whose approved service is in the catalog (`approved`, or an edit of it waiting or rejected) becomes `paused`, and a waiting edit leaves the review queue (submit it again after resuming): its service leaves the free search, the shortlist and /discovery/resources, and the observer stops routing its offers (404), on every instance within seconds. Its record still answers, every offer `routedByMarketplace: false`. POST …/resume brings it back.",
    conflict: "Here: the listing has no approved service in the catalog, or is paused or withdrawn.",
  },
  resume: {
    summary: "Resume a paused listing",
    description:
      "A `paused` listing becomes `approved` again (its approved version): its service is searched, shortlisted, discovered and routed as before.",
    conflict: "Here: the listing is not `paused`.",
  },
  withdraw: {
    summary: "Withdraw a listing (final)",
    description:
      "Any listing not withdrawn becomes `withdrawn`, for good: it leaves the review queue, and its service (when approved before) leaves search, the shortlist, discovery and routing, and its record answers 404. Its history is kept.",
    conflict: "Here: the listing is withdrawn already.",
  },
};

function moveOperation(move: ListingMove): FreeOperation<"POST"> {
  const docs = MOVE_DOCS[move];
  return {
    method: "POST",
    path: `/api/listings/{id}/${move}`,
    operationId: `${move}Listing`,
    summary: docs.summary,
    description: docs.description,
    tags: ["Listings"],
    security,
    parameters: [listingId],
    responses: {
      ...ok("200", "The listing after the move (`{ok: true, listing}`).", NAMES.listing),
      ...errors(["invalid_request", "not_found", "conflict"], { conflict: docs.conflict }),
    },
    handler: listingRoute({
      params: listingIdSchema,
      write: true,
      run: async (actor, { id }) => ({ status: 200, body: { ok: true, listing: await moveListing(actor, id, move) } }),
    }),
  };
}

export const pauseListingOperation = moveOperation("pause");
export const resumeListingOperation = moveOperation("resume");
export const withdrawListingOperation = moveOperation("withdraw");
