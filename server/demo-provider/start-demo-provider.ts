// A small x402-paid provider on node:http, as a third party would build one with the x402
// reference server (x402ResourceServer + ExactEvmScheme), paid in the marketplace's local test
// asset. It is what `npm run provider:demo` runs and what the observer tests call: unpaid -> 402
// with PAYMENT-REQUIRED; paid -> verify, settle, 200 with PAYMENT-RESPONSE; the Idempotency-Key it
// receives makes a paid answer repeatable without a second settlement.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from "@x402/core/http";
import { HTTPFacilitatorClient, x402ResourceServer, type FacilitatorClient } from "@x402/core/server";
import type { PaymentRequired, PaymentRequirements, SettleResponse } from "@x402/core/types";
import type { OfferReceiptIssuer } from "@x402/extensions/offer-receipt";
import { SettleError } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { exceedsJsonDepth } from "../input/json-depth";
import { X402_MAX_TIMEOUT_SECONDS, X402_NETWORK } from "../payments/payment-network";
import { parsePaymentSignature } from "../payments/payment-signature";
import { receiptExtension } from "../receipts/offer-receipt";
import { IdempotencyCache, type StoredAnswer } from "./idempotency-cache";
import { DEMO_PRODUCTS, type DemoProduct } from "./products";

// "local-demo-provider" in hex: the provider's own pay-to account on the local ledger.
export const DEMO_PROVIDER_PAY_TO = "0x6c6f63616c2d64656d6f2d70726f766964657200";
export const DEMO_PROVIDER_BODY_LIMIT = 64 * 1024;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,255}$/;
const FACILITATOR_TIMEOUT_MS = 10_000;

export interface DemoProviderOptions {
  host?: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  facilitator: FacilitatorClient | { url: string };
  payTo?: string;
  /** What it sells (default DEMO_PRODUCTS); the sandbox passes every seeded offer. */
  products?: readonly DemoProduct[];
  /** Bends answers out of the ideal (the sandbox's slow, flaky and non-conformant profiles). */
  shaping?: AnswerShaping;
  /**
   * The provider's own receipts (offer-receipt extension): the issuer that signs a settled payment's
   * receipt for `product`, or undefined for a product that issues none. The receipt goes in the
   * PAYMENT-RESPONSE's `extensions["offer-receipt"].info.receipt`, where x402 clients look for it.
   */
  receiptIssuer?(product: DemoProduct): OfferReceiptIssuer | undefined;
}

export interface AnswerShaping {
  /** Before the body is read or anything paid: an answer that replaces the call (e.g. a 503), or undefined. */
  before?(product: DemoProduct): Answer | undefined;
  /** The answer about to be sent (a 402 changed, a delay added); what was stored for replays is not changed. */
  after?(product: DemoProduct, answer: Answer): Answer;
}

export interface DemoProvider {
  url: string;
  port: number;
  /** Requests received (every method and answer), for one path or in all. */
  hits(path?: string): number;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
  /** Sent after this delay (bounded by whoever sets it). */
  delayMs?: number;
  /** The connection is closed without an answer (after delayMs). */
  drop?: boolean;
}

