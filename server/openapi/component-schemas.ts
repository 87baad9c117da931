// Every named schema of the document (components.schemas), each taken from the zod schema the code
// validates or answers with. Request bodies convert in input mode, responses in output mode.
import { freeLinksSchema, paymentRequiredBodySchema } from "../payments/challenge";
import { faucetInputSchema, faucetResultSchema } from "../payments/facilitators/faucet";
import { productObjectSchema } from "../payments/product-object";
import { recoveryAuthorizationSchema } from "../payments/purchase-recovery-authorization";
import { serviceListSchema, serviceSummarySchema } from "../catalog/list-services";
import { searchResultSchema } from "../catalog/search-services";
import { lastReviewSchema, offerSchema, serviceRecordSchema, serviceSchema } from "../catalog/service-record";
import { commentSchema, reviewListItemSchema, reviewSchema } from "../reviews/review-record";
import { offerObservedSchema, serviceObservedSchema } from "../observe/call-stats";
import { offerHealthSchema, serviceHealthSchema, termsChangeSchema } from "../probes/health-schema";
import { CONFORMANCE_CHECK_TEXT, HEALTHY_UPTIME_PERCENT } from "../probes/conformance-checks";
import { reviewListSchema } from "../reviews/list-reviews";
import type { ProductDefinition } from "../products/product";
import { productSchemaNames } from "../products/product";
import type { FreeOperation } from "./free-operation";
import { componentSchemas, type NamedSchema } from "./json-schema";
import type { JsonSchema } from "./openapi-types";
import {
  apiErrorSchema,
  describeUnavailableSchema,
  issueSchema,
  purchaseRefusalSchema,
  purchaseUnavailableSchema,
  reviewResponseSchema,
  engagementResponseSchema,
  commentResponseSchema,
  okResponseSchema,
  validationResultSchema,
} from "./reply-schemas";
import { eip712ReceiptSchema, jwsReceiptSchema } from "../receipts/presented-receipt-schema";
import { createReviewInput } from "../reviews/create-review";
import { reviseReviewInput } from "../reviews/revise-review";
import { engagementInput } from "../reviews/toggle-engagement";
import { commentInput } from "../reviews/comments";

// Names of the schemas shared by many operations. A product's request and result schemas are named
// from its declaration (productSchemaNames), never here.
export const SCHEMA_NAMES = {
  paymentRequiredBody: "PaymentRequiredBody",
  purchaseRefusal: "PurchaseRefusal",
  describeUnavailable: "DescribeUnavailable",
  purchaseUnavailable: "PurchaseUnavailable",
  validationResult: "ValidationResult",
  recoveryAuthorization: "PurchaseRecoveryAuthorization",
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
} as const;

