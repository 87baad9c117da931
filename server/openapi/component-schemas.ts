// Every named schema of the document (components.schemas), each taken from the zod schema the code
// validates or answers with. Request bodies convert in input mode, responses in output mode.
import { freeLinksSchema, paymentRequiredBodySchema } from "../payments/challenge";
import { faucetInputSchema, faucetResultSchema } from "../payments/facilitators/faucet";
import { productObjectSchema } from "../products/product-object";
import { recoveryAuthorizationSchema } from "../payments/purchase-recovery-authorization";
import { serviceListSchema, serviceSummarySchema } from "../catalog/list-services";
import { searchResultSchema } from "../catalog/search-services";
import { lastReviewSchema, offerSchema, serviceRecordSchema, serviceSchema } from "../catalog/service-record";
import { commentSchema, reviewListItemSchema, reviewSchema } from "../reviews/review-record";
import { offerObservedSchema, serviceObservedSchema } from "../observe/call-stats";
import { reviewListSchema } from "../reviews/list-reviews";
import { conditionObjectSchema, constraintsSchema, shortlistRequestSchema } from "../shortlist/request-schema";
import { conditionCheckSchema, matchSchema, shortlistSchema } from "../shortlist/result-schema";
import { componentSchemas, type NamedSchema } from "./json-schema";
import { placementRequestSchema } from "../products/placement-request";
import { evaluationRequestSchema } from "../products/evaluation-request";
import { queuedPurchaseSchema } from "../orders/order-record";
import { adRequestSchema } from "../ads/ad-request";
import { adPurchaseSchema } from "../ads/ad-record";
import type { JsonSchema } from "./openapi-types";
import {
  apiErrorSchema,
  describeUnavailableSchema,
  idempotencyKeyReusedSchema,
  issueSchema,
  payloadTooLargeSchema,
  purchaseBadRequestSchema,
  purchaseConflictSchema,
  adPurchaseConflictSchema,
  purchaseUnavailableSchema,
  recoveryErrorSchema,
  reviewResponseSchema,
  shortlistPurchaseSchema,
  engagementResponseSchema,
  commentResponseSchema,
  okResponseSchema,
} from "./reply-schemas";
import { createReviewInput } from "../reviews/create-review";
import { reviseReviewInput } from "../reviews/revise-review";
import { engagementInput } from "../reviews/toggle-engagement";
import { commentInput } from "../reviews/comments";

export const SCHEMA_NAMES = {
  shortlistRequest: "ShortlistRequest",
  shortlistPurchase: "ShortlistPurchase",
  paymentRequiredBody: "PaymentRequiredBody",
  purchaseBadRequest: "PurchaseBadRequest",
  purchaseConflict: "PurchaseConflict",
  payloadTooLarge: "PayloadTooLarge",
  idempotencyKeyReused: "IdempotencyKeyReused",
  describeUnavailable: "DescribeUnavailable",
  purchaseUnavailable: "PurchaseUnavailable",
  recoveryAuthorization: "PurchaseRecoveryAuthorization",
  recoveryError: "PurchaseRecoveryError",
  faucetRequest: "FaucetRequest",
  faucetResult: "FaucetResult",
  apiError: "ApiError",
  serviceList: "ServiceList",
  searchResult: "SearchResult",
  serviceRecord: "ServiceRecord",
  reviewList: "ReviewList",
  reviewResponse: "ReviewResponse",
  createReviewRequest: "CreateReviewRequest",
  reviseReviewRequest: "ReviseReviewRequest",
  engagementRequest: "EngagementRequest",
  commentRequest: "CommentRequest",
  engagementResponse: "EngagementResponse",
  commentResponse: "CommentResponse",
  okResponse: "OkResponse",
  placementRequest: "PlacementRequest",
  evaluationRequest: "EvaluationRequest",
  queuedPurchase: "QueuedPurchase",
  adRequest: "AdRequest",
  adPurchase: "AdPurchase",
  adPurchaseConflict: "AdPurchaseConflict",
} as const;

