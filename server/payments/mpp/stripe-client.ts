// The one Stripe call the MPP `stripe` method makes: create (and confirm) a PaymentIntent with the
// payer's Shared Payment Token. The shape is the Stripe SDK's (`paymentIntents.create(params,
// {idempotencyKey})`), so an SDK instance or a test double can stand in for the fetch client below.
export interface StripePaymentIntent {
  id: string;
  status: string;
}

export interface StripeCreateParams {
  amount: number;
  currency: string;
  confirm: true;
  automatic_payment_methods: { enabled: true; allow_redirects: "never" };
  shared_payment_granted_token: string;
  metadata: Record<string, string>;
}

export interface StripeClient {
  paymentIntents: {
    create(params: StripeCreateParams, options: { idempotencyKey: string }): Promise<StripePaymentIntent>;
    /** Its current state (an idempotent create replays the state of the first answer). */
    retrieve(id: string): Promise<StripePaymentIntent>;
    cancel(id: string): Promise<StripePaymentIntent>;
  };
}

/**
 * Stripe said no before any money moved (HTTP 4xx other than 409/429: a declined card, an invalid or
 * used token). Stripe stores the answer under the idempotency key, so asking again says no again.
 */
export class StripeRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StripeRefusal";
  }
}

// The API version of Shared Payment Tokens (mppx's stripePreviewVersion, 0.11.0).
const STRIPE_VERSION = "2026-07-29.preview";

/** A fetch client for api.stripe.com; anything but a clear refusal (timeouts, 5xx, 409, 429) throws a plain Error: outcome unknown. */
export function stripeHttpClient(secretKey: string, timeoutMs: number): StripeClient {
  const call = async (
    path: string,
    init: { method: "GET" | "POST"; body?: URLSearchParams; idempotencyKey?: string },
  ): Promise<StripePaymentIntent> => {
    const response = await fetch(`https://api.stripe.com/v1/payment_intents${path}`, {
      method: init.method,
      headers: {
        authorization: `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`,
        "stripe-version": STRIPE_VERSION,
        ...(init.body && { "content-type": "application/x-www-form-urlencoded" }),
        ...(init.idempotencyKey && { "idempotency-key": init.idempotencyKey }),
      },
      ...(init.body && { body: init.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json().catch(() => ({}))) as {
      id?: string;
      status?: string;
      error?: { code?: string; decline_code?: string; message?: string };
    };
    if (response.ok && json.id && json.status) return { id: json.id, status: json.status };
    if (response.status >= 400 && response.status < 500 && response.status !== 409 && response.status !== 429) {
      throw new StripeRefusal(
        json.error?.decline_code ?? json.error?.code ?? `http_${response.status}`,
        json.error?.message ?? `Stripe answered ${response.status}`,
      );
    }
    throw new Error(`Stripe answered ${response.status}`);
  };
  return {
    paymentIntents: {
      create(params, { idempotencyKey }) {
        const body = new URLSearchParams({
          amount: String(params.amount),
          currency: params.currency,
          confirm: "true",
          "automatic_payment_methods[enabled]": "true",
          "automatic_payment_methods[allow_redirects]": "never",
          shared_payment_granted_token: params.shared_payment_granted_token,
        });
        for (const [k, v] of Object.entries(params.metadata)) body.set(`metadata[${k}]`, v);
        return call("", { method: "POST", body, idempotencyKey });
      },
      retrieve: (id) => call(`/${encodeURIComponent(id)}`, { method: "GET" }),
      cancel: (id) => call(`/${encodeURIComponent(id)}/cancel`, { method: "POST", body: new URLSearchParams() }),
    },
  };
}
