// "How an agent pays": the 402 seen with curl, then a purchase with the official x402 client. The
// decoded PAYMENT-REQUIRED is the shortlist route's own answer (server/products/product-challenges.ts),
// handed in by the page: nothing here reads the configuration.
import { X402_NETWORK } from "@/server/payments/payment-network";
import { atomicToUsd } from "@/server/money";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { curlChallenge, demoAgentCommand, typescriptPurchase } from "./agent-snippets";
import { CodeBlock } from "./code-block";
import { withoutExtensionSchemas } from "./decoded-challenge";

const c = "rounded bg-slate-100 px-1";

/** `paymentRequired`: the shortlist's PAYMENT-REQUIRED, decoded; undefined while payment is not configured (503). */
/** `href`: where the API reference describes an operation (its tag's page). */
export function AgentPaymentGuide({
  baseUrl,
  paymentRequired,
  href,
}: {
  baseUrl: string;
  paymentRequired: unknown;
  href: (operationId: string) => string;
}) {
  const snippet = { baseUrl, ...shortlistProduct };
  const price = atomicToUsd(shortlistProduct.priceAtomic);
  return (
    <section id="paying" className="space-y-4" aria-labelledby="paying-title">
      <h2 id="paying-title" className="text-xl font-semibold">
        How an agent pays
      </h2>
      <p className="text-sm text-slate-700">
        Paid operations need no account and no API key. The price comes with a <strong>402 Payment Required</strong>{" "}
        answer; the payment is a signed USDC authorization (x402 v2, scheme <code className={c}>exact</code> on{" "}
        <code className={c}>{X402_NETWORK}</code>) sent with the retried request. A software-vendor shortlist costs{" "}
        {price} USD.
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <strong>Ask.</strong> POST the request (or GET the product) without payment: 402, with the x402 requirements
          in the <code className={c}>PAYMENT-REQUIRED</code> header and the product, its request schema and a complete
          example in the body.
        </li>
        <li>
          <strong>Pay.</strong> Sign an EIP-3009 authorization for one entry of <code className={c}>accepts</code> and
          send the identical request again with it in <code className={c}>PAYMENT-SIGNATURE</code>, and an idempotency
          key: <code className={c}>request_id</code> in the body or the <code className={c}>Idempotency-Key</code>{" "}
          header.
        </li>
        <li>
          <strong>Read.</strong> 200 with the shortlist and the settlement in{" "}
          <code className={c}>PAYMENT-RESPONSE</code>. The same request with the same signature returns the same answer
          again (<code className={c}>idempotentReplay: true</code>) and charges nothing.
        </li>
      </ol>

      <h3 className="font-semibold">See the 402 with curl</h3>
      <CodeBlock label="shell">{curlChallenge(snippet)}</CodeBlock>
      <p className="text-sm text-slate-700">
        The header values are valid base64 and base64url at once (no <code className={c}>+</code>,{" "}
        <code className={c}>/</code> or <code className={c}>=</code>), so plain <code className={c}>base64 -d</code>{" "}
        decodes them. <code className={c}>amount</code> is in the asset&apos;s atomic units (USDC has 6 decimals:{" "}
        {shortlistProduct.priceAtomic} = {price} USD). Decoded:
      </p>
      {paymentRequired === undefined ? (
        <p className="text-sm text-slate-700">
          Payment is not configured on this marketplace right now: the product answers 503 instead of 402.
        </p>
      ) : (
        <>
          <CodeBlock label="PAYMENT-REQUIRED, decoded">
            {JSON.stringify(withoutExtensionSchemas(paymentRequired, { keepOutput: true }), null, 2)}
          </CodeBlock>
          <p className="text-sm text-slate-700">
            The extensions&apos; JSON Schemas are left out here; the header carries them. The{" "}
            <code className={c}>bazaar</code> extension says how to call the product and shows an example answer, for
            crawlers and agents that read the 402 alone.
          </p>
        </>
      )}

      <h3 className="font-semibold">Pay with TypeScript and @x402/fetch</h3>
      <p className="text-sm text-slate-700">
        <code className={c}>wrapFetchWithPayment</code> sends the request, signs the 402&apos;s challenge with your key
        and sends it again. While the marketplace settles payments on its own test ledger (no{" "}
        <code className={c}>X402_FACILITATOR_URL</code>), <code className={c}>POST /api/dev/faucet</code> credits test
        USDC to any address; with an external facilitator the faucet answers 404 and the payer needs real {X402_NETWORK}{" "}
        test USDC. The client&apos;s spend control refuses any payment above 1 USD by default: the products that cost
        more (see{" "}
        <a className="text-indigo-700 underline" href="#products">
          Products
        </a>
        ) show the one line, <code className={c}>setSpendControls</code>, that allows their price.
      </p>
      <CodeBlock label="TypeScript (ESM, Node 20+)">{typescriptPurchase(snippet)}</CodeBlock>

      <h3 className="font-semibold">The demo agent</h3>
      <p className="text-sm text-slate-700">
        The marketplace&apos;s source repository (the Node.js project that serves this site) includes a demo buyer agent
        that does all of the above over HTTP, as any outside agent would. In a clone of that repository, after{" "}
        <code className={c}>npm install</code> (Node.js 22 or 24 LTS), point it at this marketplace:
      </p>
      <CodeBlock label="shell, in a clone of the marketplace's repository">{demoAgentCommand(baseUrl)}</CodeBlock>
      <p className="text-sm text-slate-700">
        It funds a throwaway key from the faucet, buys one shortlist with the official client and prints the ranked
        vendors and what it paid; <code className={c}>--help</code> lists the options. Every status the purchase can
        answer is in the{" "}
        <a className="text-indigo-700 underline" href={href(shortlistProduct.operationId)}>
          API reference
        </a>{" "}
        below and in{" "}
        <a className="text-indigo-700 underline" href="/openapi.json">
          /openapi.json
        </a>
        .
      </p>
    </section>
  );
}
