// The typed client's public types (issue 14 contract) and the list of error kinds. Request and
// response types come from the API's own zod schemas (type-only imports: nothing of the server runs in the client).
import type { SettleResponse } from "@x402/core/types";
import type { LocalAccount } from "viem/accounts";
import type { SearchServicesInput } from "../server/catalog/search-services";
import type { SearchResult as ApiSearchResult } from "../server/catalog/search-result-schema";
import type { ServiceRecord as ApiServiceRecord } from "../server/catalog/service-record-schema";
import type { ReviewList as ApiReviewList, ReviewRecord } from "../server/reviews/review-schema";
import type { OrderStatus as ApiOrderStatus } from "../server/orders/order-status-schema";
import type { ShortlistInput as ApiShortlistInput } from "../server/shortlist/request-schema";
import type { z } from "zod";
import type { shortlistPurchaseSchema } from "../server/shortlist/result-schema";
import type { queuedPurchaseSchema } from "../server/orders/queued-purchase-schema";
import type { adPurchaseSchema } from "../server/ads/ad-record";
import type { EditListingInput, ListingView } from "../server/listings/listing-schema";
import type { ListingActivity as ApiListingActivity } from "../server/listings/provider-overview-schema";
import type { PayeeProofInput, PayeeTypedData } from "../server/listings/payee-proof-schema";
import type { walletTokenSchema } from "../server/accounts/wallet-sign-in-schema";
import type { ProductResultSchemas } from "../server/products/product-manifest-schema";

export type SearchParams = SearchServicesInput;
export type SearchResult = ApiSearchResult;
export type ServiceRecord = ApiServiceRecord;
export type ReviewList = ApiReviewList;
export type Review = ReviewRecord;
export type OrderStatus = ApiOrderStatus;
export type ShortlistInput = ApiShortlistInput;
export type ShortlistPurchase = z.infer<typeof shortlistPurchaseSchema>;
/** A provider's self-serve listing (draft, probes, payees, status) as GET /api/listings/{id} answers it. */
export type Listing = ListingView;
export type ListingEdit = EditListingInput;
/** What happened to a listing's approved service (probes, tests, calls, reviews); null before approval. */
export type ListingActivity = ApiListingActivity | null;
export type PayeeChallenge = PayeeTypedData;
export type PayeeProof = PayeeProofInput;

/** 202 of a placement or evaluation purchase: the queued order and its status credential. */
export type QueuedPurchase = z.infer<typeof queuedPurchaseSchema>;
/** 200 of an ad purchase. */
export type AdPurchase = z.infer<typeof adPurchaseSchema>;

/** A product by the segment of the path it is sold at, as the server's product manifest lists them. */
export type Product = keyof ProductResultSchemas;
/** The products buyProduct sells (the shortlist has buyShortlist). */
export type PaidProduct = Exclude<Product, "shortlist">;
/** What each product's purchase answers. */
export type ProductPurchase = { [P in PaidProduct]: z.infer<ProductResultSchemas[P]> };

export type Result<T> = { ok: true; value: T } | { ok: false; error: MarketplaceError };

/** An amount of one asset on one network to one recipient: what is paid, or would be. */
export interface PaymentAmount {
  amountUsd: string;
  atomic: string;
  asset: string;
  network: string;
  payTo: string;
}

export interface Spend extends PaymentAmount {
  payer?: string;
  transaction?: string;
}

export interface Paid<T> {
  value: T;
  /** null = nothing charged (idempotent replay or free). */
  spent: Spend | null;
  status: number;
  /** The idempotency key the call used (paid calls; send it again to retry). */
  idempotencyKey?: string;
  /** The x402 settlement the answer carries (its decoded PAYMENT-RESPONSE), null when it carries none. A
   * replay carries the original payment's, so it is set even when `spent` is null. */
  settlement?: SettleResponse | null;
}

export const ERROR_KINDS = [
  "payment_required",
  "cap_exceeded",
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "settlement_unknown",
  "unavailable",
  "network",
  "server_error",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface PaymentTerms extends PaymentAmount {
  scheme: string;
  resource: string;
  /** The decoded PAYMENT-REQUIRED header. */
  paymentRequired: unknown;
}

export interface RetryAdvice {
  sameIdempotencyKey: boolean;
  samePayment: boolean;
  afterSeconds: number | null;
  advice: string;
}

export interface MarketplaceError {
  kind: ErrorKind;
  /** HTTP status, null for client-side refusals and network failures. */
  status: number | null;
  /** The API's code verbatim (e.g. "idempotency_key_reused", "no_eligible_ad"), or "cap_exceeded" / "network". */
  code: string;
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
  /** payment_required and cap_exceeded: what would be paid. */
  terms?: PaymentTerms;
  /** settlement_unknown, rate_limited, unavailable. */
  retry?: RetryAdvice;
  /** The idempotency key a paid call used (to retry it). */
  idempotencyKey?: string;
}

export interface BuyOptions {
  /** Default: a fresh random key per call (returned in the value / error). */
  idempotencyKey?: string;
  /** Fetch the 402 terms, never sign: returns ok:false kind payment_required with terms. */
  dryRun?: boolean;
  /** A tighter per-call cap for this call only (cannot raise the configured cap). */
  maxUsd?: string;
  /** An already-signed x402 PAYMENT-SIGNATURE header value; caps are still checked against its amount. */
  payment?: string;
}

export interface OfferCall {
  /** Default: the offer's own method, read from the observer route's `Allow` (an OPTIONS request). */
  method?: "GET" | "POST";
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
}

export interface OfferAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
}