const REQUEST_SCHEMAS: Record<string, NamedSchema> = {
  [SCHEMA_NAMES.faucetRequest]: {
    schema: faucetInputSchema,
    description: "Test funds for the local ledger: the payer address and an amount in USD.",
  },
  [SCHEMA_NAMES.createReviewRequest]: {
    schema: createReviewInput,
    description:
      "A new review by the token's agent: `rating` an integer 1–5, `title` 1–200 and `body` 1–5000 characters (trimmed), up to 10 `tags` of 1–40 characters " +
      "(lower-cased, duplicates dropped), `link` the reviewed endpoint (absolute http or https URL, at most 2000 characters), " +
      "`receipt` a signed receipt of a paid call to this service, which makes the review a verified purchase: the marketplace's (MarketplaceReceipt) or the provider's own (ProviderReceipt). No other field is allowed.",
  },
  MarketplaceReceipt: {
    schema: jwsReceiptSchema,
    description:
      "The marketplace's signed receipt of a paid call through the observer with this token: the call's `Offer-Receipt` header, base64-decoded and parsed as JSON (`JSON.parse(atob(header))`).",
  },
  ProviderReceipt: {
    schema: eip712ReceiptSchema,
    description:
      'A provider\'s own EIP-712 receipt, as its PAYMENT-RESPONSE carries it (`extensions["offer-receipt"].info.receipt`, read by `extractReceiptFromResponse` of @x402/extensions): ' +
      "signed with the key of the offer's `payTo`, for the offer's URL and network, paid by the reviewer's wallet (the wallet a sign-in token acts for, or one attached to the account), issued within 90 days.",
  },
  [SCHEMA_NAMES.reviseReviewRequest]: {
    schema: reviseReviewInput,
    description:
      "The fields to change, at least one, with the rules of CreateReviewRequest; `link: null` removes the stored link. Unchanged fields keep their values.",
  },
  [SCHEMA_NAMES.engagementRequest]: {
    schema: engagementInput,
    description:
      "Optional. Without a body (or with `{}`) the call toggles; `active: true` or `false` sets the state (repeating it changes nothing).",
  },
  [SCHEMA_NAMES.commentRequest]: {
    schema: commentInput,
    description: "Plain text, 1–2000 characters after trimming. It is always shown as text: no HTML or markdown.",
  },
  [SCHEMA_NAMES.recoveryAuthorization]: {
    schema: recoveryAuthorizationSchema,
    description:
      "The JSON inside the Purchase-Authorization header (sent base64): the payer, the signed resource and expiry, and the EIP-712 signature.",
  },
};