const REQUEST_SCHEMAS: Record<string, NamedSchema> = {
  [SCHEMA_NAMES.shortlistRequest]: {
    schema: shortlistRequestSchema,
    description:
      "The shortlist request as published: every property is optional and no other property is allowed. A paid purchase " +
      "must send `outcome` (8 to 2400 characters with at least one letter or digit) and an idempotency key (`request_id` or the Idempotency-Key header).",
  },
  ShortlistCondition: { schema: conditionObjectSchema, description: "A condition with an optional id and priority; a plain string is a `must` condition." },
  ShortlistConstraints: { schema: constraintsSchema, description: "Hard filters on the services and offers considered." },
  [SCHEMA_NAMES.placementRequest]: { schema: placementRequestSchema, description: "A sponsored placement: the service, the ad's text, where it may appear and for how many days." },
  [SCHEMA_NAMES.evaluationRequest]: { schema: evaluationRequestSchema, description: "An evaluation request: the service, what to evaluate and whom to tell." },
  [SCHEMA_NAMES.adRequest]: { schema: adRequestSchema, description: "A paid ad retrieval: the context the ad is for (a query, a capability or both)." },
  [SCHEMA_NAMES.faucetRequest]: { schema: faucetInputSchema, description: "Test funds for the local ledger: the payer address and an amount in USD." },
  [SCHEMA_NAMES.createReviewRequest]: {
    schema: createReviewInput,
    description:
      "A new review by the token's agent: `rating` an integer 1–5, `title` 1–200 and `body` 1–5000 characters (trimmed), up to 10 `tags` of 1–40 characters " +
      "(lower-cased, duplicates dropped), `link` the reviewed endpoint (absolute http or https URL, at most 2000 characters). No other field is allowed.",
  },
  [SCHEMA_NAMES.reviseReviewRequest]: {
    schema: reviseReviewInput,
    description: "The fields to change, at least one, with the rules of CreateReviewRequest; `link: null` removes the stored link. Unchanged fields keep their values.",
  },
  [SCHEMA_NAMES.engagementRequest]: {
    schema: engagementInput,
    description: "Optional. Without a body (or with `{}`) the call toggles; `active: true` or `false` sets the state (repeating it changes nothing).",
  },
  [SCHEMA_NAMES.commentRequest]: { schema: commentInput, description: "Plain text, 1–2000 characters after trimming. It is always shown as text: no HTML or markdown." },
  [SCHEMA_NAMES.recoveryAuthorization]: {
    schema: recoveryAuthorizationSchema,
    description: "The JSON inside the Purchase-Authorization header (sent base64): the payer, the signed resource and expiry, and the EIP-712 signature.",
  },
};

