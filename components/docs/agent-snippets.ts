// The code an agent developer copies from /docs (and /docs.md): curl for the 402 and the free body
// check, TypeScript with @x402/fetch. Plain strings, rendered as text.
import { DEFAULT_MAX_AMOUNT_PER_PAYMENT } from "@x402/core/client";
import { atomicToUsd } from "@/server/money";

export interface SnippetInput {
  baseUrl: string;
  path: string;
  /** A complete request body from the OpenAPI document. */
  example: Record<string, unknown>;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlChallenge({ baseUrl, path, example }: SnippetInput): string {
  const url = `${baseUrl}${path}`;
  return [
    "# 1. Ask without paying: an unsigned POST (or a GET) answers 402 Payment Required.",
    `curl -si -X POST ${url} \\`,
    "  -H 'content-type: application/json' \\",
    `  -d ${shellQuote(JSON.stringify(example, null, 2))}`,
    "# HTTP/1.1 402 Payment Required",
    "# payment-required: eyJ4NDAyVmVyc2lvbiI6MiwiZXJyb3IiOiJwYXltZW50X3JlcXVpcmVkIi…",
    "# cache-control: no-store",
    '# {"error":"payment_required","product":{…,"price":{"amount":…},"requestSchema":{…},"example":{…}},"free":{…}}',
    "",
    "# 2. Read the price: PAYMENT-REQUIRED is base64 JSON that is also valid base64url, so base64 -d decodes it.",
    `curl -s -o /dev/null -D - ${url} \\`,
    "  | tr -d '\\r' | awk 'tolower($1) == \"payment-required:\" { print $2 }' | base64 -d",
  ].join("\n");
}

/** The free check of a purchase body (POST …/validate): no payment, no signature. */
export function curlValidate({ baseUrl, path, example }: SnippetInput): string {
  return [
    "# Check the body for free before paying: 200 when a purchase would accept it, else 400 with the issues.",
    `curl -s -X POST ${baseUrl}${path}/validate \\`,
    "  -H 'content-type: application/json' \\",
    `  -d ${shellQuote(JSON.stringify(example))}`,
    '# {"ok":true,"valid":true}',
  ].join("\n");
}

/** The repository's demo agent (scripts/agent-shortlist.ts) pointed at this marketplace. */
export function demoAgentCommand(baseUrl: string): string {
  return [
    'npm run agent:shortlist -- "Hourly weather forecasts for delivery routes" \\',
    '  --condition "pay per request with x402" --limit 3 \\',
    `  --base-url ${shellQuote(baseUrl)}`,
  ].join("\n");
}

/** What a purchase snippet needs of a product's declaration. */
export interface PurchaseSnippetInput extends SnippetInput {
  /** The product id: the idempotency key's prefix. */
  id: string;
  priceAtomic: number;
  successStatus: 200 | 202;
}

// The official client's spend control refuses any payment above this many USD unless told otherwise
// (@x402/core's DEFAULT_MAX_AMOUNT_PER_PAYMENT, "$1").
const DEFAULT_CAP_USD = Number(String(DEFAULT_MAX_AMOUNT_PER_PAYMENT).replace(/^\$/, ""));

/** True when the official x402 client refuses this price by default (its spend control caps a payment at 1 USD). */
export const exceedsDefaultSpendCap = (priceAtomic: number) => Number(atomicToUsd(priceAtomic)) > DEFAULT_CAP_USD;

/** The client line that lets the official client pay `priceAtomic`, when its default cap would refuse it. */
export function spendControlLine(priceAtomic: number): string | undefined {
  if (!exceedsDefaultSpendCap(priceAtomic)) return undefined;
  return `  .setSpendControls({ maxAmountPerPayment: "$${atomicToUsd(priceAtomic)}" }) // the default cap is ${DEFAULT_MAX_AMOUNT_PER_PAYMENT} a payment`;
}

export function typescriptPurchase({
  baseUrl,
  path,
  example,
  id,
  priceAtomic,
  successStatus,
}: PurchaseSnippetInput): string {
  const { request_id: _key, ...body } = example;
  // The example's properties as object-literal lines, indented to sit inside JSON.stringify({ ... }).
  const bodyLines = JSON.stringify(body, null, 2)
    .split("\n")
    .slice(1, -1)
    .map((line) => `  ${line.replace(/^(\s*)"([A-Za-z_$][\w$]*)":/, "$1$2:")}`)
    .join("\n");
  const price = atomicToUsd(priceAtomic);
  const spend = spendControlLine(priceAtomic);
  const funds = Math.max(1, Math.ceil(Number(price)));
  const result =
    id === "shortlist"
      ? `const { shortlist } = await res.json();
const settlement = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
for (const match of shortlist.matches) console.log(match.rank, match.service.name, match.fitReasons[0]);
console.log("paid by", settlement.payer, "in transaction", settlement.transaction);`
      : successStatus === 202
        ? `// 202: a queued order. Keep order.statusAuthorization (shown with the purchase only) and poll
// order.statusUrl with "Authorization: Bearer <statusAuthorization>".
const { order } = await res.json();
const settlement = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
console.log(order.id, order.status, order.statusUrl);
console.log("paid by", settlement.payer, "in transaction", settlement.transaction);`
        : `const settlement = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
console.log(await res.json(), "paid by", settlement.payer);`;
  return `// npm install @x402/fetch @x402/core @x402/evm viem
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { x402Client } from "@x402/core/client";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const BASE = "${baseUrl}";
const account = privateKeyToAccount(generatePrivateKey()); // a throwaway key for the test ledger

// Local test ledger only (404 when an external facilitator settles): credit test USDC.
await fetch(\`\${BASE}/api/dev/faucet\`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ address: account.address, amountUsd: ${funds} }),
});

let lastPayment: PaymentPayload | undefined;
const client = new x402Client()
  .register("eip155:*", new ExactEvmScheme(account))
${
  spend
    ? `${spend}
`
    : ""
}  .onAfterPaymentCreation(async ({ paymentPayload }) => {
    lastPayment = paymentPayload;
  });
// Sends the request, and on a 402 signs the challenge (${price} USD) and sends it again with PAYMENT-SIGNATURE.
const fetchWithPayment = wrapFetchWithPayment(fetch, client);

const url = \`\${BASE}${path}\`;
const request = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    request_id: \`${id}-\${crypto.randomUUID()}\`, // the idempotency key of this purchase
${bodyLines}
  }),
};

let res = await fetchWithPayment(url, request);
// 503 with charged "unknown" or true: the payment may have gone through. Resend the same request
// with the same signature (never a new one) until it resolves to ${successStatus}, or to 402 if nothing was charged.
for (let attempt = 0; attempt < 5 && res.status === 503 && lastPayment; attempt++) {
  if ((await res.clone().json()).charged === false) break;
  await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get("retry-after") ?? 2) * 1000));
  res = await fetch(url, { ...request, headers: { ...request.headers, "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(lastPayment) } });
}
if (res.status !== ${successStatus}) throw new Error(\`\${res.status}: \${await res.text()}\`);

${result}
`;
}
