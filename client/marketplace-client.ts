// The typed marketplace client (issue 14): every call goes over HTTP to a marketplace, answers are
// checked against the API's own zod schemas, and failures come back as typed results, never as
// throws. Paid calls check the spending caps before anything is signed (spend-caps.ts).
import { createSIWxPayload, type CompleteSIWxInfo } from "@x402/extensions/sign-in-with-x";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { walletChallengeSchema, walletTokenSchema } from "../server/accounts/wallet-sign-in-schema";
import { searchResultSchema } from "../server/catalog/search-result-schema";
import { serviceRecordSchema } from "../server/catalog/service-record-schema";
import { listingListSchema, listingResponseSchema } from "../server/listings/listing-schema";
import { listingActivityResponseSchema } from "../server/listings/provider-overview-schema";
import { payeeChallengeResponseSchema } from "../server/listings/payee-proof-schema";
import { orderStatusResponseSchema } from "../server/orders/order-status-schema";
import { paymentRequiredBodySchema } from "../server/payments/challenge-schema";
import { PRODUCT_RESULT_SCHEMAS } from "../server/products/product-manifest-schema";
import { reviewListSchema, reviewSchema } from "../server/reviews/review-schema";
import { checkBody, exchange, type Answer } from "./http-call";
import { mapError } from "./map-error";
import { isObserverRefusal, payAndSend, type PaidAnswer } from "./paid-call";
import { SpendCaps } from "./spend-caps";
import { createX402Payer } from "./x402-payer";
import type {
  BuyOptions,
  Listing,
  MarketplaceClient,
  MarketplaceClientOptions,
  MarketplaceError,
  OfferAnswer,
  Paid,
  PaidProduct,
  ProductPurchase,
  Result,
} from "./types";

export type {
  AdPurchase,
  BuyOptions,
  ErrorKind,
  Listing,
  ListingEdit,
  MarketplaceClient,
  MarketplaceClientOptions,
  MarketplaceError,
  OfferAnswer,
  OfferCall,
  OrderStatus,
  Paid,
  PaidProduct,
  PayeeChallenge,
  PayeeProof,
  PaymentTerms,
  Product,
  ProductPurchase,
  QueuedPurchase,
  Result,
  RetryAdvice,
  Review,
  ReviewInput,
  ReviewList,
  SearchParams,
  SearchResult,
  ServiceRecord,
  ShortlistInput,
  ShortlistPurchase,
  Spend,
  WalletToken,
} from "./types";

const TOKEN_HEADER = "x-marketplace-token";

// What each paid product answers on success (200 shortlist and ad, 202 queued orders), by the
// segment of the path it is sold at: the server's product manifest.
const PURCHASE_SCHEMAS = PRODUCT_RESULT_SCHEMAS;
const reviewResponseSchema = z.object({ ok: z.literal(true), review: reviewSchema });

const fail = <T>(error: MarketplaceError): Result<T> => ({ ok: false, error });

const newKey = () => `client-${globalThis.crypto.randomUUID()}`;

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