const RESPONSE_SCHEMAS: Record<string, NamedSchema> = {
  [SCHEMA_NAMES.shortlistPurchase]: { schema: shortlistPurchaseSchema, description: "A completed shortlist purchase." },
  [SCHEMA_NAMES.queuedPurchase]: { schema: queuedPurchaseSchema, description: "A paid queued purchase: the order and its private status credential." },
  [SCHEMA_NAMES.adPurchase]: { schema: adPurchaseSchema, description: "A paid ad: an active sponsored placement for the context, marked `sponsored: true`." },
  Shortlist: { schema: shortlistSchema, description: "The query as understood (defaults applied, conditions numbered c1, c2, ...) and up to `limit` ranked matches." },
  ShortlistMatch: { schema: matchSchema, description: "One ranked service with fit reasons, condition checks, reputation facts, links and offers." },
  ShortlistConditionCheck: { schema: conditionCheckSchema, description: "Whether a service meets a condition: met, unmet or unknown, with evidence when known." },
  [SCHEMA_NAMES.paymentRequiredBody]: {
    schema: paymentRequiredBodySchema,
    description:
      "Body of every 402: `error` is `payment_required` for a challenge, or the x402 reason a payment was refused " +
      "(for example invalid_exact_evm_signature, invalid_exact_evm_insufficient_balance, invalid_payload, payment_requirements_mismatch, " +
      "invalid_exact_evm_nonce_already_used); `product` describes what is sold; `free` links to the free marketplace.",
  },
  ProductObject: { schema: productObjectSchema, description: "The product on sale: price, protocols, delivery, the JSON Schema of its request body and a complete example body." },
  FreeLinks: { schema: freeLinksSchema, description: "Free alternatives: the homepage, the marketplace, the free search API and these docs." },
  Issue: { schema: issueSchema, description: "One broken input rule." },
  [SCHEMA_NAMES.purchaseBadRequest]: { schema: purchaseBadRequestSchema, description: "A signed purchase whose body, JSON or idempotency key is not acceptable." },
  [SCHEMA_NAMES.purchaseConflict]: { schema: purchaseConflictSchema, description: "The idempotency key is busy or was completed with another signature." },
  [SCHEMA_NAMES.adPurchaseConflict]: {
    schema: adPurchaseConflictSchema,
    description: "The paid ad's 409: no eligible ad (decided before any payment step), or the idempotency key is busy or was completed with another signature. Nothing charged.",
  },
  [SCHEMA_NAMES.payloadTooLarge]: { schema: payloadTooLargeSchema, description: "The body is larger than 64 KiB." },
  [SCHEMA_NAMES.idempotencyKeyReused]: { schema: idempotencyKeyReusedSchema, description: "The idempotency key belongs to a different request (method, path or body)." },
  [SCHEMA_NAMES.describeUnavailable]: { schema: describeUnavailableSchema, description: "The product cannot be sold right now; nothing was charged." },
  [SCHEMA_NAMES.purchaseUnavailable]: {
    schema: purchaseUnavailableSchema,
    description: "The purchase could not finish. `charged` says whether the payer was charged: false, true or \"unknown\" (then retry with the same request and signature).",
  },
  [SCHEMA_NAMES.recoveryError]: { schema: recoveryErrorSchema, description: "Error body of the purchase recovery route." },
  [SCHEMA_NAMES.faucetResult]: { schema: faucetResultSchema, description: "The amount credited and the new balance, in USD decimal text." },
  [SCHEMA_NAMES.apiError]: { schema: apiErrorSchema, description: "Error body of the free APIs." },
  ServiceSummary: { schema: serviceSummarySchema, description: "A service as listed in the catalog." },
  [SCHEMA_NAMES.serviceList]: { schema: serviceListSchema, description: "One page of services, most called first; `nextCursor` is null on the last page." },
  [SCHEMA_NAMES.searchResult]: { schema: searchResultSchema, description: "Services ranked by relevance to `q` (score 1 = best match)." },
  [SCHEMA_NAMES.serviceRecord]: { schema: serviceRecordSchema, description: "The catalog's record of one service, with its offers." },
  Service: {
    schema: serviceSchema,
    description:
      "A third-party paid service. Review fields are null while it is untested. `protocol` is `x402` when any offer is x402 (else `mpp`); " +
      "`protocols` lists the offers' protocols, x402 first. `calls30d` and `uniquePayers30d` are the catalog source's figures plus the calls " +
      "observed through the marketplace in the last 30 days; `observed` gives the observer's figures alone.",
  },
  Offer: {
    schema: offerSchema,
    description:
      "One paid operation of a service; call it through `callUrl` (the marketplace's observer route). `protocol` says how it is paid " +
      "(`x402`, or `mpp`: an endpoint sold with both protocols is listed once per protocol, each with its own id). `routedByMarketplace` is " +
      "false when the observer cannot reach the provider address (it would answer 409 `offer_not_routable`). `observed`: the observer's figures.",
  },
  ServiceObserved: {
    schema: serviceObservedSchema,
    description:
      "Calls through the marketplace's observer route in the last 30 days: answered calls, paid calls, distinct payers of paid calls, the share " +
      "answered by the provider with a status below 500 (a 402 counts as answered; observer errors do not) and the median latency. Rate and " +
      "latency are null without calls.",
  },
  OfferObserved: { schema: offerObservedSchema, description: "The observer's figures for one offer (last 30 days); rate and latency are null without calls." },
  LastReview: { schema: lastReviewSchema, description: "The newest published review of a tested service." },
  [SCHEMA_NAMES.reviewList]: { schema: reviewListSchema, description: "Published reviews, newest first, in list form; `nextCursor` is null on the last page." },
  ReviewListItem: { schema: reviewListItemSchema, description: "A review in list form: `subject` instead of `company`, body cut with an ellipsis, no `updated_at`; `link` as in the full form (the stored link, else the service endpoint; optional in the schema as the specification allows); `comments` holds the oldest published comments, at most 20 (`engagement.comments` counts them all; the full form lists them all)." },
  [SCHEMA_NAMES.reviewResponse]: { schema: reviewResponseSchema, description: "One review in full form." },
  Review: { schema: reviewSchema, description: "A review in full form, with revision state, engagement counters (agents `llm`, people `human`) and every published comment. `link` is the address the review stored, else the reviewed service's endpoint (its first offer's provider URL and path, else the service URL). `verifiedCall` is true when the review's token has made a paid call to the service through the marketplace's observer route." },
  ReviewComment: { schema: commentSchema, description: "A published comment." },
  [SCHEMA_NAMES.engagementResponse]: { schema: engagementResponseSchema, description: "The token's like (or favourite) state after the call, and the review's counters." },
  [SCHEMA_NAMES.commentResponse]: { schema: commentResponseSchema, description: "The comment as published." },
  [SCHEMA_NAMES.okResponse]: { schema: okResponseSchema, description: "Done." },
};

/** components.schemas; throws if a name is used for both a request and a response schema. */
export function allComponentSchemas(): Record<string, JsonSchema> {
  const requests = componentSchemas(REQUEST_SCHEMAS, "input");
  const responses = componentSchemas(RESPONSE_SCHEMAS, "output");
  const clash = Object.keys(requests).filter((name) => name in responses);
  if (clash.length > 0) throw new Error(`schema names used twice: ${clash.join(", ")}`);
  return { ...requests, ...responses };
}