const errorAnswer = (
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Answer => ({
  status,
  headers,
  body: { error, message, ...extra },
});

/** 503: the facilitator did not answer before anything was charged; the agent may retry soon. */
const facilitatorUnavailable = (): Answer =>
  errorAnswer(
    503,
    "facilitator_unavailable",
    "The payment facilitator cannot be reached; nothing was charged.",
    { charged: false },
    { "retry-after": "2" },
  );

function isFacilitatorClient(value: DemoProviderOptions["facilitator"]): value is FacilitatorClient {
  return typeof (value as FacilitatorClient).verify === "function";
}

/** Reads a body up to the cap; undefined when it is larger (the rest is not read). */
async function readCapped(req: http.IncomingMessage, cap: number): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"] ?? 0) > cap) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > cap) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseInput(
  product: DemoProduct,
  req: http.IncomingMessage,
  raw: Buffer,
): { ok: true; body: unknown } | { ok: false; answer: Answer } {
  if (product.method === "GET") return { ok: true, body: undefined };
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return {
      ok: false,
      answer: errorAnswer(415, "unsupported_media_type", "Send the body as Content-Type: application/json."),
    };
  const text = raw.toString("utf8");
  if (exceedsJsonDepth(text))
    return { ok: false, answer: errorAnswer(400, "invalid_request", "The body is nested too deeply.") };
  try {
    return { ok: true, body: JSON.parse(text === "" ? "{}" : text) };
  } catch {
    return { ok: false, answer: errorAnswer(400, "invalid_json", "The body is not valid JSON.") };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  const products = options.products ?? DEMO_PRODUCTS;
  // By method and path: one path may sell a GET and a POST (some sandbox services do).
  const productByRoute = new Map(products.map((p) => [`${p.method} ${p.path}`, p]));
  const methodsByPath = new Map<string, string[]>();
  for (const p of products) methodsByPath.set(p.path, [...(methodsByPath.get(p.path) ?? []), p.method]);
  const facilitator = isFacilitatorClient(options.facilitator)
    ? options.facilitator
    : new HTTPFacilitatorClient({ url: options.facilitator.url, timeoutMs: FACILITATOR_TIMEOUT_MS });
  const payTo = options.payTo ?? DEMO_PROVIDER_PAY_TO;
  const hits = new Map<string, number>();
  const answered = new IdempotencyCache();
  let origin = "";

  // Asks the facilitator what it supports on first use; a facilitator that was down is asked again.
  let ready: Promise<x402ResourceServer> | undefined;
  const resourceServer = () => {
    ready ??= (async () => {
      const server = new x402ResourceServer(facilitator).register(X402_NETWORK, new ExactEvmScheme());
      await server.initialize();
      return server;
    })();
    ready.catch(() => (ready = undefined));
    return ready;
  };

  // A product's requirements never change while the provider runs: built once (again after a failure).
  const requirementsOf = new Map<string, Promise<PaymentRequirements[]>>();
  const productRequirements = (server: x402ResourceServer, product: DemoProduct) => {
    let built = requirementsOf.get(product.id);
    if (!built) {
      built = server.buildPaymentRequirements({
        scheme: "exact",
        network: X402_NETWORK,
        payTo: product.payTo ?? payTo,
        price: `$${product.priceUsd}`,
        maxTimeoutSeconds: product.maxTimeoutSeconds ?? X402_MAX_TIMEOUT_SECONDS,
      });
      built.catch(() => requirementsOf.delete(product.id));
      requirementsOf.set(product.id, built);
    }
    return built;
  };

  /** The settlement with the provider's receipt in its extensions, when the product issues one. */
  async function withReceipt(product: DemoProduct, settled: SettleResponse): Promise<SettleResponse> {
    const issuer = options.receiptIssuer?.(product);
    if (!issuer || !settled.success || !settled.payer) return settled;
    const receipt = await issuer.issueReceipt(
      `${origin}${product.path}`,
      settled.payer,
      settled.network,
      settled.transaction || undefined,
    );
    return { ...settled, extensions: { ...settled.extensions, ...receiptExtension(receipt) } };
  }

  async function challengeOf(
    product: DemoProduct,
    error?: string,
  ): Promise<{ requirements: PaymentRequirements[]; paymentRequired: PaymentRequired }> {
    const server = await resourceServer();
    const requirements = await productRequirements(server, product);
    const resource = {
      url: `${origin}${product.path}`,
      description: product.description,
      mimeType: "application/json",
    };
    return { requirements, paymentRequired: await server.createPaymentRequiredResponse(requirements, resource, error) };
  }

  async function paymentRequired(
    product: DemoProduct,
    error = "payment_required",
    message = `This call costs ${product.priceUsd} USD: pay it with x402 (PAYMENT-SIGNATURE).`,
  ): Promise<Answer> {
    const { paymentRequired: required } = await challengeOf(product, error);
    return {
      status: 402,
      headers: { "payment-required": encodePaymentRequiredHeader(required), "cache-control": "no-store" },
      body: {
        error,
        message,
        product: {
          id: product.id,
          name: product.name,
          description: product.description,
          method: product.method,
          path: product.path,
          priceUsd: product.priceUsd,
          example: product.example,
        },
      },
    };
  }

  async function paidCall(
    product: DemoProduct,
    signature: string,
    input: { query: URLSearchParams; body: unknown },
  ): Promise<Answer> {
    const run = product.run(input);
    // Bad input is refused before the payment is looked at: nothing is verified or settled.
    if (!run.ok) return errorAnswer(400, "invalid_request", "The input is not valid.", { issues: run.issues });
    const credential = parsePaymentSignature(signature);
    if (!credential.payload)
      return paymentRequired(product, "invalid_payment", "PAYMENT-SIGNATURE is not an x402 v2 exact payment.");
    let server: x402ResourceServer;
    let requirements: PaymentRequirements | undefined;
    try {
      server = await resourceServer();
      requirements = server.findMatchingRequirements((await challengeOf(product)).requirements, credential.payload);
    } catch {
      return facilitatorUnavailable();
    }
    if (!requirements)
      return paymentRequired(product, "no_matching_requirements", "The payment does not match what this call accepts.");
    let verdict;
    try {
      verdict = await server.verifyPayment(credential.payload, requirements);
    } catch {
      return facilitatorUnavailable();
    }
    if (!verdict.isValid)
      return paymentRequired(
        product,
        verdict.invalidReason ?? "invalid_payment",
        verdict.invalidMessage ?? "The payment was refused.",
      );
    try {
      const settled = await withReceipt(product, await server.settlePayment(credential.payload, requirements));
      return {
        status: 200,
        headers: { "payment-response": encodePaymentResponseHeader(settled) },
        body: { ok: true, product: product.id, result: run.result },
      };
    } catch (err) {
      if (err instanceof SettleError)
        return paymentRequired(
          product,
          err.errorReason ?? "settlement_failed",
          err.errorMessage ?? "The payment could not be settled.",
        );
      return errorAnswer(
        503,
        "settlement_unknown",
        "The settlement did not answer; retry with the same Idempotency-Key and payment.",
        { charged: "unknown" },
        { "retry-after": "2" },
      );
    }
  }

  async function handle(req: http.IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? "/", "http://provider.invalid");
    const methods = methodsByPath.get(url.pathname);
    // Unknown paths share one counter: a long-running provider (the sandbox) keeps a bounded map.
    const counted = methods ? url.pathname : "\0unknown";
    hits.set(counted, (hits.get(counted) ?? 0) + 1);
    // A short catalog is listed to help a caller; the sandbox's hundreds of offers are not.
    if (!methods)
      return errorAnswer(404, "not_found", `No product at ${url.pathname.slice(0, 200)}.`, {
        products: products.length <= 20 ? products.map((p) => `${p.method} ${p.path}`) : undefined,
      });
    const product = productByRoute.get(`${req.method} ${url.pathname}`);
    if (!product)
      return errorAnswer(
        405,
        "method_not_allowed",
        `${url.pathname} answers ${methods.join(", ")} only.`,
        {},
        { allow: methods.join(", ") },
      );
    const early = options.shaping?.before?.(product);
    if (early) return early;
    const answer = await productAnswer(req, url, product);
    return options.shaping?.after ? options.shaping.after(product, answer) : answer;
  }

  async function productAnswer(req: http.IncomingMessage, url: URL, product: DemoProduct): Promise<Answer> {
    const raw = await readCapped(req, DEMO_PROVIDER_BODY_LIMIT);
    if (!raw)
      return errorAnswer(
        413,
        "payload_too_large",
        `The body is larger than ${DEMO_PROVIDER_BODY_LIMIT} bytes.`,
        {},
        { connection: "close" },
      );

    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)))
      return errorAnswer(400, "invalid_idempotency_key", "Idempotency-Key must be 1 to 255 of A-Z a-z 0-9 . _ : -");
    // The request without its payment: a paid retry of an unpaid call is the same request.
    const fingerprint = createHash("sha256")
      .update(`${req.method}\n${url.pathname}${url.search}\n`)
      .update(raw)
      .digest("hex");
    if (key) {
      const claim = answered.claim(key, fingerprint);
      if (claim.kind === "replay")
        return {
          status: claim.answer.status,
          headers: { ...claim.answer.headers, "idempotent-replayed": "true" },
          body: claim.answer.body,
        };
      if (claim.kind === "reused")
        return errorAnswer(422, "idempotency_key_reused", "This Idempotency-Key was used for another request.");
      if (claim.kind === "in_flight")
        return errorAnswer(
          409,
          "call_in_progress",
          "A call with this Idempotency-Key is in progress.",
          {},
          { "retry-after": "1" },
        );
    }
    let answer: Answer;
    try {
      const signature = req.headers["payment-signature"];
      const input = parseInput(product, req, raw);
      if (typeof signature !== "string") answer = await paymentRequired(product);
      else if (!input.ok) answer = input.answer;
      else answer = await paidCall(product, signature, { query: url.searchParams, body: input.body });
    } catch {
      answer = facilitatorUnavailable();
    }
    if (key) {
      if (answer.status === 200) answered.complete(key, stored(answer));
      else answered.release(key);
    }
    return answer;
  }

  const stored = (answer: Answer): StoredAnswer => ({
    status: answer.status,
    headers: { ...answer.headers },
    body: typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body),
  });

  const server = http.createServer((req, res) => {
    handle(req)
      .catch(() => errorAnswer(500, "internal_error", "The demo provider failed."))
      .then(async (answer) => {
        if (answer.delayMs) await sleep(answer.delayMs);
        if (answer.drop) return void res.destroy();
        const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
        res.end(body);
      })
      .catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  return {
    url: origin,
    port: address.port,
    hits: (path) => (path === undefined ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(path) ?? 0)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