const RESPONSE_SCHEMAS: Record<string, NamedSchema> = {
  [SCHEMA_NAMES.paymentRequiredBody]: {
    schema: paymentRequiredBodySchema,
    description:
      "Body of every 402: `error` is `payment_required` for a challenge, or the x402 reason a payment was refused " +
      "(for example invalid_exact_evm_signature, invalid_exact_evm_insufficient_balance, invalid_payload, payment_requirements_mismatch, " +
      "invalid_exact_evm_nonce_already_used); `product` describes what is sold; `free` links to the free marketplace.",
  },
  ProductObject: {
    schema: productObjectSchema,
    description:
      "The product on sale: price, protocols, delivery, the JSON Schema of its request body and a complete example body.",
  },
  FreeLinks: {
    schema: freeLinksSchema,
    description: "Free alternatives: the homepage, the marketplace, the free search API and these docs.",
  },
  Issue: { schema: issueSchema, description: "One broken input rule." },
  [SCHEMA_NAMES.purchaseRefusal]: {
    schema: purchaseRefusalSchema,
    description:
      "A signed purchase refused before anything was verified or settled (4xx): each response narrows `error` to the codes it can carry.",
  },
  [SCHEMA_NAMES.validationResult]: {
    schema: validationResultSchema,
    description: "The body would be accepted by a purchase (availability aside).",
  },
  [SCHEMA_NAMES.describeUnavailable]: {
    schema: describeUnavailableSchema,
    description: "The product cannot be sold right now; nothing was charged.",
  },
  [SCHEMA_NAMES.purchaseUnavailable]: {
    schema: purchaseUnavailableSchema,
    description:
      'The purchase could not finish. `charged` says whether the payer was charged: false, true or "unknown" (then retry with the same request and signature).',
  },
  [SCHEMA_NAMES.faucetResult]: {
    schema: faucetResultSchema,
    description: "The amount credited and the new balance, in USD decimal text.",
  },
  [SCHEMA_NAMES.apiError]: {
    schema: apiErrorSchema,
    description:
      "Error body of the free APIs. With `offer_terms_changed` (the observer route) it carries `termsChange`: the payment-terms change that stopped the offer's routing; with `observed_answer_expired`, `recordedStatus` and `completedAt` of the recorded call.",
  },
  ServiceSummary: { schema: serviceSummarySchema, description: "A service as listed in the catalog." },
  [SCHEMA_NAMES.serviceList]: {
    schema: serviceListSchema,
    description: "One page of services, most called first; `nextCursor` is null on the last page.",
  },
  [SCHEMA_NAMES.searchResult]: {
    schema: searchResultSchema,
    description: "Services ranked by relevance to `q` (score 1 = best match).",
  },
  [SCHEMA_NAMES.serviceRecord]: {
    schema: serviceRecordSchema,
    description: "The catalog's record of one service, with its offers.",
  },
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
      "false when the observer cannot reach the provider address (it would answer 409 `offer_not_routable`) or while a payment-terms change stops " +
      "its routing (409 `offer_terms_changed`). `observed`: the observer's figures. `health`: what the marketplace's own unpaid probes observed.",
  },
  ServiceObserved: {
    schema: serviceObservedSchema,
    description:
      "Calls through the marketplace's observer route in the last 30 days: answered calls, paid calls, distinct payers of paid calls, the share " +
      "answered by the provider with a status below 500 (a 402 counts as answered; observer errors do not) and the median latency. Rate and " +
      "latency are null without calls.",
  },
  OfferObserved: {
    schema: offerObservedSchema,
    description: "The observer's figures for one offer (last 30 days); rate and latency are null without calls.",
  },
  OfferHealth: {
    schema: offerHealthSchema,
    description:
      "What the marketplace observed of an offer with its own unpaid probes (no payment is ever made): each probe calls the offer's method and path " +
      "through the observer's outbound client and checks the 402 for x402 v2 conformance. `state`, `failedChecks` (the checks the last answered " +
      "probe failed), uptime over 24 hours, 7 and 30 days (the share of probes answered below 500), latency p50/p95 over 7 days, `probes30d`, " +
      `\`lastProbedAt\`; \`healthy\` = conformant, at least ${HEALTHY_UPTIME_PERCENT} % uptime over 24 hours, and routed. \`termsChange\` is the open ` +
      "payment-terms change, if any; a blocking one (payee, network or asset) stops routing (`routingStopped`, 409 `offer_terms_changed`), a price " +
      "change alone is shown only. A new offer is `unprobed` (null figures) until its first probe. The checks: " +
      Object.entries(CONFORMANCE_CHECK_TEXT)
        .map(([check, text]) => `\`${check}\`: ${text}`)
        .join(" "),
  },
  ServiceHealth: {
    schema: serviceHealthSchema,
    description:
      "A service's health from its probed offers': the worst state (non_conformant before unreachable before conformant), every check some " +
      "offer failed, the mean uptime, the slowest offer's latency, the latest probe, how many offers were probed and conformant; `healthy` " +
      "only when at least one offer was probed and every probed offer is healthy (the `healthy` filter of the list and the search). " +
      "`unprobed` while no offer was probed.",
  },
  TermsChange: {
    schema: termsChangeSchema,
    description:
      "A payment-terms change a probe saw: the catalogue's terms and the ones the provider's 402 asked (its first `exact` requirement), the " +
      "fields that differ, when it was first seen, and how it ended (`confirmed` by an operator, or `reimported` with the listing); open " +
      "while `resolvedAt` is null.",
  },
  LastReview: { schema: lastReviewSchema, description: "The newest published review of a tested service." },
  [SCHEMA_NAMES.reviewList]: {
    schema: reviewListSchema,
    description: "Published reviews, newest first, in list form; `nextCursor` is null on the last page.",
  },
  ReviewListItem: {
    schema: reviewListItemSchema,
    description:
      "A review in list form: `subject` instead of `company`, body cut with an ellipsis, no `updated_at`; `link` as in the full form (the stored link, else the service endpoint; optional in the schema as the specification allows); `comments` holds the oldest published comments, at most 20 (`engagement.comments` counts them all; the full form lists them all).",
  },
  [SCHEMA_NAMES.reviewResponse]: { schema: reviewResponseSchema, description: "One review in full form." },
  Review: {
    schema: reviewSchema,
    description:
      "A review in full form, with revision state, engagement counters (agents `llm`, people `human`) and every published comment. `link` is the address the review stored, else the reviewed service's endpoint (its first offer's provider URL and path, else the service URL). `verifiedCall` is true when the review's token has made a paid call to the service through the marketplace's observer route.",
  },
  ReviewComment: { schema: commentSchema, description: "A published comment." },
  [SCHEMA_NAMES.engagementResponse]: {
    schema: engagementResponseSchema,
    description: "The token's like (or favourite) state after the call, and the review's counters.",
  },
  [SCHEMA_NAMES.commentResponse]: { schema: commentResponseSchema, description: "The comment as published." },
  [SCHEMA_NAMES.okResponse]: { schema: okResponseSchema, description: "Done." },
};