export interface ReviewInput {
  slug: string;
  rating: number;
  title: string;
  body: string;
  tags?: string[];
  link?: string;
}

export type WalletToken = z.infer<typeof walletTokenSchema>;

export interface MarketplaceClientOptions {
  /** e.g. http://localhost:3000 (a trailing / is fine). */
  baseUrl: string;
  /** A private key or viem account that signs x402 payments (EIP-3009). */
  wallet?: `0x${string}` | LocalAccount;
  /** Marketplace token, sent as X-Marketplace-Token. */
  token?: string;
  /**
   * Decimal USD text; defaults "0.10" per call and "1.00" per session. maxUsdPerDeposit (default "0": off)
   * lets the client open batch-settlement channels where offered: one deposit of at most this, then each
   * call pays with a voucher on it (counted against the other caps like any payment).
   */
  caps?: { maxUsdPerCall?: string; maxUsdPerSession?: string; maxUsdPerDeposit?: string };
  /** Injectable fetch (tests, in-process). */
  fetch?: typeof fetch;
  /** What a payment_required error tells the caller to do when this client has no wallet and was given no
   * payment. Default: pass `wallet` or an already-signed `payment`; an embedder that takes payments
   * another way says how (the hosted MCP server: `_meta["x402/payment"]`). */
  paymentAdvice?: string;
}

export interface MarketplaceClient {
  /** Free: GET /api/catalog/search. */
  searchServices(params: SearchParams): Promise<Result<SearchResult>>;
  /** Free: GET /api/catalog/services/{slug}. */
  getService(slug: string): Promise<Result<ServiceRecord>>;
  /** Free: GET /api/reviews?service={slug}. */
  getReviews(slug: string, params?: { cursor?: string; limit?: number; sort?: string }): Promise<Result<ReviewList>>;
  /** GET /api/shop/{product}: the 402 terms and the product description; never pays. */
  describeProduct(product: Product): Promise<Result<PaymentTerms & { product: unknown }>>;
  buyShortlist(input: ShortlistInput, opts?: BuyOptions): Promise<Result<Paid<ShortlistPurchase>>>;
  /** The answer is typed per product (ProductPurchase). */
  buyProduct<P extends PaidProduct>(
    product: P,
    input: unknown,
    opts?: BuyOptions,
  ): Promise<Result<Paid<ProductPurchase[P]>>>;
  /** Through /api/x402/observe/{offerId} with the token; pays a provider 402 within the caps. */
  callOffer(
    offerId: string,
    req?: OfferCall,
    opts?: Omit<BuyOptions, "idempotencyKey">,
  ): Promise<Result<Paid<OfferAnswer>>>;
  writeReview(input: ReviewInput): Promise<Result<Review>>;
  orderStatus(orderId: string, statusAuthorization: string): Promise<Result<OrderStatus>>;
  /** With the token: POST /api/listings (probes each resource URL once, unpaid; answers the draft). */
  createListing(resourceUrls: string[]): Promise<Result<Listing>>;
  /** With the token: GET /api/listings (the token's account's listings, newest first). */
  listListings(): Promise<Result<Listing[]>>;
  /** With the token: GET /api/listings/{id}. */
  getListing(id: string): Promise<Result<Listing>>;
  /** With the token: GET /api/listings/{id}/activity (null until a revision is approved). */
  getListingActivity(id: string): Promise<Result<ListingActivity>>;
  /** With the token: PATCH /api/listings/{id} (what the probe could not know; a waiting listing goes back to draft). */
  editListing(id: string, changes: ListingEdit): Promise<Result<Listing>>;
  /** With the token: POST /api/listings/{id}/payee-proofs/challenge; the EIP-712 typed data the payee signs. */
  payeeChallenge(id: string, payTo: string): Promise<Result<PayeeChallenge>>;
  /** With the token: POST /api/listings/{id}/payee-proofs (the payee's signature of the challenge). */
  provePayee(id: string, proof: PayeeProof): Promise<Result<Listing>>;
  /** With the token: POST /api/listings/{id}/submit (for the operators' review). */
  submitListing(id: string): Promise<Result<Listing>>;
  /** Wallet sign-in (the x402 sign-in-with-x extension) with the client's `wallet`: POST
   * /api/auth/wallet/challenge, sign it, POST /api/auth/wallet/token. The token (shown once) is
   * then this client's token for the calls that need one. */
  signInWithWallet(opts?: { name?: string }): Promise<Result<WalletToken>>;
  /** Running total of this client instance. */
  readonly session: { spentUsd: string; remainingUsd: string };
}