function jsonBody(value: unknown): { text: string } | { error: MarketplaceError } {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError("not JSON");
    return { text };
  } catch (err) {
    return {
      error: {
        kind: "invalid_request",
        status: null,
        code: "invalid_request",
        message: `The input cannot be sent as JSON (${err instanceof Error ? err.message : String(err)}).`,
      },
    };
  }
}

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const base = new URL(options.baseUrl).toString().replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const caps = new SpendCaps(options.caps);
  const payer = options.wallet ? createX402Payer(options.wallet, caps.perDeposit) : null;
  const paid = { fetchImpl, caps, payer, signatures: new Map(), paymentAdvice: options.paymentAdvice };
  // A wallet sign-in replaces it (signInWithWallet).
  let token = options.token;
  const tokenHeaders = (): Record<string, string> => (token ? { [TOKEN_HEADER]: token } : {});
  const account = typeof options.wallet === "string" ? privateKeyToAccount(options.wallet) : options.wallet;

  /** A free GET whose 200 body must match `schema`. */
  async function read<S extends z.ZodType>(
    path: string,
    schema: S,
    what: string,
    headers: Record<string, string> = {},
  ): Promise<Result<z.infer<S>>> {
    const sent = await exchange(fetchImpl, `${base}${path}`, {
      method: "GET",
      headers: { accept: "application/json", ...headers },
    });
    if (!sent.ok) return fail(sent.error);
    if (sent.answer.status !== 200) return fail(mapError(sent.answer));
    const checked = checkBody(schema, sent.answer, what);
    return checked.ok ? { ok: true, value: checked.value } : fail(checked.error);
  }

  /** A free call with the token and a JSON body (none for GET); `ok` statuses answer `schema`. */
  async function send<S extends z.ZodType>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    body: unknown,
    ok: readonly number[],
    schema: S,
    what: string,
  ): Promise<Result<z.infer<S>>> {
    const headers: Record<string, string> = { ...tokenHeaders(), accept: "application/json" };
    let text: string | undefined;
    if (method !== "GET") {
      const encoded = jsonBody(body ?? {});
      if ("error" in encoded) return fail(encoded.error);
      text = encoded.text;
      headers["content-type"] = "application/json";
    }
    const sent = await exchange(fetchImpl, `${base}${path}`, { method, headers, body: text });
    if (!sent.ok) return fail(sent.error);
    if (!ok.includes(sent.answer.status)) return fail(mapError(sent.answer));
    const checked = checkBody(schema, sent.answer, what);
    return checked.ok ? { ok: true, value: checked.value } : fail(checked.error);
  }

  const listingPath = (id: string, rest = "") => `/api/listings/${encodeURIComponent(id)}${rest}`;
  const listingOf = (answer: Result<{ listing: Listing }>): Result<Listing> =>
    answer.ok ? { ok: true, value: answer.value.listing } : answer;

  function toPaid<T>(answer: PaidAnswer, value: T): Paid<T> {
    return {
      value,
      spent: answer.spent,
      status: answer.answer.status,
      idempotencyKey: answer.idempotencyKey,
      settlement: answer.settlement,
    };
  }

  const observePath = (offerId: string) => `${base}/api/x402/observe/${encodeURIComponent(offerId)}`;

  /** The offer's own method: the observer answers OPTIONS with `Allow` (the offer's method, OPTIONS)
   * after checking the token and the offer, before any key, rate limit or provider call. */
  async function offerMethod(offerId: string): Promise<Result<"GET" | "POST">> {
    const sent = await exchange(fetchImpl, observePath(offerId), { method: "OPTIONS", headers: tokenHeaders() });
    if (!sent.ok) return fail(sent.error);
    if (sent.answer.status !== 204) return fail(mapError(sent.answer));
    const allowed = (sent.answer.headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());
    const method = allowed.find((m): m is "GET" | "POST" => m === "GET" || m === "POST");
    if (method) return { ok: true, value: method };
    return fail({
      kind: "server_error",
      status: sent.answer.status,
      code: "unexpected_response",
      message: `The observer's Allow for offer ${JSON.stringify(offerId)} names neither GET nor POST.`,
    });
  }

  async function buy(
    product: keyof typeof PURCHASE_SCHEMAS,
    input: unknown,
    opts: BuyOptions = {},
  ): Promise<Result<Paid<unknown>>> {
    const body = jsonBody(input);
    if ("error" in body) return fail(body.error);
    const bodyKey =
      typeof input === "object" && input !== null ? (input as { request_id?: unknown }).request_id : undefined;
    const key = opts.idempotencyKey ?? (typeof bodyKey === "string" ? bodyKey : newKey());
    const url = `${base}/api/shop/${product}`;
    const result = await payAndSend(paid, {
      scope: `shop ${product}`,
      key,
      url,
      init: {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": key },
        body: body.text,
      },
      opts,
      // Free checks before anything is signed: the body's validity and the product's 402 terms.
      async prepare() {
        const [validated, described] = await Promise.all([
          exchange(fetchImpl, `${url}/validate`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: body.text,
          }),
          exchange(fetchImpl, url, { method: "GET", headers: { accept: "application/json" } }),
        ]);
        // Validation is a courtesy that saves a signature: only its 400 stops the purchase. Anything
        // else (its own rate limit, an outage) leaves the check to the signed request, whose
        // refusal of a bad body charges nothing and releases the reservation.
        if (validated.ok && validated.answer.status === 400)
          return { ok: false, error: mapError(validated.answer, { idempotencyKey: key }) };
        return described;
      },
      isSuccess: (a: Answer) => a.status === 200 || a.status === 202,
    });
    if (!result.ok) return result;
    const checked = checkBody(PURCHASE_SCHEMAS[product], result.value.answer, `${product} purchase`);
    // Paid but unreadable: the spend stays in the session; the same key fetches the stored answer again.
    if (!checked.ok) return fail({ ...checked.error, idempotencyKey: key });
    return { ok: true, value: toPaid(result.value, checked.value) };
  }

  return {
    searchServices: (params) => read(`/api/catalog/search${query(params)}`, searchResultSchema, "search"),

    getService: (slug) =>
      read(`/api/catalog/services/${encodeURIComponent(slug)}`, serviceRecordSchema, "service record"),

    getReviews: (slug, params = {}) =>
      read(`/api/reviews${query({ service: slug, ...params })}`, reviewListSchema, "review list"),

    async describeProduct(product) {
      const sent = await exchange(fetchImpl, `${base}/api/shop/${encodeURIComponent(product)}`, {
        method: "GET",
        headers: { accept: "application/json" },
      });
      if (!sent.ok) return fail(sent.error);
      if (sent.answer.status !== 402) return fail(mapError(sent.answer));
      const error = mapError(sent.answer);
      if (!error.terms)
        return fail({
          ...error,
          kind: "server_error",
          code: "unexpected_response",
          message: "The 402 answer has no payable PAYMENT-REQUIRED challenge.",
        });
      const checked = checkBody(paymentRequiredBodySchema, sent.answer, "product description");
      if (!checked.ok) return fail(checked.error);
      return { ok: true, value: { ...error.terms, product: checked.value.product } };
    },

    buyShortlist: (input, opts) => buy("shortlist", input, opts) as ReturnType<MarketplaceClient["buyShortlist"]>,

    buyProduct<P extends PaidProduct>(
      product: P,
      input: unknown,
      opts?: BuyOptions,
    ): Promise<Result<Paid<ProductPurchase[P]>>> {
      if (!Object.hasOwn(PURCHASE_SCHEMAS, product) || product === ("shortlist" as string)) {
        return Promise.resolve(
          fail({
            kind: "invalid_request",
            status: null,
            code: "invalid_request",
            message: `Unknown product ${JSON.stringify(product)}: placements, evaluations or ads.`,
          }),
        );
      }
      return buy(product, input, opts) as Promise<Result<Paid<ProductPurchase[P]>>>;
    },

    async callOffer(offerId, req = {}, opts = {}) {
      // encodeURIComponent throws on a lone surrogate: a typed refusal instead.
      if (!offerId.isWellFormed())
        return fail({
          kind: "invalid_request",
          status: null,
          code: "invalid_request",
          message: "The offer id is not well-formed Unicode (a lone surrogate).",
        });
      let method = req.method;
      if (method === undefined) {
        const learned = await offerMethod(offerId);
        if (!learned.ok) return learned;
        method = learned.value;
      }
      const key = req.idempotencyKey ?? newKey();
      const headers: Record<string, string> = { ...tokenHeaders(), "idempotency-key": key };
      let bodyText: string | undefined;
      if (method === "POST") {
        const body = jsonBody(req.body ?? {});
        if ("error" in body) return fail(body.error);
        bodyText = body.text;
        headers["content-type"] = "application/json";
      }
      const result = await payAndSend(paid, {
        scope: `offer ${offerId}`,
        key,
        url: `${observePath(offerId)}${query(req.query ?? {})}`,
        init: { method, headers, body: bodyText },
        opts,
        // The unpaid call itself: the provider's 402 carries the terms; anything else is the answer.
        prepare: "send-unpaid",
        isSuccess: (a: Answer) => !isObserverRefusal(a) && a.status !== 402,
      });
      if (!result.ok) return result;
      const { answer } = result.value;
      const value: OfferAnswer = {
        status: answer.status,
        contentType: answer.headers.get("content-type"),
        body: answer.json !== undefined ? answer.json : answer.text,
      };
      return { ok: true, value: toPaid(result.value, value) };
    },

    async writeReview(input) {
      const body = jsonBody(input);
      if ("error" in body) return fail(body.error);
      const sent = await exchange(fetchImpl, `${base}/api/reviews`, {
        method: "POST",
        headers: { ...tokenHeaders(), "content-type": "application/json", accept: "application/json" },
        body: body.text,
      });
      if (!sent.ok) return fail(sent.error);
      if (sent.answer.status !== 201 && sent.answer.status !== 200) return fail(mapError(sent.answer));
      const checked = checkBody(reviewResponseSchema, sent.answer, "review");
      return checked.ok ? { ok: true, value: checked.value.review } : fail(checked.error);
    },

    async orderStatus(orderId, statusAuthorization) {
      const answer = await read(
        `/api/shop/orders/${encodeURIComponent(orderId)}`,
        orderStatusResponseSchema,
        "order status",
        { authorization: `Bearer ${statusAuthorization}` },
      );
      return answer.ok ? { ok: true, value: answer.value.order } : answer;
    },

    async createListing(resourceUrls) {
      return listingOf(await send("POST", "/api/listings", { resourceUrls }, [201], listingResponseSchema, "listing"));
    },

    async listListings() {
      const answer = await send("GET", "/api/listings", undefined, [200], listingListSchema, "listing list");
      return answer.ok ? { ok: true, value: answer.value.listings } : answer;
    },

    async getListing(id) {
      return listingOf(await send("GET", listingPath(id), undefined, [200], listingResponseSchema, "listing"));
    },

    async getListingActivity(id) {
      const answer = await send(
        "GET",
        listingPath(id, "/activity"),
        undefined,
        [200],
        listingActivityResponseSchema,
        "listing activity",
      );
      return answer.ok ? { ok: true, value: answer.value.activity } : answer;
    },

    async editListing(id, changes) {
      return listingOf(await send("PATCH", listingPath(id), changes, [200], listingResponseSchema, "listing"));
    },

    async payeeChallenge(id, payTo) {
      const answer = await send(
        "POST",
        listingPath(id, "/payee-proofs/challenge"),
        { payTo },
        [201],
        payeeChallengeResponseSchema,
        "payee challenge",
      );
      return answer.ok ? { ok: true, value: answer.value.typedData } : answer;
    },

    async provePayee(id, proof) {
      return listingOf(
        await send("POST", listingPath(id, "/payee-proofs"), proof, [201], listingResponseSchema, "listing"),
      );
    },

    async submitListing(id) {
      return listingOf(
        await send("POST", listingPath(id, "/submit"), undefined, [200], listingResponseSchema, "listing"),
      );
    },

    async signInWithWallet(opts = {}) {
      if (!account)
        return fail({
          kind: "invalid_request",
          status: null,
          code: "no_wallet",
          message: "This client has no wallet to sign in with: pass `wallet` (a private key or viem account).",
        });
      const challengeUrl = `${base}/api/auth/wallet/challenge`;
      const challenge = await send(
        "POST",
        "/api/auth/wallet/challenge",
        { address: account.address },
        [201],
        walletChallengeSchema,
        "wallet challenge",
      );
      if (!challenge.ok) return challenge;
      const { address: _address, ...info } = challenge.value.payload;
      let payload;
      try {
        // The extension's client refuses a challenge bound to another origin than the one asked.
        payload = await createSIWxPayload(info as CompleteSIWxInfo, account, challengeUrl);
      } catch (err) {
        return fail({
          kind: "server_error",
          status: null,
          code: "unexpected_response",
          message: `The sign-in challenge cannot be signed: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
      const answer = await send(
        "POST",
        "/api/auth/wallet/token",
        { payload, ...(opts.name ? { name: opts.name } : {}) },
        [201],
        walletTokenSchema,
        "wallet token",
      );
      if (answer.ok) token = answer.value.token;
      return answer;
    },

    get session() {
      return caps.view();
    },
  };
}