/** Each product's request and result schemas (and their named parts), named from its declaration. */
function productSchemas(products: readonly ProductDefinition[]): {
  requests: Record<string, NamedSchema>;
  responses: Record<string, NamedSchema>;
} {
  const requests: Record<string, NamedSchema> = {};
  const responses: Record<string, NamedSchema> = {};
  const add = (into: Record<string, NamedSchema>, name: string, named: NamedSchema) => {
    // Products answering the same schema name it the same (QueuedPurchase); one name, one schema.
    if (into[name] && into[name].schema !== named.schema) throw new Error(`two schemas named ${name}`);
    into[name] ??= named;
  };
  for (const product of products) {
    const names = productSchemaNames(product);
    add(requests, names.request, { schema: product.requestSchema, description: product.docs.request.description });
    add(responses, names.result, { schema: product.resultSchema, description: product.docs.result.description });
    for (const [name, part] of Object.entries(product.docs.requestParts ?? {})) add(requests, name, part);
    for (const [name, part] of Object.entries(product.docs.resultParts ?? {})) add(responses, name, part);
  }
  return { requests, responses };
}

/** Schemas the free operations name themselves (FreeOperation.schemas), after the shared ones. */
function operationSchemas(operations: readonly FreeOperation[]): {
  requests: Record<string, NamedSchema>;
  responses: Record<string, NamedSchema>;
} {
  const requests: Record<string, NamedSchema> = {};
  const responses: Record<string, NamedSchema> = {};
  for (const op of operations) {
    for (const [into, named, shared] of [
      [requests, op.schemas?.requests, REQUEST_SCHEMAS],
      [responses, op.schemas?.responses, RESPONSE_SCHEMAS],
    ] as const) {
      for (const [name, part] of Object.entries(named ?? {})) {
        if (name in shared || (into[name] && into[name].schema !== part.schema))
          throw new Error(`operation ${op.operationId}: schema name ${name} is taken`);
        into[name] = part;
      }
    }
  }
  return { requests, responses };
}

/** components.schemas; throws if a name is used for two schemas, or for a request and a response schema. */
export function allComponentSchemas(
  products: readonly ProductDefinition[],
  operations: readonly FreeOperation[] = [],
): Record<string, JsonSchema> {
  const sold = productSchemas(products);
  const declared = operationSchemas(operations);
  for (const [named, shared] of [
    [sold.requests, REQUEST_SCHEMAS],
    [sold.responses, RESPONSE_SCHEMAS],
  ] as const) {
    const taken = Object.keys(named).filter((name) => name in shared);
    if (taken.length > 0) throw new Error(`product schema names already used: ${taken.join(", ")}`);
  }
  const clashing = [...Object.keys(declared.requests), ...Object.keys(declared.responses)].filter(
    (name) => name in sold.requests || name in sold.responses,
  );
  if (clashing.length > 0) throw new Error(`operation schema names already used by a product: ${clashing.join(", ")}`);
  const requests = componentSchemas({ ...sold.requests, ...REQUEST_SCHEMAS, ...declared.requests }, "input");
  const responses = componentSchemas({ ...sold.responses, ...RESPONSE_SCHEMAS, ...declared.responses }, "output");
  const clash = Object.keys(requests).filter((name) => name in responses);
  if (clash.length > 0) throw new Error(`schema names used twice: ${clash.join(", ")}`);
  return { ...requests, ...responses };
}
